// The pairing finder on its own: the pairings it returns really stop every five, its "none" is
// exhaustive, a spent step budget says "unknown", and reading an attacker stone as empty never
// turns a board with a pairing into one without (the prover relies on that to share searches).
#include <gtest/gtest.h>

#include <random>

#include "solver/gomoku/pairing.h"

namespace tengen::gomoku {
namespace {

// Checked with plain loops, sharing nothing with the finder: distinct empty cells, and a pair
// inside every run of five cells that holds no stone of the attacker's opponent.
bool stopsEveryFive(const Board& b, Color attacker, const std::vector<Point>& pairs) {
  if (pairs.size() % 2 != 0) return false;
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    if (!b.isEmpty(pairs[i])) return false;
    for (std::size_t j = 0; j < i; ++j)
      if (pairs[i] == pairs[j]) return false;
  }
  const int n = b.size();
  for (int row = 0; row < n; ++row)
    for (int col = 0; col < n; ++col)
      for (int dir = 0; dir < kDirections; ++dir) {
        std::vector<Point> run;
        for (int k = 0; k < 5; ++k) {
          const int c = col + k * kDirCol[dir], r = row + k * kDirRow[dir];
          if (!b.onBoard(c, r) || b.has(b.point(c, r), opponent(attacker))) break;
          run.push_back(b.point(c, r));
        }
        if (run.size() < 5) continue;
        auto in = [&](Point p) { return std::find(run.begin(), run.end(), p) != run.end(); };
        bool held = false;
        for (std::size_t i = 0; i + 1 < pairs.size() && !held; i += 2) held = in(pairs[i]) && in(pairs[i + 1]);
        if (!held) return false;
      }
  return true;
}

TEST(Pairing, EmptySmallBoards) {
  std::vector<Point> pairs;
  const Board five(5);
  ASSERT_EQ(findPairing(five, Color::Black, 100'000, pairs), PairingAnswer::Found);
  EXPECT_TRUE(stopsEveryFive(five, Color::Black, pairs));
  // The empty 7x7 board has 24 lines that each need a pair of their own in their middle cells:
  // no pairing, and the search proves it within its budget.
  EXPECT_EQ(findPairing(Board(7), Color::Black, 100'000, pairs), PairingAnswer::None);
  EXPECT_TRUE(pairs.empty());
}

TEST(Pairing, SpentBudgetIsUnknownNotNone) {
  // The empty 5x5 board has a pairing, but not one found in a single step.
  std::vector<Point> pairs;
  const Board five(5);
  EXPECT_EQ(findPairing(five, Color::Black, 1, pairs), PairingAnswer::Unknown);
  EXPECT_EQ(findPairing(five, Color::Black, 100'000, pairs), PairingAnswer::Found);
  // The empty 6x6 board has none (the draw needs a move first), and the search says so.
  EXPECT_EQ(findPairing(Board(6), Color::Black, 100'000, pairs), PairingAnswer::None);
}

TEST(Pairing, FewerAttackerStonesNeverHurt) {
  std::mt19937 rng(20261122);
  int found = 0, none = 0;
  for (int trial = 0; trial < 300; ++trial) {
    Board b(7);
    // Defender stones make pairings likelier: a few more of them than attacker stones.
    const int blacks = 2 + trial % 4, whites = blacks + 1 + trial % 3;
    for (int k = 0; k < blacks + whites; ++k) {
      Point p;
      do p = static_cast<Point>(rng() % 49);
      while (!b.isEmpty(p));
      b.place(p, k < blacks ? Color::Black : Color::White);
    }
    std::vector<Point> pairs, relaxed;
    const PairingAnswer here = findPairing(b, Color::Black, 100'000, pairs);
    if (here == PairingAnswer::Found) {
      ++found;
      EXPECT_TRUE(stopsEveryFive(b, Color::Black, pairs)) << trial;
    }
    if (here == PairingAnswer::None) ++none;
    for (const auto& m : b.history()) {
      if (m.color != Color::Black) continue;
      const PairingAnswer without = findPairing(b, Color::Black, 100'000, relaxed, m.point);
      if (here == PairingAnswer::Found) {
        EXPECT_EQ(without, PairingAnswer::Found) << trial;
      }
      if (without == PairingAnswer::None) {
        EXPECT_NE(here, PairingAnswer::Found) << trial;
      }
    }
  }
  // Both answers occur, or the property above was never really exercised.
  EXPECT_GT(found, 50);
  EXPECT_GT(none, 50);
}

}  // namespace
}  // namespace tengen::gomoku
