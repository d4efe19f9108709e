// Threat detection by pattern-table lookups over the empty points.
#include "solver/gomoku/threats.h"

#include <algorithm>
#include <array>
#include <bit>

#include "solver/gomoku/rules.h"

namespace tengen::gomoku {

bool isLegal(Board& board, Point p, Color c, Rule r) {
  return board.isEmpty(p) && forbiddenKind(board, p, c, r) == ForbiddenKind::None;
}

namespace {

using PointSet = std::array<std::uint64_t, (kMaxCells + 63) / 64>;

void mark(PointSet& set, Point p) { set[static_cast<std::size_t>(p) / 64] |= std::uint64_t{1} << (p % 64); }

// The cells of a line's open runs of five (no opponent stone, on the board) that hold at least
// `stones` of the owner's stones; with `exact`, only runs whose two flanking cells are not the
// owner's (filled, such a run makes an overline, no five). Bit s of a run mask: cells s..s+4.
std::uint64_t runCells(std::uint64_t own, std::uint64_t empty, int stones, bool exact) {
  const std::uint64_t open = empty | own;
  std::uint64_t openRuns = open & open >> 1 & open >> 2 & open >> 3 & open >> 4;
  if (exact) openRuns &= ~(own << 1 | own >> 5);
  // The five cells' stones counted for every start at once, in bit slices: count = 4f + 2t + u.
  const std::uint64_t a0 = own, a1 = own >> 1, a2 = own >> 2, a3 = own >> 3, a4 = own >> 4;
  std::uint64_t u = a0 ^ a1, t = a0 & a1, carry = u & a2;
  u ^= a2;
  t |= carry;  // at most 3 so far: t and carry are never both set
  carry = u & a3;
  u ^= a3;
  std::uint64_t f = t & carry;
  t ^= carry;
  carry = u & a4;
  u ^= a4;
  f |= t & carry;
  t ^= carry;
  std::uint64_t enough = 0;
  switch (stones) {
    case 0:
    case 1: enough = f | t | u; break;
    case 2: enough = f | t; break;
    case 3: enough = f | (t & u); break;
    case 4: enough = f; break;
    default: enough = f & u; break;
  }
  const std::uint64_t runs = openRuns & enough;
  return runs | runs << 1 | runs << 2 | runs << 3 | runs << 4;
}

// Calls found(p) for each empty point p that completes a five of c (a point may come once per
// line through it); stops when found returns true. A five point lies in a run of five holding
// four of c's stones and no opponent's (under exact five, flanked by none of c's).
template <class Found>
bool scanFivePoints(const Board& board, Color c, Rule r, Found found) {
  const bool exact = needsExactFive(r, c);
  for (int dir = 0; dir < kDirections; ++dir)
    for (std::uint64_t lines = board.linesWith(c, dir, 4); lines; lines &= lines - 1) {
      const int line = std::countr_zero(lines);
      const std::uint64_t own = board.lineStones(c, dir, line);
      const std::uint64_t empty = board.lineEmpty(dir, line);
      for (std::uint64_t m = runCells(own, empty, 4, exact) & empty; m; m &= m - 1)
        if (found(board.cellOnLine(dir, line, std::countr_zero(m) - BoardGeometry::kLineOffset))) return true;
    }
  return false;
}

}  // namespace

void findFivePoints(const Board& board, Color c, Rule r, MoveList& out) {
  // Collected as a set, then listed in point order (callers rely on a stable order).
  PointSet marks{};
  bool any = false;
  scanFivePoints(board, c, r, [&](Point p) {
    mark(marks, p);
    any = true;
    return false;
  });
  out.clear();
  if (!any) return;
  for (std::size_t w = 0; w < marks.size(); ++w)
    for (std::uint64_t m = marks[w]; m; m &= m - 1) out.push(static_cast<Point>(w * 64 + std::countr_zero(m)));
}

int fivePointsThrough(const Board& board, Rule r, Color c, Point p, Point& first) {
  first = kNoPoint;
  int count = 0;
  forEachFivePointAt(board, p, c, r, [&](Point q) {
    if (q == first) return false;
    if (first == kNoPoint) first = q;
    return ++count == 2;
  });
  return count;
}

bool hasFivePoint(const Board& board, Color c, Rule r) {
  return scanFivePoints(board, c, r, [](Point) { return true; });
}

MoveShape shapeOf(const Board& board, Point p, Color c, Rule r) {
  const LinePattern* table = linePatternTable(needsExactFive(r, c));
  MoveShape s;
  for (int dir = 0; dir < kDirections; ++dir) {
    const LinePattern& lp = table[board.windowKeyAt(p, dir, c)];
    s.five |= lp.five();
    s.fours += lp.fours;
    s.straightFour |= lp.straightFour();
    s.threes += lp.three() ? 1 : 0;
    s.bestWindow = std::max<int>(s.bestWindow, lp.bestWindow);
    s.potential += lp.potential;
    s.overline |= lp.overline();
  }
  return s;
}

bool isLegalWithShape(Board& board, Point p, Color c, Rule r, const MoveShape& shape) {
  // forbiddenKind()'s first steps on the same reads (renju black's shape is read under exact five).
  if (r != Rule::Renju || c != Color::Black || shape.five) return true;
  if (shape.overline || shape.fours >= 2) return false;
  return shape.threes < 2 || forbiddenKind(board, p) == ForbiddenKind::None;
}

namespace {

// Appends, in point order, the points of the set for which keep(shape of c's move there)
// holds (every point without a keep) and c may play; with `limit`, only the first that many.
template <class Keep>
void collect(Board& board, Color c, Rule r, const PointSet& set, MoveList& out, Keep&& keep, int limit = 0) {
  out.clear();
  for (std::size_t w = 0; w < set.size(); ++w)
    for (std::uint64_t m = set[w]; m; m &= m - 1) {
      const auto p = static_cast<Point>(w * 64 + std::countr_zero(m));
      if (keep(board, p) && isLegal(board, p, c, r)) {
        out.push(p);
        if (out.size() == limit) return;
      }
    }
}

// keep() for collect: the shape test `test` on c's move.
template <class Test>
auto shapeIs(Color c, Rule r, Test test) {
  return [c, r, test](Board& board, Point p) { return test(shapeOf(board, p, c, r)); };
}

}  // namespace

// A five or a four needs three of c's stones on its line already; a three or a window of three
// needs two.
namespace {

// Marks the empty cells of one line's runCells.
void markLineRunCells(const Board& board, Color c, int stones, bool exact, int dir, int line, PointSet& marks) {
  const std::uint64_t own = board.lineStones(c, dir, line);
  const std::uint64_t empty = board.lineEmpty(dir, line);
  for (std::uint64_t m = runCells(own, empty, stones, exact) & empty; m; m &= m - 1)
    mark(marks, board.cellOnLine(dir, line, std::countr_zero(m) - BoardGeometry::kLineOffset));
}

// Marks, on every line holding at least `stones` of c's stones, the empty cells of its runCells.
void markRunCells(const Board& board, Color c, int stones, bool exact, PointSet& marks) {
  for (int dir = 0; dir < kDirections; ++dir)
    for (std::uint64_t lines = board.linesWith(c, dir, std::max(stones, 1)); lines; lines &= lines - 1)
      markLineRunCells(board, c, stones, exact, dir, std::countr_zero(lines), marks);
}

}  // namespace

void findFourMoves(Board& board, Color c, Rule r, MoveList& out) {
  // A move makes a five or a four on a line exactly when it lies in a run of five of that line
  // with three of c's stones and no opponent's (under exact five, flanked by no stone of c's):
  // bit-parallel per line, no pattern lookups (the hot path of every VCF search).
  PointSet marks{};
  markRunCells(board, c, 3, needsExactFive(r, c), marks);
  collect(board, c, r, marks, out, [](Board&, Point) { return true; });
}

void findNearbyMoves(Board& board, Color c, Rule r, MoveList& out, int stones) {
  findNearbyCells(board, c, out, stones);
  out.keepOnly([&](Point p) { return isLegal(board, p, c, r); });
}

void findNearbyCells(const Board& board, Color c, MoveList& out, int stones) {
  // The open runs of five (on the board, no opponent stone) that hold `stones` of c's stones,
  // then their empty cells. A five or a four lies in such a run too.
  PointSet marks{};
  markRunCells(board, c, stones, false, marks);
  out.clear();
  for (std::size_t w = 0; w < marks.size(); ++w)
    for (std::uint64_t m = marks[w]; m; m &= m - 1) out.push(static_cast<Point>(w * 64 + std::countr_zero(m)));
}

namespace {

// collect() for straight-four moves (see findStraightFourMoves) among `cells`, run cells of c's.
void collectStraightFours(Board& board, Color c, Rule r, const PointSet& cells, MoveList& out, int limit) {
  const bool foulBlocks = r == Rule::Renju && c == Color::White;
  // Whether white has a five point already (asked once, when first needed): then the one-four
  // test below takes the whole-board scan.
  int hadFive = -1;
  collect(board, c, r, cells, out, [&](Board& b, Point p) {
    const MoveShape s = shapeOf(b, p, c, r);
    if (s.five) return false;
    if (s.straightFour || s.fours >= 2) return true;
    if (!foulBlocks || s.fours == 0) return false;
    // White's one four: unstoppable when its five point is a foul for black. With no five
    // point before, the four's is its only one, read from the pattern of its line.
    if (hadFive < 0) hadFive = hasFivePoint(b, c, r) ? 1 : 0;
    Point five = kNoPoint;
    if (!hadFive) {
      forEachFivePointAt(b, p, c, r, [&](Point q) { return five = q, true; });
      if (five == kNoPoint) return false;
      // A white stone only takes black's runs away: where black's shape at the five point shows
      // no foul before it (a five, or no overline, double four or two threes), none after.
      const MoveShape block = shapeOf(b, five, Color::Black, r);
      if (block.five || (!block.overline && block.fours < 2 && block.threes < 2)) return false;
    }
    b.place(p, c);
    if (hadFive) {
      MoveList fives;
      findFivePoints(b, c, r, fives);
      five = fives.size() == 1 ? fives[0] : kNoPoint;
    }
    const bool unstoppable = five != kNoPoint && !isLegal(b, five, Color::Black, r);
    b.undo();
    return unstoppable;
  }, limit);
}

}  // namespace

void findStraightFourMoves(Board& board, Color c, Rule r, MoveList& out, int limit) {
  // Every such move makes a four: only the four moves' cells are read.
  PointSet fours{};
  markRunCells(board, c, 3, needsExactFive(r, c), fours);
  collectStraightFours(board, c, r, fours, out, limit);
}

void findStraightFourMovesOnLines(Board& board, Color c, Rule r, Point a, Point b, MoveList& out, int limit) {
  PointSet fours{};
  for (const Point p : {a, b}) {
    if (p == kNoPoint) continue;
    for (int dir = 0; dir < kDirections; ++dir)
      if (board.lineHolds(p, dir, c, 3)) markLineRunCells(board, c, 3, needsExactFive(r, c), dir, board.lineThrough(p, dir), fours);
  }
  collectStraightFours(board, c, r, fours, out, limit);
}

int buildPotential(const Board& board, Point p, Color c, Rule r) { return shapeOf(board, p, c, r).potential; }

bool hasLiveLine(const Board& board, Color c) { return board.hasLiveWindow(c); }

}  // namespace tengen::gomoku
