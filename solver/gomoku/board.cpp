// Board bookkeeping: the geometry of lines per size, and place/undo keeping masks and hash in step.
#include "solver/gomoku/board.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <mutex>
#include <stdexcept>

#include "solver/gomoku/symmetry.h"
#include "solver/gomoku/zobrist.h"

namespace tengen::gomoku {
namespace {

BoardGeometry makeGeometry(int size) {
  BoardGeometry g;
  g.size = size;
  for (int dir = 0; dir < kDirections; ++dir) {
    // A line is named by its first cell: walk back along dir until the next step leaves the board.
    std::array<int, kMaxCells> idOfStart;
    idOfStart.fill(-1);
    std::array<int, BoardGeometry::kMaxLines> length{};
    int lines = 0;
    for (int row = 0; row < size; ++row)
      for (int col = 0; col < size; ++col) {
        int c = col, r = row, pos = 0;
        while (c - kDirCol[dir] >= 0 && c - kDirCol[dir] < size && r - kDirRow[dir] >= 0 &&
               r - kDirRow[dir] < size) {
          c -= kDirCol[dir];
          r -= kDirRow[dir];
          ++pos;
        }
        int& id = idOfStart[r * size + c];
        if (id < 0) {
          id = lines++;
          g.lineStart[dir][id] = static_cast<std::int16_t>(r * size + c);
        }
        const int p = row * size + col;
        g.lineOf[dir][p] = static_cast<std::uint8_t>(id);
        g.posOf[dir][p] = static_cast<std::uint8_t>(pos);
        ++length[id];
      }
    g.lineCount[dir] = lines;
    for (int line = 0; line < lines; ++line) {
      const std::uint64_t cells = ((std::uint64_t{1} << length[line]) - 1) << BoardGeometry::kLineOffset;
      g.wall[dir][line] = ~cells;
    }
  }
  for (int s = 0; s < 8; ++s)
    for (Point p = 0; p < size * size; ++p) g.image[s][p] = applySymmetry(s, p, size);
  return g;
}

}  // namespace

const BoardGeometry& BoardGeometry::of(int size) {
  if (size < kMinSize || size > kMaxSize) throw std::invalid_argument("board size out of range");
  static std::array<BoardGeometry, kMaxSize + 1> cache;
  static std::array<std::once_flag, kMaxSize + 1> once;
  std::call_once(once[size], [size] { cache[size] = makeGeometry(size); });
  return cache[size];
}

Board::Board(int size) : size_(size), geometry_(&BoardGeometry::of(size)) {
  history_.reserve(static_cast<std::size_t>(cellCount()));
}

Point Board::step(Point p, int dir, int steps) const {
  const int c = col(p) + steps * kDirCol[dir];
  const int r = row(p) + steps * kDirRow[dir];
  return onBoard(c, r) ? point(c, r) : kNoPoint;
}

void Board::flip(Point p, Color c) {
  for (int dir = 0; dir < kDirections; ++dir)
    lines_[index(c)][dir][geometry_->lineOf[dir][p]] ^=
        std::uint64_t{1} << (geometry_->posOf[dir][p] + BoardGeometry::kLineOffset);
  for (int s = 0; s < 8; ++s) hashes_[s] ^= zobristKey(c, geometry_->image[s][p]);
}

void Board::addToLineCounts(Point p, Color c) {
  for (int dir = 0; dir < kDirections; ++dir) {
    const int line = geometry_->lineOf[dir][p];
    const int n = ++lineStoneCounts_[index(c)][dir][line];
    if (n <= kBusyLevels) busyLines_[index(c)][dir][n - 1] |= std::uint64_t{1} << line;
  }
}

void Board::removeFromLineCounts(Point p, Color c) {
  for (int dir = 0; dir < kDirections; ++dir) {
    const int line = geometry_->lineOf[dir][p];
    const int n = lineStoneCounts_[index(c)][dir][line]--;
    if (n <= kBusyLevels) busyLines_[index(c)][dir][n - 1] &= ~(std::uint64_t{1} << line);
  }
}

std::uint64_t Board::canonicalHash() const {
  std::uint64_t h = hashes_[0];
  for (int s = 1; s < 8; ++s) h = std::min(h, hashes_[s]);
  return h;
}

int Board::canonicalSymmetry() const {
  int best = 0;
  for (int s = 1; s < 8; ++s)
    if (hashes_[s] < hashes_[best]) best = s;
  return best;
}

bool Board::hasLiveWindow(Color c) const {
  const auto& other = lines_[index(opponent(c))];
  for (int dir = 0; dir < kDirections; ++dir)
    for (int line = 0; line < geometry_->lineCount[dir]; ++line) {
      const std::uint64_t free = ~(other[dir][line] | geometry_->wall[dir][line]);
      if (free & (free >> 1) & (free >> 2) & (free >> 3) & (free >> 4)) return true;
    }
  return false;
}

std::uint64_t Board::canonicalHashAfter(Point p, Color c) const {
  std::uint64_t h = hashes_[0] ^ zobristKey(c, p);
  for (int s = 1; s < 8; ++s) h = std::min(h, hashes_[s] ^ zobristKey(c, geometry_->image[s][p]));
  return h;
}

int Board::canonicalSymmetryAfter(Point p, Color c) const {
  int best = 0;
  std::uint64_t h = hashes_[0] ^ zobristKey(c, p);
  for (int s = 1; s < 8; ++s)
    if (const std::uint64_t v = hashes_[s] ^ zobristKey(c, geometry_->image[s][p]); v < h) h = v, best = s;
  return best;
}

int Board::liveWindows(Color c) const {
  int count = 0;
  const auto& other = lines_[index(opponent(c))];
  for (int dir = 0; dir < kDirections; ++dir)
    for (int line = 0; line < geometry_->lineCount[dir]; ++line) {
      const std::uint64_t free = ~(other[dir][line] | geometry_->wall[dir][line]);
      count += std::popcount(free & (free >> 1) & (free >> 2) & (free >> 3) & (free >> 4));
    }
  return count;
}

bool Board::hasStoneNear(Point p, int cells) const {
  for (int r = std::max(0, row(p) - cells); r <= std::min(size_ - 1, row(p) + cells); ++r)
    for (int c = std::max(0, col(p) - cells); c <= std::min(size_ - 1, col(p) + cells); ++c)
      if (!isEmpty(point(c, r))) return true;
  return false;
}

void Board::place(Point p, Color c) {
  assert(p >= 0 && p < cellCount() && isEmpty(p));
  cells_[p] = cellOf(c);
  ++counts_[index(c)];
  flip(p, c);
  addToLineCounts(p, c);
  history_.push_back({p, c});
}

void Board::undo() {
  assert(!history_.empty());
  const Placement last = history_.back();
  history_.pop_back();
  cells_[last.point] = kEmptyCell;
  --counts_[index(last.color)];
  flip(last.point, last.color);
  removeFromLineCounts(last.point, last.color);
}

}  // namespace tengen::gomoku
