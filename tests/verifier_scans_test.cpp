// The verifier's five points kept through placements (FivePointBoard) against a plain count:
// every empty point asked whether it makes five, on random dense games under each rule (black's
// exact five in renju and standard gomoku, where a stone can turn a five point into an overline),
// after every placement and every undo. And the defender's-four question against playing every
// point and scanning the whole board.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "solver/gomoku/rules.h"
#include "solver/gomoku/verifier_scans.h"

namespace tengen::gomoku {
namespace {

std::vector<Point> everyFivePoint(const Board& b, Color c, Rule rule) {
  std::vector<Point> out;
  for (Point p = 0; p < b.cellCount(); ++p)
    if (b.isEmpty(p) && makesFive(b, p, c, rule)) out.push_back(p);
  return out;
}

TEST(FivePointBoard, MatchesAPlainCountThroughPlacementsAndUndos) {
  std::mt19937 rng(20261123);
  long long checks = 0, withFives = 0, overlined = 0;
  for (Rule rule : {Rule::Renju, Rule::Freestyle, Rule::Standard})
    for (int size : {7, 15})
      for (int game = 0; game < 40; ++game) {
        Board start(size);
        FivePointBoard board(start, rule);
        // Stones in a small square, so fives, fours and overlines are common.
        const int span = std::min(size, 7), origin = (size - span) / 2;
        std::uniform_int_distribution<int> cell(0, span - 1);
        int placed = 0;
        for (int move = 0; move < 60; ++move) {
          const Point p = board.board().point(origin + cell(rng), origin + cell(rng));
          if (!board.board().isEmpty(p)) continue;
          const Color c = rng() % 2 ? Color::Black : Color::White;
          const auto before = board.fivePoints(c);
          board.place(p, c);
          ++placed;
          // A five point of c's own, other than p, lost to c's stone: an overline made.
          for (Point q : before)
            if (q != p && !makesFive(board.board(), q, c, rule)) ++overlined;
          if (rng() % 5 == 0) {
            board.undo();
            --placed;
          }
          for (Color c : {Color::Black, Color::White}) {
            const auto expected = everyFivePoint(board.board(), c, rule);
            ASSERT_EQ(board.fivePoints(c), expected) << "rule " << static_cast<int>(rule) << " size " << size;
            ++checks;
            withFives += !expected.empty();
          }
        }
        while (placed-- > 0) board.undo();
        for (Color c : {Color::Black, Color::White}) ASSERT_TRUE(board.fivePoints(c).empty());
      }
  // The games must have exercised the interesting cases.
  EXPECT_GT(withFives, checks / 20);
  EXPECT_GT(overlined, 0);
}

// hasMoveMakingFour looks for runs of five cells in the board's line masks; the plain way plays
// every empty point and looks for a five-or-more point anywhere. Random games in a small square, on boards where the
// colour has no five-or-more point (the function's condition), both answers compared.
TEST(HasMoveMakingFour, MatchesPlayingEveryPointAndScanningTheBoard) {
  std::mt19937 rng(20261203);
  long long asked = 0, fours = 0;
  for (int size : {7, 9, 15})
    for (int game = 0; game < 60; ++game) {
      Board b(size);
      const int span = std::min(size, 8), origin = (size - span) / 2;
      std::uniform_int_distribution<int> cell(0, span - 1);
      for (int move = 0; move < 40; ++move) {
        const Point p = b.point(origin + cell(rng), origin + cell(rng));
        if (!b.isEmpty(p)) continue;
        b.place(p, rng() % 2 ? Color::Black : Color::White);
        for (Color c : {Color::Black, Color::White}) {
          if (!everyFivePoint(b, c, Rule::Freestyle).empty()) continue;
          bool expected = false;
          for (Point q = 0; q < b.cellCount() && !expected; ++q) {
            if (!b.isEmpty(q)) continue;
            b.place(q, c);
            expected = !everyFivePoint(b, c, Rule::Freestyle).empty();
            b.undo();
          }
          const auto stones = b.history().size();
          ASSERT_EQ(hasMoveMakingFour(b, c), expected) << "size " << size << " game " << game << " move " << move;
          ASSERT_EQ(b.history().size(), stones);
          ++asked;
          fours += expected;
        }
      }
    }
  // Both answers must have been common.
  EXPECT_GT(fours, asked / 10);
  EXPECT_GT(asked - fours, asked / 10);
}

// strongMoves plays only points on a line holding three of the colour's stones; the plain way plays
// every empty point and counts the five points after it. Both rules, random games as above.
TEST(StrongMoves, MatchPlayingEveryPointAndCountingFivePoints) {
  std::mt19937 rng(20261204);
  long long asked = 0, withStrong = 0;
  for (Rule rule : {Rule::Freestyle, Rule::Standard})
    for (int game = 0; game < 30; ++game) {
      Board b(15);
      std::uniform_int_distribution<int> cell(0, 7);
      for (int move = 0; move < 40; ++move) {
        const Point p = b.point(4 + cell(rng), 4 + cell(rng));
        if (!b.isEmpty(p)) continue;
        b.place(p, rng() % 2 ? Color::Black : Color::White);
        for (Color c : {Color::Black, Color::White}) {
          if (!everyFivePoint(b, c, rule).empty()) continue;
          std::vector<Point> expected;
          for (Point q = 0; q < b.cellCount(); ++q) {
            if (!b.isEmpty(q)) continue;
            b.place(q, c);
            if (everyFivePoint(b, c, rule).size() >= 2) expected.push_back(q);
            b.undo();
          }
          FivePointBoard board(b, rule);
          ASSERT_EQ(strongMoves(board, c), expected) << ruleName(rule) << " game " << game << " move " << move;
          ++asked;
          withStrong += !expected.empty();
        }
      }
    }
  EXPECT_GT(withStrong, asked / 20);
  EXPECT_GT(asked - withStrong, asked / 10);
}

}  // namespace
}  // namespace tengen::gomoku
