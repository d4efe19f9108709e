// The line pattern tables compiled into the solver against the judge they were generated from,
// and a few windows whose patterns are known by hand.
#include <gtest/gtest.h>

#include "solver/gomoku/line_pattern.h"
#include "solver/gomoku/line_pattern_rules.h"

namespace tengen::gomoku {
namespace {

// Key of a window written as 11 characters: 'x' own, 'o' blocked, '.' empty (cell 5, the
// centre, is the stone judged and is written 'x').
int keyOf(const char* cells) {
  unsigned own = 0, blocked = 0;
  for (int i = 0; i < kWindowCells; ++i) {
    if (cells[i] == 'x') own |= 1u << i;
    if (cells[i] == 'o') blocked |= 1u << i;
  }
  return windowKey(own, blocked);
}

bool samePattern(const LinePattern& a, const LinePattern& b) {
  return a.fivePoints == b.fivePoints && a.straightFourPoints == b.straightFourPoints && a.flags == b.flags &&
         a.fours == b.fours && a.bestWindow == b.bestWindow && a.potential == b.potential;
}

TEST(LinePatterns, CompiledTablesEqualTheJudgeOnEveryWindow) {
  int differ = 0, firstKey = -1;
  for (const bool exact : {true, false})
    for (int key = 0; key < kWindowKeys; ++key)
      if (!samePattern(linePatternTable(exact)[key], judgeLineWindow(key, exact)) && differ++ == 0) firstKey = key;
  EXPECT_EQ(differ, 0) << "first differing key " << firstKey;
}

TEST(LinePatterns, KnownWindows) {
  // ...xx[x]xx...: five under either rule.
  EXPECT_TRUE(linePatternTable(true)[keyOf("...xxxxx...")].five());
  // ..xxx[x]xx...: six stones: an overline under exact five, a five under five-or-more.
  EXPECT_TRUE(linePatternTable(true)[keyOf("..xxxxxx...")].overline());
  EXPECT_FALSE(linePatternTable(true)[keyOf("..xxxxxx...")].five());
  EXPECT_TRUE(linePatternTable(false)[keyOf("..xxxxxx...")].five());
  // ...xx[x]x....: an open (straight) four, five points at cells 2 and 7.
  const LinePattern& open = linePatternTable(true)[keyOf("...xxxx....")];
  EXPECT_TRUE(open.straightFour());
  EXPECT_EQ(open.fours, 1);
  EXPECT_EQ(open.fivePoints, (1u << 2) | (1u << 7));
  // ..oxx[x]x....: a four blocked on one side, five point at cell 7 only.
  const LinePattern& closed = linePatternTable(true)[keyOf("..oxxxx....")];
  EXPECT_FALSE(closed.straightFour());
  EXPECT_EQ(closed.fours, 1);
  EXPECT_EQ(closed.fivePoints, 1u << 7);
  // ....x[x]x....: an open three; a stone at cell 3 or 7 makes a straight four.
  const LinePattern& three = linePatternTable(true)[keyOf("....xxx....")];
  EXPECT_TRUE(three.three());
  EXPECT_EQ(three.fours, 0);
  EXPECT_EQ(three.straightFourPoints, (1u << 3) | (1u << 7));
  // o...x[x]xo...: blocked at cell 7: no straight four anywhere, not a three.
  EXPECT_FALSE(linePatternTable(true)[keyOf("o...xxxo...")].three());
}

}  // namespace
}  // namespace tengen::gomoku
