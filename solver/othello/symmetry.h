// The 8 symmetries of the square board: Othello's rules do not change under any of them, so a
// position and its images share one value and one book entry (the canonical image: the smallest).
#pragma once

#include "solver/othello/board.h"

namespace tengen::othello {

inline constexpr int kSymmetries = 8;

// Square s of an n x n board under symmetry `sym` (0 is the identity); kPass stays kPass.
Square transformSquare(int sym, Square s, int n);
Bitboard transformDiscs(int sym, Bitboard discs, int n);
Position transformPosition(int sym, const Position& p);
// The symmetry that undoes `sym`.
int inverseSymmetry(int sym);

struct CanonicalPosition {
  Position position;  // the image whose (black, white) discs are smallest
  int symmetry;       // carries the position as given onto it
};
CanonicalPosition canonicalPosition(const Position& p);

}  // namespace tengen::othello
