// The answers to straight-four threats (kThreatAnswers): where the opponent can make a straight
// four next move, the prover keeps only the side's four moves and the moves after which no such
// threat still wins. Checked against brute force with the plain rules (every empty point played,
// every threat played after it, the five points counted on the whole board) on random renju and
// freestyle positions, both sides defending: black's renju threats included, whose far-move
// shortcut rests on the cells the foul test read, and the near-move shortcut (a stone on the
// threat's lines off its five points) on the foul test reading no further than the threat point.
#include <gtest/gtest.h>

#include <cstdio>
#include <random>

#include "solver/gomoku/proof_game.h"
#include "solver/gomoku/rules.h"
#include "solver/gomoku/threats.h"
#include "tests/test_boards.h"

namespace tengen::gomoku {
namespace {

using testing::boardOf;

// Whether `other`'s threat t still wins after `side` played p: t is legal for `other`, and after
// it `other` has two five points, or one that `side` may not take.
bool threatWinsAfter(Board& b, Rule rule, Color side, Point p, Point t) {
  const Color other = opponent(side);
  if (p == t) return false;
  b.place(p, side);
  bool wins = false;
  if (isLegal(b, t, other, rule)) {
    b.place(t, other);
    MoveList fives;
    findFivePoints(b, other, rule, fives);
    wins = fives.size() >= 2 || (fives.size() == 1 && !isLegal(b, fives[0], side, rule));
    b.undo();
  }
  b.undo();
  return wins;
}

// The moves the rules leave `side` facing `threats`: its legal fours, and its legal moves after
// which no threat wins. In point order.
std::vector<Point> bruteForceAnswers(Board& b, Rule rule, Color side, const MoveList& threats) {
  std::vector<Point> out;
  for (Point p = 0; p < b.cellCount(); ++p) {
    if (!isLegal(b, p, side, rule)) continue;
    b.place(p, side);
    MoveList fives;
    findFivePoints(b, side, rule, fives);
    b.undo();
    bool keep = !fives.empty();
    if (!keep) {
      keep = true;
      for (Point t : threats)
        if (threatWinsAfter(b, rule, side, p, t)) keep = false;
    }
    if (keep) out.push_back(p);
  }
  return out;
}

// The children the prover lists for `side` to move (as the defender of a full-value search).
std::vector<Point> proverAnswers(const Board& board, Rule rule, Color side) {
  ProofGame game(board, side, rule, opponent(side), ProofMode::Full);
  std::vector<proof::Child<Point>> children;
  proof::Argument<Point> argument;
  const proof::Expansion e = game.expand(children, argument);
  std::vector<Point> out;
  if (e != proof::Expansion::Open) return out;
  for (const auto& c : children) out.push_back(c.move);
  return out;
}

struct Tally {
  int positions = 0, blackThreats = 0;
  // Black threats whose foul test read more than the threat point (a three's straight-four
  // point): where a far white stone could make the threat a foul.
  int recursedFoulTests = 0;
};

// Random positions: `stones` stones dropped in the centre region, no
// finished game, neither side with a five point; checked where the side to move faces threats.
void checkRandomPositions(Rule rule, int rounds, int stones, std::uint32_t seed, Tally& tally) {
  std::mt19937 rng(seed);
  for (int round = 0; round < rounds; ++round) {
    Board b(kDefaultSize);
    std::uniform_int_distribution<int> coord(3, 11);
    // Black gets three stones in five: more black shapes, so more threats whose foul test recurses.
    std::bernoulli_distribution black(0.6);
    for (int placed = 0, tries = 0; placed < stones && tries < 400; ++tries) {
      const Color c = black(rng) ? Color::Black : Color::White;
      const Point p = b.point(coord(rng), coord(rng));
      if (!b.isEmpty(p) || !isLegal(b, p, c, rule) || makesFive(b, p, c, rule)) continue;
      b.place(p, c);
      ++placed;
    }
    if (findFinishedGame(b, rule)) continue;
    for (Color side : {Color::Black, Color::White}) {
      const Color other = opponent(side);
      if (hasFivePoint(b, side, rule) || hasFivePoint(b, other, rule)) continue;
      MoveList threats;
      findStraightFourMoves(b, other, rule, threats);
      if (threats.empty()) continue;
      ++tally.positions;
      if (rule == Rule::Renju && other == Color::Black) {
        ++tally.blackThreats;
        for (Point t : threats) {
          std::vector<Point> reads;
          forbiddenKind(b, t, &reads);
          if (reads.size() > 1) ++tally.recursedFoulTests;
        }
      }
      const std::vector<Point> expected = bruteForceAnswers(b, rule, side, threats);
      ASSERT_EQ(proverAnswers(b, rule, side), expected)
          << colorName(side) << " to move against " << threats.size() << " threats at " << formatStones(b);
    }
  }
}

TEST(ThreatAnswers, RenjuAnswersAreExactlyTheMovesTheRulesLeave) {
  Tally tally;
  checkRandomPositions(Rule::Renju, 15000, 34, 20261123, tally);
  // Enough positions of each kind to mean something: black's threats are where fouls matter.
  EXPECT_GE(tally.positions, 300);
  EXPECT_GE(tally.blackThreats, 100);
  EXPECT_GE(tally.recursedFoulTests, 20);
  std::printf("%d positions, %d with black threats, %d threats whose foul test recursed\n", tally.positions,
              tally.blackThreats, tally.recursedFoulTests);
}

TEST(ThreatAnswers, FreestyleAnswersAreExactlyTheMovesTheRulesLeave) {
  Tally tally;
  checkRandomPositions(Rule::Freestyle, 600, 22, 7, tally);
  EXPECT_GE(tally.positions, 100);
}

}  // namespace
}  // namespace tengen::gomoku
