// Point maps for the 8 board symmetries; inverses and compositions are found by search over
// the group, which is small, so they can never drift out of step with applySymmetry.
#include "solver/gomoku/symmetry.h"

#include <utility>

#include "solver/gomoku/board.h"

namespace tengen::gomoku {
namespace {

void mapColRow(int sym, int& col, int& row, int size) {
  if (sym & 4) std::swap(col, row);
  if (sym & 1) col = size - 1 - col;
  if (sym & 2) row = size - 1 - row;
}

// Two symmetries are equal if they agree on a corner and its neighbour.
bool sameMap(auto&& f, auto&& g) {
  for (int col : {0, 1})
    for (int row : {0, 2}) {
      int c1 = col, r1 = row, c2 = col, r2 = row;
      f(c1, r1);
      g(c2, r2);
      if (c1 != c2 || r1 != r2) return false;
    }
  return true;
}

}  // namespace

Point applySymmetry(int sym, Point p, int size) {
  int col = p % size, row = p / size;
  mapColRow(sym, col, row, size);
  return static_cast<Point>(row * size + col);
}

int composeSymmetry(int a, int b) {
  constexpr int n = 7;  // any size above 2 distinguishes the group's elements
  for (int c = 0; c < kSymmetries; ++c)
    if (sameMap(
            [&](int& col, int& row) {
              mapColRow(a, col, row, n);
              mapColRow(b, col, row, n);
            },
            [&](int& col, int& row) { mapColRow(c, col, row, n); }))
      return c;
  return 0;
}

Board applySymmetry(int sym, const Board& board) {
  Board out(board.size());
  for (const auto& [p, c] : board.history()) out.place(applySymmetry(sym, p, board.size()), c);
  return out;
}

int inverseSymmetry(int sym) {
  for (int c = 0; c < kSymmetries; ++c)
    if (composeSymmetry(sym, c) == 0) return c;
  return 0;
}

namespace {

// The first symmetry s >= `from` that puts every stone of a on a stone of the same colour in b,
// or -1.
int symmetryInto(const Board& a, const Board& b, int from) {
  for (int s = from; s < kSymmetries; ++s) {
    bool into = true;
    for (const auto& placed : a.history())
      if (!b.has(applySymmetry(s, placed.point, a.size()), placed.color)) {
        into = false;
        break;
      }
    if (into) return s;
  }
  return -1;
}

}  // namespace

int symmetryBetween(const Board& a, const Board& b, int from) {
  if (a.size() != b.size() || a.stoneCount() != b.stoneCount()) return -1;
  return symmetryInto(a, b, from);
}

bool holdsImageOf(const Board& later, const Board& earlier) {
  if (later.size() != earlier.size() || later.stoneCount(Color::Black) < earlier.stoneCount(Color::Black) ||
      later.stoneCount(Color::White) < earlier.stoneCount(Color::White))
    return false;
  return symmetryInto(earlier, later, 0) >= 0;
}

}  // namespace tengen::gomoku
