// A fixed-capacity list of points: move generation in the search never allocates.
#pragma once

#include <algorithm>
#include <array>
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
  // Orders the points by score(p), highest first; equal scores keep their order.
  template <class Score>
  void sortByScore(Score score) {
    std::array<std::pair<int, Point>, kMaxCells> scored;
    for (int i = 0; i < size_; ++i) scored[i] = {score(items_[i]), items_[i]};
    std::stable_sort(scored.begin(), scored.begin() + size_,
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    for (int i = 0; i < size_; ++i) items_[i] = scored[i].second;
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
