// A fixed-capacity list of points: move generation in the search never allocates.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <utility>

#include "solver/gomoku/types.h"

namespace tengen::gomoku {

class MoveList {
 public:
  void push(Point p) { items_[size_++] = p; }
  void clear() { size_ = 0; }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  Point operator[](int i) const { return items_[i]; }
  const Point* begin() const { return items_.data(); }
  const Point* end() const { return items_.data() + size_; }
  bool contains(Point p) const { return std::find(begin(), end(), p) != end(); }
  void pushUnique(Point p) {
    if (!contains(p)) push(p);
  }
  // Orders the points by score(p), highest first; equal scores keep their order. One key per
  // point (score, then list position, then the point) makes std::sort stable without
  // stable_sort's heap buffer (this runs at every VCT attacker node).
  template <class Score>
  void sortByScore(Score score) {
    std::array<std::uint64_t, kMaxCells> keys;
    for (int i = 0; i < size_; ++i) {
      const std::uint32_t ordered = static_cast<std::uint32_t>(score(items_[i])) ^ 0x80000000u;  // signed order
      keys[i] = std::uint64_t{ordered} << 32 | std::uint64_t(0xFFFF - i) << 16 | static_cast<std::uint16_t>(items_[i]);
    }
    std::sort(keys.begin(), keys.begin() + size_, std::greater<>());
    for (int i = 0; i < size_; ++i) items_[i] = static_cast<Point>(static_cast<std::uint16_t>(keys[i] & 0xFFFF));
  }
  // Keeps the points for which keep(p) holds, in their order.
  template <class Keep>
  void keepOnly(Keep keep) {
    int n = 0;
    for (int i = 0; i < size_; ++i)
      if (keep(items_[i])) items_[n++] = items_[i];
    size_ = n;
  }

 private:
  std::array<Point, kMaxCells> items_;
  int size_ = 0;
};

}  // namespace tengen::gomoku
