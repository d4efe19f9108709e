// The move generators' bit-parallel line scans against plain reads: findFivePoints and
// findFourMoves must list exactly the points where a move makes a five (shapeOf) and the legal
// points where it makes a five or a four (one pattern-table lookup per line);
// findStraightFourMoves the legal moves after which the opponent cannot stop a five (its five
// points counted on the whole board after the move); findNearbyMoves the
// legal points sharing a run of five (on the board, no opponent stone) with that many of the
// mover's stones (counted cell by cell). On random dense boards under each rule, both colours:
// black's exact five in renju and standard gomoku included, where a run flanked by an own stone
// makes an overline, no five.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "solver/gomoku/rules.h"
#include "solver/gomoku/threats.h"

namespace tengen::gomoku {
namespace {

std::vector<Point> everyFourMove(Board& b, Color c, Rule rule) {
  std::vector<Point> out;
  for (Point p = 0; p < b.cellCount(); ++p) {
    if (!b.isEmpty(p)) continue;
    const MoveShape s = shapeOf(b, p, c, rule);
    if ((s.five || s.fours > 0) && isLegal(b, p, c, rule)) out.push_back(p);
  }
  return out;
}

// Random games in a small square of the board (so fours, fives and overlines are common):
// calls visit(board, rule, size) after every stone.
template <class Visit>
void denseGames(std::mt19937& rng, std::initializer_list<Rule> rules, std::initializer_list<int> sizes, int games,
                int moves, Visit visit) {
  for (Rule rule : rules)
    for (int size : sizes)
      for (int game = 0; game < games; ++game) {
        Board board(size);
        const int span = std::min(size, 7), origin = (size - span) / 2;
        std::uniform_int_distribution<int> cell(0, span - 1);
        for (int move = 0; move < moves; ++move) {
          const Point p = board.point(origin + cell(rng), origin + cell(rng));
          if (!board.isEmpty(p)) continue;
          board.place(p, rng() % 2 ? Color::Black : Color::White);
          visit(board, rule, size);
        }
      }
}

// Cell by cell: some run of five through p on some line, all on the board, no opponent stone,
// holding at least `stones` of c's.
std::vector<Point> everyNearbyMove(Board& b, Color c, Rule rule, int stones) {
  std::vector<Point> out;
  for (Point p = 0; p < b.cellCount(); ++p) {
    if (!b.isEmpty(p) || !isLegal(b, p, c, rule)) continue;
    bool near = false;
    for (int dir = 0; dir < kDirections && !near; ++dir)
      for (int start = -4; start <= 0 && !near; ++start) {
        int own = 0;
        bool open = true;
        for (int k = start; k < start + 5 && open; ++k) {
          const int col = b.col(p) + k * kDirCol[dir], row = b.row(p) + k * kDirRow[dir];
          if (!b.onBoard(col, row) || b.has(b.point(col, row), opponent(c))) open = false;
          else own += b.has(b.point(col, row), c);
        }
        near = open && own >= stones;
      }
    if (near) out.push_back(p);
  }
  return out;
}

TEST(ThreatMoves, NearbyMovesShareARunOfFiveWithEnoughStones) {
  std::mt19937 rng(2026112402);
  long long checks = 0, nonEmpty = 0;
  denseGames(rng, {Rule::Renju, Rule::Freestyle}, {7, 15}, 20, 40, [&](Board& board, Rule rule, int size) {
    for (Color c : {Color::Black, Color::White})
      for (int stones : {1, 2, 3, 4}) {
        const auto expected = everyNearbyMove(board, c, rule, stones);
        MoveList found;
        findNearbyMoves(board, c, rule, found, stones);
        ASSERT_EQ(std::vector<Point>(found.begin(), found.end()), expected)
            << "rule " << static_cast<int>(rule) << " size " << size << " stones " << stones;
        // The cells without the foul test: the same, with the fouls.
        findNearbyCells(board, c, found, stones);
        for (Point p : found) ASSERT_TRUE(board.isEmpty(p)) << "cell " << p;
        found.keepOnly([&](Point p) { return isLegal(board, p, c, rule); });
        ASSERT_EQ(std::vector<Point>(found.begin(), found.end()), expected) << "cells, stones " << stones;
        ++checks;
        nonEmpty += !expected.empty();
      }
  });
  EXPECT_GT(nonEmpty, checks / 2);
}

// Cell by cell: per line, the most c stones (the move counted) in a run of five through p, on
// the board, with no opponent stone and (under exact five) no c stone just outside it, times the
// runs holding that many; runs with the move alone count nothing.
int plainPotential(const Board& b, Point p, Color c, Rule rule) {
  const bool exact = needsExactFive(rule, c);
  auto cellIs = [&](int col, int row, Color who) { return b.onBoard(col, row) && b.has(b.point(col, row), who); };
  int total = 0;
  for (int dir = 0; dir < kDirections; ++dir) {
    int best = 0, count = 0;
    for (int start = -4; start <= 0; ++start) {
      int own = 1;
      bool open = true;
      for (int k = start; k < start + 5; ++k) {
        if (k == 0) continue;
        const int col = b.col(p) + k * kDirCol[dir], row = b.row(p) + k * kDirRow[dir];
        if (!b.onBoard(col, row) || cellIs(col, row, opponent(c))) open = false;
        else own += cellIs(col, row, c);
      }
      const int beforeCol = b.col(p) + (start - 1) * kDirCol[dir], beforeRow = b.row(p) + (start - 1) * kDirRow[dir];
      const int afterCol = b.col(p) + (start + 5) * kDirCol[dir], afterRow = b.row(p) + (start + 5) * kDirRow[dir];
      if (exact && (cellIs(beforeCol, beforeRow, c) || cellIs(afterCol, afterRow, c))) open = false;
      if (!open || own < 2) continue;
      if (own > best) best = own, count = 0;
      if (own == best) ++count;
    }
    total += best * count;
  }
  return total;
}

TEST(ThreatMoves, BuildPotentialIsWhatPlainReadsSay) {
  std::mt19937 rng(2026112403);
  long long checks = 0, scored = 0;
  denseGames(rng, {Rule::Renju, Rule::Freestyle, Rule::Standard}, {7, 15}, 15, 40, [&](Board& board, Rule rule, int) {
    for (Color c : {Color::Black, Color::White})
      for (Point p = 0; p < board.cellCount(); ++p) {
        if (!board.isEmpty(p)) continue;
        const int expected = plainPotential(board, p, c, rule);
        ASSERT_EQ(buildPotential(board, p, c, rule), expected) << "rule " << static_cast<int>(rule) << " point " << p;
        ++checks;
        scored += expected > 0;
      }
  });
  EXPECT_GT(scored, checks / 10);
}

TEST(ThreatMoves, FivesFoursAndStraightFoursAreWhatPlainReadsSay) {
  std::mt19937 rng(20261124);
  long long checks = 0, withFours = 0, withFives = 0, withStraightFours = 0, overlineRuns = 0;
  denseGames(rng, {Rule::Renju, Rule::Freestyle, Rule::Standard}, {7, 15, 20}, 30, 50, [&](Board& board, Rule rule, int size) {
    for (Color c : {Color::Black, Color::White}) {
      const auto expected = everyFourMove(board, c, rule);
      MoveList found;
      findFourMoves(board, c, rule, found);
      ASSERT_EQ(std::vector<Point>(found.begin(), found.end()), expected)
          << "rule " << static_cast<int>(rule) << " size " << size << " colour " << index(c);
      ++checks;
      withFours += !expected.empty();
      // Points the exact-five rule refuses where five-or-more would take them.
      if (needsExactFive(rule, c))
        for (Point q = 0; q < board.cellCount(); ++q)
          if (board.isEmpty(q)) {
            const MoveShape exact = shapeOf(board, q, c, rule);
            const MoveShape loose = shapeOf(board, q, c, Rule::Freestyle);
            overlineRuns += (loose.five || loose.fours > 0) && !(exact.five || exact.fours > 0);
          }
      // Five points: the same runs with four stones.
      std::vector<Point> fivePoints;
      for (Point q = 0; q < board.cellCount(); ++q)
        if (board.isEmpty(q) && shapeOf(board, q, c, rule).five) fivePoints.push_back(q);
      MoveList fives;
      findFivePoints(board, c, rule, fives);
      ASSERT_EQ(std::vector<Point>(fives.begin(), fives.end()), fivePoints);
      ASSERT_EQ(hasFivePoint(board, c, rule), !fivePoints.empty());
      withFives += !fivePoints.empty();
      // Straight-four moves (asked where c has no five point yet): no five, and after them
      // a five the opponent cannot stop (two five points, or one it may not play), counted
      // on the whole board.
      if (!fivePoints.empty()) continue;
      std::vector<Point> unstoppable;
      for (Point q = 0; q < board.cellCount(); ++q) {
        if (!board.isEmpty(q) || shapeOf(board, q, c, rule).five || !isLegal(board, q, c, rule)) continue;
        board.place(q, c);
        MoveList after;
        findFivePoints(board, c, rule, after);
        if (after.size() >= 2 || (after.size() == 1 && !isLegal(board, after[0], opponent(c), rule)))
          unstoppable.push_back(q);
        board.undo();
      }
      MoveList straight;
      findStraightFourMoves(board, c, rule, straight);
      ASSERT_EQ(std::vector<Point>(straight.begin(), straight.end()), unstoppable)
          << "rule " << static_cast<int>(rule) << " size " << size << " colour " << index(c);
      withStraightFours += !unstoppable.empty();
    }
  });
  // The boards must have exercised the interesting cases.
  EXPECT_GT(withFours, checks / 4);
  EXPECT_GT(withFives, checks / 20);
  EXPECT_GT(withStraightFours, checks / 20);
  EXPECT_GT(overlineRuns, 100);
}

}  // namespace
}  // namespace tengen::gomoku
