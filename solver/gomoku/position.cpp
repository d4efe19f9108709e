// Parsing and checking positions: overlaps, off-board points, finished games, and for move lists
// the legality of every move under the rule (renju fouls included).
#include "solver/gomoku/position.h"

#include <algorithm>

#include "solver/gomoku/notation.h"
#include "solver/gomoku/openings.h"
#include "solver/gomoku/rules.h"

namespace tengen::gomoku {
namespace {

std::vector<std::string_view> splitTokens(std::string_view text, std::string_view separators) {
  std::vector<std::string_view> tokens;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && separators.find(text[i]) != std::string_view::npos) ++i;
    std::size_t j = i;
    while (j < text.size() && separators.find(text[j]) == std::string_view::npos) ++j;
    if (j > i) tokens.push_back(text.substr(i, j - i));
    i = j;
  }
  return tokens;
}

Point parseOrThrow(std::string_view token, int size) {
  std::string error;
  const auto p = parsePoint(token, size, &error);
  if (p) return *p;
  // A hint for the usual mix-ups: numbers for a point, and a misspelt opening.
  if (!token.empty() && token.find_first_not_of("0123456789") == std::string_view::npos) {
    const char last = static_cast<char>('a' + size - 1);
    error += std::string(" (a point is a column letter and a row number, like h8: columns a to ") + last + ", rows 1 to " +
             std::to_string(size) + "; 'x,y' from the top-left corner is the Gomocup protocol's, not a position's)";
  } else if (token.size() >= 4) {
    std::vector<std::string_view> names;
    for (const auto& o : openings()) names.push_back(o.name);
    if (const auto near = closestWord(token, names)) error += " (did you mean the opening " + std::string(*near) + "?)";
  }
  throw PositionError(error);
}

std::string describeFinish(const FinishedGame& f, int size) {
  if (f.blackFoul) return "black has an overline (a foul) at " + formatPoint(f.at, size);
  return std::string(colorName(f.winner)) + " already has five at " + formatPoint(f.at, size);
}

void parseMoveList(std::string_view text, Position& pos) {
  Board& board = pos.board;
  auto tokens = splitTokens(text, " \t,");
  // Renju on 15x15: a list may start with an opening's code or name ("D4 j10", "kagetsu"), which
  // stands for its three moves. Renju games start at h8, so a first token "d4" is the opening.
  if (pos.rule == Rule::Renju && board.size() == kDefaultSize && !tokens.empty()) {
    // "D14" written like a code is no opening (D1-D13, I1-I13), not a stone at d14 by surprise.
    const std::string_view first = tokens[0];
    if (first.size() >= 3 && (first[0] == 'D' || first[0] == 'I') && !findOpening(first) &&
        first.substr(1).find_first_not_of("0123456789") == std::string_view::npos)
      throw PositionError(printable(first, 10) + " is no opening: the codes are D1-D13 and I1-I13 (a stone at " +
                          std::string(1, static_cast<char>(first[0] - 'A' + 'a')) + std::string(first.substr(1)) +
                          " is written in lower case)");
  }
  if (pos.rule == Rule::Renju && board.size() == kDefaultSize && !tokens.empty())
    if (const auto opening = findOpening(tokens[0])) {
      auto rest = std::vector<std::string_view>(tokens.begin() + 1, tokens.end());
      tokens = splitTokens(opening->moves, " ");
      tokens.insert(tokens.end(), rest.begin(), rest.end());
    }
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const Point p = parseOrThrow(tokens[i], board.size());
    const std::string where = "move " + std::to_string(i + 1) + " (" + formatPoint(p, board.size()) + ")";
    if (!board.isEmpty(p)) throw PositionError(where + " is on an occupied point");
    const Color c = (i % 2 == 0) ? Color::Black : Color::White;
    if (makesFive(board, p, c, pos.rule)) {
      if (i + 1 != tokens.size())
        throw PositionError("move " + std::to_string(i + 2) + " (" + printable(tokens[i + 1], 40) +
                            ") comes after " + std::string(colorName(c)) + " made five with " + where);
      throw PositionError("the game is over: " + where + " makes five for " + std::string(colorName(c)));
    }
    const ForbiddenKind foul = forbiddenKind(board, p, c, pos.rule);
    if (foul != ForbiddenKind::None)
      throw PositionError(where + " is forbidden to black (" + std::string(forbiddenKindName(foul)) + ")");
    board.place(p, c);
  }
}

