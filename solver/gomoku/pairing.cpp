// Backtracking search for a pairing: cover the most constrained live window first.
#include "solver/gomoku/pairing.h"

#include <array>
#include <map>
#include <mutex>

namespace tengen::gomoku {
namespace {

struct Search {
  const Board& board;
  const std::vector<const std::array<Point, 5>*>& windows;
  // For each cell, the live windows holding it; for each window, how many chosen pairs lie
  // wholly inside it (covered when non-zero). Kept up to date as pairs are added and removed.
  const std::vector<std::vector<int>>& windowsOf;
  std::vector<int> coverCount;
  int stepsLeft;
  std::array<bool, kMaxCells> used{};
  std::vector<Point>& pairs;

  static bool holds(const std::array<Point, 5>& w, Point p) {
    return w[0] == p || w[1] == p || w[2] == p || w[3] == p || w[4] == p;
  }
  void cover(Point a, Point b, int delta) {
    for (int w : windowsOf[static_cast<std::size_t>(a)])
      if (holds(*windows[static_cast<std::size_t>(w)], b)) coverCount[static_cast<std::size_t>(w)] += delta;
  }

  bool run() {
    if (--stepsLeft < 0) return false;
    // The uncovered window with the fewest pairs still available.
    const std::array<Point, 5>* pick = nullptr;
    int fewest = 1 << 30;
    for (std::size_t i = 0; i < windows.size(); ++i) {
      if (coverCount[i] > 0) continue;
      int free = 0;
      for (Point p : *windows[i]) free += board.isEmpty(p) && !used[p];
      const int options = free * (free - 1) / 2;
      if (options < fewest) {
        fewest = options;
        pick = windows[i];
      }
    }
    if (!pick) return true;
    if (fewest == 0) return false;
    for (int i = 0; i < 5; ++i)
      for (int j = i + 1; j < 5; ++j) {
        const Point a = (*pick)[i], b = (*pick)[j];
        if (!board.isEmpty(a) || !board.isEmpty(b) || used[a] || used[b]) continue;
        used[a] = used[b] = true;
        pairs.push_back(a);
        pairs.push_back(b);
        cover(a, b, +1);
        if (run()) return true;
        cover(a, b, -1);
        pairs.resize(pairs.size() - 2);
        used[a] = used[b] = false;
        if (stepsLeft < 0) return false;
      }
    return false;
  }
};

}  // namespace

const std::vector<std::array<Point, 5>>& fiveCellWindows(int size) {
  static std::array<std::vector<std::array<Point, 5>>, kMaxSize + 1> cache;
  static std::array<std::once_flag, kMaxSize + 1> once;
  std::call_once(once[size], [size] {
    for (int row = 0; row < size; ++row)
      for (int col = 0; col < size; ++col)
        for (int dir = 0; dir < kDirections; ++dir) {
          std::array<Point, 5> w{};
          bool inside = true;
          for (int k = 0; k < 5 && inside; ++k) {
            const int c = col + k * kDirCol[dir], r = row + k * kDirRow[dir];
            inside = c >= 0 && r >= 0 && c < size && r < size;
            w[k] = static_cast<Point>(r * size + c);
          }
          if (inside) cache[size].push_back(w);
        }
  });
  return cache[size];
}

bool findPairing(const Board& board, Color attacker, int maxSteps, std::vector<Point>& pairs) {
  pairs.clear();
  std::vector<const std::array<Point, 5>*> live;
  for (const auto& w : fiveCellWindows(board.size())) {
    bool blocked = false;
    for (Point p : w) blocked |= board.has(p, opponent(attacker));
    if (!blocked) live.push_back(&w);
  }
  std::vector<std::vector<int>> windowsOf(static_cast<std::size_t>(board.cellCount()));
  for (std::size_t i = 0; i < live.size(); ++i)
    for (Point p : *live[i]) windowsOf[static_cast<std::size_t>(p)].push_back(static_cast<int>(i));
  Search s{board, live, windowsOf, std::vector<int>(live.size(), 0), maxSteps, {}, pairs};
  if (s.run()) return true;
  pairs.clear();
  return false;
}

}  // namespace tengen::gomoku
