// A position as users write it: a move list ("h8 h9 i9", a legal game under the rule; under renju
// on 15x15 it may start with an opening's code or name: "D4 j10", "kagetsu") or stone lists
// ("h8,i9/h9": any stones), with the side to move. Bad input throws PositionError.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "solver/gomoku/board.h"
#include "solver/gomoku/types.h"

namespace tengen::gomoku {

// A one-line explanation of what is wrong with a position and where.
class PositionError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct PositionOptions {
  Rule rule = Rule::Renju;
  int size = kDefaultSize;
  std::optional<Color> toMove;  // overrides the side implied by the stone counts
};

struct Position {
  Rule rule = Rule::Renju;
  Board board;
  Color toMove = Color::Black;
};

Position parsePosition(std::string_view text, const PositionOptions& options);

// A game as a plain move list, its last move allowed to end it (a five): the position before each
// move, and the move. A move that is illegal there throws PositionError naming its number.
struct GameLine {
  std::vector<Position> before;
  std::vector<Point> moves;
};
GameLine parseGameLine(std::string_view text, const PositionOptions& options);

// "BLACKS/WHITES" with each side sorted by column then row, e.g. "h8,i9/h9".
std::string formatStones(const Board& board);

}  // namespace tengen::gomoku
