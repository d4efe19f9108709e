// Sibling hints (simulation as move ordering): the correspondence between what lies below a
// defender's reply and below a proven sibling reply, and the table of the attacker's wins.
#include <gtest/gtest.h>

#include "solver/gomoku/board.h"
#include "solver/gomoku/sibling_hints.h"

namespace tengen::gomoku {
namespace {

TEST(SiblingHints, PositionsBelowTwoRepliesDifferByTheDeltaOfTheirStones) {
  Board below(15), belowSibling(15);
  for (Board* b : {&below, &belowSibling}) {
    b->place(b->point(7, 7), Color::Black);
    b->place(b->point(7, 8), Color::White);
    b->place(b->point(8, 8), Color::Black);
  }
  const Point reply = below.point(9, 9), sibling = below.point(6, 6);
  SiblingHints hints;
  hints.push(Color::White, reply, sibling);
  below.place(reply, Color::White);
  belowSibling.place(sibling, Color::White);
  // The same moves below both replies: the attacker's and the defender's next.
  hints.push(Color::Black, below.point(9, 7), kNoPoint);
  hints.push(Color::White, below.point(10, 6), kNoPoint);
  for (Board* b : {&below, &belowSibling}) {
    b->place(b->point(9, 7), Color::Black);
    b->place(b->point(10, 6), Color::White);
  }
  ASSERT_EQ(hints.deltas().count, 1);
  EXPECT_EQ(below.hash() ^ hints.deltas().hash[0], belowSibling.hash());
  EXPECT_NE(below.hash(), belowSibling.hash());
}

TEST(SiblingHints, TheNearestReplysCorrespondenceComesFirstAndThreeAreKept) {
  SiblingHints hints;
  EXPECT_EQ(hints.deltas().count, 0);
  hints.push(Color::White, 10, kNoPoint);  // no proven sibling: nothing corresponds
  EXPECT_EQ(hints.deltas().count, 0);
  hints.push(Color::Black, 11, kNoPoint);
  hints.push(Color::White, 12, 13);
  const std::uint64_t first = hints.deltas().hash[0];
  hints.push(Color::Black, 14, kNoPoint);  // an attacker's move keeps what it lies under
  ASSERT_EQ(hints.deltas().count, 1);
  EXPECT_EQ(hints.deltas().hash[0], first);
  for (Point r = 20; r < 23; ++r) hints.push(Color::White, r, r + 10);
  ASSERT_EQ(hints.deltas().count, SiblingHints::kMaxDeltas);
  EXPECT_NE(hints.deltas().hash[0], first);  // the nearest first; the oldest dropped
  for (int i = 0; i < 3; ++i) hints.pop();
  ASSERT_EQ(hints.deltas().count, 1);
  EXPECT_EQ(hints.deltas().hash[0], first);
  hints.resetPath();
  EXPECT_EQ(hints.deltas().count, 0);
}

TEST(SiblingHints, WinsAreFoundByTheirKeyOnly) {
  SiblingHints hints;
  EXPECT_EQ(hints.winAt(12345), kNoPoint);
  hints.noteWin(12345, 77);
  EXPECT_EQ(hints.winAt(12345), 77);
  // Another key on the same bucket is not taken for it, and a newer win for a key replaces the older.
  const std::uint64_t sameBucket = 12345 + (std::uint64_t{1} << 40);
  EXPECT_EQ(hints.winAt(sameBucket), kNoPoint);
  hints.noteWin(sameBucket, 78);
  EXPECT_EQ(hints.winAt(sameBucket), 78);
  EXPECT_EQ(hints.winAt(12345), 77);
  hints.noteWin(12345, 79);
  EXPECT_EQ(hints.winAt(12345), 79);
}

TEST(SiblingHints, TheTableKeepsItsWinsAsItGrows) {
  // Far more wins than the first table holds: below its top size none is lost.
  SiblingHints hints;
  for (std::uint64_t k = 0; k < 1500; ++k) hints.noteWin(k, static_cast<Point>(k % 200));
  for (std::uint64_t k = 0; k < 1500; ++k) ASSERT_EQ(hints.winAt(k), static_cast<Point>(k % 200)) << k;
}

}  // namespace
}  // namespace tengen::gomoku
