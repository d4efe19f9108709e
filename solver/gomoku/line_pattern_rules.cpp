// How one line window is judged, by brute force over its cells: the source of the line pattern
// tables, which the build generates from it once (make_line_patterns) instead of every process.
#include "solver/gomoku/line_pattern_rules.h"

#include <algorithm>
#include <array>

namespace tengen::gomoku {
namespace {

enum Cell : std::uint8_t { kEmpty = 0, kOwn = 1, kBlocked = 2 };
using Window = std::array<Cell, kWindowCells>;

// Run of own stones through cell i: [first, last].
void runThrough(const Window& w, int i, int& first, int& last) {
  first = last = i;
  while (first > 0 && w[first - 1] == kOwn) --first;
  while (last < kWindowCells - 1 && w[last + 1] == kOwn) ++last;
}

bool isFiveLength(int length, bool exact) { return exact ? length == 5 : length >= 5; }

// Does a stone at empty cell e complete a five through the centre (centre already own)?
bool completesFive(Window& w, int e, bool exact) {
  w[e] = kOwn;
  int a, b;
  runThrough(w, e, a, b);
  w[e] = kEmpty;
  return a <= kWindowCentre && kWindowCentre <= b && isFiveLength(b - a + 1, exact);
}

// LinePattern::potential of the window (centre own).
std::uint8_t potentialOf(const Window& w, bool exact) {
  int best = 0, count = 0;
  for (int start = kWindowCentre - 4; start <= kWindowCentre; ++start) {
    if (exact && (w[start - 1] == kOwn || w[start + 5] == kOwn)) continue;
    int own = 0;
    bool open = true;
    for (int i = start; i < start + 5; ++i) {
      open &= w[i] != kBlocked;
      own += w[i] == kOwn;
    }
    if (!open || own < 2) continue;
    if (own > best) best = own, count = 0;
    if (own == best) ++count;
  }
  return static_cast<std::uint8_t>(best * count);
}

LinePattern evaluate(Window w, bool exact) {
  LinePattern p;
  w[kWindowCentre] = kOwn;
  p.potential = potentialOf(w, exact);
  int a, b;
  runThrough(w, kWindowCentre, a, b);
  const int run = b - a + 1;
  if (isFiveLength(run, exact)) {
    p.flags |= LinePattern::kFive;
    return p;
  }
  if (exact && run >= 6) {
    p.flags |= LinePattern::kOverline;
    return p;
  }
  for (int start = kWindowCentre - 4; start <= kWindowCentre; ++start) {
    int own = 0;
    bool open = true;
    for (int i = start; i < start + 5; ++i) {
      open &= w[i] != kBlocked;
      own += w[i] == kOwn;
    }
    if (open) p.bestWindow = static_cast<std::uint8_t>(std::max<int>(p.bestWindow, own));
  }
  std::array<int, kWindowCells> fivePoints{};
  int found = 0;
  for (int e = 1; e < kWindowCells - 1; ++e)
    if (w[e] == kEmpty && completesFive(w, e, exact)) {
      fivePoints[found++] = e;
      p.fivePoints |= static_cast<std::uint16_t>(1u << e);
    }
  // Two five points five cells apart around four own stones are one straight four.
  int fours = found;
  for (int i = 0; i < found; ++i)
    for (int j = i + 1; j < found; ++j)
      if (fivePoints[j] - fivePoints[i] == 5) {
        --fours;
        p.flags |= LinePattern::kStraightFour;
      }
  p.fours = static_cast<std::uint8_t>(fours);
  if (fours > 0) return p;

  // A three: some stone s makes an unbroken run of exactly four through the centre and s, whose
  // two ends both complete a five, and s itself does not make a five.
  for (int s = 1; s < kWindowCells - 1; ++s) {
    if (w[s] != kEmpty) continue;
    w[s] = kOwn;
    int ra, rb;
    runThrough(w, s, ra, rb);
    const bool containsCentre = ra <= kWindowCentre && kWindowCentre <= rb;
    const bool straight = containsCentre && rb - ra + 1 == 4 && ra >= 1 && rb <= kWindowCells - 2 &&
                          w[ra - 1] == kEmpty && w[rb + 1] == kEmpty &&
                          completesFive(w, ra - 1, exact) && completesFive(w, rb + 1, exact);
    w[s] = kEmpty;
    if (straight) p.straightFourPoints |= static_cast<std::uint16_t>(1u << s);
  }
  return p;
}

}  // namespace

LinePattern judgeLineWindow(int key, bool exactFive) {
  Window w{};
  for (int i = 0; i < kWindowCells; ++i) {
    if (i == kWindowCentre) continue;
    w[i] = static_cast<Cell>(key % 3);
    key /= 3;
  }
  return evaluate(w, exactFive);
}

}  // namespace tengen::gomoku
