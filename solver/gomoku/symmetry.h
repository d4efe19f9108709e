// The 8 symmetries of the square board (the dihedral group D4) acting on points and boards.
#pragma once

#include <array>

#include "solver/gomoku/types.h"

namespace tengen::gomoku {

// Symmetry s maps (col, row) by: optional transpose (bit 2), then optional column mirror (bit 0)
// and row mirror (bit 1). 0 is the identity.
inline constexpr int kSymmetries = 8;

// Where symmetry `sym` sends point p on a size x size board.
Point applySymmetry(int sym, Point p, int size);
// The symmetry that undoes `sym`.
int inverseSymmetry(int sym);
// Composition: apply a then b.
int composeSymmetry(int a, int b);

class Board;
// The board with every stone moved by `sym` (stones placed in the original's order).
Board applySymmetry(int sym, const Board& board);
// The first symmetry s >= `from` that moves a's stones exactly onto b's (every cell compared), or
// -1: `symmetryBetween(b, b, 1) >= 0` says b is its own mirror image.
int symmetryBetween(const Board& a, const Board& b, int from = 0);
// Whether `later` could follow `earlier` in some orientation: a symmetry puts every stone of
// `earlier` on a stone of the same colour in `later` (a search from `earlier` can meet no other).
bool holdsImageOf(const Board& later, const Board& earlier);

}  // namespace tengen::gomoku
