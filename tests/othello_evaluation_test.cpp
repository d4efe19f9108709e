// The fitted Othello evaluation: one value for the 8 images of a position, a fit that is
// reproducible and beats guessing, a committed 6x6 table that predicts margins it never saw, and
// exact values that do not depend on the ordering it feeds.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "solver/othello/endgame.h"
#include "solver/othello/evaluation.h"
#include "solver/othello/evaluation_fit.h"
#include "solver/othello/symmetry.h"
#include "tests/othello_random.h"

namespace tengen::othello {
namespace {

// The patterns' definitions square by square, as the reference the byte-wise reading must match.
int reading(const Position& p, const std::vector<Square>& squares) {
  int index = 0;
  for (auto it = squares.rbegin(); it != squares.rend(); ++it)
    index = index * 3 + ((p.mine() & bit(*it)) ? 1 : (p.theirs() & bit(*it)) ? 2 : 0);
  return index;
}
int canonicalLine(int index, int n) {
  int x = index, rev = 0;
  for (int d = 0; d < n; ++d, x /= 3) rev = rev * 3 + x % 3;
  return std::min(index, rev);
}

// An edge read with the X-square at its first end, then the one at its far end; read from either end.
int canonicalEdge(const Position& p, std::vector<Square> line, Square nearFirst, Square nearLast) {
  std::vector<Square> reversed(line.rbegin(), line.rend());
  line.insert(line.end(), {nearFirst, nearLast});
  reversed.insert(reversed.end(), {nearLast, nearFirst});
  return std::min(reading(p, line), reading(p, reversed));
}

TEST(OthelloEvaluation, FeaturesAreThePatternsSquareBySquare) {
  std::mt19937 rng(5);
  for (int n : {6, 8}) {
    for (int i = 0; i < 300; ++i) {
      const Position p = randomPosition(rng, n, i % (n * n - 4));
      const EvaluationFeatures f = evaluationFeatures(p.mine(), p.theirs(), n);
      std::vector<Square> top, bottom, left, right, down, up;
      for (int k = 0; k < n; ++k) {
        top.push_back(k);
        bottom.push_back((n - 1) * 8 + k);
        left.push_back(k * 8);
        right.push_back(k * 8 + n - 1);
        down.push_back(k * 9);
        up.push_back(k * 8 + n - 1 - k);
      }
      const Square x11 = 9, x1n = 8 + n - 2, xn1 = (n - 2) * 8 + 1, xnn = (n - 2) * 8 + n - 2;
      EXPECT_EQ(f.edges[0], canonicalEdge(p, top, x11, x1n));
      EXPECT_EQ(f.edges[1], canonicalEdge(p, bottom, xn1, xnn));
      EXPECT_EQ(f.edges[2], canonicalEdge(p, left, x11, xn1));
      EXPECT_EQ(f.edges[3], canonicalEdge(p, right, x1n, xnn));
      EXPECT_EQ(f.diagonals[0], canonicalLine(reading(p, down), n));
      EXPECT_EQ(f.diagonals[1], canonicalLine(reading(p, up), n));
      for (int k = 0; k < 4; ++k) {
        std::vector<Square> block, across;
        for (int r = 0; r < 3; ++r)
          for (int c = 0; c < 3; ++c) {
            block.push_back((k & 2 ? n - 1 - r : r) * 8 + (k & 1 ? n - 1 - c : c));
            across.push_back((k & 2 ? n - 1 - c : c) * 8 + (k & 1 ? n - 1 - r : r));
          }
        EXPECT_EQ(f.corners[k], std::min(reading(p, block), reading(p, across))) << "corner " << k;
      }
      int mobility = std::popcount(p.moves());
      Position q(n, p.discs(Disc::Black), p.discs(Disc::White), opposite(p.toMove()), p.scoring());
      mobility -= std::popcount(q.moves());
      EXPECT_EQ(f.mobility, mobility);
    }
  }
}

TEST(OthelloEvaluation, ThePositionsValueIsTheFeaturesValue) {
  // evaluatePosition reads every pattern as it lies, by tables that hold each reading's canonical
  // weight; the features turn each pattern first. Positions of every fill, on both fitted sizes.
  std::mt19937 rng(11);
  for (int n : {6, 8}) {
    const EvaluationWeights* w = fittedWeights(n);
    ASSERT_NE(w, nullptr) << n;
    for (int i = 0; i < 3000; ++i) {
      const Position p = randomPosition(rng, n, i % (n * n - 4));
      const Bitboard moves = p.moves();
      EXPECT_EQ(evaluatePosition(*w, p.mine(), p.theirs(), moves),
                evaluate(*w, evaluationFeatures(p.mine(), p.theirs(), n, moves)))
          << n << "x" << n << " position " << i;
    }
  }
}

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

// A fit small enough for a test: 6x6 positions of 8-12 empties, quick to solve.
FitOptions smallFit(int samples) {
  FitOptions o;
  o.size = 6;
  o.samples = samples;
  o.minEmpties = 8;
  o.maxEmpties = 12;
  return o;
}

TEST(OthelloEvaluation, TheFitIsReproducibleAndBeatsGuessingZero) {
  FitOptions o = smallFit(400);
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

// Samples are numbered: a run that starts at sample k makes what a run from 0 made from k on, so
// a cut-off or smaller run can be carried on.
TEST(OthelloEvaluation, SamplesFromALaterFirstAreTheTailOfAWholeRun) {
  FitOptions o = smallFit(60);
  const auto whole = makeFitSamples(o);
  o.first = 37;
  o.samples = 23;
  const auto tail = makeFitSamples(o);
  ASSERT_EQ(tail.size(), 23u);
  for (std::size_t j = 0; j < tail.size(); ++j) {
    EXPECT_EQ(tail[j].mine, whole[37 + j].mine);
    EXPECT_EQ(tail[j].theirs, whole[37 + j].theirs);
    EXPECT_EQ(tail[j].margin, whole[37 + j].margin);
  }
  EXPECT_NE(tail[0].mine, whole[0].mine);
}

// Far from the end the samples' margins come from the selective search: the same whatever the
// threads (each from an empty table), and near the exact margins.
TEST(OthelloEvaluation, SelectiveLabelsAreReproducibleAndNearTheExactMargins) {
  FitOptions o = smallFit(80);
  o.minEmpties = 15;
  o.maxEmpties = 18;
  o.selective = true;
  o.threads = 1;
  const auto one = makeFitSamples(o);
  o.threads = 2;
  const auto two = makeFitSamples(o);
  o.selective = false;
  const auto exact = makeFitSamples(o);
  ASSERT_EQ(one.size(), 80u);
  double off = 0, zero = 0;
  int differ = 0;
  for (std::size_t i = 0; i < one.size(); ++i) {
    EXPECT_EQ(one[i].mine, two[i].mine);
    EXPECT_EQ(one[i].margin, two[i].margin);
    ASSERT_EQ(one[i].mine, exact[i].mine);
    off += double(one[i].margin - exact[i].margin) * (one[i].margin - exact[i].margin);
    zero += double(exact[i].margin) * exact[i].margin;
    differ += one[i].margin != exact[i].margin;
  }
  std::printf("selective labels: rms %.2f discs off the exact margins (%.2f guessing 0), %d of %zu differ\n", std::sqrt(off / one.size()),
              std::sqrt(zero / one.size()), differ, one.size());
  EXPECT_LT(std::sqrt(off / one.size()), 0.25 * std::sqrt(zero / one.size()));
  EXPECT_GT(differ, 0);  // ProbCut did prune: these are not exact solves under another name
}

// A fit given weights starts from them, and its decay pulls toward them: with no epochs it gives
// them back, and a pattern no sample shows keeps its weight.
TEST(OthelloEvaluation, AFitFromGivenWeightsStartsFromThemAndKeepsWhatNoSampleShows) {
  const EvaluationWeights* w = fittedWeights(6);
  ASSERT_NE(w, nullptr);
  FitOptions o = smallFit(200);
  o.start = w;
  const auto samples = makeFitSamples(o);
  o.epochs = 0;
  const FittedTable same = fitEvaluation(samples, o);
  EXPECT_EQ(same.edge, std::vector<std::int16_t>(w->edge, w->edge + edgePatterns(6)));
  EXPECT_EQ(same.corner, std::vector<std::int16_t>(w->corner, w->corner + kCornerPatterns));
  EXPECT_EQ(same.diagonal, std::vector<std::int16_t>(w->diagonal, w->diagonal + diagonalPatterns(6)));
  EXPECT_EQ(same.mobility, w->mobility);
  EXPECT_EQ(same.bias, w->bias);
  o.epochs = 10;
  const FittedTable moved = fitEvaluation(samples, o);
  std::vector<bool> seen(kCornerPatterns);
  for (const FitSample& s : samples)
    for (int k : evaluationFeatures(s.mine, s.theirs, 6).corners) seen[k] = true;
  int kept = 0, changed = 0;
  for (int k = 0; k < kCornerPatterns; ++k) {
    if (!seen[k]) {
      EXPECT_EQ(moved.corner[k], w->corner[k]) << "corner reading " << k;
      ++kept;
    } else {
      changed += moved.corner[k] != w->corner[k];
    }
  }
  EXPECT_GT(kept, 1000);
  EXPECT_GT(changed, 50);
  EXPECT_LT(moved.trainError, same.trainError);
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

// The weights as source: the near tables' names, or the far ones' (evaluation_far_weights.inc),
// each array its table's values in order, and the list the evaluation reads.
TEST(OthelloEvaluation, WeightsSourceNamesTheNearOrTheFarTables) {
  FittedTable t;
  t.size = 4;
  t.edge.assign(edgePatterns(4), 0);
  t.corner.assign(kCornerPatterns, 0);
  t.diagonal.assign(diagonalPatterns(4), 0);
  t.edge[1] = -5;
  t.diagonal[0] = 9;
  t.mobility = 3;
  t.potential = -2;
  t.bias = 7;
  const std::string near = weightsSource({t}, "test"), far = weightsSource({t}, "test", "Far");
  EXPECT_NE(near.find("const std::int16_t kEdge4[729] = {\n0,-5,0,"), std::string::npos);
  EXPECT_NE(near.find("inline const EvaluationWeights kFittedWeights[] = {\n    {4, kEdge4, kCorner4, kDiagonal4, 3, -2, 7},\n};"), std::string::npos);
  EXPECT_NE(far.find("const std::int16_t kFarEdge4[729] = {\n0,-5,0,"), std::string::npos);
  EXPECT_NE(far.find("const std::int16_t kFarDiagonal4[81] = {\n9,0,"), std::string::npos);
  EXPECT_NE(far.find("inline const EvaluationWeights kFittedFarWeights[] = {\n    {4, kFarEdge4, kFarCorner4, kFarDiagonal4, 3, -2, 7},\n};"), std::string::npos);
  EXPECT_EQ(far.find("kEdge4"), std::string::npos);
  EXPECT_NE(weightsSource({}, "test", "Far").find("kFittedFarWeights[] = {\n    {},\n};"), std::string::npos);
}

// The far weights (8x8, 19 empties and more) only order moves: the margins are the same with them
// and without them, and the shallow estimates they feed differ only where a leaf is far out.
TEST(OthelloEvaluation, TheFarWeightsOrderMovesButNeverChangeAMargin) {
  std::mt19937 rng(19);
  for (int i = 0; i < 2; ++i) {
    const Position p = randomPosition(rng, 8, 20);
    if (p.ended()) continue;
    EndgameSolver near(18), far(18);
    near.setFarEvaluation(false);
    const EndgameResult a = near.solve(p), b = far.solve(p);
    EXPECT_EQ(a.margin, b.margin);
    if (fittedFarWeights(8)) {
      EXPECT_NE(near.estimate(p, 1), far.estimate(p, 1));  // its leaves have 19 empties
      EXPECT_EQ(near.estimate(p, 2), far.estimate(p, 2));  // 18: the near weights' on both sides
    }
  }
}

}  // namespace
}  // namespace tengen::othello
