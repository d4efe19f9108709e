// The split plan without workers: its jobs answered here by the endgame solver, several out at a
// time and in a random order, as workers would answer them. The margin must be the solver's, the
// line perfect, and the composed trees must pass the plain-rules verifier, however deep the split.
#include <gtest/gtest.h>

#include <bit>
#include <random>
#include <vector>

#include "solver/othello/margin_job.h"
#include "solver/othello/proof_check.h"
#include "solver/othello/split_plan.h"
#include "tests/othello_random.h"

namespace tengen::othello {
namespace {

// Runs the plan to its end with up to `inFlight` jobs out, answering a random one each time;
// `change` may alter an answer before the plan takes it. Returns the first refusal ("" if none).
template <class Change>
std::string drive(SplitPlan& plan, std::mt19937& rng, std::size_t inFlight, bool wantProof, Change change) {
  MarginJobRunner runner;
  std::vector<SplitJob> out;
  while (true) {
    while (out.size() < inFlight) {
      auto job = plan.next();
      if (!job) break;
      out.push_back(*job);
    }
    if (out.empty()) return "";
    const std::size_t k = rng() % out.size();
    const SplitJob job = out[k];
    out.erase(out.begin() + static_cast<std::ptrdiff_t>(k));
    MarginJob spec;
    spec.hashMegabytes = 8;
    spec.ceiling = job.ceiling;
    spec.wantLine = true;
    spec.proofNodes = wantProof ? 1000000 : 0;
    MarginAnswer answer = runner.run(job.position, spec);
    change(job, answer);
    const std::string refused = plan.take(job.id, std::move(answer));
    if (!refused.empty()) return refused;
  }
}

TEST(OthelloSplitPlan, DeeperSplitsKeepTheSolversMarginAndTheirProofsVerify) {
  std::mt19937 rng(2026);
  std::uint64_t deeper = 0, bounds = 0;
  for (int i = 0; i < 12; ++i) {
    const Position p = randomPosition(rng, 6, 12 + i % 4);
    if (!p.moves()) continue;
    EndgameSolver solver(16);
    const int margin = solver.solve(p).margin;
    for (const int levels : {1, 2, 3, 5}) {
      SplitPlan plan(p, levels, true);
      ASSERT_EQ(drive(plan, rng, 1 + i % 3, true, [](const SplitJob&, MarginAnswer&) {}), "");
      ASSERT_TRUE(plan.settled()) << i << " levels " << levels;
      EXPECT_EQ(plan.margin(), margin) << i << " levels " << levels;
      const SplitCounts& c = plan.counts();
      EXPECT_EQ(c.moves, static_cast<std::uint64_t>(std::popcount(p.moves())));
      EXPECT_LE(c.positions, static_cast<std::uint64_t>(levels));
      if (levels == 1) {
        EXPECT_EQ(c.jobs + c.images, c.moves) << "one job per move";
      }
      EXPECT_EQ(c.jobs, c.exactJobs + c.boundJobs);
      deeper += c.positions > 1;
      bounds += c.boundJobs;
      Position after = p;
      after.play(plan.best());
      EXPECT_EQ(-solver.solve(after).margin, margin) << "the best move reaches the margin";
      ASSERT_FALSE(plan.line().empty());
      EXPECT_EQ(plan.line()[0], plan.best());
      Position end = p;
      for (const Square m : plan.line()) end.play(m);
      ASSERT_TRUE(end.ended());
      EXPECT_EQ(end.finalMargin() * (end.toMove() == p.toMove() ? 1 : -1), margin) << "the line ends at the margin";
      const MarginProof proof = plan.rootProof();
      ASSERT_TRUE(proof.proved) << proof.error;
      EXPECT_TRUE(checkOthelloProof(p, p.toMove(), margin, proof.atLeast).ok);
      EXPECT_TRUE(checkOthelloProof(p, p.toMove(), margin + 1, proof.notAbove).ok);
      EXPECT_FALSE(checkOthelloProof(p, p.toMove(), margin + 2, proof.atLeast).ok) << "the trees prove nothing stronger";
    }
  }
  EXPECT_GT(deeper, 10u) << "the first move was seldom split: levels are not used";
  EXPECT_GT(bounds, 0u) << "no move was settled by a bound: the ceilings are not used";
}

// A symmetric position's moves that are images of each other are asked once: the 4x4 start's four
// moves are one (and deeper split positions have such moves too). The others take the answer, their
// lines and trees carried over, and the composed trees must still verify.
TEST(OthelloSplitPlan, ImagesOfAMoveTakeItsAnswer) {
  std::mt19937 rng(9);
  std::vector<Position> positions{Position::start(4)};
  for (Bitboard m = positions[0].moves(); m; m &= m - 1) {
    Position p = positions[0];
    p.play(std::countr_zero(m));
    positions.push_back(p);
  }
  std::uint64_t images = 0;
  for (const Position& p : positions) {
    EndgameSolver solver(16);
    const int margin = solver.solve(p).margin;
    for (const int levels : {1, 3}) {
      SplitPlan plan(p, levels, true);
      ASSERT_EQ(drive(plan, rng, 2, true, [](const SplitJob&, MarginAnswer&) {}), "");
      ASSERT_TRUE(plan.settled());
      EXPECT_EQ(plan.margin(), margin);
      images += plan.counts().images;
      if (levels == 1) {
        EXPECT_EQ(plan.counts().jobs + plan.counts().images, plan.counts().moves);
      }
      const MarginProof proof = plan.rootProof();
      ASSERT_TRUE(proof.proved) << proof.error;
      EXPECT_TRUE(checkOthelloProof(p, p.toMove(), margin, proof.atLeast).ok);
      EXPECT_TRUE(checkOthelloProof(p, p.toMove(), margin + 1, proof.notAbove).ok);
      Position end = p;
      for (const Square m : plan.line()) end.play(m);
      EXPECT_TRUE(end.ended());
    }
  }
  EXPECT_GT(images, 6u) << "few moves were taken as images";
  EXPECT_EQ(SplitPlan(positions[0], 1, false).counts().images, 3u) << "the start's four moves are one";
}

TEST(OthelloSplitPlan, WithoutProofsTheMarginIsStillTheSolvers) {
  std::mt19937 rng(41);
  for (int i = 0; i < 6; ++i) {
    const Position p = randomPosition(rng, 8, 13 + i % 3);
    if (!p.moves()) continue;
    EndgameSolver solver(16);
    SplitPlan plan(p, 3, false);
    ASSERT_EQ(drive(plan, rng, 2, false, [](const SplitJob&, MarginAnswer&) {}), "");
    ASSERT_TRUE(plan.settled());
    EXPECT_EQ(plan.margin(), solver.solve(p).margin) << i;
    EXPECT_FALSE(plan.rootProof().proved);
  }
}

TEST(OthelloSplitPlan, AnUnknownAnswerLeavesTheRootUnsettled) {
  std::mt19937 rng(3);
  const Position p = randomPosition(rng, 6, 13);
  ASSERT_TRUE(p.moves());
  SplitPlan plan(p, 3, false);
  bool first = true;
  ASSERT_EQ(drive(plan, rng, 2, false,
                  [&](const SplitJob&, MarginAnswer& a) {
                    if (first) a = MarginAnswer{};  // out of time
                    first = false;
                  }),
            "");
  EXPECT_FALSE(plan.settled());
  EXPECT_EQ(plan.counts().unknown, 1u);
}

TEST(OthelloSplitPlan, RefusesTreesThatDoNotProveTheMargin) {
  std::mt19937 rng(11);
  const Position p = randomPosition(rng, 6, 12);
  ASSERT_TRUE(p.moves());
  SplitPlan plan(p, 2, true);
  const std::string refused = drive(plan, rng, 1, true, [](const SplitJob&, MarginAnswer& a) {
    if (a.exact && a.hasProof) a.margin += 2;  // an inflated margin with the real trees
  });
  EXPECT_NE(refused, "") << "an inflated margin was taken";
  EXPECT_FALSE(plan.settled());
}

}  // namespace
}  // namespace tengen::othello
