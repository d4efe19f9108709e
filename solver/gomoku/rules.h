// The rules of renju, freestyle and standard gomoku: fives, black's fouls, finished games.
#pragma once

#include <optional>
#include <vector>

#include "solver/gomoku/board.h"
#include "solver/gomoku/types.h"

namespace tengen::gomoku {

// Whether colour c, playing the empty point p, completes a winning line under rule r
// (exactly five where the rule asks for it; five or more otherwise, including renju white).
bool makesFive(const Board& board, Point p, Color c, Rule r);

// Why black may not play the empty point p under renju (None when it may). A move that makes a
// five is never forbidden. The board is used as scratch for the recursive real-three test and is
// returned unchanged. When `reads` is given, every point whose lines the answer was read from
// (p and the straight-four points the recursion visited) is appended to it: stones placed
// further than five cells along a line from all of them cannot change the answer.
ForbiddenKind forbiddenKind(Board& board, Point p, std::vector<Point>* reads = nullptr);

// forbiddenKind under rule r for colour c: only black under renju ever has a foul.
inline ForbiddenKind forbiddenKind(Board& board, Point p, Color c, Rule r) {
  return (r == Rule::Renju && c == Color::Black) ? forbiddenKind(board, p) : ForbiddenKind::None;
}

struct ForbiddenPoint {
  Point point;
  ForbiddenKind kind;
};
// Every empty point forbidden to black, sorted by column then row (empty unless renju).
std::vector<ForbiddenPoint> forbiddenPoints(Board& board, Rule r);

// A game already decided on the board: a winning line, or in renju a black overline (a foul).
struct FinishedGame {
  Color winner;
  Point at;        // one stone of the deciding line
  bool blackFoul;  // true when the line is black's overline under renju
};
std::optional<FinishedGame> findFinishedGame(const Board& board, Rule r);

}  // namespace tengen::gomoku
