// Every move's margin (solver/othello/move_values.h): the FFO lists of FForum #1-19 move by move,
// random small positions against plain minimax over the square-by-square rules (passes and ended
// games included), and a stop that leaves the list incomplete.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <map>
#include <random>
#include <string>

#include "bench/othello_bench.h"
#include "bench/test_data.h"
#include "solver/othello/move_values.h"
#include "solver/othello/reference_rules.h"
#include "tests/othello_random.h"

namespace tengen::othello {
namespace {

// The side to move's margin by plain minimax over the reference rules: no table, no bitboards.
int plainMargin(const reference::Grid& g) {
  const std::vector<Square> moves = reference::legalMoves(g);
  if (moves.empty()) {
    const reference::Grid passed = reference::play(g, kPass);
    if (reference::legalMoves(passed).empty()) return reference::finalMargin(g);
    return -plainMargin(passed);
  }
  int best = -1000;
  for (const Square s : moves) best = std::max(best, -plainMargin(reference::play(g, s)));
  return best;
}

void expectBestFirst(const MoveValues& values) {
  for (std::size_t i = 1; i < values.moves.size(); ++i) EXPECT_GE(values.moves[i - 1].margin, values.moves[i].margin) << i;
}

TEST(OthelloMoveValues, MatchTheFforumListsOfProblems1To19) {
  const auto problems = bench::readFfoProblems(bench::testData("othello-ffo-1-19.obf"));
  ASSERT_EQ(problems.size(), 19u);
  EndgameSolver solver(20);
  for (const bench::FfoProblem& prob : problems) {
    const Position p = parseBoardString(prob.board);
    const MoveValues values = moveValues(solver, p);
    ASSERT_TRUE(values.complete);
    std::map<std::string, int> published(prob.moves.begin(), prob.moves.end());
    std::map<std::string, int> found;
    for (const MoveValue& v : values.moves) {
      std::string name = squareName(v.move);
      std::transform(name.begin(), name.end(), name.begin(), ::toupper);
      found[name] = v.margin;
    }
    // The files list every legal move.
    EXPECT_EQ(found, published) << "FFO #" << prob.number;
    EXPECT_EQ(values.moves.size(), static_cast<std::size_t>(std::popcount(p.moves()))) << "FFO #" << prob.number;
    expectBestFirst(values);
    EXPECT_EQ(values.moves.front().margin, prob.moves.front().second) << "FFO #" << prob.number;
    EXPECT_GT(values.nodes, 0u);
  }
}

TEST(OthelloMoveValues, AgreeWithPlainMinimaxOnRandomPositions) {
  std::mt19937 rng(977);
  int passes = 0, ended = 0, checked = 0;
  for (int i = 0; i < 300 && checked < 120; ++i) {
    const int n = i % 3 == 0 ? 4 : i % 3 == 1 ? 6 : 8;
    const Position p = randomPosition(rng, n, n == 4 ? 1 + i % 9 : 1 + i % 8);
    EndgameSolver solver(14);
    const MoveValues values = moveValues(solver, p);
    ASSERT_TRUE(values.complete);
    const reference::Grid g = reference::gridOf(p);
    if (p.ended()) {
      EXPECT_TRUE(values.moves.empty()) << i;
      ++ended;
      continue;
    }
    const std::vector<Square> legal = reference::legalMoves(g);
    if (legal.empty()) {
      ASSERT_EQ(values.moves.size(), 1u) << i;
      EXPECT_EQ(values.moves[0].move, kPass) << i;
      EXPECT_EQ(values.moves[0].margin, -plainMargin(reference::play(g, kPass))) << i;
      ++passes;
      continue;
    }
    ASSERT_EQ(values.moves.size(), legal.size()) << i;
    for (const MoveValue& v : values.moves) {
      ASSERT_NE(std::find(legal.begin(), legal.end(), v.move), legal.end()) << i << " " << squareName(v.move);
      EXPECT_EQ(v.margin, -plainMargin(reference::play(g, v.move))) << i << " " << squareName(v.move);
    }
    expectBestFirst(values);
    EXPECT_EQ(values.moves.front().margin, plainMargin(g)) << i;
    ++checked;
  }
  EXPECT_GE(checked, 100);
  EXPECT_GT(ended + passes, 0) << "no ended game and no forced pass drawn: the cases go untested";
}

TEST(OthelloMoveValues, AStopLeavesTheListIncomplete) {
  const auto problems = bench::readFfoProblems(bench::testData("othello-ffo-1-19.obf"));
  const Position p = parseBoardString(problems[0].board);
  EndgameSolver solver(16);
  std::atomic<bool> stop{true};
  const MoveValues stopped = moveValues(solver, p, &stop);
  EXPECT_FALSE(stopped.complete);
  EXPECT_LT(stopped.moves.size(), static_cast<std::size_t>(std::popcount(p.moves())));
  // The solver's table holds only true bounds after the stop: the same solver lists them all.
  stop = false;
  const MoveValues again = moveValues(solver, p, &stop);
  ASSERT_TRUE(again.complete);
  EXPECT_EQ(again.moves.front().margin, problems[0].moves.front().second);
}

}  // namespace
}  // namespace tengen::othello
