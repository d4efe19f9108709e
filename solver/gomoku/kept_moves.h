// The moves an expansion cache entry keeps: points, and optionally a threat class per move. Up to
// kInline live inside the entry (most threat-search nodes list a few), so a cache hit reads the
// entry's own lines and no heap block; longer lists take one heap block.
#pragma once

#include <array>
#include <cstdint>
#include <memory>

#include "solver/gomoku/types.h"

namespace tengen::gomoku {

class KeptMoves {
 public:
  static constexpr int kInline = 24;

  // Room for n moves (and their classes, withClasses), forgetting what was kept; a heap block
  // large enough already is reused.
  void reset(int n, bool withClasses) {
    size_ = static_cast<std::uint16_t>(n);
    classes_ = withClasses;
    if (n > kInline && n > heapCapacity_) {
      heap_ = std::make_unique<Point[]>(2 * static_cast<std::size_t>(n));  // points, then classes
      heapCapacity_ = static_cast<std::uint16_t>(n);
    }
  }
  void clear() { reset(0, false); }

  int size() const { return size_; }
  bool hasClasses() const { return classes_; }
  Point point(int i) const { return onHeap() ? heap_[i] : inlinePoints_[i]; }
  std::uint8_t threatClass(int i) const {
    return onHeap() ? static_cast<std::uint8_t>(heap_[heapCapacity_ + i]) : inlineClasses_[i];
  }
  void setPoint(int i, Point p) { (onHeap() ? heap_[i] : inlinePoints_[i]) = p; }
  void setThreatClass(int i, std::uint8_t c) {
    if (onHeap())
      heap_[heapCapacity_ + i] = c;
    else
      inlineClasses_[i] = c;
  }

 private:
  bool onHeap() const { return size_ > kInline; }

  std::unique_ptr<Point[]> heap_;
  std::uint16_t size_ = 0;
  std::uint16_t heapCapacity_ = 0;
  bool classes_ = false;
  std::array<Point, kInline> inlinePoints_{};
  std::array<std::uint8_t, kInline> inlineClasses_{};
};

}  // namespace tengen::gomoku
