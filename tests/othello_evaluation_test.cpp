// The fitted Othello evaluation: one value for the 8 images of a position, a fit that is
// reproducible and beats guessing, a committed 6x6 table that predicts margins it never saw, and
// exact values that do not depend on the ordering it feeds.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "solver/othello/endgame.h"
#include "solver/othello/evaluation.h"
#include "solver/othello/evaluation_fit.h"
#include "solver/othello/symmetry.h"
#include "tests/othello_random.h"

namespace tengen::othello {
namespace {

TEST(OthelloEvaluation, EveryImageOfAPositionHasTheSameFeaturesValue) {
  const EvaluationWeights* w = fittedWeights(6);
  ASSERT_NE(w, nullptr) << "no committed 6x6 weights";
  std::mt19937 rng(7);
  for (int i = 0; i < 200; ++i) {
    const Position p = randomPosition(rng, 6, 4 + i % 24);
    const int v = evaluate(*w, evaluationFeatures(p.mine(), p.theirs(), 6));
    for (int sym = 1; sym < kSymmetries; ++sym) {
      const Position q = transformPosition(sym, p);
      EXPECT_EQ(evaluate(*w, evaluationFeatures(q.mine(), q.theirs(), 6)), v) << "image " << sym;
    }
  }
}

TEST(OthelloEvaluation, FeaturesReadTheMoverAndTheOpponent) {
  // The 6x6 start, black to move: 4 moves each, the edges empty; each corner block's far square
  // (its last digit, 3^8) is a centre disc, two the mover's and two the opponent's; the long
  // diagonals hold the centre discs too (the mover's on one, the opponent's on the other).
  const Position p = Position::start(6);
  const EvaluationFeatures f = evaluationFeatures(p.mine(), p.theirs(), 6);
  EXPECT_EQ(f.mobility, 0);
  EXPECT_EQ(f.potential, 0);
  for (int e : f.edges) EXPECT_EQ(e, 0);
  int moverCorners = 0;
  for (int c : f.corners) {
    EXPECT_TRUE(c == 6561 || c == 2 * 6561) << c;
    moverCorners += c == 6561;
  }
  EXPECT_EQ(moverCorners, 2);
  EXPECT_NE(f.diagonals[0], f.diagonals[1]);
}

TEST(OthelloEvaluation, TheFitIsReproducibleAndBeatsGuessingZero) {
  FitOptions o;
  o.size = 6;
  o.samples = 400;
  o.minEmpties = 8;
  o.maxEmpties = 12;
  o.seed = 3;
  o.threads = 1;
  const auto one = makeFitSamples(o);
  o.threads = 2;
  const auto two = makeFitSamples(o);
  ASSERT_EQ(one.size(), two.size());
  for (std::size_t i = 0; i < one.size(); ++i) {
    EXPECT_EQ(one[i].mine, two[i].mine);
    EXPECT_EQ(one[i].margin, two[i].margin);
  }
  const FittedTable a = fitEvaluation(one, o), b = fitEvaluation(two, o);
  EXPECT_EQ(a.edge, b.edge);
  EXPECT_EQ(a.corner, b.corner);
  EXPECT_EQ(a.bias, b.bias);
  EXPECT_LT(a.trainError, a.baselineError);
}

TEST(OthelloEvaluation, TheCommittedTablePredictsMarginsItNeverSaw) {
  const EvaluationWeights* w = fittedWeights(6);
  ASSERT_NE(w, nullptr);
  // Positions from another generator than the fit's, solved exactly.
  std::mt19937 rng(2026);
  EndgameSolver solver(18);
  double err = 0, zero = 0;
  int count = 0;
  for (int i = 0; i < 150; ++i) {
    const Position p = randomPosition(rng, 6, 10 + i % 5);
    if (p.ended() || !p.moves()) continue;
    const int margin = solver.solve(p).margin;
    const double e = evaluate(*w, evaluationFeatures(p.mine(), p.theirs(), 6)) / 16.0 - margin;
    err += e * e;
    zero += double(margin) * margin;
    ++count;
  }
  ASSERT_GT(count, 100);
  EXPECT_LT(std::sqrt(err / count), 0.75 * std::sqrt(zero / count));
}

TEST(OthelloEvaluation, TheExactValueDoesNotDependOnWhereTheSearchStarts) {
  // 6x6 far enough out that moves are ordered by the evaluation's shallow searches.
  std::mt19937 rng(11);
  for (int i = 0; i < 6; ++i) {
    const Position p = randomPosition(rng, 6, 16);
    if (p.ended()) continue;
    EndgameSolver fitted(18);
    const EndgameResult r = fitted.solve(p);
    for (int guess : {-36, 0, 36}) {
      EndgameSolver other(18);
      EXPECT_EQ(other.solve(p, guess).margin, r.margin) << "guess " << guess;
    }
    EndgameSolver window(18);
    EXPECT_EQ(window.search(p, -127, 127), r.margin);
  }
}

}  // namespace
}  // namespace tengen::othello
