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

// Whether some run of five cells on a line holds `stones` of c's stones and empty cells only
// (none of the other colour's, none off the board), read from the board's line masks. With four:
// c has a point where it makes five or more (freestyle's count of a five). With three, c having
// no such point: some move of c's leaves it one (a four, the defender's answer to a three), since
// the five through the later point holds the move (without it that point made five already), so
// both lie in one such run. Nothing is played.
bool hasRunHolding(const Board& board, Color c, int stones);

// A board with both colours' five points kept as stones come and go. Whether a point makes five
// is read from its four line windows only (five cells each way, the sixth stone of an overline
// included), so a stone changes the answer only at points within five cells of it along its
// lines, and only where those cells hold four of the colour's stones: each placement asks
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

// The checker's replies refuted at once, read without playing them. At a node where `winner`
// answers each of the other colour's replies with one of `answers`, each answer is played once
// and the five points it leaves kept; a reply p then loses when the winner keeps a five point
// besides p, or when some answer besides p leaves two five points besides p. Exact because
// whether a point makes five reads its own colour's stones alone: the reply's stone takes away
// p and nothing else (as FivePointBoard keeps them). The second way is read only where the reply
// cannot leave its side a five point (its 11 cells on each line hold fewer than three of its
// stones; it had none before) and the answers are legal at any empty point (not renju black's).
// A reply not shown lost this way is for the caller to play out.
class QuickRefutation {
 public:
  QuickRefutation(FivePointBoard& board, Color winner, const std::vector<Point>& answers, Rule rule);
  // Valid while the board holds the stones it held when this was built.
  bool refutes(Point p) const;

 private:
  struct AnswerFives {
    Point answer;
    std::vector<Point> fives;  // the winner's five points after the answer
  };
  const Board& board_;
  Color winner_;
  std::vector<Point> winnerFives_;
  bool readsAnswers_;
  std::vector<AnswerFives> answers_;
};

// A three of a threat-space sequence, as the verifier replays it (the checker and the zone support
// alike). c's strong moves: the empty points where c's stone leaves c two five points or more,
// in point order (c has no five point now).
std::vector<Point> strongMoves(FivePointBoard& board, Color c);
// The three's answers: the empty cells where the other colour's stone leaves none of c's `strong`
// moves two five points.
std::vector<Point> answersToStrongMoves(FivePointBoard& board, Color c, const std::vector<Point>& strong);

}  // namespace tengen::gomoku
