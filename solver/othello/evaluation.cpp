// Pattern indexes from the bitboards, and the committed weight tables.
#include "solver/othello/evaluation.h"

#include <algorithm>
#include <bit>
#include <iterator>
#include <vector>

#include "solver/othello/line_bytes.h"

namespace tengen::othello {
namespace {

#include "solver/othello/evaluation_weights.inc"
#include "solver/othello/evaluation_far_weights.inc"

int power3(int k) {
  int p = 1;
  while (k--) p *= 3;
  return p;
}

// Everything is read a byte (a row, or a column or diagonal gathered into one) at a time: a
// byte's bits as base-3 digits, 1 for the mover's discs, doubled for the opponent's. Which end a
// line is read from does not matter: lines are turned to their canonical reading anyway.
struct Tables {
  std::array<int, 256> base3{};                   // bit i -> 3^i
  // A corner block's nine squares gathered into bits 3 * row + column (from the corner): the
  // reading's base-3 value, and the same for a block gathered with its columns the other way.
  std::array<int, 512> block{}, blockMirrored{};
  std::array<int, 6561> reversed[9]{};            // [n]: an n-digit index read backwards
  std::array<int, kCornerPatterns> transposed{};  // a corner block's index across its diagonal
  int power[9]{};                                  // 3^n
  Bitboard board[9]{}, down[9]{}, up[9]{};         // [n]: the board's squares and its long diagonals
  Tables() {
    for (int n : {4, 6, 8}) {
      board[n] = boardMask(n);
      for (int i = 0; i < n; ++i) {
        down[n] |= Bitboard{1} << (i * 8 + i);
        up[n] |= Bitboard{1} << (i * 8 + n - 1 - i);
      }
    }
    for (int k = 0; k < 9; ++k) power[k] = power3(k);
    for (int b = 0; b < 256; ++b)
      for (int i = 0; i < 8; ++i)
        if (b >> i & 1) base3[b] += power3(i);
    for (int n : {4, 6, 8})
      for (int i = 0; i < power3(n); ++i) {
        int x = i, rev = 0;
        for (int d = 0; d < n; ++d, x /= 3) rev = rev * 3 + x % 3;
        reversed[n][i] = rev;
      }
    for (int i = 0; i < kCornerPatterns; ++i) {
      int digit[9], x = i;
      for (int d = 0; d < 9; ++d, x /= 3) digit[d] = x % 3;
      int t = 0;
      for (int d = 8; d >= 0; --d) t = t * 3 + digit[(d % 3) * 3 + d / 3];
      transposed[i] = t;
    }
    for (int b = 0; b < 512; ++b)
      for (int i = 0; i < 9; ++i)
        if (b >> i & 1) {
          block[b] += power3(i);
          blockMirrored[b] += power3(i / 3 * 3 + 2 - i % 3);
        }
  }
};
const Tables& tables() {
  static const Tables t;
  return t;
}

// The digit of one square: 0 empty, 1 the mover's, 2 the opponent's.
int digitAt(Bitboard mine, Bitboard theirs, int square) { return static_cast<int>((mine >> square & 1) + 2 * (theirs >> square & 1)); }

// Each pattern's reading as it lies, and its canonical reading (the lesser of it and its mirror
// image's): the features hold the canonical ones; evaluatePosition looks the readings up in
// tables already turned (byReading below).

// A line's reading from its bytes.
int lineReading(const Tables& t, std::uint8_t mine, std::uint8_t theirs) { return t.base3[mine] + 2 * t.base3[theirs]; }
int canonicalLine(const Tables& t, int reading, int n) { return std::min(reading, t.reversed[n][reading]); }

// An edge with the squares diagonally inside its two corners (the X-squares): the line's n
// digits, then the X-square at the line's first end, then the one at its far end.
int edgeReading(const Tables& t, int line, int nearFirst, int nearLast, int n) { return line + t.power[n] * (nearFirst + 3 * nearLast); }
// Read from the edge's other end, the X-squares swap with the line.
int canonicalEdge(const Tables& t, int reading, int n) {
  const int pn = t.power[n], line = reading % pn, nearFirst = reading / pn % 3, nearLast = reading / pn / 3;
  return std::min(reading, edgeReading(t, t.reversed[n][line], nearLast, nearFirst, n));
}

// Columns 0-2 of the three rows nearest the top edge (or the bottom one) of `x`, into bits
// 3 * (rows from that edge) + column.
Bitboard gatherBlock(Bitboard x, int n, bool bottom) {
  if (!bottom) return (x & 7) | ((x >> 5) & 0x38) | ((x >> 10) & 0x1c0);
  return ((x >> (8 * (n - 1))) & 7) | ((x >> (8 * (n - 2) - 3)) & 0x38) | ((x >> (8 * (n - 3) - 6)) & 0x1c0);
}
// The 3x3 block at a corner, read row by row from the corner.
int blockReading(const Tables& t, Bitboard mine, Bitboard theirs, int n, bool bottom, bool right) {
  if (!right) return t.block[gatherBlock(mine, n, bottom)] + 2 * t.block[gatherBlock(theirs, n, bottom)];
  // The block's columns n-3..n-1 moved to 0-2: its column from the corner c lands at bit 2 - c.
  return t.blockMirrored[gatherBlock(mine >> (n - 3), n, bottom)] + 2 * t.blockMirrored[gatherBlock(theirs >> (n - 3), n, bottom)];
}
// Read across the block's diagonal.
int canonicalBlock(const Tables& t, int reading) { return std::min(reading, t.transposed[reading]); }

// Every pattern's reading as it lies, with the mobility and potential terms: what the features
// (turned canonical) and evaluatePosition (looked up by reading) both start from.
struct Readings {
  int edges[4], corners[4], diagonals[2];
  int mobility, potential;
};
inline Readings readingsOf(const Tables& t, Bitboard mine, Bitboard theirs, int n, Bitboard moves) {
  const Bitboard rowMask = (Bitboard{1} << n) - 1;
  const int last = (n - 1) * 8;
  const int x11 = digitAt(mine, theirs, 9), x1n = digitAt(mine, theirs, 8 + n - 2);
  const int xn1 = digitAt(mine, theirs, (n - 2) * 8 + 1), xnn = digitAt(mine, theirs, (n - 2) * 8 + n - 2);
  Readings r;
  r.edges[0] = edgeReading(t, lineReading(t, mine & rowMask, theirs & rowMask), x11, x1n, n);
  r.edges[1] = edgeReading(t, lineReading(t, mine >> last & rowMask, theirs >> last & rowMask), xn1, xnn, n);
  r.edges[2] = edgeReading(t, lineReading(t, columnByte(mine, 0), columnByte(theirs, 0)), x11, xn1, n);
  r.edges[3] = edgeReading(t, lineReading(t, columnByte(mine, n - 1), columnByte(theirs, n - 1)), x1n, xnn, n);
  for (int k = 0; k < 4; ++k) r.corners[k] = blockReading(t, mine, theirs, n, k & 2, k & 1);
  // The long diagonals: a1 towards the far corner, and its mirror image (columns n-1..0).
  r.diagonals[0] = lineReading(t, diagonalByte(mine, t.down[n]), diagonalByte(theirs, t.down[n]));
  r.diagonals[1] = lineReading(t, diagonalByte(mine, t.up[n]), diagonalByte(theirs, t.up[n]));
  const Bitboard empty = ~(mine | theirs) & t.board[n];
  r.mobility = std::popcount(moves) - std::popcount(legalMoves(theirs, mine, empty));
  r.potential = std::popcount(neighboursOf(theirs) & empty) - std::popcount(neighboursOf(mine) & empty);
  return r;
}

// The weights of one committed table by every reading, each its canonical reading's weight.
struct ByReading {
  EvaluationWeights weights;
  std::vector<std::int16_t> edge, corner, diagonal;
};
ByReading byReading(const EvaluationWeights& w) {
  const Tables& t = tables();
  const int n = w.size;
  ByReading b{w, std::vector<std::int16_t>(edgePatterns(n)), std::vector<std::int16_t>(kCornerPatterns),
              std::vector<std::int16_t>(diagonalPatterns(n))};
  for (int i = 0; i < edgePatterns(n); ++i) b.edge[i] = w.edge[canonicalEdge(t, i, n)];
  for (int i = 0; i < kCornerPatterns; ++i) b.corner[i] = w.corner[canonicalBlock(t, i)];
  for (int i = 0; i < diagonalPatterns(n); ++i) b.diagonal[i] = w.diagonal[canonicalLine(t, i, n)];
  b.weights.edgeByReading = b.edge.data();
  b.weights.cornerByReading = b.corner.data();
  b.weights.diagonalByReading = b.diagonal.data();
  return b;
}

}  // namespace

int edgePatterns(int n) { return power3(n + 2); }
int diagonalPatterns(int n) { return power3(n); }

EvaluationFeatures evaluationFeatures(Bitboard mine, Bitboard theirs, int n) {
  return evaluationFeatures(mine, theirs, n, legalMoves(mine, theirs, ~(mine | theirs) & tables().board[n]));
}

EvaluationFeatures evaluationFeatures(Bitboard mine, Bitboard theirs, int n, Bitboard moves) {
  const Tables& t = tables();
  const Readings r = readingsOf(t, mine, theirs, n, moves);
  EvaluationFeatures f;
  for (int k = 0; k < 4; ++k) f.edges[k] = canonicalEdge(t, r.edges[k], n);
  for (int k = 0; k < 4; ++k) f.corners[k] = canonicalBlock(t, r.corners[k]);
  for (int k = 0; k < 2; ++k) f.diagonals[k] = canonicalLine(t, r.diagonals[k], n);
  f.mobility = r.mobility;
  f.potential = r.potential;
  return f;
}

int evaluatePosition(const EvaluationWeights& w, Bitboard mine, Bitboard theirs, Bitboard moves) {
  const Readings r = readingsOf(tables(), mine, theirs, w.size, moves);
  int v = w.bias + w.mobility * r.mobility + w.potential * r.potential;
  for (int k = 0; k < 4; ++k) v += w.edgeByReading[r.edges[k]] + w.cornerByReading[r.corners[k]];
  return v + w.diagonalByReading[r.diagonals[0]] + w.diagonalByReading[r.diagonals[1]];
}

namespace {
// The tables with their weights by reading; the pointers into each stay good (no reallocation).
std::vector<ByReading> withReadings(const EvaluationWeights* begin, const EvaluationWeights* end) {
  std::vector<ByReading> all;
  all.reserve(end - begin);
  for (const EvaluationWeights* w = begin; w != end; ++w)
    if (w->size) all.push_back(byReading(*w));
  return all;
}
const EvaluationWeights* ofSize(const std::vector<ByReading>& tables, int n) {
  for (const ByReading& b : tables)
    if (b.weights.size == n) return &b.weights;
  return nullptr;
}
}  // namespace

const EvaluationWeights* fittedWeights(int n) {
  static const std::vector<ByReading> committed = withReadings(std::begin(kFittedWeights), std::end(kFittedWeights));
  return ofSize(committed, n);
}
const EvaluationWeights* fittedFarWeights(int n) {
  static const std::vector<ByReading> committed = withReadings(std::begin(kFittedFarWeights), std::end(kFittedFarWeights));
  return ofSize(committed, n);
}

}  // namespace tengen::othello
