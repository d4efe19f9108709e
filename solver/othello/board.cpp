// Othello positions: the start, playing and passing, the final count, notation and board strings.
// Move generation itself is inline in moves.h (the endgame search's hot path).
#include "solver/othello/board.h"

#include <bit>
#include <stdexcept>

namespace tengen::othello {
namespace {

int popcount(Bitboard b) { return std::popcount(b); }

}  // namespace

Bitboard boardMask(int n) {
  if (n != 4 && n != 6 && n != 8) throw std::invalid_argument("an Othello board is 4x4, 6x6 or 8x8");
  Bitboard m = 0;
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) m |= bit(r * 8 + c);
  return m;
}

Position Position::start(int n, StartKind kind, Scoring scoring) {
  const int c = n / 2;
  if (kind == StartKind::Parallel) {
    const Bitboard white = bit((c - 1) * 8 + (c - 1)) | bit((c - 1) * 8 + c);  // d4, e4 on 8x8
    const Bitboard black = bit(c * 8 + (c - 1)) | bit(c * 8 + c);              // d5, e5
    return Position(n, black, white, Disc::Black, scoring);
  }
  const Bitboard white = bit((c - 1) * 8 + (c - 1)) | bit(c * 8 + c);  // d4, e5 on 8x8
  const Bitboard black = bit((c - 1) * 8 + c) | bit(c * 8 + (c - 1));  // e4, d5
  return Position(n, black, white, Disc::Black, scoring);
}

Position::Position(int n, Bitboard black, Bitboard white, Disc toMove, Scoring scoring)
    : size_(n), mask_(boardMask(n)), toMove_(toMove), scoring_(scoring) {
  if ((black & white) || ((black | white) & ~mask_)) throw std::invalid_argument("discs overlap or lie off the board");
  mine_ = toMove == Disc::Black ? black : white;
  theirs_ = toMove == Disc::Black ? white : black;
}

bool Position::ended() const {
  const Bitboard e = empty();
  return legalMoves(mine_, theirs_, e) == 0 && legalMoves(theirs_, mine_, e) == 0;
}

int Position::finalMargin() const { return finalMarginOf(popcount(mine_), popcount(theirs_), popcount(empty()), scoring_); }

void Position::play(Square s) {
  if (s == kPass) {
    if (moves() != 0) throw std::invalid_argument("a pass while a move is possible");
  } else {
    if (s < 0 || s >= 64 || !(moves() & bit(s))) throw std::invalid_argument("not a legal move: " + squareName(s));
    const Bitboard f = flipsOf(mine_, theirs_, s);
    mine_ |= f | bit(s);
    theirs_ &= ~f;
  }
  std::swap(mine_, theirs_);
  toMove_ = opposite(toMove_);
}

std::vector<Square> movesOrPass(const Position& p) {
  std::vector<Square> moves;
  for (Bitboard m = p.moves(); m; m &= m - 1) moves.push_back(std::countr_zero(m));
  if (moves.empty() && !p.ended()) moves.push_back(kPass);
  return moves;
}

std::optional<Square> parseSquare(std::string_view text, int n) {
  if (text == "pass" || text == "PS" || text == "--") return kPass;
  if (text.size() != 2) return std::nullopt;
  const char col = static_cast<char>(text[0] | 0x20), row = text[1];
  if (col < 'a' || col >= 'a' + n || row < '1' || row >= '1' + n) return std::nullopt;
  return (row - '1') * 8 + (col - 'a');
}

std::string squareName(Square s) {
  if (s == kPass) return "pass";
  return std::string{static_cast<char>('a' + s % 8), static_cast<char>('1' + s / 8)};
}

Position parseBoardString(std::string_view text) {
  if (text.size() < 66 || text[64] != ' ')
    throw std::invalid_argument("a board is 64 cells (X, O or -), a space and the side to move");
  Bitboard black = 0, white = 0;
  for (int i = 0; i < 64; ++i) {
    switch (text[static_cast<std::size_t>(i)]) {
      case 'X': case 'x': case '*': black |= bit(i); break;
      case 'O': case 'o': white |= bit(i); break;
      case '-': case '.': break;
      default: throw std::invalid_argument("cell " + std::to_string(i + 1) + " is not X, O or -");
    }
  }
  const char side = text[65];
  if (side != 'X' && side != 'O' && side != 'x' && side != 'o' && side != '*')
    throw std::invalid_argument("the side to move is X or O");
  return Position(8, black, white, side == 'O' || side == 'o' ? Disc::White : Disc::Black);
}

}  // namespace tengen::othello
