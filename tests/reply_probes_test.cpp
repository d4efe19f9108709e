// Reply probes: at a defender's node near the search's root, every reply is probed at once for
// a threat win of the attacker, and where no threat narrows the replies, the relevance-zone cut
// runs at the first visit. On positions of the first Kagetsu line (renju, black wins): the rule
// fires after black's quiet g11 (a threat of a VCT, no three) and after a threat that leaves
// answers, does not fire after a move that threatens nothing, nor deeper than its plies; and the
// proofs it shapes verify. (Yusei, for a threat's answers, has white attacking.)
#include <gtest/gtest.h>

#include <sstream>

#include "solver/gomoku/position.h"
#include "solver/gomoku/proof_check.h"
#include "solver/gomoku/proof_game.h"
#include "solver/gomoku/solve.h"
#include "tests/test_boards.h"

namespace tengen::gomoku {
namespace {

using testing::pt;

// The first Kagetsu line to black's 18th ply; black's g11 (ply 19) wins, a quiet move.
constexpr const char* kBeforeG11 = "h8 h9 i9 j10 g8 i8 g10 h7 e8 g7 f9 d7 f8 d8 h11 i12 f7 f10";

struct Expanded {
  proof::Expansion expansion;
  std::vector<proof::Child<Point>> children;
  proof::Argument<Point> argument;
  int refuted = 0;  // children the probes already settled
};

// The attacker's full-mode game on `moves`, with `extra` played after the root and the node expanded.
Expanded expandAfter(const std::string& moves, const std::vector<std::string>& extra, int replyProbePlies,
                     Color attacker = Color::Black) {
  const Position pos = parsePosition(moves, PositionOptions{});
  ProofGame game(pos.board, pos.toMove, pos.rule, attacker, ProofMode::Full);
  game.setNullMoveBudget(1000);
  game.setThreatProbes(64, 4096);
  game.setReplyProbePlies(replyProbePlies);
  for (const auto& m : extra) game.play(pt(m));
  Expanded e;
  e.expansion = game.expand(e.children, e.argument);
  for (const auto& c : e.children) e.refuted += game.estimateAfter(c.move).isProven() ? 1 : 0;
  return e;
}

TEST(ReplyProbes, AfterAQuietThreatOnlyTheZonesRepliesStayAndMostAreRefutedAtOnce) {
  const Expanded e = expandAfter(kBeforeG11, {"g11"}, 4);
  ASSERT_EQ(e.expansion, proof::Expansion::Open);
  EXPECT_EQ(e.argument.kind, ProofGame::kRelevanceZone);
  ASSERT_TRUE(e.argument.tree);
  EXPECT_LT(e.children.size(), 200u);  // the zone's replies, not every legal move
  EXPECT_GT(e.refuted, 0);
  EXPECT_LT(e.refuted, static_cast<int>(e.children.size()));  // the real defences survive
}

TEST(ReplyProbes, OffTheRepliesWaitForTheSearch) {
  const Expanded e = expandAfter(kBeforeG11, {"g11"}, 0);
  ASSERT_EQ(e.expansion, proof::Expansion::Open);
  EXPECT_EQ(e.argument.kind, 0);  // the zone cut waits for a revisit
  EXPECT_GT(e.children.size(), 200u);
  EXPECT_EQ(e.refuted, 0);
}

TEST(ReplyProbes, AMoveThatThreatensNothingLeavesEveryReplyUnprobed) {
  // a1 starts nothing: black has no win even if white passes, so no reply is worth a probe.
  const Expanded e = expandAfter(kBeforeG11, {"a1"}, 4);
  ASSERT_EQ(e.expansion, proof::Expansion::Open);
  EXPECT_EQ(e.argument.kind, 0);
  EXPECT_GT(e.children.size(), 200u);
  EXPECT_EQ(e.refuted, 0);
}

TEST(ReplyProbes, NodesDeeperThanThePliesAreLeftToTheSearch) {
  // The same node as the first test, four plies below the root: beyond a depth of 4.
  const Expanded e = expandAfter("h8 h9 i9 j10 g8 i8 g10 h7 e8 g7 f9 d7 f8 d8", {"h11", "i12", "f7", "f10", "g11"}, 4);
  EXPECT_EQ(e.argument.kind, 0);
  EXPECT_EQ(e.refuted, 0);
  // Within them (its plies 0 to 5) it fires.
  const Expanded near = expandAfter("h8 h9 i9 j10 g8 i8 g10 h7 e8 g7 f9 d7 f8 d8", {"h11", "i12", "f7", "f10", "g11"}, 6);
  EXPECT_EQ(near.argument.kind, ProofGame::kRelevanceZone);
  EXPECT_GT(near.refuted, 0);
}

TEST(ReplyProbes, AnswersToAThreatAreProbedToo) {
  // Yusei (renju, white wins) before white's 23rd move: white's l11 makes a three, so black must
  // answer it (or make a four); one of those answers still loses to a threat win at once.
  const Expanded e = expandAfter(
      "h8 h9 j6 g9 f9 i8 h7 g8 g10 i10 j11 h11 i9 h10 h13 g12 j9 f12 f6 g7 j10 j12 i11 g14 h12 k9 g13 f14 f13 e13 "
      "i13 j13 g11 f10 e11 k12 g6 h6 f7 f8 e9 k11 k10 i7 j8",
      {"l11"}, 4, Color::White);
  ASSERT_EQ(e.expansion, proof::Expansion::Open);
  EXPECT_EQ(e.argument.kind, ProofGame::kThreatAnswers);
  EXPECT_GT(e.refuted, 0);
  EXPECT_LT(e.refuted, static_cast<int>(e.children.size()));
  // Without reply probes, none is settled before the search gets there.
  EXPECT_EQ(expandAfter("h8 h9 j6 g9 f9 i8 h7 g8 g10 i10 j11 h11 i9 h10 h13 g12 j9 f12 f6 g7 j10 j12 i11 g14 h12 "
                        "k9 g13 f14 f13 e13 i13 j13 g11 f10 e11 k12 g6 h6 f7 f8 e9 k11 k10 i7 j8",
                        {"l11"}, 0, Color::White)
                .refuted,
            0);
}

TEST(ReplyProbes, ProofsTheyShapeVerify) {
  // White to move after g11: every reply must be refuted; the probes' wins are grafted in.
  const Position pos = parsePosition(std::string(kBeforeG11) + " g11", PositionOptions{});
  SolveOptions o;
  o.onlyAttacker = Color::Black;
  o.replyProbePlies = 4;
  o.maxNodes = 200'000;
  o.hashMegabytes = 64;
  const SolveResult r = solve(pos, o);
  ASSERT_EQ(r.value, GameValue::BlackWins) << r.verifyError;
  ASSERT_TRUE(r.verified);
  ASSERT_EQ(r.proofs.size(), 1u);
  const ProofCheck check = checkProof(pos.board, pos.toMove, pos.rule, Color::Black, r.proofs[0].tree);
  EXPECT_TRUE(check.ok) << check.error;
}

}  // namespace
}  // namespace tengen::gomoku
