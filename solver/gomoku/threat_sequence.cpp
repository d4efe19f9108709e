// Threat-space search: deepening over sequences of fours and threes with every cost square
// taken by the defender at once (see threat_sequence.h for why that proves a win).
#include "solver/gomoku/threat_sequence.h"

#include <algorithm>
#include <array>
#include <bitset>
#include <cstdlib>

#include "solver/gomoku/threats.h"

namespace tengen::gomoku {
namespace {

// Whether a and b share a line within four cells (a threat through b may use a's stone).
bool sharesLine(const Board& board, Point a, Point b) {
  const int dc = board.col(a) - board.col(b), dr = board.row(a) - board.row(b);
  if (dc != 0 && dr != 0 && std::abs(dc) != std::abs(dr)) return false;
  return std::max(std::abs(dc), std::abs(dr)) <= 4;
}

}  // namespace

void threatAnswers(Board& board, Color attacker, Rule rule, const MoveList& strong, MoveList& out) {
  out.clear();
  // Every other cell of a run that makes five with a strong move s holds an attacker stone, so
  // a defender stone spoils s only on s itself or on one of its five points, and on a five
  // point only when s has two (a third would still stand). An answer spoils every s. (A stone
  // cannot add a five point of the attacker's, nor take one off a run it is not in.)
  std::array<Point, 3> spoilers{};  // the cells that spoil every strong move read so far
  int spoilerCount = -1;             // -1: none read yet
  for (Point s : strong) {
    std::array<Point, 3> fives{};
    int count = 0;
    forEachFivePointAt(board, s, attacker, rule, [&](Point q) {
      if (std::find(fives.begin(), fives.begin() + count, q) == fives.begin() + count) fives[static_cast<std::size_t>(count++)] = q;
      return count == 3;
    });
    // Fewer than two (renju white's four whose block is a foul): any stone takes it below two,
    // so s narrows nothing.
    if (count < 2) continue;
    const std::array<Point, 3> own{s, count == 2 ? fives[0] : s, count == 2 ? fives[1] : s};
    if (spoilerCount < 0) {
      spoilers = own;
      spoilerCount = count == 2 ? 3 : 1;
      continue;
    }
    int kept = 0;
    for (int i = 0; i < spoilerCount; ++i)
      if (std::find(own.begin(), own.end(), spoilers[static_cast<std::size_t>(i)]) != own.end())
        spoilers[static_cast<std::size_t>(kept++)] = spoilers[static_cast<std::size_t>(i)];
    spoilerCount = kept;
  }
  if (spoilerCount >= 0) {
    // Point order, as callers expect (three at most).
    for (int i = 1; i < spoilerCount; ++i)
      for (int j = i; j > 0 && spoilers[static_cast<std::size_t>(j)] < spoilers[static_cast<std::size_t>(j - 1)]; --j)
        std::swap(spoilers[static_cast<std::size_t>(j)], spoilers[static_cast<std::size_t>(j - 1)]);
    for (int i = 0; i < spoilerCount; ++i) out.push(spoilers[static_cast<std::size_t>(i)]);
    return;
  }
  // Every strong move falls to any stone: the cells on their lines, within four, answer.
  std::bitset<kMaxCells> near;
  for (Point s : strong) {
    near.set(static_cast<std::size_t>(s));
    for (int dir = 0; dir < kDirections; ++dir)
      for (int k = -4; k <= 4; ++k) {
        const Point q = board.step(s, dir, k);
        if (q != kNoPoint && board.isEmpty(q)) near.set(static_cast<std::size_t>(q));
      }
  }
  for (Point d = 0; d < board.cellCount(); ++d)
    if (near.test(static_cast<std::size_t>(d))) out.push(d);
}

bool threatCostSquares(Board& board, Color attacker, Rule rule, MoveList& out) {
  out.clear();
  MoveList fives;
  findFivePoints(board, attacker, rule, fives);
  if (fives.size() == 1) {
    out.push(fives[0]);
    return true;
  }
  if (fives.size() >= 2) return true;  // no answer
  MoveList strong;
  findStraightFourMoves(board, attacker, rule, strong);
  if (strong.empty()) return false;
  threatAnswers(board, attacker, rule, strong, out);
  return true;
}

std::vector<Point> ThreatSequenceSearch::find(const Board& board, Color attacker, Rule rule, std::uint64_t maxNodes,
                                              int maxGains) {
  board_ = board;
  rule_ = rule;
  attacker_ = attacker;
  nodes_ = 0;
  maxNodes_ = maxNodes;
  // Failures stay across searches of one rule and attacker (the prover's searches meet the same
  // boards again), up to kMaxFailed of them.
  if (failed_.size() > kMaxFailed || rule != failedRule_ || attacker != failedAttacker_) failed_.clear();
  failedRule_ = rule;
  failedAttacker_ = attacker;
  if (!threatSequencesProve(rule)) return {};
  MoveList fives;
  findFivePoints(board_, attacker, rule, fives);
  if (!fives.empty()) return {fives[0]};
  for (int length = 1; length <= maxGains && nodes_ < maxNodes_; ++length) {
    gains_.clear();
    if (search(length)) return gains_;
  }
  return {};
}

void ThreatSequenceSearch::listThreats(MoveList& out) {
  MoveList cells, threes;
  findNearbyCells(board_, attacker_, cells, 2);
  out.clear();
  std::array<int, kMaxCells> potential;
  for (Point p : cells) {
    bool depends = gains_.empty();
    for (std::size_t i = 0; i < gains_.size() && !depends; ++i) depends = sharesLine(board_, gains_[i], p);
    if (!depends) continue;
    const MoveShape s = shapeOf(board_, p, attacker_, rule_);
    potential[static_cast<std::size_t>(p)] = s.potential;
    if (s.fours > 0) out.push(p);
    else if (s.threes > 0) threes.push(p);
  }
  const auto byPotential = [&](Point p) { return potential[static_cast<std::size_t>(p)]; };
  out.sortByScore(byPotential);
  threes.sortByScore(byPotential);
  for (Point p : threes) out.push(p);
}

bool ThreatSequenceSearch::search(int gainsLeft) {
  // The attacker has no five point here (a four's was taken, two end the sequence): its five
  // points after a gain lie on the gain's lines.
  if (gainsLeft == 0) return false;
  const std::uint64_t key = board_.hash() + static_cast<std::uint64_t>(gainsLeft) * 0x9e3779b97f4a7c15ull;
  if (failed_.find(key)) return false;
  const Color defender = opponent(attacker_);
  // A five point of the defender's (its answers made one) must be the gain; two cannot be blocked.
  MoveList defenderFives, defenderFours, threats, strong, answers;
  findFivePoints(board_, defender, kSequenceDefenderRule, defenderFives);
  if (defenderFives.size() >= 2) {
    failed_.slotFor(key) = 1;
    return false;
  }
  // The defender's moves that make a four here: against a three each gains a tempo, unless the
  // gain took its point or its room.
  findFourMoves(board_, defender, kSequenceDefenderRule, defenderFours);
  listThreats(threats);
  for (Point g : threats) {
    if (!defenderFives.empty() && g != defenderFives[0]) continue;
    if (++nodes_ > maxNodes_) return false;  // out of budget: nothing learnt about this board
    board_.place(g, attacker_);
    gains_.push_back(g);
    bool won = false;
    Point first;
    const bool two = fivePointsThrough(board_, rule_, attacker_, g, first) >= 2;
    answers.clear();
    bool threatens = true;
    if (two) {
      won = true;
    } else if (first != kNoPoint) {
      answers.push(first);  // a four: its one answer is forced, the defender's fours wait
    } else {
      bool tempo = false;
      for (Point e : defenderFours)
        if (e != g && forEachFivePointAt(board_, e, defender, kSequenceDefenderRule, [](Point) { return true; })) {
          tempo = true;
          break;
        }
      findStraightFourMovesOnLines(board_, attacker_, rule_, g, kNoPoint, strong);
      threatens = !tempo && !strong.empty();
      if (threatens) {
        threatAnswers(board_, attacker_, rule_, strong, answers);
        won = answers.empty();  // no one stone stops it (two threes)
      }
    }
    if (!won && threatens) {
      const MoveList taken = answers;
      for (Point a : taken) board_.place(a, defender);
      won = search(gainsLeft - 1);
      for (int i = 0; i < taken.size(); ++i) board_.undo();
    }
    board_.undo();
    if (won) return true;
    gains_.pop_back();
  }
  if (nodes_ <= maxNodes_) failed_.slotFor(key) = 1;
  return false;
}

}  // namespace tengen::gomoku
