// Pattern indexes from the bitboards, and the committed weight tables.
#include "solver/othello/evaluation.h"

#include <bit>
#include <vector>

namespace tengen::othello {
namespace {

#include "solver/othello/evaluation_weights.inc"

// The squares of every pattern of an n x n board in reading order, built once per size.
struct PatternSquares {
  int n = 0;
  std::array<std::array<Square, 8>, 4> edges{};      // corner to corner
  std::array<std::array<Square, 9>, 4> corners{};    // row by row from the corner
  std::array<std::array<Square, 8>, 2> diagonals{};  // corner to corner
  std::array<int, 6562> reversed{};                  // an n-square line's index read backwards
  std::array<int, kCornerPatterns> transposed{};     // a corner block's index across its diagonal
};

int power3(int k) {
  int p = 1;
  while (k--) p *= 3;
  return p;
}

PatternSquares makeSquares(int n) {
  PatternSquares s;
  s.n = n;
  const auto at = [](int r, int c) { return r * 8 + c; };
  for (int i = 0; i < n; ++i) {
    s.edges[0][i] = at(0, i);
    s.edges[1][i] = at(n - 1, i);
    s.edges[2][i] = at(i, 0);
    s.edges[3][i] = at(i, n - 1);
    s.diagonals[0][i] = at(i, i);
    s.diagonals[1][i] = at(i, n - 1 - i);
  }
  for (int k = 0; k < 4; ++k)
    for (int r = 0; r < 3; ++r)
      for (int c = 0; c < 3; ++c)
        s.corners[k][r * 3 + c] = at(k & 2 ? n - 1 - r : r, k & 1 ? n - 1 - c : c);
  for (int i = 0; i < power3(n); ++i) {
    int x = i, rev = 0;
    for (int d = 0; d < n; ++d, x /= 3) rev = rev * 3 + x % 3;
    s.reversed[i] = rev;
  }
  for (int i = 0; i < kCornerPatterns; ++i) {
    int digit[9], x = i;
    for (int d = 0; d < 9; ++d, x /= 3) digit[d] = x % 3;
    int t = 0;
    for (int d = 8; d >= 0; --d) t = t * 3 + digit[(d % 3) * 3 + d / 3];
    s.transposed[i] = t;
  }
  return s;
}

const PatternSquares& squaresFor(int n) {
  static const PatternSquares four = makeSquares(4), six = makeSquares(6), eight = makeSquares(8);
  return n == 4 ? four : n == 6 ? six : eight;
}

template <std::size_t K>
int indexOf(Bitboard mine, Bitboard theirs, const std::array<Square, K>& squares, int count) {
  int index = 0;
  for (int i = count - 1; i >= 0; --i) {
    const Bitboard b = bit(squares[i]);
    index = index * 3 + ((mine & b) ? 1 : (theirs & b) ? 2 : 0);
  }
  return index;
}

Bitboard neighbours(Bitboard x) {
  constexpr Bitboard notA = 0xfefefefefefefefeull, notH = 0x7f7f7f7f7f7f7f7full;
  const Bitboard side = ((x << 1) & notA) | ((x >> 1) & notH);
  const Bitboard row = x | side;
  return side | (row << 8) | (row >> 8);
}

}  // namespace

int edgePatterns(int n) { return power3(n); }

EvaluationFeatures evaluationFeatures(Bitboard mine, Bitboard theirs, int n) {
  const PatternSquares& s = squaresFor(n);
  EvaluationFeatures f;
  for (int k = 0; k < 4; ++k) {
    const int e = indexOf(mine, theirs, s.edges[k], n);
    f.edges[k] = std::min(e, s.reversed[e]);
    const int c = indexOf(mine, theirs, s.corners[k], 9);
    f.corners[k] = std::min(c, s.transposed[c]);
  }
  for (int k = 0; k < 2; ++k) {
    const int d = indexOf(mine, theirs, s.diagonals[k], n);
    f.diagonals[k] = std::min(d, s.reversed[d]);
  }
  const Bitboard empty = ~(mine | theirs) & boardMask(n);
  f.mobility = std::popcount(legalMoves(mine, theirs, empty)) - std::popcount(legalMoves(theirs, mine, empty));
  f.potential = std::popcount(neighbours(theirs) & empty) - std::popcount(neighbours(mine) & empty);
  return f;
}

const EvaluationWeights* fittedWeights(int n) {
  for (const EvaluationWeights& w : kFittedWeights)
    if (w.size == n) return &w;
  return nullptr;
}

}  // namespace tengen::othello
