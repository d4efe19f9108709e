// Threats of five-in-a-row: five points, fours, threes (moves that make a straight-four move
// available), and legality of moves under the rule. The proof search builds its move
// restrictions from these.
#pragma once

#include <bit>

#include "solver/gomoku/board.h"
#include "solver/gomoku/move_list.h"
#include "solver/gomoku/types.h"

namespace tengen::gomoku {

// Whether colour c may play the empty point p (renju black: not a foul; five beats foul).
bool isLegal(Board& board, Point p, Color c, Rule r);

// Every empty point where c completes a winning line now. A five is always legal.
void findFivePoints(const Board& board, Color c, Rule r, MoveList& out);

// What one move makes, from the four line patterns through it.
struct MoveShape {
  bool five = false;
  int fours = 0;           // distinct fours through the point
  bool straightFour = false;
  int threes = 0;          // lines on which the move makes a (geometric) three
  int bestWindow = 0;      // most own stones in an open run of five through the move
  int potential = 0;       // buildPotential() of the move
  bool overline = false;   // under exact five: the move makes six or more
};
MoveShape shapeOf(const Board& board, Point p, Color c, Rule r);
// isLegal() of c's move on the empty point p whose shapeOf() is `shape`: the foul test reads the
// same line patterns, so only a possible double three reads on.
bool isLegalWithShape(Board& board, Point p, Color c, Rule r, const MoveShape& shape);

// Calls found(q) for each point q that completes a five with c's stone at p (on the board or
// not), line by line (a point once per line through it), until found returns true; whether it
// did. A line with fewer than four of c's stones in p's window (p counted) holds none.
template <class Found>
bool forEachFivePointAt(const Board& board, Point p, Color c, Rule r, Found&& found) {
  const LinePattern* table = linePatternTable(needsExactFive(r, c));
  for (int dir = 0; dir < kDirections; ++dir) {
    const Board::WindowMasks w = board.windowAt(p, dir, c);
    if (std::popcount(w.own | 1u << kWindowCentre) < 4) continue;
    for (unsigned bits = table[windowKey(w.own, w.blocked)].fivePoints; bits; bits &= bits - 1)
      if (found(board.stepOnBoard(p, dir, std::countr_zero(bits) - kWindowCentre))) return true;
  }
  return false;
}

// With c's stone at p (on the board or not): c's five points on p's lines, counted up to two, the
// first of them in `first` (kNoPoint: none). Two or more cannot all be blocked.
int fivePointsThrough(const Board& board, Rule r, Color c, Point p, Point& first);

// Legal moves of c that make a five or a four (a five threat).
void findFourMoves(Board& board, Color c, Rule r, MoveList& out);
// Legal moves of c that share an open run of five cells (none of the opponent's stones) with at
// least `stones` of c's stones: the candidates for a threat of a short VCF. A threat of a
// one-move VCF (a four that cannot be stopped) needs the move and two stones in one run; a VCF
// of two fours, the move and one stone (the move, two fours and that stone leave a five point);
// longer VCFs could start from bare cells and are only looked for from these.
void findNearbyMoves(Board& board, Color c, Rule r, MoveList& out, int stones = 1);
// findNearbyMoves() without the foul test: the empty cells, in point order (a caller that reads
// the moves' shapes anyway asks isLegalWithShape() of those it keeps).
void findNearbyCells(const Board& board, Color c, MoveList& out, int stones = 1);
// How much c's move on the empty point p builds towards five (a move order, never a cut): on
// each line, the most c stones (the move counted) in an open run of five through p times how
// many runs hold that many, summed over the four lines; runs holding the move alone count
// nothing. Renju black's runs must not touch a black stone at either end (that makes six).
int buildPotential(const Board& board, Point p, Color c, Rule r);
// Legal moves of c that cannot be stopped: after them c has two or more five points (straight
// fours, double fours for white, four-fours on separate lines), or, for white under renju, one
// five point that black may not take (a four whose block is a foul). With `limit`, only the
// first that many in point order (1: whether there is one, at a fraction of the cost).
void findStraightFourMoves(Board& board, Color c, Rule r, MoveList& out, int limit = 0);
// The same on the lines through a and b only (kNoPoint: none), a fraction of the cost: after a
// four of black's or a non-renju four at a blocked at b, the straight fours those two stones made
// lie there (a straight four through a, or a black one whose move the block at b freed from a
// foul), but for fouls decided further away by a double three's recursion. (A black block can
// make a white four's five point a foul anywhere around it: white's need the whole scan.)
void findStraightFourMovesOnLines(Board& board, Color c, Rule r, Point a, Point b, MoveList& out, int limit = 0);

// Whether colour c has at least one five point.
bool hasFivePoint(const Board& board, Color c, Rule r);

// Whether c could still ever complete five: some run of five cells holds none of the
// opponent's stones.
bool hasLiveLine(const Board& board, Color c);

}  // namespace tengen::gomoku
