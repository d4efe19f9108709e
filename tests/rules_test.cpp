// Hand-made positions for each clause of the renju rules, and the same shapes under the
// gomoku rules where nothing is forbidden.
#include <gtest/gtest.h>

#include "solver/gomoku/rules.h"
#include "solver/gomoku/threats.h"
#include "test_boards.h"

namespace tengen::gomoku {
namespace {

using testing::boardOf;
using testing::pt;

ForbiddenKind kindAt(const std::string& stones, const std::string& point) {
  Board b = boardOf(stones);
  const std::uint64_t before = b.hash();
  const ForbiddenKind k = forbiddenKind(b, pt(point));
  EXPECT_EQ(b.hash(), before) << "the foul test must leave the board as it found it";
  EXPECT_EQ(b.stoneCount(), boardOf(stones).stoneCount());
  return k;
}

TEST(Renju, PlainDoubleThree) {
  EXPECT_EQ(kindAt("f8,g8,h6,h7/", "h8"), ForbiddenKind::DoubleThree);
  // One three alone is fine.
  EXPECT_EQ(kindAt("f8,g8/", "h8"), ForbiddenKind::None);
}

TEST(Renju, SplitThreesCount) {
  // f8 . h8 with g8 played: X.X + the stone = XXX split shapes; e8 . g8 h8 -> .X.XX. is a three.
  EXPECT_EQ(kindAt("e8,g8,h5,h6/", "h8"), ForbiddenKind::DoubleThree);
}

TEST(Renju, EdgeBlockedThreeIsNoThree) {
  // a8 b8 c8: the straight four would need a point off the board, so this is no three.
  EXPECT_EQ(kindAt("b8,c8,d6,d7/", "d8"), ForbiddenKind::DoubleThree);  // b8 c8 d8: a8 and e8 free
  EXPECT_EQ(kindAt("a8,b8,c6,c7/", "c8"), ForbiddenKind::None);         // a8 b8 c8 against the edge
  // Blocked by a white stone on one side and too short on the other: no three either.
  EXPECT_EQ(kindAt("f8,g8,h6,h7/e8,j8", "h8"), ForbiddenKind::None);
}

TEST(Renju, DoubleFourInTwoLines) {
  EXPECT_EQ(kindAt("e8,f8,g8,h5,h6,h7/", "h8"), ForbiddenKind::DoubleFour);
}

TEST(Renju, DoubleFourOnOneLine) {
  // c8 . e8 [f8] g8 . i8 -> X.XXX.X: two fours on one line.
  EXPECT_EQ(kindAt("c8,e8,g8,i8/", "f8"), ForbiddenKind::DoubleFour);
  // The same shape with one five point taken by white is a single four.
  EXPECT_EQ(kindAt("c8,e8,g8,i8/d8", "f8"), ForbiddenKind::None);
}

TEST(Renju, StraightFourIsOneFour) {
  // .XXXX. is one four, not two, even though it has two five points.
  EXPECT_EQ(kindAt("e8,f8,g8/", "h8"), ForbiddenKind::None);
}

TEST(Renju, Overline) {
  EXPECT_EQ(kindAt("d8,e8,f8,h8,i8/", "g8"), ForbiddenKind::Overline);
  // Six with a gap is no overline: d8 e8 f8 [g8] . i8 makes four in a row plus a stone.
  EXPECT_EQ(kindAt("d8,e8,f8,i8/", "g8"), ForbiddenKind::None);
}

TEST(Renju, FiveBeatsFoul) {
  // i8 makes five on row 8 and six on column i at the same time: the five wins.
  const std::string stones = "e8,f8,g8,h8,i5,i6,i7,i9,i10/";
  Board b = boardOf(stones);
  EXPECT_TRUE(makesFive(b, pt("i8"), Color::Black, Rule::Renju));
  EXPECT_EQ(kindAt(stones, "i8"), ForbiddenKind::None);
  // Without the five, the same point is an overline.
  EXPECT_EQ(kindAt("e8,f8,g8,i5,i6,i7,i9,i10/h8", "i8"), ForbiddenKind::Overline);
}

TEST(Renju, FalseThreeThroughDoubleFourPoints) {
  // h8 makes f8-g8-h8 (straight-four points e8, i8) and h6-h7-h8. With e5-e7 and i5-i7 on the
  // board, both e8 and i8 become double-fours once h8 is down: the row-8 three is not real.
  EXPECT_EQ(kindAt("f8,g8,h6,h7/", "h8"), ForbiddenKind::DoubleThree);
  const std::string stones = "f8,g8,h6,h7,e5,e6,e7,i5,i6,i7/";
  EXPECT_EQ(kindAt(stones, "h8"), ForbiddenKind::None);
  Board b = boardOf(stones);
  b.place(pt("h8"), Color::Black);
  EXPECT_EQ(forbiddenKind(b, pt("e8")), ForbiddenKind::DoubleFour);
  EXPECT_EQ(forbiddenKind(b, pt("i8")), ForbiddenKind::DoubleFour);
}

TEST(Renju, FalseThreeThroughOverlinePoint) {
  // White d8 leaves i8 as the only straight-four point of f8-g8-h8; i6 i7 . i9 i10 i11 makes
  // i8 an overline point, so the row-8 three is not real and h8 is allowed.
  EXPECT_EQ(kindAt("f8,g8,h6,h7/d8", "h8"), ForbiddenKind::DoubleThree);
  EXPECT_EQ(kindAt("f8,g8,h6,h7,i6,i7,i9,i10,i11/d8", "h8"), ForbiddenKind::None);
}

TEST(Renju, ThreeWhoseStraightFourPointMakesFiveIsNoThree) {
  // Both straight-four points of f8-g8-h8 (e8 and i8) also complete a five on their columns,
  // so that three cannot become a straight four "without making a five at the same time".
  EXPECT_EQ(kindAt("f8,g8,h6,h7,e4,e5,e6,e7,i4,i5,i6,i7/e3,i3", "h8"), ForbiddenKind::None);
  // Take away the column-i five and i8 is a plain straight-four point: the three is real again.
  EXPECT_EQ(kindAt("f8,g8,h6,h7,e4,e5,e6,e7/e3", "h8"), ForbiddenKind::DoubleThree);
}

// Nested false threes, taken with their labels from renju-fouls.tsv: the verdict at the point
// depends on a straight-four point whose own double-three is false one level further down.
TEST(Renju, NestedFalseThree) {
  const std::string line1693 =
      "h8,e6,e4,i7,g4,b1,b2,f6,c6,k7,e8,i5,c7,f7/g8,d4,c5,d2,j8,g5,b3,j7,c4,g9,f4,h4,h6";
  EXPECT_EQ(kindAt(line1693, "f9"), ForbiddenKind::DoubleThree);
  const std::string line251 =
      "h8,h7,i10,e8,k6,b10,e6,h4,h12,h13,n9,e5,c9,g11,l3,l10,f12,f10,g5,k4,d4,e2,k8,c5,c6,d3,k12,d5,m8,j5,d9/"
      "f6,f11,d14,e10,i9,m3,d11,h10,j7,i6,g12,j6,a7,f4,i13,e9,f14,o13,h6,m10,b7,b14,b9,b8,j4,h9,i14,l9,d8,l2,l8";
  EXPECT_EQ(kindAt(line251, "f7"), ForbiddenKind::DoubleThree);
}

TEST(Renju, WhiteHasNoFouls) {
  Board b = boardOf("a1/f8,g8,h6,h7,d9,e9", kDefaultSize);
  EXPECT_EQ(forbiddenKind(b, pt("h8"), Color::White, Rule::Renju), ForbiddenKind::None);
  // White's overline wins in renju.
  Board o = boardOf("a1,a3/d8,e8,f8,h8,i8");
  EXPECT_TRUE(makesFive(o, pt("g8"), Color::White, Rule::Renju));
  EXPECT_FALSE(makesFive(o, pt("g8"), Color::White, Rule::Standard));
  EXPECT_TRUE(makesFive(o, pt("g8"), Color::White, Rule::Freestyle));
}

TEST(GomokuRules, NothingIsForbidden) {
  for (Rule r : {Rule::Freestyle, Rule::Standard}) {
    Board b = boardOf("f8,g8,h6,h7,g10,i10/", kDefaultSize, r);
    EXPECT_TRUE(forbiddenPoints(b, r).empty());
    EXPECT_EQ(forbiddenKind(b, pt("h8"), Color::Black, r), ForbiddenKind::None);
  }
  Board b = boardOf("f8,g8,h6,h7,g10,i10/");
  EXPECT_FALSE(forbiddenPoints(b, Rule::Renju).empty());
}

TEST(GomokuRules, OverlineWinsOnlyInFreestyle) {
  Board b = boardOf("d8,e8,f8,h8,i8/a1,a3,a5,a7,a9", kDefaultSize, Rule::Freestyle);
  EXPECT_TRUE(makesFive(b, pt("g8"), Color::Black, Rule::Freestyle));
  EXPECT_FALSE(makesFive(b, pt("g8"), Color::Black, Rule::Standard));
  EXPECT_FALSE(makesFive(b, pt("g8"), Color::Black, Rule::Renju));
  EXPECT_FALSE(makesFive(b, pt("g9"), Color::Black, Rule::Freestyle));
}

TEST(GomokuRules, FindsFinishedGames) {
  EXPECT_FALSE(findFinishedGame(boardOf("d8,e8,f8,g8/"), Rule::Renju));
  Board five(kDefaultSize);
  for (const char* p : {"d8", "e8", "f8", "g8", "h8"}) five.place(pt(p), Color::White);
  auto f = findFinishedGame(five, Rule::Standard);
  ASSERT_TRUE(f);
  EXPECT_EQ(f->winner, Color::White);
  Board six(kDefaultSize);
  for (const char* p : {"c8", "d8", "e8", "f8", "g8", "h8"}) six.place(pt(p), Color::Black);
  EXPECT_FALSE(findFinishedGame(six, Rule::Standard));  // an overline is just stones
  ASSERT_TRUE(findFinishedGame(six, Rule::Freestyle));
  auto foul = findFinishedGame(six, Rule::Renju);
  ASSERT_TRUE(foul);
  EXPECT_TRUE(foul->blackFoul);
  EXPECT_EQ(foul->winner, Color::White);
}

TEST(Renju, SmallAndLargeBoards) {
  // Fouls near the edges of the smallest and largest boards.
  Board small = boardOf("a2,a3,b1,c1/", 5);
  EXPECT_EQ(forbiddenKind(small, pt("a1", 5)), ForbiddenKind::None);  // a2-a3 is against the edge
  Board large = boardOf("r20,s20,t18,t19/", 20);
  EXPECT_EQ(forbiddenKind(large, pt("t20", 20)), ForbiddenKind::None);
  Board mid = boardOf("q18,r18,s16,s17/", 20);
  EXPECT_EQ(forbiddenKind(mid, pt("s18", 20)), ForbiddenKind::DoubleThree);
}

}  // namespace
}  // namespace tengen::gomoku

