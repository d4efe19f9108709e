// Where `campaign --drill` goes down a run's hardest line: the loser's move before --drill-ply, a
// loser's four and its forced block not counted as plies; deeper on a line from a given move.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "cli/campaign.h"
#include "solver/gomoku/notation.h"
#include "solver/gomoku/position.h"

namespace tengen::cli {
namespace {

std::vector<gomoku::Point> moves(const std::string& text) {
  std::vector<gomoku::Point> out;
  std::istringstream in(text);
  for (std::string m; in >> m;) out.push_back(*gomoku::parsePoint(m, 15));
  return out;
}

// Black to win; white, to move after black's m13, holds a1 a2 a3 (a4 makes a four).
CampaignTarget target() {
  const gomoku::Position root = gomoku::parsePosition("h8 a1 o15 a2 n15 a3", {gomoku::Rule::Freestyle, 15, {}});
  return campaignTarget(root, "h8 a1 o15 a2 n15 a3", gomoku::Color::Black, *gomoku::parsePoint("m13", 15));
}

TEST(CampaignDrill, TheLosersMoveBeforeTheDrillPly) {
  const CampaignTarget t = target();
  const auto quiet = moves("c3 k13 c5 j13 c7 i13 c9 h13");
  EXPECT_EQ(drillReply(t, quiet, 2), 0u);
  EXPECT_EQ(drillReply(t, quiet, 4), 2u);
  EXPECT_EQ(drillReply(t, quiet, 6), 4u);
}

TEST(CampaignDrill, AShorterLineIsDrilledAtItsLastLosersMove) {
  const CampaignTarget t = target();
  EXPECT_EQ(drillReply(t, moves("c3"), 4), 0u);
  EXPECT_EQ(drillReply(t, moves("c3 k13"), 4), 0u);
  EXPECT_EQ(drillReply(t, moves("c3 k13 c5"), 6), 2u);
}

TEST(CampaignDrill, DeeperOnALineFromAGivenMove) {
  const CampaignTarget t = target();
  const auto quiet = moves("c3 k13 c5 j13 c7 i13 c9 h13");
  EXPECT_EQ(drillReply(t, quiet, 2, 2), 2u);
  EXPECT_EQ(drillReply(t, quiet, 4, 2), 4u);
  EXPECT_EQ(drillReply(t, quiet, 4, 4), 6u);
  EXPECT_EQ(drillReply(t, moves("c3 k13 c5"), 4, 2), 2u);
  // A four below the start is skipped as at the top.
  EXPECT_EQ(drillReply(t, moves("c3 k13 a4 a5 c5 j13 c7 i13"), 4, 2), 6u);
}

TEST(CampaignDrill, AFourAndItsBlockAreNotCounted) {
  const CampaignTarget t = target();
  // a4 makes white's four, a5 blocks it: the drill goes one pair deeper than on a quiet line.
  const auto forced = moves("a4 a5 c3 k13 c5 j13 c7 i13");
  EXPECT_EQ(drillReply(t, forced, 2), 2u);
  EXPECT_EQ(drillReply(t, forced, 4), 4u);
  // The same pair further down.
  EXPECT_EQ(drillReply(t, moves("c3 k13 a4 a5 c5 j13 c7 i13"), 4), 4u);
}

}  // namespace
}  // namespace tengen::cli
