// Anti-Othello and the parallel start: the exact solver agrees with a plain minimax over the
// reference rules under both scorings, proofs verify under their own scoring only, and the
// parallel start has the discs and moves Reversi's side-by-side start has.
#include <gtest/gtest.h>

#include <bit>
#include <random>

#include "solver/othello/board.h"
#include "solver/othello/endgame.h"
#include "solver/othello/proof_check.h"
#include "solver/othello/prove.h"
#include "solver/othello/reference_rules.h"
#include "othello_random.h"

namespace tengen::othello {
namespace {

// Exhaustive minimax on the plain rules: shares nothing with the bitboards or the solver.
int plainMinimax(const reference::Grid& g, bool passed) {
  const std::vector<Square> moves = reference::legalMoves(g);
  if (moves.empty()) {
    if (passed) return reference::finalMargin(g);
    return -plainMinimax(reference::play(g, kPass), true);
  }
  int best = -1000;
  for (const Square s : moves) best = std::max(best, -plainMinimax(reference::play(g, s), false));
  return best;
}

TEST(OthelloVariants, FewestDiscsReadsTheCountTheOtherWay) {
  // Black 3 discs, white 1, black to move: +2 ahead, +empties to the winner when over.
  const Position most(4, bit(0) | bit(1) | bit(2), bit(3), Disc::Black);
  const Position fewest(4, bit(0) | bit(1) | bit(2), bit(3), Disc::Black, Scoring::FewestDiscs);
  EXPECT_EQ(most.finalMargin(), 2 + 12);
  EXPECT_EQ(fewest.finalMargin(), -(2 + 12));
  EXPECT_EQ(reference::finalMargin(reference::gridOf(fewest)), fewest.finalMargin());
  EXPECT_FALSE(most == fewest);
}

TEST(OthelloVariants, SolverAgreesWithPlainMinimaxUnderBothScorings) {
  std::mt19937 rng(17);
  int differ = 0;
  for (int round = 0; round < 24; ++round) {
    const Position p = randomPosition(rng, 6, 10 - round % 3, round % 2 ? Scoring::FewestDiscs : Scoring::MostDiscs);
    const Position other(6, p.discs(Disc::Black), p.discs(Disc::White), p.toMove(),
                         p.scoring() == Scoring::MostDiscs ? Scoring::FewestDiscs : Scoring::MostDiscs);
    for (const Position& q : {p, other}) {
      EndgameSolver solver(16);
      const EndgameResult r = solver.solve(q);
      ASSERT_TRUE(r.exact);
      EXPECT_EQ(r.margin, plainMinimax(reference::gridOf(q), false)) << "round " << round;
    }
    EndgameSolver a(16), b(16);
    differ += a.solve(p).margin != b.solve(other).margin;
  }
  EXPECT_GT(differ, 12) << "the two scorings must lead to different values on most positions";
}

TEST(OthelloVariants, AntiProofsVerifyUnderTheirOwnScoringOnly) {
  std::mt19937 rng(5);
  int refused = 0;
  for (int round = 0; round < 8; ++round) {
    const Position p = randomPosition(rng, 6, 10, Scoring::FewestDiscs);
    EndgameSolver solver(16);
    const int margin = solver.solve(p).margin;
    const MarginProof proof = proveMargin(p, margin, {});
    ASSERT_TRUE(proof.proved) << proof.error;
    // The same trees read as ordinary Othello: refused wherever the values part.
    const Position most(6, p.discs(Disc::Black), p.discs(Disc::White), p.toMove(), Scoring::MostDiscs);
    const bool holdsAsMost = checkOthelloProof(most, most.toMove(), margin, proof.atLeast).ok &&
                             checkOthelloProof(most, most.toMove(), margin + 1, proof.notAbove).ok;
    EndgameSolver mostSolver(16);
    if (mostSolver.solve(most).margin != margin) {
      EXPECT_FALSE(holdsAsMost) << "round " << round;
      ++refused;
    }
  }
  EXPECT_GT(refused, 0);
}

TEST(OthelloVariants, ParallelStart) {
  const Position p = Position::start(8, StartKind::Parallel);
  EXPECT_EQ(p.discs(Disc::Black), bit(*parseSquare("d5", 8)) | bit(*parseSquare("e5", 8)));
  EXPECT_EQ(p.discs(Disc::White), bit(*parseSquare("d4", 8)) | bit(*parseSquare("e4", 8)));
  Bitboard expected = 0;
  for (const char* s : {"c3", "d3", "e3", "f3"}) expected |= bit(*parseSquare(s, 8));
  EXPECT_EQ(p.moves(), expected);
  EXPECT_EQ(reference::legalMoves(reference::gridOf(p)).size(), 4u);
  // The 4x4 parallel start, solved two independent ways.
  const Position four = Position::start(4, StartKind::Parallel);
  EndgameSolver solver(16);
  EXPECT_EQ(solver.solve(four).margin, plainMinimax(reference::gridOf(four), false));
}

}  // namespace
}  // namespace tengen::othello
