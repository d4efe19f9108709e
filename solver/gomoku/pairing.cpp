// Backtracking search for a pairing over bit sets: cover the most constrained live window first,
// trying its pairs in order of how many uncovered windows they cover; prune with a matching bound
// and remember failed states (a remembered failure can only cost a pairing, never claim a false
// one: the verifier re-checks every pairing it is shown).
#include "solver/gomoku/pairing.h"

#include <algorithm>
#include <array>
#include <bit>
#include <mutex>
#include <unordered_set>

namespace tengen::gomoku {
namespace {

// A set of up to 128 small indices (live windows, or the empty cells they hold).
struct IndexSet {
  std::uint64_t lo = 0, hi = 0;
  void set(int i) { (i < 64 ? lo : hi) |= std::uint64_t{1} << (i & 63); }
  void reset(int i) { (i < 64 ? lo : hi) &= ~(std::uint64_t{1} << (i & 63)); }
  bool any() const { return (lo | hi) != 0; }
  int first() const { return lo ? std::countr_zero(lo) : 64 + std::countr_zero(hi); }
  bool test(int i) const { return ((i < 64 ? lo : hi) >> (i & 63)) & 1; }
  int count() const { return std::popcount(lo) + std::popcount(hi); }
  IndexSet operator&(const IndexSet& o) const { return {lo & o.lo, hi & o.hi}; }
  IndexSet without(const IndexSet& o) const { return {lo & ~o.lo, hi & ~o.hi}; }
  template <class F>
  void forEach(F&& f) const {
    for (std::uint64_t b = lo; b; b &= b - 1) f(std::countr_zero(b));
    for (std::uint64_t b = hi; b; b &= b - 1) f(64 + std::countr_zero(b));
  }
  std::uint64_t hash() const {
    std::uint64_t x = lo * 0x9e3779b97f4a7c15ull ^ (hi + 0x632be59bd9b4e019ull) * 0xbf58476d1ce4e5b9ull;
    return x ^ (x >> 29);
  }
};
constexpr int kMaxIndices = 128;

struct Search {
  std::vector<IndexSet> windowCells;  // per live window: its empty cells
  std::vector<IndexSet> cellWindows;  // per empty cell: the live windows holding it
  std::vector<Point> cellPoint;       // per empty cell: its board point
  std::unordered_set<std::uint64_t> failed;
  int stepsLeft = 0;
  std::vector<int> chosen;  // cell indices, two per pair

  // A necessary condition: windows that no single pair can cover together (on different lines,
  // or on one line sharing at most one free cell) each need a pair of their own, and pairs are
  // disjoint: those windows must be able to take two free cells each, no cell twice (a
  // bipartite matching of two slots per window into the free cells).
  bool pairsCanFit(const IndexSet& uncovered, const IndexSet& freeCells) {
    IndexSet picked;
    int count = 0;
    uncovered.forEach([&](int w) {
      const IndexSet cells = windowCells[static_cast<std::size_t>(w)] & freeCells;
      bool shares = false;
      (sameLine[static_cast<std::size_t>(w)] & picked).forEach([&](int k) {
        shares |= (slotCells[static_cast<std::size_t>(k)] & cells).count() > 1;
      });
      if (shares) return;
      picked.set(w);
      slotCells[static_cast<std::size_t>(w)] = cells;
      windowAt[static_cast<std::size_t>(count++)] = w;
    });
    if (2 * count > freeCells.count()) return false;
    // Slot 2k and 2k+1 belong to picked window k: first any unmatched cell, else an augmenting
    // path. Windows with fewer free cells go first, so the first choices rarely need undoing.
    std::stable_sort(windowAt.begin(), windowAt.begin() + count, [&](int x, int y) {
      return slotCells[static_cast<std::size_t>(x)].count() < slotCells[static_cast<std::size_t>(y)].count();
    });
    matched = {};
    for (int slot = 0; slot < 2 * count; ++slot) {
      const IndexSet open = slotCells[static_cast<std::size_t>(windowAt[static_cast<std::size_t>(slot / 2)])].without(matched);
      if (open.any()) {
        const int c = open.first();
        matched.set(c);
        holderOf[static_cast<std::size_t>(c)] = slot;
        continue;
      }
      visited = {};
      if (!augment(slot)) return false;
    }
    return true;
  }
  bool augment(int slot) {
    IndexSet candidates = slotCells[static_cast<std::size_t>(windowAt[static_cast<std::size_t>(slot / 2)])].without(visited);
    while (candidates.any()) {
      const int c = candidates.first();
      candidates.reset(c);
      if (visited.test(c)) continue;  // reached deeper in this search
      visited.set(c);
      if (!matched.test(c) || augment(holderOf[static_cast<std::size_t>(c)])) {
        matched.set(c);
        holderOf[static_cast<std::size_t>(c)] = slot;
        return true;
      }
    }
    return false;
  }
  std::vector<IndexSet> sameLine;  // per live window: the other live windows on its line
  std::array<IndexSet, kMaxIndices> slotCells{};  // per picked window: its free cells
  std::array<int, kMaxIndices> windowAt{};        // the picked windows in order
  std::array<int, kMaxIndices> holderOf{};        // per matched cell: its slot
  IndexSet visited, matched;

