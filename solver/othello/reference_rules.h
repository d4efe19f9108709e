// Othello's rules written the plain way, square by square on an array, independently of the
// bitboards: the check the fast move generator is tested against (and the rules the proof
// verifier will use).
#pragma once

#include <array>
#include <vector>

#include "solver/othello/board.h"

namespace tengen::othello::reference {

struct Grid {
  int n = 8;
  std::array<int, 64> cell{};  // 0 empty, 1 the side to move, 2 the opponent (index row * 8 + col)
  bool fewestWins = false;     // anti-Othello: the fewest discs win
};

Grid gridOf(const Position& p);
// The squares the side to move may play, in increasing order.
std::vector<Square> legalMoves(const Grid& g);
// The grid after the side to move plays `s` (a legal move) or passes (kPass): the sides swap.
Grid play(const Grid& g, Square s);
// The side to move's discs less the opponent's (the reverse when the fewest win), empty squares
// to the winner: the result when the game is over.
int finalMargin(const Grid& g);
// The grid as a position, `toMove` being the colour of the grid's side to move.
Position positionOf(const Grid& g, Disc toMove);

}  // namespace tengen::othello::reference
