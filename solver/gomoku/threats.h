// Threats of five-in-a-row: five points, fours, threes (moves that make a straight-four move
// available), and legality of moves under the rule. The proof search builds its move
// restrictions from these.
#pragma once

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
};
MoveShape shapeOf(const Board& board, Point p, Color c, Rule r);

// Legal moves of c that make a five or a four (a five threat).
void findFourMoves(Board& board, Color c, Rule r, MoveList& out);
// Legal moves of c that make a four or a geometric three (a threat to make a straight four).
void findThreatMoves(Board& board, Color c, Rule r, MoveList& out);
// Legal moves of c that share an open run of five cells (none of the opponent's stones) with
// one of c's stones: the candidates for a threat of a short VCF. With a VCF of at most two
// fours after the move, the move's five cells hold at least one stone already (the move, two
// fours and that stone leave a five point), so none is missed there; longer VCFs could start
// from bare cells and are only looked for from these.
void findNearbyMoves(Board& board, Color c, Rule r, MoveList& out);
// Legal moves of c after which c has two or more five points (straight fours, double fours
// for white, four-fours on separate lines).
void findStraightFourMoves(Board& board, Color c, Rule r, MoveList& out);

// Whether colour c has at least one five point.
bool hasFivePoint(const Board& board, Color c, Rule r);

// Whether c could still ever complete five: some run of five cells holds none of the
// opponent's stones.
bool hasLiveLine(const Board& board, Color c);

}  // namespace tengen::gomoku
