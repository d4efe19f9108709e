// The verifier's plain scans over the board, shared by the proof checker and the zone support
// (both independent of the prover's threat code): every five point of a colour, scanned or kept
// through placements.
#pragma once

#include <array>
#include <cstddef>
#include <vector>

#include "solver/gomoku/board.h"
#include "solver/gomoku/types.h"

namespace tengen::gomoku {

// Every empty point where c completes a winning line now, in point order. A five through p holds
// a stone of c next to p on its line, so only points with a neighbour of c are asked.
std::vector<Point> scanFivePoints(const Board& board, Color c, Rule rule);

// Whether some move of c's leaves c a point where it makes five or more (a four, counted as
// freestyle counts a five), c having no such point now: the defender's four against a three.
// The five through the later point holds the move (without it that point made five already), so
// both lie in one run of five cells on a line, with three of c's stones and none of the other
// colour's: such runs are looked for in the board's line masks, and nothing is played.
bool hasMoveMakingFour(const Board& board, Color c);

// A board with both colours' five points kept as stones come and go. Whether a point makes five
// is read from its four line windows only (five cells each way, the sixth stone of an overline
// included), so a stone changes the answer only at points within five cells of it along its
// lines, and only on a line that now holds four of the colour's stones: each placement asks
// those again, and every other point keeps its answer. Only the placing colour's answers can
// change that way: the pattern of five reads one colour's stones.
class FivePointBoard {
 public:
  FivePointBoard(const Board& board, Rule rule);
  // The board, for reads (a foul test plays and takes back its own stones); stones stay only
  // through place() and undo().
  Board& board() { return board_; }
  // c's five points, in point order (changed by place and undo).
  const std::vector<Point>& fivePoints(Color c) const { return fives_[index(c)]; }
  void place(Point p, Color c);
  void undo();

 private:
  // One point that came into or left a colour's five points: undo() plays the log back.
  struct Change {
    Point point;
    Color colour;
    bool added;
  };
  void add(Color c, Point q);
  void remove(Color c, Point q);

  Board board_;
  Rule rule_;
  std::array<std::vector<Point>, 2> fives_;
  std::vector<Change> changes_;
  std::vector<std::size_t> placedAt_;  // changes_.size() at each place()
};

// A three of a threat-space sequence, as the verifier replays it (the checker and the zone support
// alike). c's strong moves: the empty points where c's stone leaves c two five points or more,
// in point order (c has no five point now).
std::vector<Point> strongMoves(FivePointBoard& board, Color c);
// The three's answers: the empty cells where the other colour's stone leaves none of c's `strong`
// moves two five points. A stone off every line through a strong move s, or more than four cells
// along it, cannot touch the runs of five holding s, so only the cells near all of them are tried.
std::vector<Point> answersToStrongMoves(FivePointBoard& board, Color c, const std::vector<Point>& strong);

}  // namespace tengen::gomoku