  bool run(const IndexSet& uncovered, const IndexSet& freeCells) {
    if (!uncovered.any()) return true;
    if (--stepsLeft < 0) return false;
    const std::uint64_t key = uncovered.hash() ^ (freeCells.hash() * 0x94d049bb133111ebull);
    if (failed.count(key)) return false;
    // The uncovered window with the fewest free cells (so the fewest pairs to choose from); among
    // those, the one whose cells the most uncovered windows still need (the most contended:
    // deciding it first prunes the most). The tie-break took the 7x7 draw from 7.5 s to 2.1 s.
    int pick = -1, fewest = 1 << 30, contention = -1;
    uncovered.forEach([&](int w) {
      const IndexSet cells = windowCells[static_cast<std::size_t>(w)] & freeCells;
      const int n = cells.count();
      if (n > fewest) return;
      int demand = 0;
      cells.forEach([&](int c) { demand += (cellWindows[static_cast<std::size_t>(c)] & uncovered).count(); });
      if (n < fewest || demand > contention) fewest = n, pick = w, contention = demand;
    });
    if (fewest < 2 || !pairsCanFit(uncovered, freeCells)) {
      failed.insert(key);
      return false;
    }
    struct Option {
      int a, b, covers;
    };
    std::array<Option, 10> options{};
    int count = 0;
    std::array<int, 5> cells{};
    int n = 0;
    (windowCells[static_cast<std::size_t>(pick)] & freeCells).forEach([&](int c) { cells[static_cast<std::size_t>(n++)] = c; });
    for (int i = 0; i < n; ++i)
      for (int j = i + 1; j < n; ++j) {
        const int a = cells[static_cast<std::size_t>(i)], b = cells[static_cast<std::size_t>(j)];
        const IndexSet cover = cellWindows[static_cast<std::size_t>(a)] & cellWindows[static_cast<std::size_t>(b)] & uncovered;
        options[static_cast<std::size_t>(count++)] = {a, b, cover.count()};
      }
    std::stable_sort(options.begin(), options.begin() + count,
                     [](const Option& x, const Option& y) { return x.covers > y.covers; });
    for (int k = 0; k < count; ++k) {
      const Option& o = options[static_cast<std::size_t>(k)];
      IndexSet rest = freeCells;
      rest.reset(o.a);
      rest.reset(o.b);
      const IndexSet cover = cellWindows[static_cast<std::size_t>(o.a)] & cellWindows[static_cast<std::size_t>(o.b)];
      chosen.push_back(o.a);
      chosen.push_back(o.b);
      if (run(uncovered.without(cover), rest)) return true;
      chosen.resize(chosen.size() - 2);
      if (stepsLeft < 0) return false;
    }
    failed.insert(key);
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

PairingAnswer findPairing(const Board& board, Color attacker, int maxSteps, std::vector<Point>& pairs,
                          Point asEmpty) {
  pairs.clear();
  Search s;
  const BoardGeometry& geometry = BoardGeometry::of(board.size());
  std::vector<int> lineOf;  // per live window: the line it lies on
  std::array<int, kMaxCells> indexOf;
  indexOf.fill(-1);
  for (const auto& w : fiveCellWindows(board.size())) {
    bool blocked = false;
    for (Point p : w) blocked |= board.has(p, opponent(attacker));
    if (blocked) continue;
    // More live windows or cells than a set holds: too many to pair (the caller asks only once
    // few are left).
    if (s.windowCells.size() == kMaxIndices) return PairingAnswer::Unknown;
    const int window = static_cast<int>(s.windowCells.size());
    IndexSet cells;
    for (Point p : w) {
      if (!board.isEmpty(p) && p != asEmpty) continue;
      int& c = indexOf[static_cast<std::size_t>(p)];
      if (c < 0) {
        if (s.cellPoint.size() == kMaxIndices) return PairingAnswer::Unknown;
        c = static_cast<int>(s.cellPoint.size());
        s.cellPoint.push_back(p);
        s.cellWindows.emplace_back();
      }
      cells.set(c);
      s.cellWindows[static_cast<std::size_t>(c)].set(window);
    }
    s.windowCells.push_back(cells);
    // The window's line, as the board's geometry numbers it: its direction, then its index.
    int dir = 0;
    while (board.col(w[1]) - board.col(w[0]) != kDirCol[dir] || board.row(w[1]) - board.row(w[0]) != kDirRow[dir]) ++dir;
    lineOf.push_back(dir * BoardGeometry::kMaxLines + geometry.lineOf[dir][w[0]]);
  }
  s.sameLine.assign(lineOf.size(), IndexSet{});
  for (std::size_t i = 0; i < lineOf.size(); ++i)
    for (std::size_t j = 0; j < lineOf.size(); ++j)
      if (i != j && lineOf[i] == lineOf[j]) s.sameLine[i].set(static_cast<int>(j));
  IndexSet uncovered, freeCells;
  for (int w = 0; w < static_cast<int>(s.windowCells.size()); ++w) uncovered.set(w);
  for (int c = 0; c < static_cast<int>(s.cellPoint.size()); ++c) freeCells.set(c);
  s.stepsLeft = maxSteps;
  if (!s.run(uncovered, freeCells)) return s.stepsLeft < 0 ? PairingAnswer::Unknown : PairingAnswer::None;
  for (int c : s.chosen) pairs.push_back(s.cellPoint[static_cast<std::size_t>(c)]);
  return PairingAnswer::Found;
}

}  // namespace tengen::gomoku
