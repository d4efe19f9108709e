// A square five-in-a-row board: stones, move history with undo, an incremental Zobrist hash
// and per-line stone masks from which pattern-table keys are read in O(1).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "solver/gomoku/line_pattern.h"
#include "solver/gomoku/types.h"

namespace tengen::gomoku {

// Lines of a board of one size: for each direction and cell, which line it is on and where.
struct BoardGeometry {
  static constexpr int kMaxLines = 2 * kMaxSize - 1;
  // Bit of cell position 0 within a line mask; the margin keeps window reads in range.
  static constexpr int kLineOffset = 8;

  int size = 0;
  std::array<int, kDirections> lineCount{};
  std::array<std::array<std::uint8_t, kMaxCells>, kDirections> lineOf{};
  std::array<std::array<std::uint8_t, kMaxCells>, kDirections> posOf{};
  // Bits outside each line's cells: they block like an opponent stone.
  std::array<std::array<std::uint64_t, kMaxLines>, kDirections> wall{};
  // The first cell of each line (position 0).
  std::array<std::array<std::int16_t, kMaxLines>, kDirections> lineStart{};
  // image[s][p]: where symmetry s sends p (see symmetry.h).
  std::array<std::array<std::int16_t, kMaxCells>, 8> image{};

  static const BoardGeometry& of(int size);
};

class Board {
 public:
  explicit Board(int size = kDefaultSize);

  int size() const { return size_; }
  int cellCount() const { return size_ * size_; }
  Point point(int col, int row) const { return static_cast<Point>(row * size_ + col); }
  int col(Point p) const { return p % size_; }
  int row(Point p) const { return p / size_; }
  bool onBoard(int col, int row) const { return col >= 0 && row >= 0 && col < size_ && row < size_; }
  // The point `steps` cells from p along direction dir, or kNoPoint off the board.
  Point step(Point p, int dir, int steps) const;
  // The same for a point known to be on the board (a cell of a window read at p, say).
  Point stepOnBoard(Point p, int dir, int steps) const {
    return static_cast<Point>(p + steps * (kDirRow[dir] * size_ + kDirCol[dir]));
  }

  bool isEmpty(Point p) const { return cells_[p] == kEmptyCell; }
  bool has(Point p, Color c) const { return cells_[p] == cellOf(c); }
  int stoneCount(Color c) const { return counts_[index(c)]; }
  int stoneCount() const { return counts_[0] + counts_[1]; }
  bool full() const { return stoneCount() == cellCount(); }
  // Whether a stone lies within `cells` rows and columns of p.
  bool hasStoneNear(Point p, int cells) const;

  // Stones in the order they were placed.
  struct Placement {
    Point point;
    Color color;
  };
  const std::vector<Placement>& history() const { return history_; }

  void place(Point p, Color c);
  void undo();

  std::uint64_t hash() const { return hashes_[0]; }
  // The smallest hash among the 8 symmetric images: equal for positions that are mirror images.
  std::uint64_t canonicalHash() const;
  // The symmetry whose image has the canonical hash (the first, when several have it).
  int canonicalSymmetry() const;
  // canonicalHash() / canonicalSymmetry() after c plays p, without playing it. Hashes toggle, so
  // with c's stone already on p they describe the board with that stone lifted.
  std::uint64_t canonicalHashAfter(Point p, Color c) const;
  int canonicalSymmetryAfter(Point p, Color c) const;

  // Runs of five cells on one line that hold none of c's opponent's stones: the places where c
  // could still make five.
  int liveWindows(Color c) const;
  // Whether liveWindows(c) > 0, without counting them all.
  bool hasLiveWindow(Color c) const;

  // Lines as bit masks (a cell at position i of a line is bit i + BoardGeometry::kLineOffset),
  // for scans that skip whole lines at once.
  int lineCount(int dir) const { return geometry_->lineCount[dir]; }
  // The lines along dir holding at least `stones` (1..kBusyLevels, larger counts as that) of c's
  // stones, bit i for line i: scans for fours and fives skip the others without reading them.
  static constexpr int kBusyLevels = 5;
  std::uint64_t linesWith(Color c, int dir, int stones) const {
    return busyLines_[index(c)][dir][std::min(stones, kBusyLevels) - 1];
  }
  // Whether p's line along dir holds at least `stones` (as for linesWith) of c's stones.
  bool lineHolds(Point p, int dir, Color c, int stones) const {
    return (linesWith(c, dir, stones) >> geometry_->lineOf[dir][p]) & 1u;
  }
  // The line along dir through p (an index for lineStones and lineEmpty).
  int lineThrough(Point p, int dir) const { return geometry_->lineOf[dir][p]; }
  std::uint64_t lineStones(Color c, int dir, int line) const { return lines_[index(c)][dir][line]; }
  std::uint64_t lineEmpty(int dir, int line) const {
    return ~(lines_[0][dir][line] | lines_[1][dir][line] | geometry_->wall[dir][line]);
  }
  Point cellOnLine(int dir, int line, int pos) const {
    return static_cast<Point>(geometry_->lineStart[dir][line] + pos * (kDirRow[dir] * size_ + kDirCol[dir]));
  }

  // The 11-cell window centred on p along dir as masks (bit kWindowCentre: p), seen by colour
  // c: c's stones, and the cells c cannot use (opponent stones, off the board).
  struct WindowMasks {
    unsigned own, blocked;
  };
  WindowMasks windowAt(Point p, int dir, Color c) const {
    const int line = geometry_->lineOf[dir][p];
    const int shift = geometry_->posOf[dir][p] + BoardGeometry::kLineOffset - kWindowCentre;
    const std::uint64_t own = lines_[index(c)][dir][line];
    const std::uint64_t blocked = lines_[index(opponent(c))][dir][line] | geometry_->wall[dir][line];
    return {static_cast<unsigned>(own >> shift) & 0x7FFu, static_cast<unsigned>(blocked >> shift) & 0x7FFu};
  }
  // Pattern-table key of that window.
  int windowKeyAt(Point p, int dir, Color c) const {
    const WindowMasks w = windowAt(p, dir, c);
    return windowKey(w.own, w.blocked);
  }

 private:
  static constexpr std::uint8_t kEmptyCell = 0;
  static constexpr std::uint8_t cellOf(Color c) { return static_cast<std::uint8_t>(index(c) + 1); }

  // c's stone at p comes or goes: its line bits and the hashes.
  void flip(Point p, Color c);
  // The stone counts of p's four lines and the busy-line masks, after c's stone came or went.
  void addToLineCounts(Point p, Color c);
  void removeFromLineCounts(Point p, Color c);

  int size_;
  const BoardGeometry* geometry_;
  std::array<std::uint8_t, kMaxCells> cells_{};
  std::array<std::array<std::array<std::uint64_t, BoardGeometry::kMaxLines>, kDirections>, 2> lines_{};
  std::array<int, 2> counts_{};
  std::array<std::array<std::array<std::uint8_t, BoardGeometry::kMaxLines>, kDirections>, 2> lineStoneCounts_{};
  std::array<std::array<std::array<std::uint64_t, kBusyLevels>, kDirections>, 2> busyLines_{};
  std::array<std::uint64_t, 8> hashes_{};  // hashes_[s]: the hash of symmetry s's image
  std::vector<Placement> history_;
};

}  // namespace tengen::gomoku
