// Reading moves and board strings, and writing the diagram: the text forms every Othello command shares.
#include "solver/othello/notation.h"

namespace tengen::othello {

bool isBoardString(std::string_view text) { return text.size() >= 66 && text[64] == ' '; }

Position parsePosition(std::string_view text, int n, StartKind start, Scoring scoring) {
  if (isBoardString(text)) {
    const Position b = parseBoardString(text);
    return Position(8, b.discs(Disc::Black), b.discs(Disc::White), b.toMove(), scoring);
  }
  Position p = Position::start(n, start, scoring);
  std::string compact;
  for (char c : text)
    if (c != ' ' && c != ',') compact += c;
  std::size_t at = 0;
  int ply = 0;
  while (at < compact.size()) {
    const std::size_t len = compact.compare(at, 4, "pass") == 0 ? 4 : 2;
    std::string token = compact.substr(at, len);
    ++ply;
    const auto s = parseSquare(token, n);
    if (!s)
      throw MoveTextError(ply, std::move(token), true,
                          "is not a square of the " + std::to_string(n) + "x" + std::to_string(n) + " board");
    try {
      p.play(*s);
    } catch (const std::invalid_argument& e) {
      throw MoveTextError(ply, std::move(token), false, e.what());
    }
    at += len;
  }
  return p;
}

std::string diagram(const Position& p) {
  const int n = p.size();
  const Bitboard moves = p.moves();
  std::string out = "  ";
  for (int c = 0; c < n; ++c) {
    out += ' ';
    out += static_cast<char>('a' + c);
  }
  out += '\n';
  for (int r = 0; r < n; ++r) {
    out += ' ';
    out += static_cast<char>('1' + r);
    for (int c = 0; c < n; ++c) {
      const Bitboard b = bit(r * 8 + c);
      out += ' ';
      out += (p.discs(Disc::Black) & b) ? 'X' : (p.discs(Disc::White) & b) ? 'O' : (moves & b) ? '*' : '.';
    }
    out += '\n';
  }
  return out;
}

std::string resultName(int margin, Disc toMove) {
  if (margin == 0) return "draw";
  return std::string(discName(margin > 0 ? toMove : opposite(toMove))) + "-wins";
}

}  // namespace tengen::othello
