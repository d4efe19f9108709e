// Board bookkeeping: place/undo symmetry of hash and line masks, geometry on every size,
// and the 8 symmetries with their inverses.
#include <gtest/gtest.h>

#include <bit>
#include <random>
#include <set>

#include "solver/gomoku/board.h"
#include "solver/gomoku/rules.h"
#include "solver/gomoku/symmetry.h"
#include "test_boards.h"

namespace tengen::gomoku {
namespace {

using testing::pt;

// Every window key of every cell, for both colours: a fingerprint of all line masks.
std::vector<int> allWindowKeys(const Board& b) {
  std::vector<int> keys;
  for (Point p = 0; p < b.cellCount(); ++p)
    for (int dir = 0; dir < kDirections; ++dir)
      for (Color c : {Color::Black, Color::White}) keys.push_back(b.windowKeyAt(p, dir, c));
  return keys;
}

TEST(Board, PlaceAndUndoRestoreEverything) {
  for (int size : {5, 6, 9, 15, 19, 20}) {
    Board b(size);
    const auto emptyKeys = allWindowKeys(b);
    std::mt19937 rng(size);
    std::vector<std::uint64_t> hashes{b.hash()};
    std::vector<Point> cells;
    for (Point p = 0; p < b.cellCount(); ++p) cells.push_back(p);
    std::shuffle(cells.begin(), cells.end(), rng);
    for (std::size_t i = 0; i < cells.size(); ++i) {
      b.place(cells[i], i % 2 ? Color::White : Color::Black);
      hashes.push_back(b.hash());
    }
    EXPECT_TRUE(b.full());
    for (std::size_t i = cells.size(); i > 0; --i) {
      EXPECT_EQ(b.hash(), hashes[i]);
      b.undo();
    }
    EXPECT_EQ(b.hash(), hashes[0]);
    EXPECT_EQ(b.stoneCount(), 0);
    EXPECT_EQ(allWindowKeys(b), emptyKeys) << "size " << size;
  }
}

TEST(Board, HashDependsOnStonesNotOrder) {
  Board a, b;
  a.place(pt("h8"), Color::Black);
  a.place(pt("h9"), Color::White);
  a.place(pt("i9"), Color::Black);
  b.place(pt("i9"), Color::Black);
  b.place(pt("h9"), Color::White);
  b.place(pt("h8"), Color::Black);
  EXPECT_EQ(a.hash(), b.hash());
  Board c;
  c.place(pt("h8"), Color::White);
  c.place(pt("h9"), Color::Black);
  c.place(pt("i9"), Color::Black);
  EXPECT_NE(a.hash(), c.hash());
}

TEST(Board, CanonicalHashAfterPlacesOrLiftsAStone) {
  // Off-centre stones, so that the canonical image is not the identity for every board here.
  Board with(7), without(7);
  for (Board* b : {&with, &without}) {
    b->place(b->point(1, 2), Color::Black);
    b->place(b->point(5, 1), Color::White);
  }
  const Point lifted = with.point(4, 5);
  with.place(lifted, Color::Black);
  // Playing it on the board without, or lifting it from the board with: the same canonical view.
  EXPECT_EQ(without.canonicalHashAfter(lifted, Color::Black), with.canonicalHash());
  EXPECT_EQ(without.canonicalSymmetryAfter(lifted, Color::Black), with.canonicalSymmetry());
  EXPECT_EQ(with.canonicalHashAfter(lifted, Color::Black), without.canonicalHash());
  EXPECT_EQ(with.canonicalSymmetryAfter(lifted, Color::Black), without.canonicalSymmetry());
  // And the canonical symmetry does reach the canonical hash.
  EXPECT_EQ(applySymmetry(with.canonicalSymmetry(), with).hash(), with.canonicalHash());
}

TEST(Board, WindowsSeeTheEdgeAsBlocked) {
  Board b(15);
  // Window at a1 along the row: cells left of a1 are off the board, so blocked.
  const int key = b.windowKeyAt(pt("a1"), 0, Color::Black);
  const auto& lp = linePatternTable(true)[key];
  EXPECT_FALSE(lp.five());
  EXPECT_EQ(lp.fours, 0);
  // Four black stones b1..e1: a1 completes exactly five.
  for (const char* p : {"b1", "c1", "d1", "e1"}) b.place(pt(p), Color::Black);
  EXPECT_TRUE(linePatternTable(true)[b.windowKeyAt(pt("a1"), 0, Color::Black)].five());
  // Along the anti-diagonal from a15 down-right.
  Board d(15);
  for (const char* p : {"b14", "c13", "d12", "e11"}) d.place(pt(p), Color::Black);
  EXPECT_TRUE(linePatternTable(true)[d.windowKeyAt(pt("a15"), 3, Color::Black)].five());
  EXPECT_TRUE(linePatternTable(true)[d.windowKeyAt(pt("f10"), 3, Color::Black)].five());
}

// linesWith(c, dir, k) against the line masks' own stone counts (levels past the last count as
// it), after every place and undo of a random walk that fills lines past every level and back.
TEST(Board, BusyLinesFollowPlaceAndUndo) {
  std::mt19937 rng(2026112404);
  long long levelsSeen = 0;
  for (int size : {5, 9, 15, 20}) {
    Board b(size);
    auto check = [&] {
      for (Color c : {Color::Black, Color::White})
        for (int dir = 0; dir < kDirections; ++dir)
          for (int k = 1; k <= Board::kBusyLevels + 2; ++k) {
            std::uint64_t expected = 0;
            for (int line = 0; line < b.lineCount(dir); ++line)
              if (std::popcount(b.lineStones(c, dir, line)) >= std::min(k, Board::kBusyLevels)) expected |= std::uint64_t{1} << line;
            ASSERT_EQ(b.linesWith(c, dir, k), expected) << "size " << size << " dir " << dir << " level " << k;
            levelsSeen += expected != 0 && k >= Board::kBusyLevels;
          }
    };
    for (int step = 0; step < 4 * b.cellCount(); ++step) {
      const Point p = static_cast<Point>(rng() % static_cast<unsigned>(b.cellCount()));
      if (b.isEmpty(p) && rng() % 3 != 0) b.place(p, rng() % 2 ? Color::White : Color::Black);
      else if (b.stoneCount() > 0) b.undo();
      check();
      if (HasFatalFailure()) return;
    }
  }
  EXPECT_GT(levelsSeen, 0);
}

TEST(Board, StepFollowsDirections) {
  Board b(15);
  EXPECT_EQ(b.step(pt("h8"), 0, 2), pt("j8"));
  EXPECT_EQ(b.step(pt("h8"), 1, -3), pt("h5"));
  EXPECT_EQ(b.step(pt("h8"), 2, 1), pt("i9"));
  EXPECT_EQ(b.step(pt("h8"), 3, 1), pt("i7"));
  EXPECT_EQ(b.step(pt("a1"), 0, -1), kNoPoint);
  EXPECT_EQ(b.step(pt("o15"), 2, 1), kNoPoint);
}

TEST(Symmetry, EightDistinctMapsWithInverses) {
  for (int size : {5, 15, 20}) {
    const Point corner = 0, neighbour = 1;
    std::set<std::pair<Point, Point>> images;
    for (int s = 0; s < kSymmetries; ++s) {
      images.insert({applySymmetry(s, corner, size), applySymmetry(s, neighbour, size)});
      const int inv = inverseSymmetry(s);
      for (Point p = 0; p < size * size; ++p) {
        EXPECT_EQ(applySymmetry(inv, applySymmetry(s, p, size), size), p);
        for (int t = 0; t < kSymmetries; ++t)
          EXPECT_EQ(applySymmetry(composeSymmetry(s, t), p, size), applySymmetry(t, applySymmetry(s, p, size), size));
      }
    }
    EXPECT_EQ(images.size(), 8u);
  }
}

TEST(Symmetry, CentreIsFixedAndMovesAreMapped) {
  for (int s = 0; s < kSymmetries; ++s) EXPECT_EQ(applySymmetry(s, pt("h8"), 15), pt("h8"));
  EXPECT_EQ(applySymmetry(1, pt("a1"), 15), pt("o1"));   // column mirror
  EXPECT_EQ(applySymmetry(2, pt("a1"), 15), pt("a15"));  // row mirror
  EXPECT_EQ(applySymmetry(4, pt("b1"), 15), pt("a2"));   // transpose
}

TEST(Symmetry, TheSymmetryBetweenTwoBoardsComparesEveryStoneAndColour) {
  const Board b = testing::boardOf("h8,j10/i8");
  for (int s = 0; s < kSymmetries; ++s) {
    const Board t = applySymmetry(s, b);
    const int found = symmetryBetween(b, t);
    ASSERT_GE(found, 0) << s;
    EXPECT_EQ(applySymmetry(found, b).hash(), t.hash());
  }
  EXPECT_EQ(symmetryBetween(b, testing::boardOf("h8,i8/j10")), -1) << "colours swapped";
  EXPECT_EQ(symmetryBetween(b, testing::boardOf("h8,j10/i8,a1")), -1) << "a stone more";
  EXPECT_EQ(symmetryBetween(b, testing::boardOf("h8,j11/i8")), -1) << "a stone elsewhere";
  // Its own mirror image: h8 alone (all 8), h8 and i8 (the row mirror, 2), h8 and j10 (the
  // diagonal, 4); h8, i8 and j10 under no symmetry but the identity.
  EXPECT_EQ(symmetryBetween(testing::boardOf("h8/"), testing::boardOf("h8/"), 1), 1);
  EXPECT_EQ(symmetryBetween(testing::boardOf("h8,i8/"), testing::boardOf("h8,i8/"), 1), 2);
  EXPECT_EQ(symmetryBetween(testing::boardOf("h8,j10/"), testing::boardOf("h8,j10/"), 1), 4);
  EXPECT_EQ(symmetryBetween(b, b, 1), -1);
  EXPECT_EQ(symmetryBetween(b, b), 0);
}

TEST(Symmetry, ALaterBoardHoldsAnEarliersStonesInSomeOrientation) {
  const Board earlier = testing::boardOf("h8/i9");
  EXPECT_TRUE(holdsImageOf(earlier, earlier));
  EXPECT_TRUE(holdsImageOf(testing::boardOf("h8,g9/i9"), earlier)) << "a stone more";
  EXPECT_TRUE(holdsImageOf(testing::boardOf("h8,a1/g7,c3"), earlier)) << "i9's mirror image g7";
  EXPECT_TRUE(holdsImageOf(testing::boardOf("h8,o15/j10,g9"), testing::boardOf("h8/j10"))) << "j10 itself";
  EXPECT_FALSE(holdsImageOf(testing::boardOf("h8,i9,g7/h9"), earlier)) << "diagonal neighbours black, not white";
  EXPECT_FALSE(holdsImageOf(testing::boardOf("h8/i8"), earlier)) << "a neighbour on the row, never the diagonal";
  EXPECT_FALSE(holdsImageOf(testing::boardOf("h8/"), earlier)) << "fewer stones";
  EXPECT_FALSE(holdsImageOf(testing::boardOf("a1/b2"), earlier)) << "h8 missing";
  EXPECT_TRUE(holdsImageOf(testing::boardOf("a1/b2"), Board(15))) << "the empty board is below every board";
}

TEST(Symmetry, BoardsMapWithTheirFouls) {
  // Fouls are a property of the shape, so they map with the board under all 8 symmetries.
  Board b = testing::boardOf("f8,g8,h6,h7,c8,e8,g10,i10,a1/b2,n14");
  const auto fouls = forbiddenPoints(b, Rule::Renju);
  ASSERT_FALSE(fouls.empty());
  for (int s = 0; s < kSymmetries; ++s) {
    Board t = applySymmetry(s, b);
    EXPECT_EQ(applySymmetry(inverseSymmetry(s), t).hash(), b.hash());
    std::set<std::pair<Point, ForbiddenKind>> expected, found;
    for (const auto& f : fouls) expected.insert({applySymmetry(s, f.point, 15), f.kind});
    for (const auto& f : forbiddenPoints(t, Rule::Renju)) found.insert({f.point, f.kind});
    EXPECT_EQ(found, expected) << "symmetry " << s;
  }
}

}  // namespace
}  // namespace tengen::gomoku
