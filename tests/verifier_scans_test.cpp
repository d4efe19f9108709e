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

// hasRunHolding looks for runs of five cells in the board's line masks. With four stones: whether
// the colour has a five-or-more point, against asking every point. With three, on boards where the
// colour has no five-or-more point (the function's condition): whether some move leaves one,
// against playing every empty point and scanning the whole board. Random games in a small square.
TEST(HasRunHolding, MatchesPlayingEveryPointAndScanningTheBoard) {
  std::mt19937 rng(20261203);
  long long asked = 0, fours = 0, fivePoints = 0;
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
          const bool hasFivePoint = !everyFivePoint(b, c, Rule::Freestyle).empty();
          ASSERT_EQ(hasRunHolding(b, c, 4), hasFivePoint) << "size " << size << " game " << game << " move " << move;
          fivePoints += hasFivePoint;
          if (hasFivePoint) continue;
          bool expected = false;
          for (Point q = 0; q < b.cellCount() && !expected; ++q) {
            if (!b.isEmpty(q)) continue;
            b.place(q, c);
            expected = !everyFivePoint(b, c, Rule::Freestyle).empty();
            b.undo();
          }
          const auto stones = b.history().size();
          ASSERT_EQ(hasRunHolding(b, c, 3), expected) << "size " << size << " game " << game << " move " << move;
          ASSERT_EQ(b.history().size(), stones);
          ++asked;
          fours += expected;
        }
      }
    }
  // Both answers must have been common.
  EXPECT_GT(fours, asked / 10);
  EXPECT_GT(asked - fours, asked / 10);
  EXPECT_GT(fivePoints, asked / 10);
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

// A random position in a small square under `rule`, neither colour with a five point besides
// what the game left: the stones placed in turn until `stones` are down or a five is made.
Board randomPosition(std::mt19937& rng, Rule rule, int stones) {
  Board b(15);
  std::uniform_int_distribution<int> cell(0, 7);
  Color c = Color::Black;
  for (int tries = 0; static_cast<int>(b.history().size()) < stones && tries < 200; ++tries) {
    const Point p = b.point(4 + cell(rng), 4 + cell(rng));
    if (!b.isEmpty(p) || makesFive(b, p, c, rule)) continue;
    b.place(p, c);
    c = opponent(c);
  }
  return b;
}

// answersToStrongMoves reads the five points each strong move leaves; the plain way plays each
// empty cell for the other colour, then each strong move, and counts the five points.
TEST(AnswersToStrongMoves, MatchPlayingEveryAnswerAndEveryStrongMove) {
  std::mt19937 rng(20261206);
  long long asked = 0, withAnswers = 0, narrowed = 0;
  for (Rule rule : {Rule::Freestyle, Rule::Standard})
    for (int game = 0; game < 200; ++game) {
      Board b = randomPosition(rng, rule, 8 + game % 24);
      for (Color c : {Color::Black, Color::White}) {
        if (!everyFivePoint(b, c, rule).empty()) continue;
        FivePointBoard board(b, rule);
        const std::vector<Point> strong = strongMoves(board, c);
        if (strong.empty()) continue;
        std::vector<Point> expected;
        for (Point d = 0; d < b.cellCount(); ++d) {
          if (!b.isEmpty(d)) continue;
          b.place(d, opponent(c));
          bool spoiled = true;
          for (Point s : strong) {
            if (s == d) continue;
            b.place(s, c);
            spoiled = everyFivePoint(b, c, rule).size() < 2;
            b.undo();
            if (!spoiled) break;
          }
          b.undo();
          if (spoiled) expected.push_back(d);
        }
        ASSERT_EQ(answersToStrongMoves(board, c, strong), expected) << ruleName(rule) << " game " << game;
        ++asked;
        withAnswers += !expected.empty();
        narrowed += !expected.empty() && expected.size() <= 3;
      }
    }
  EXPECT_GT(asked, 50);
  EXPECT_GT(withAnswers, asked / 10);
  EXPECT_GT(narrowed, 0);
}

// QuickRefutation says a reply loses only where playing it out says so: the reply played, then
// (the loser having no five point) each answer, a loss when the winner has a five point at once
// or an answer leaves it two, or one the loser may not block. Every empty reply of every position
// compared, with the answers the cells next to the winner's stones; renju included (where black's
// answers are not read and a foul may leave a single five point unblockable).
TEST(QuickRefutation, RefutesOnlyRepliesThatLoseWhenPlayedOut) {
  std::mt19937 rng(20261207);
  long long replies = 0, refuted = 0, losing = 0;
  for (Rule rule : {Rule::Renju, Rule::Freestyle, Rule::Standard})
    for (int game = 0; game < 120; ++game) {
      Board b = randomPosition(rng, rule, 10 + game % 20);
      for (Color winner : {Color::Black, Color::White}) {
        const Color mover = opponent(winner);
        if (!everyFivePoint(b, mover, rule).empty()) continue;
        std::vector<Point> answers;
        for (const auto& [s, colour] : b.history())
          for (int dir = 0; dir < kDirections; ++dir)
            if (colour == winner)
              if (const Point q = b.step(s, dir, 1); q != kNoPoint && b.isEmpty(q)) answers.push_back(q);
        FivePointBoard board(b, rule);
        const QuickRefutation quick(board, winner, answers, rule);
        const auto legal = [&](Point p, Color c) {
          return b.isEmpty(p) && (rule != Rule::Renju || c != Color::Black || makesFive(b, p, c, rule) ||
                                  forbiddenKind(b, p, c, rule) == ForbiddenKind::None);
        };
        for (Point p = 0; p < b.cellCount(); ++p) {
          if (!legal(p, mover)) continue;
          b.place(p, mover);
          bool loses = !everyFivePoint(b, winner, rule).empty();
          if (!loses && everyFivePoint(b, mover, rule).empty())
            for (Point s : answers) {
              if (!legal(s, winner)) continue;
              b.place(s, winner);
              const auto fives = everyFivePoint(b, winner, rule);
              loses = fives.size() >= 2 || (fives.size() == 1 && !legal(fives[0], mover));
              b.undo();
              if (loses) break;
            }
          b.undo();
          const bool says = quick.refutes(p);
          ASSERT_TRUE(!says || loses) << ruleName(rule) << " game " << game << " reply " << p;
          ++replies;
          refuted += says;
          losing += loses;
        }
      }
    }
  // The quick reading must carry most of the losing replies, or it saves nothing.
  EXPECT_GT(losing, replies / 10);
  EXPECT_GT(refuted, losing / 2);
}

}  // namespace
}  // namespace tengen::gomoku
