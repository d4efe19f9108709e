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
};

Grid gridOf(const Position& p);
// The squares the side to move may play, in increasing order.
std::vector<Square> legalMoves(const Grid& g);
// The grid after the side to move plays `s` (a legal move) or passes (kPass): the sides swap.
Grid play(const Grid& g, Square s);

}  // namespace tengen::othello::reference