namespace tengen::gomoku {
namespace {

// quintet's threat_limit 1: a move after which the attacker wins by one more move, against a
// pass. White's four whose only five point is a black foul is such a win.
TEST(Threats, WhitesFourWithAFoulBlockIsUnstoppable) {
  // Black f8,g8 and f6,g7 make h8 a double-three; white h9,h10,h11 with h13 black: white's h12
  // makes a four whose one five point, h8, black may not take.
  const Board board = testing::boardOf("f8,g8,f6,g7,h13/h9,h10,h11,a1,a3");
  Board b = board;
  ASSERT_EQ(forbiddenKind(b, testing::pt("h8")), ForbiddenKind::DoubleThree);
  MoveList unstoppable;
  findStraightFourMoves(b, Color::White, Rule::Renju, unstoppable);
  EXPECT_TRUE(unstoppable.contains(testing::pt("h12")));
  // Without the foul (freestyle) it is a plain four that black blocks.
  findStraightFourMoves(b, Color::White, Rule::Freestyle, unstoppable);
  EXPECT_FALSE(unstoppable.contains(testing::pt("h12")));
  // One move earlier (white h11 not yet played), h11 threatens it: a VCT of threat limit 1 now
  // counts h11 as a threat, as quintet does.
  MoveList candidates;
  Board before = testing::boardOf("f8,g8,f6,g7,h13/h9,h10,a1,a3");
  findNearbyMoves(before, Color::White, Rule::Renju, candidates, 2);
  EXPECT_TRUE(candidates.contains(testing::pt("h11")));
}

}  // namespace
}  // namespace tengen::gomoku
