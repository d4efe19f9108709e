// The prover end to end: known game values, wins of each kind in renju, and the independent
// verifier accepting real proofs and rejecting broken ones.
#include <gtest/gtest.h>

#include "solver/gomoku/notation.h"
#include "solver/gomoku/proof_check.h"
#include "solver/gomoku/solve.h"
#include "test_boards.h"

namespace tengen::gomoku {
namespace {

using testing::pt;

Position positionOf(const std::string& text, Rule rule = Rule::Renju, int size = 15,
                    std::optional<Color> toMove = std::nullopt) {
  PositionOptions o;
  o.rule = rule;
  o.size = size;
  o.toMove = toMove;
  return parsePosition(text, o);
}

SolveResult solveWith(const Position& pos, ProofMode mode = ProofMode::Full, int limit = 0) {
  SolveOptions o;
  o.mode = mode;
  o.moveLimit = limit;
  o.hashMegabytes = 32;
  o.maxNodes = 5'000'000;  // far above what these need; a runaway search fails instead of hanging
  return solve(pos, o);
}

// Every proof behind a result must pass the verifier again, independently of solve().
void expectVerified(const Position& pos, const SolveResult& r) {
  EXPECT_TRUE(r.verified) << r.verifyError;
  ASSERT_FALSE(r.proofs.empty());
  for (const auto& p : r.proofs) {
    const ProofCheck c = checkProof(pos.board, pos.toMove, pos.rule, p.attacker, p.tree);
    EXPECT_TRUE(c.ok) << c.error;
  }
}

TEST(Prover, SmallBoardsAreDraws) {
  for (Rule rule : {Rule::Freestyle, Rule::Standard})
    for (int size : {5, 6}) {
      const Position pos = positionOf("", rule, size);
      const SolveResult r = solveWith(pos);
      EXPECT_EQ(r.value, GameValue::Draw) << ruleName(rule) << " " << size;
      expectVerified(pos, r);
      // A draw is two disproofs: neither side can force five.
      EXPECT_EQ(r.proofs.size(), 2u);
    }
}

TEST(Prover, SevenBySevenIsADraw) {
  // Hsu et al. (TCS 2020): the 7,7,5-game is a draw; with exactly five it is one too. Both
  // disproofs end in pairing strategies, each re-checked cell by cell by the verifier.
  for (Rule rule : {Rule::Freestyle, Rule::Standard}) {
    const Position pos = positionOf("", rule, 7);
    const SolveResult r = solveWith(pos);
    EXPECT_EQ(r.value, GameValue::Draw) << ruleName(rule);
    expectVerified(pos, r);
    EXPECT_EQ(r.proofs.size(), 2u);
    int pairings = 0;
    for (const auto& p : r.proofs)
      for (const auto& n : p.tree.nodes) pairings += n.argument.kind == ProofGame::kPairing;
    EXPECT_GT(pairings, 100) << ruleName(rule);
  }
}

TEST(Prover, ImmediateFiveAndForcedBlock) {
  const Position five = positionOf("h8,i8,j8,k8/h9,i9,j9,k10");
  const SolveResult r = solveWith(five);
  EXPECT_EQ(r.value, GameValue::BlackWins);
  ASSERT_EQ(r.line.size(), 1u);
  EXPECT_TRUE(r.line[0] == pt("g8") || r.line[0] == pt("l8"));
  expectVerified(five, r);
  // White to move cannot block an open four: black wins, whatever white plays.
  const Position open = positionOf("h8,i8,j8,k8/h9,i9,j9", Rule::Renju, 15, Color::White);
  const SolveResult w = solveWith(open);
  EXPECT_EQ(w.value, GameValue::BlackWins);
  expectVerified(open, w);
}

TEST(Prover, WhiteWinsByFoul) {
  // h8 is a double-three for black (f8 g8 and f6 g7). White's h7 makes a four (h7 . h9 h10 h11,
  // closed by black h12) whose only five point is h8, which black may not play.
  const Position pos = positionOf("f8,g8,f6,g7,h12/h9,h10,h11,a1");
  ASSERT_EQ(pos.toMove, Color::White);
  const SolveResult r = solveWith(pos, ProofMode::Vcf);
  EXPECT_EQ(r.value, GameValue::WhiteWins);
  EXPECT_EQ(r.bestMove, pt("h7"));
  expectVerified(pos, r);
  // Under freestyle rules black blocks at h8, so no one-move win exists.
  const Position free = positionOf("f8,g8,f6,g7,h12/h9,h10,h11,a1", Rule::Freestyle);
  EXPECT_EQ(solveWith(free, ProofMode::Vcf, 1).value, GameValue::Unknown);
}

TEST(Prover, WinThatIsNeitherVcfNorVct) {
  // quintet's vct_game_black_l03_3 (a real game): black wins, but neither by continuous fours nor
  // by fours and threes; only the full search (all attacker moves) proves it.
  const Position pos = positionOf(
      "c11,f11,e10,f10,g10,a9,f9,g9,h9,d8,e8,h8,f7,h6/e12,h11,d10,b9,c9,d9,e9,f8,d7,e7,g7,h7,i7,j7",
      Rule::Renju, 15, Color::Black);
  EXPECT_TRUE(solveWith(pos, ProofMode::Vcf).noneWithinLimits);
  EXPECT_TRUE(solveWith(pos, ProofMode::Vct).noneWithinLimits);
  const SolveResult r = solveWith(pos);
  EXPECT_EQ(r.value, GameValue::BlackWins);
  expectVerified(pos, r);
}

TEST(Prover, VerifierRejectsBrokenProofs) {
  const Position pos = positionOf("f8,g8,f6,g7,h12/h9,h10,h11,a1");
  SolveResult r = solveWith(pos, ProofMode::Vcf);
  ASSERT_TRUE(r.verified);
  auto tree = r.proofs[0].tree;
  // A different first move for white (a1 is taken, b1 wins nothing).
  tree.nodes[0].children[0].move = pt("b1");
  EXPECT_FALSE(checkProof(pos.board, pos.toMove, pos.rule, Color::White, tree).ok);
  // The same tree claimed for the wrong attacker.
  EXPECT_FALSE(checkProof(pos.board, pos.toMove, pos.rule, Color::Black, r.proofs[0].tree).ok);
  // The same tree under freestyle, where black may block at h8.
  const Position free = positionOf("f8,g8,f6,g7,h12/h9,h10,h11,a1", Rule::Freestyle);
  EXPECT_FALSE(checkProof(free.board, free.toMove, free.rule, Color::White, r.proofs[0].tree).ok);
  // A VCT proof (quintet's vct_black) with the recorded answers to its threes taken away: the
  // defender's other replies are then neither in the tree nor refuted.
  const Position vct = positionOf("h10,h9,j9,h8,i7/i11,i9,g8,j8,h7", Rule::Renju, 15, Color::Black);
  SolveResult r2 = solveWith(vct, ProofMode::Vct, 4);
  ASSERT_TRUE(r2.verified) << r2.verifyError;
  auto cut = r2.proofs[0].tree;
  int arguments = 0;
  for (auto& n : cut.nodes) {
    arguments += n.argument.kind == ProofGame::kThreatAnswers;
    n.argument = {};
  }
  ASSERT_GT(arguments, 0);
  EXPECT_FALSE(checkProof(vct.board, vct.toMove, vct.rule, Color::Black, cut).ok);
}

TEST(Prover, DrawVerifierRejectsFalsePairing) {
  const Position pos = positionOf("", Rule::Freestyle, 5);
  SolveResult r = solveWith(pos);
  ASSERT_EQ(r.value, GameValue::Draw);
  for (auto& p : r.proofs) {
    auto tree = p.tree;
    bool changed = false;
    for (auto& n : tree.nodes)
      if (n.argument.kind == ProofGame::kPairing && n.argument.moves.size() >= 2) {
        n.argument.moves.resize(n.argument.moves.size() - 2);  // drop one pair
        changed = true;
      }
    if (changed) {
      EXPECT_FALSE(checkProof(pos.board, pos.toMove, pos.rule, p.attacker, tree).ok);
    }
  }
}

TEST(ProofGameKeys, KeyAfterMatchesPlayingTheMove) {
  for (ProofMode mode : {ProofMode::Full, ProofMode::Vcf}) {
    const Position pos = positionOf("h8,i9,j7/h9,g7,k8");
    ProofGame game(pos.board, pos.toMove, pos.rule, Color::Black, mode, mode == ProofMode::Vcf ? 5 : 0);
    for (Point p = 0; p < 225; p += 7) {
      if (!game.board().isEmpty(p)) continue;
      const std::uint64_t predicted = game.keyAfter(p);
      game.play(p);
      EXPECT_EQ(predicted, game.key());
      // Mirror images share table keys, exact keys tell them apart.
      game.undo();
    }
  }
  const Position a = positionOf("h8 g9"), b = positionOf("h8 i9");
  ProofGame ga(a.board, a.toMove, a.rule, Color::Black, ProofMode::Full);
  ProofGame gb(b.board, b.toMove, b.rule, Color::Black, ProofMode::Full);
  EXPECT_EQ(ga.key(), gb.key());
  EXPECT_NE(ga.exactKey(), gb.exactKey());
}

TEST(ProofNumbers, FiniteSumsStayBelowInfinity) {
  // An AND node whose children's proof numbers add up past the cap is still open: were it to
  // read as infinite, the root search would stop with budget left ("unknown" far too early).
  using proof::kInfinity;
  EXPECT_EQ(proof::saturatingAdd(kInfinity - 5, 10), kInfinity - 1);
  EXPECT_EQ(proof::saturatingAdd(kInfinity - 1, kInfinity - 1), kInfinity - 1);
  EXPECT_EQ(proof::saturatingAdd(kInfinity, 0), kInfinity);
  EXPECT_EQ(proof::saturatingAdd(3, kInfinity), kInfinity);
  EXPECT_EQ(proof::saturatingAdd(3, 4), 7u);
}

TEST(Prover, DeterministicNodeCounts) {
  const Position pos = positionOf("", Rule::Freestyle, 6);
  const SolveResult a = solveWith(pos), b = solveWith(pos);
  EXPECT_EQ(a.value, b.value);
  EXPECT_EQ(a.nodes, b.nodes);
  EXPECT_EQ(a.proofNodes, b.proofNodes);
}

TEST(Prover, BudgetGivesUnknown) {
  SolveOptions o;
  o.maxNodes = 50;
  o.hashMegabytes = 8;
  const SolveResult r = solve(positionOf("h8"), o);
  EXPECT_EQ(r.value, GameValue::Unknown);
  EXPECT_FALSE(r.verified);
  EXPECT_LE(r.nodes, 200u);
}

}  // namespace
}  // namespace tengen::gomoku
