// Symmetries square by square: book keys, stored proofs, and the endgame search's symmetric
// positions near the top of its tree (few nodes: speed does not matter here).
#include "solver/othello/symmetry.h"

#include <bit>
#include <utility>

namespace tengen::othello {

Square transformSquare(int sym, Square s, int n) {
  if (s == kPass) return kPass;
  int c = s % 8, r = s / 8;
  if (sym & 4) std::swap(c, r);  // the main diagonal
  if (sym & 1) c = n - 1 - c;    // left-right
  if (sym & 2) r = n - 1 - r;    // top-bottom
  return r * 8 + c;
}

int inverseSymmetry(int sym) {
  // With the transpose first, the flips act on swapped axes: undo them on the others.
  if (!(sym & 4)) return sym;
  return 4 | ((sym & 1) << 1) | ((sym & 2) >> 1);
}

Bitboard transformDiscs(int sym, Bitboard discs, int n) {
  Bitboard out = 0;
  for (; discs; discs &= discs - 1) out |= bit(transformSquare(sym, std::countr_zero(discs), n));
  return out;
}

Position transformPosition(int sym, const Position& p) {
  const int n = p.size();
  return Position(n, transformDiscs(sym, p.discs(Disc::Black), n), transformDiscs(sym, p.discs(Disc::White), n), p.toMove(),
                  p.scoring());
}

CanonicalPosition canonicalPosition(const Position& p) {
  CanonicalPosition best{p, 0};
  for (int sym = 1; sym < kSymmetries; ++sym) {
    const Position q = transformPosition(sym, p);
    const auto key = [](const Position& x) { return std::pair{x.discs(Disc::Black), x.discs(Disc::White)}; };
    if (key(q) < key(best.position)) best = {q, sym};
  }
  return best;
}

}  // namespace tengen::othello
