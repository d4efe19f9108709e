// Othello: the bitboard move generator against the plain square-by-square rules on random games
// of every size, full lines by shifts against lines read square by square, perft from the 8x8
// start, and the exact endgame solver on the FForum problems
// #1-19 (every listed move's final disc difference) and the 4x4 board.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "bench/othello_bench.h"
#include "bench/test_data.h"
#include "solver/othello/board.h"
#include "solver/othello/endgame.h"
#include "solver/othello/full_lines.h"
#include "solver/othello/flips.h"
#include "solver/othello/reference_rules.h"
#include "solver/othello/symmetry.h"
#include "tests/othello_random.h"

namespace tengen::othello {
namespace {

std::vector<Square> squaresOf(Bitboard b) {
  std::vector<Square> out;
  for (; b; b &= b - 1) out.push_back(std::countr_zero(b));
  return out;
}

// A position and each position one of its moves leads to.
std::vector<Position> rootAndChildren(const Position& p) {
  std::vector<Position> out{p};
  for (const Square s : squaresOf(p.moves())) {
    out.push_back(p);
    out.back().play(s);
  }
  return out;
}

TEST(Othello, StartAndNotation) {
  const Position p = Position::start(8);
  std::vector<std::string> names;
  for (Square s : squaresOf(p.moves())) names.push_back(squareName(s));
  EXPECT_EQ(names, (std::vector<std::string>{"d3", "c4", "f5", "e6"}));
  EXPECT_EQ(parseSquare("d3", 8), 19);
  EXPECT_EQ(parseSquare("i1", 8), std::nullopt);
  EXPECT_EQ(parseSquare("e5", 4), std::nullopt);
  EXPECT_EQ(parseSquare("pass", 8), kPass);
  EXPECT_THROW(parseBoardString("---"), std::invalid_argument);
  EXPECT_THROW(Position(8, 1, 1, Disc::Black), std::invalid_argument);
  Position q = p;
  EXPECT_THROW(q.play(0), std::invalid_argument);
  EXPECT_THROW(q.play(kPass), std::invalid_argument);
}

// Every position of 300 random games a size: the same moves, and the same board after each.
TEST(Othello, BitboardsAgreeWithThePlainRules) {
  std::mt19937 rng(17);
  long positions = 0;
  for (int n : {4, 6, 8})
    for (int game = 0; game < 300; ++game) {
      Position p = Position::start(n);
      reference::Grid g = reference::gridOf(p);
      while (!p.ended()) {
        const std::vector<Square> fast = squaresOf(p.moves());
        ASSERT_EQ(fast, reference::legalMoves(g)) << "size " << n << " game " << game;
        const Square s = fast.empty() ? kPass : fast[rng() % fast.size()];
        p.play(s);
        g = reference::play(g, s);
        ASSERT_EQ(reference::gridOf(p).cell, g.cell) << "after " << squareName(s);
        ++positions;
      }
      EXPECT_TRUE(reference::legalMoves(g).empty());
    }
  EXPECT_GT(positions, 20000);
}

// Moves and flips on boards drawn at random, skewed towards either side and towards full or
// empty (so that long runs to the board's sides turn up, which random games rarely make),
// against the plain rules: every legal move's flips, and no flips where there is no move.
TEST(Othello, MovesAndFlipsOnRandomBoardsAgreeWithThePlainRules) {
  std::mt19937 rng(31);
  long flipped = 0, longRuns = 0;
  for (int round = 0; round < 20000; ++round) {
    const unsigned emptyShare = 2 + rng() % 60, ownShare = 5 + rng() % 90;
    reference::Grid g;
    Bitboard own = 0, other = 0;
    for (Square t = 0; t < 64; ++t) {
      g.cell[t] = rng() % 100 < emptyShare ? 0 : rng() % 100 < ownShare ? 1 : 2;
      if (g.cell[t] == 1) own |= bit(t);
      if (g.cell[t] == 2) other |= bit(t);
    }
    const Bitboard empty = ~(own | other);
    const std::vector<Square> expected = reference::legalMoves(g);
    ASSERT_EQ(squaresOf(legalMoves(own, other, empty)), expected) << "round " << round;
    for (const Square s : squaresOf(empty)) {
      Bitboard turned = 0;
      if (std::find(expected.begin(), expected.end(), s) != expected.end()) {
        const reference::Grid after = reference::play(g, s);  // the sides swap: the mover's discs are 2
        for (Square t = 0; t < 64; ++t)
          if (t != s && g.cell[t] == 2 && after.cell[t] == 2) turned |= bit(t);
      }
      ASSERT_EQ(flipsOf(own, other, s), turned) << "round " << round << " square " << squareName(s);
      ASSERT_EQ(flipsByLines(own, other, s), turned) << "round " << round << " square " << squareName(s);
#if defined(TENGEN_FLIPS_BY_RAYS)
      ASSERT_EQ(flipsByRays(own, other, s), turned) << "round " << round << " square " << squareName(s);
#endif
      flipped += turned != 0;
      longRuns += std::popcount(turned) >= 5;
    }
  }
  EXPECT_GT(flipped, 100000);
  EXPECT_GT(longRuns, 1000);
}

// The last ply's count (its line tables, and the rays where the build has them) against the plain
// rules: a full 8x8 board but for one square, each disc drawn at random (skewed either way, so
// that long runs turn up).
TEST(Othello, LastFlipCountsAgreeWithThePlainRules) {
  std::mt19937 rng(29);
  int turned = 0, none = 0;
  for (int round = 0; round < 20000; ++round) {
    const Square s = static_cast<Square>(rng() % 64);
    const unsigned ownShare = 5 + rng() % 90;
    reference::Grid g;
    for (Square t = 0; t < 64; ++t) g.cell[t] = t == s ? 0 : rng() % 100 < ownShare ? 1 : 2;
    Bitboard own = 0;
    for (Square t = 0; t < 64; ++t)
      if (g.cell[t] == 1) own |= bit(t);
    const auto moves = reference::legalMoves(g);
    int expected = 0;
    if (!moves.empty()) {
      const reference::Grid after = reference::play(g, s);  // the sides swap: the mover's discs are 2
      expected = static_cast<int>(std::count(after.cell.begin(), after.cell.end(), 2)) - std::popcount(own) - 1;
    }
    ASSERT_EQ(lastFlipCount(own, s), expected) << "round " << round << " square " << squareName(s);
    ASSERT_EQ(lastFlipCountByLines(own, s), expected) << "round " << round << " square " << squareName(s);
    (expected ? turned : none)++;
  }
  EXPECT_GT(turned, 10000);
  EXPECT_GT(none, 1000);
}

std::uint64_t perft(const Position& p, int depth) {
  if (depth == 0) return 1;
  if (p.ended()) return 1;
  const Bitboard moves = p.moves();
  if (!moves) {
    Position q = p;
    q.play(kPass);
    return perft(q, depth - 1);
  }
  std::uint64_t n = 0;
  for (Square s : squaresOf(moves)) {
    Position q = p;
    q.play(s);
    n += perft(q, depth - 1);
  }
  return n;
}

TEST(Othello, FullLinesAreTheLinesWhoseSquaresAreAllFilled) {
  std::mt19937 rng(23);
  int fullDiagonals = 0;
  for (const int n : {4, 6, 8}) {
    const Bitboard board = boardMask(n);
    for (int round = 0; round < 3000; ++round) {
      // Mostly filled, so that full lines of every axis turn up.
      Bitboard filled = 0;
      for (Square s = 0; s < 64; ++s)
        if ((board & bit(s)) && rng() % 100 < 90) filled |= bit(s);
      // Square by square: each line of the n x n board, as (start row, start column, step).
      Bitboard expected[4] = {};
      const auto line = [&](int axis, int r, int c, int dr, int dc) {
        Bitboard squares = 0;
        for (; r >= 0 && r < n && c >= 0 && c < n; r += dr, c += dc) squares |= bit(r * 8 + c);
        if ((filled & squares) == squares) expected[axis] |= squares;
      };
      for (int i = 0; i < n; ++i) {
        line(0, i, 0, 0, 1);
        line(1, 0, i, 1, 0);
        line(2, i, 0, 1, 1);
        line(2, 0, i, 1, 1);
        line(3, i, n - 1, 1, -1);
        line(3, 0, i, 1, -1);
      }
      const FullLines full = fullLines(filled | ~board);
      for (int axis = 0; axis < 4; ++axis)
        ASSERT_EQ(full.axis[axis] & board, expected[axis]) << "n " << n << " round " << round << " axis " << axis;
      fullDiagonals += expected[2] != 0 && expected[3] != 0;
    }
  }
  EXPECT_GT(fullDiagonals, 100);
}

TEST(Othello, PerftFromTheStart) {
  // The published leaf counts of the 8x8 start (no pass or game end occurs before ply 9).
  const std::uint64_t expected[] = {1, 4, 12, 56, 244, 1396, 8200, 55092, 390216};
  for (int d = 0; d <= 8; ++d) EXPECT_EQ(perft(Position::start(8), d), expected[d]) << "depth " << d;
}

TEST(Othello, FourByFourIsAWhiteWin) {
  EndgameSolver solver;
  const EndgameResult r = solver.solve(Position::start(4));
  // Black moves first and loses: the second player wins the 4x4 board (checked below by
  // playing the solver's line to the end and counting).
  EXPECT_LT(r.margin, 0);
  RecordProperty("margin", std::to_string(r.margin));
  std::printf("4x4 from the start: %+d for black, %llu nodes\n", r.margin, static_cast<unsigned long long>(r.nodes));
  Position p = Position::start(4);
  int sign = 1;
  while (!p.ended()) {
    Square s = p.moves() ? solver.solve(p).best : kPass;
    p.play(s);
    sign = -sign;
  }
  EXPECT_EQ(sign * p.finalMargin(), r.margin) << "the principal line ends with the solved margin";
}

TEST(Othello, AStoppedSolveIsNotExact) {
  EndgameSolver solver;
  std::atomic<bool> stop{true};
  solver.setLimits(&stop, 0);
  const EndgameResult r = solver.solve(Position::start(8));  // far beyond reach: stops at once
  EXPECT_FALSE(r.exact);
  solver.setLimits(nullptr, 0.05);  // without the limit this search would not end in a lifetime
  EXPECT_FALSE(solver.solve(Position::start(8)).exact);
  solver.setLimits(nullptr, 0);
  const EndgameResult four = solver.solve(Position::start(4));
  EXPECT_TRUE(four.exact);
  EXPECT_EQ(four.margin, -10) << "a table left by stopped searches holds only true bounds";
}

TEST(Othello, SolvesTheFforumProblems1To19Exactly) {
  const auto problems = bench::readFfoProblems(bench::testData("othello-ffo-1-19.obf"));
  ASSERT_EQ(problems.size(), 19u);
  EndgameSolver solver(22);
  std::uint64_t nodes = 0;
  for (std::size_t i = 0; i < problems.size(); ++i) {
    const bench::FfoProblem& prob = problems[i];
    const Position p = parseBoardString(prob.board);
    const EndgameResult r = solver.solve(p);
    nodes += r.nodes;
    EXPECT_EQ(r.margin, prob.moves.front().second) << "FFO #" << i + 1;
    // The move the solver found scores the best score; every listed move has its listed score.
    for (const auto& [name, score] : prob.moves) {
      const auto s = parseSquare(name, 8);
      ASSERT_TRUE(s.has_value()) << name;
      Position child = p;
      child.play(*s);
      const int v = -solver.search(child, -(score + 1), -(score - 1));
      EXPECT_EQ(v, score) << "FFO #" << i + 1 << " " << name;
      if (*s == r.best) {
        EXPECT_EQ(score, r.margin) << "FFO #" << i + 1 << ": the solver's move";
      }
    }
  }
  RecordProperty("nodes", std::to_string(nodes));
  std::printf("FFO #1-19: %llu nodes\n", static_cast<unsigned long long>(nodes));
}


// A ceiling: below it the margin is exact, at or above it a lower bound that holds (never above
// the exact margin, never below the ceiling); the same table answers both ways.
TEST(Othello, SolveWithACeilingIsExactBelowItAndABoundAbove) {
  std::mt19937 rng(4242);
  int bounds = 0, exact = 0;
  for (int i = 0; i < 60; ++i) {
    const Position p = randomPosition(rng, i % 2 ? 6 : 8, 10 + i % 5);
    EndgameSolver reference(16), solver(16);
    const int margin = reference.solve(p).margin;
    for (const int ceiling : {margin - 9, margin - 1, margin, margin + 1, margin + 8}) {
      const EndgameResult r = solver.solve(p, std::nullopt, ceiling);
      ASSERT_TRUE(r.exact);
      if (margin < ceiling) {
        EXPECT_FALSE(r.lowerBound) << i << " ceiling " << ceiling;
        EXPECT_EQ(r.margin, margin) << i << " ceiling " << ceiling;
        ++exact;
      } else if (r.lowerBound) {
        EXPECT_GE(r.margin, ceiling);
        EXPECT_LE(r.margin, margin);
        ++bounds;
      } else {
        EXPECT_EQ(r.margin, margin);  // the bounds met on the way: exact is allowed too
      }
    }
  }
  EXPECT_GT(bounds, 60);
  EXPECT_GT(exact, 60);
}


// A symmetric position's mirrored moves are searched once (solver/othello/endgame.cpp). Random
// 6x6 games made symmetric (each square takes the content of its orbit's first square), across
// the main diagonal or under the half turn, at 20 empties: the solver's value is the best of the
// children's, each child (19 empties: no symmetries looked for) solved on its own. Only positions
// whose children differ in value count: there a move left out wrongly can show.
TEST(Othello, SymmetricPositionsKeepTheValueOfTheirBestChild) {
  std::mt19937 rng(2026);
  int solved = 0;
  for (int i = 0; solved < 12 && i < 4000; ++i) {
    const int sym = i % 2 ? 4 : 3;  // the transpose, the half turn
    const Position game = randomPosition(rng, 6, 16 + static_cast<int>(rng() % 9));
    Bitboard black = 0, white = 0;
    for (Square s = 0; s < 64; ++s) {
      if (s % 8 >= 6 || s / 8 >= 6) continue;
      const Square first = std::min(s, transformSquare(sym, s, 6));
      if (game.discs(Disc::Black) & bit(first)) black |= bit(s);
      if (game.discs(Disc::White) & bit(first)) white |= bit(s);
    }
    const Position p(6, black, white, game.toMove());
    ASSERT_EQ(transformPosition(sym, p), p);
    if (std::popcount(p.empty()) != 20 || !p.moves()) continue;
    int best = -1000, worst = 1000;
    for (const Square s : squaresOf(p.moves())) {
      Position child = p;
      child.play(s);
      EndgameSolver solver(16);
      const int value = -solver.solve(child).margin;
      best = std::max(best, value);
      worst = std::min(worst, value);
    }
    if (best == worst) continue;
    EndgameSolver solver(16);
    EXPECT_EQ(solver.solve(p).margin, best) << "position " << i << " symmetry " << sym;
    ++solved;
  }
  EXPECT_EQ(solved, 12);
}

// Far from the end solve() starts from a selective search's value (ProbCut: its answers may be
// wrong), which leaves its bounds in the table as guesses. The exact search may try their moves
// first but must never take their bounds: after guess() has filled the table, the root and each
// child, searched in that table with null windows on either side of the exact value, get the
// value a fresh solver gives them; solve() too. At a margin of 0 discs most guesses are wrong.
// Roots of 20-21 empties on 6x6, the selective search from 20 (by default from 27: too far out
// for a quick test).
TEST(Othello, TheSelectiveSearchsGuessesNeverBoundTheExactSearch) {
  std::mt19937 rng(777);
  int probed = 0, wrongGuesses = 0;
  for (int i = 0; i < 10; ++i) {
    const Position p = randomPosition(rng, 6, 20 + i % 2);
    if (!p.moves()) continue;
    const std::vector<Position> positions = rootAndChildren(p);
    std::vector<int> exact;
    for (const Position& q : positions) {
      EndgameSolver fresh(16);
      fresh.setSelectiveGuess({.from = 100});
      exact.push_back(fresh.solve(q).margin);
    }
    for (const int margin : {0, EndgameSolver::SelectiveGuess{}.margin}) {
      EndgameSolver solver(16);
      solver.setSelectiveGuess({.from = 20, .margin = margin});
      if (solver.guess(p) != exact[0]) ++wrongGuesses;
      for (std::size_t k = 0; k < positions.size(); ++k) {
        const Position& q = positions[k];
        const int v = exact[k];
        const std::string where = "position " + std::to_string(i) + " child " + std::to_string(k) + " margin " + std::to_string(margin);
        EXPECT_GE(solver.search(q, v - 1, v), v) << where;
        EXPECT_LE(solver.search(q, v, v + 1), v) << where;
        ++probed;
      }
      EndgameSolver fresh(16);
      fresh.setSelectiveGuess({.from = 20, .margin = margin});
      EXPECT_EQ(fresh.solve(p).margin, exact[0]) << "position " << i << " margin " << margin;
    }
  }
  EXPECT_GT(probed, 100);
  EXPECT_GT(wrongGuesses, 4);  // the test has wrong guesses to be misled by
}

// The ordering's shallow searches keep bounds and moves in a table of their own: a value read
// through it is the value a fresh solver computes, whatever searches filled it (estimates of
// other depths, the selective search's null windows).
TEST(Othello, TheShallowSearchsTableNeverChangesItsValues) {
  std::mt19937 rng(515);
  int compared = 0;
  for (int i = 0; i < 12; ++i) {
    const int n = i % 2 ? 6 : 8;
    const Position p = randomPosition(rng, n, n == 6 ? 20 : 24 + i % 5);
    if (!p.moves()) continue;
    EndgameSolver shared(16);
    if (n == 6) {
      shared.setSelectiveGuess({.from = 20, .margin = 0});
      shared.guess(p);
    }
    const std::vector<Position> positions = rootAndChildren(p);
    for (const int depth : {5, 2, 4, 1, 6, 3}) {
      for (const Position& q : positions) {
        EndgameSolver fresh(10);
        EXPECT_EQ(shared.estimate(q, depth), fresh.estimate(q, depth)) << "position " << i << " depth " << depth;
        ++compared;
      }
    }
  }
  EXPECT_GT(compared, 300);
}

// The progress a long solve reports (the command line's live line): the exact passes' bounds hold
// the margin and only narrow, the last report is the answer, the selective search reports as a
// guess, and reporting changes nothing (the same nodes and margin as without it).
TEST(Othello, TheProgressOfASolveReportsBoundsThatHoldTheMargin) {
  std::mt19937 rng(2026);
  int guessing = 0, midPass = 0;
  for (int i = 0; i < 8; ++i) {
    const Position p = randomPosition(rng, 6, 20 + i % 3);
    if (!p.moves()) continue;
    EndgameSolver quiet(16), reported(16);
    quiet.setSelectiveGuess({.from = 20});
    reported.setSelectiveGuess({.from = 20});
    std::vector<EndgameSolver::Progress> reports;
    reported.setProgress([&](const EndgameSolver::Progress& r) { reports.push_back(r); }, 0);
    const EndgameResult a = quiet.solve(p), b = reported.solve(p);
    ASSERT_EQ(b.margin, a.margin) << i;
    EXPECT_EQ(b.nodes, a.nodes) << i;
    ASSERT_FALSE(reports.empty()) << i;
    const EndgameSolver::Progress& last = reports.back();
    EXPECT_TRUE(last.passEnded && !last.guessing) << i;
    EXPECT_EQ(last.lower, b.margin) << i;
    EXPECT_EQ(last.upper, b.margin) << i;
    int lower = -127, upper = 127;
    std::uint64_t nodes = 0;
    for (const EndgameSolver::Progress& r : reports) {
      EXPECT_GE(r.nodes, nodes) << i;
      nodes = r.nodes;
      if (r.guessing) {
        ++guessing;
        continue;
      }
      midPass += !r.passEnded;
      EXPECT_LE(r.lower, b.margin) << i;
      EXPECT_GE(r.upper, b.margin) << i;
      EXPECT_GE(r.lower, lower) << i;
      EXPECT_LE(r.upper, upper) << i;
      lower = r.lower;
      upper = r.upper;
    }
    EXPECT_LE(nodes, b.nodes) << i;
  }
  EXPECT_GT(guessing, 0);  // the selective search reported, as a guess
  EXPECT_GT(midPass, 0);   // and the exact search within a pass
}

// A raised cancel flag stops the search at its next look at the limits, 65,536 nodes in (the last
// few empties count nodes too: a look tied to the count landing on a multiple missed most of them).
TEST(Othello, ACancelledSearchStopsWithinOneCheckInterval) {
  std::mt19937 rng(99);
  const std::atomic<bool> cancel{true};
  for (int i = 0; i < 4; ++i) {
    const Position p = randomPosition(rng, 8, 26);
    EndgameSolver solver(18);
    solver.setLimits(&cancel, 0);
    const EndgameResult r = solver.solve(p);
    EXPECT_FALSE(r.exact);
    EXPECT_LE(r.nodes, 0x10000u + 4096u) << i;
  }
}

}  // namespace
}  // namespace tengen::othello