void parseStoneLists(std::string_view text, Position& pos) {
  Board& board = pos.board;
  const std::size_t slash = text.find('/');
  if (text.find('/', slash + 1) != std::string_view::npos)
    throw PositionError("stone lists take one '/' between black and white stones");
  const std::string_view sides[2] = {text.substr(0, slash), text.substr(slash + 1)};
  for (Color c : {Color::Black, Color::White})
    for (std::string_view token : splitTokens(sides[index(c)], " \t,")) {
      const Point p = parseOrThrow(token, board.size());
      if (!board.isEmpty(p))
        throw PositionError("point " + formatPoint(p, board.size()) + " is given twice");
      board.place(p, c);
    }
  if (const auto finished = findFinishedGame(board, pos.rule))
    throw PositionError("the game is over: " + describeFinish(*finished, board.size()));
}

}  // namespace

Position parsePosition(std::string_view text, const PositionOptions& options) {
  if (options.size < kMinSize || options.size > kMaxSize)
    throw PositionError("board size " + std::to_string(options.size) + " is outside 5..20");
  Position pos{options.rule, Board(options.size), Color::Black};
  if (text.find('/') != std::string_view::npos)
    parseStoneLists(text, pos);
  else
    parseMoveList(text, pos);

  const int blacks = pos.board.stoneCount(Color::Black), whites = pos.board.stoneCount(Color::White);
  if (options.toMove) {
    pos.toMove = *options.toMove;
  } else if (blacks == whites) {
    pos.toMove = Color::Black;
  } else if (blacks == whites + 1) {
    pos.toMove = Color::White;
  } else {
    throw PositionError(std::to_string(blacks) + " black and " + std::to_string(whites) +
                        " white stones: the side to move is unclear (give --to-move)");
  }
  return pos;
}

std::string formatStones(const Board& board) {
  std::string out;
  for (Color c : {Color::Black, Color::White}) {
    if (c == Color::White) out += '/';
    bool first = true;
    for (int col = 0; col < board.size(); ++col)
      for (int row = 0; row < board.size(); ++row) {
        const Point p = board.point(col, row);
        if (!board.has(p, c)) continue;
        if (!first) out += ',';
        out += formatPoint(p, board.size());
        first = false;
      }
  }
  return out;
}

GameLine parseGameLine(std::string_view text, const PositionOptions& options) {
  const auto tokens = splitTokens(text, " \t,");
  GameLine game;
  std::string prefix;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    // The position before this move checks every earlier one, with parsePosition's own errors.
    Position before = parsePosition(prefix, options);
    const Point move = parseOrThrow(tokens[i], before.board.size());
    const std::string where = "move " + std::to_string(i + 1) + " (" + formatPoint(move, before.board.size()) + ")";
    if (!before.board.isEmpty(move)) throw PositionError(where + " is on an occupied point");
    // Only the last move is not checked by a later prefix: it may make five, not a foul.
    if (i + 1 == tokens.size())
      if (const ForbiddenKind foul = forbiddenKind(before.board, move, before.toMove, before.rule); foul != ForbiddenKind::None)
        throw PositionError(where + " is forbidden to black (" + std::string(forbiddenKindName(foul)) + ")");
    game.before.push_back(std::move(before));
    game.moves.push_back(move);
    prefix.append(prefix.empty() ? "" : " ").append(tokens[i]);
  }
  return game;
}

}  // namespace tengen::gomoku

