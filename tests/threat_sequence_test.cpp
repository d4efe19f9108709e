// Threat-space sequences: what the search finds, what the verifier accepts from gains alone, and
// what it refuses (a defender four, a rule without monotony, a gain that threatens nothing).
#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "bench/test_data.h"
#include "solver/gomoku/notation.h"
#include "solver/gomoku/position.h"
#include "solver/gomoku/proof_check.h"
#include "solver/gomoku/proof_game.h"
#include "solver/gomoku/relevance_zone.h"
#include "solver/gomoku/rules.h"
#include "solver/gomoku/solve.h"
#include "solver/gomoku/threat_sequence.h"
#include "solver/gomoku/zone_support.h"

namespace tengen::gomoku {
namespace {

Position freestyle(const std::string& moves, Rule rule = Rule::Freestyle) {
  PositionOptions o;
  o.rule = rule;
  return parsePosition(moves, o);
}

Point at(const std::string& name) {
  const std::optional<Point> p = parsePoint(name, kDefaultSize);
  EXPECT_TRUE(p.has_value()) << name;
  return p.value_or(kNoPoint);
}

// The proof of one node: the attacker to move wins by the sequence `gains`.
proof::ProofTree<Point> sequenceProof(const std::vector<Point>& gains) {
  proof::ProofTree<Point> tree;
  tree.nodes.emplace_back();
  tree.nodes[0].argument.kind = ProofGame::kThreatSequence;
  tree.nodes[0].argument.moves = gains;
  return tree;
}

ProofCheck checkSequence(const Position& pos, const std::vector<Point>& gains) {
  return checkProof(pos.board, pos.toMove, pos.rule, pos.toMove, sequenceProof(gains));
}

// Black's g8 h8 and j10 j11, white's stones in the corners: j8 makes two threes at once.
const char* kDoubleThree = "g8 a1 h8 o1 j10 a15 j11 o15";

TEST(ThreatSequence, ADoubleThreeIsOneGainTheVerifierAccepts) {
  const Position pos = freestyle(kDoubleThree);
  ThreatSequenceSearch search;
  const std::vector<Point> gains = search.find(pos.board, Color::Black, pos.rule, 10'000);
  ASSERT_EQ(gains.size(), 1u);
  EXPECT_EQ(gains[0], at("j8"));
  const ProofCheck check = checkSequence(pos, gains);
  EXPECT_TRUE(check.ok) << check.error;
}

TEST(ThreatSequence, TheVerifierRefusesAGainThatThreatensNothingOrIsTaken) {
  const Position pos = freestyle(kDoubleThree);
  EXPECT_NE(checkSequence(pos, {at("c3")}).error.find("threatens nothing"), std::string::npos);
  EXPECT_NE(checkSequence(pos, {at("h8")}).error.find("not an empty point"), std::string::npos);
  // One three answered is no win: the sequence must end in one.
  EXPECT_NE(checkSequence(pos, {at("i8")}).error.find("ends without a win"), std::string::npos);
  // Gains after the win change nothing: the win stands.
  EXPECT_TRUE(checkSequence(pos, {at("j8"), at("i8")}).ok);
  EXPECT_FALSE(checkSequence(pos, {}).ok);
}

TEST(ThreatSequence, ADefenderFourRefutesAThreeSequence) {
  // White's a1 a2 a3 (a4 makes a four): against black's double three white gains a tempo.
  const Position pos = freestyle("g8 a1 h8 a2 j10 a3 j11 o15");
  const ProofCheck check = checkSequence(pos, {at("j8")});
  EXPECT_FALSE(check.ok);
  EXPECT_NE(check.error.find("the defender has a four"), std::string::npos) << check.error;
  ThreatSequenceSearch search;
  const std::vector<Point> gains = search.find(pos.board, Color::Black, pos.rule, 10'000);
  if (!gains.empty()) {
    EXPECT_TRUE(checkSequence(pos, gains).ok);
  }
  EXPECT_TRUE(gains.empty() || gains[0] != at("j8"));
}

TEST(ThreatSequence, RenjuTakesNoSequenceAsAProof) {
  const Position pos = freestyle(kDoubleThree, Rule::Renju);
  EXPECT_NE(checkSequence(pos, {at("j8")}).error.find("proves nothing under this rule"), std::string::npos);
  ThreatSequenceSearch search;
  EXPECT_TRUE(search.find(pos.board, Color::Black, Rule::Renju, 10'000).empty());
}

TEST(ThreatSequence, ExactFiveCountsTheDefendersFivesAsFiveOrMore) {
  const Position plain = freestyle(kDoubleThree, Rule::Standard);
  ThreatSequenceSearch search;
  EXPECT_EQ(search.find(plain.board, Color::Black, Rule::Standard, 10'000), std::vector<Point>{at("j8")});
  EXPECT_TRUE(checkSequence(plain, {at("j8")}).ok);
  // White's a1 a2 a3 a4 and a6: a5 makes six, no five under exact five, but a five or more. The
  // sequence is refused (stricter than the rule, never looser), and the search finds none.
  const Position pos = freestyle("g8 a1 h8 a2 j10 a3 j11 a4 n2 a6", Rule::Standard);
  const ProofCheck check = checkSequence(pos, {at("j8")});
  EXPECT_NE(check.error.find("the defender can make five"), std::string::npos) << check.error;
  EXPECT_TRUE(search.find(pos.board, Color::Black, Rule::Standard, 10'000).empty());
}

// threatAnswers() reads the answers off the strong moves' five points; on random crowded boards
// they are exactly the cells a stone on which leaves no strong move two five points, each
// empty cell tried (freestyle and exact five, either side attacking: where sequences prove).
TEST(ThreatSequence, ThreatAnswersAreTheCellsThatSpoilEveryStrongMove) {
  std::mt19937 random(20261203);
  for (Rule rule : {Rule::Freestyle, Rule::Standard}) {
    int boards = 0, answered = 0, narrow = 0;
    while (boards < 2000) {
      Board board(kDefaultSize);
      const int stones = 10 + static_cast<int>(random() % 20);
      for (int i = 0; i < stones; ++i) {
        const Point p = board.point(4 + static_cast<int>(random() % 7), 4 + static_cast<int>(random() % 7));
        const Color c = i % 2 ? Color::White : Color::Black;
        if (board.isEmpty(p) && !makesFive(board, p, c, Rule::Freestyle)) board.place(p, c);
      }
      for (Color attacker : {Color::Black, Color::White}) {
        MoveList fives, strong, answers;
        findFivePoints(board, attacker, rule, fives);
        findStraightFourMoves(board, attacker, rule, strong);
        if (!fives.empty() || strong.empty()) continue;
        ++boards;
        threatAnswers(board, attacker, rule, strong, answers);
        std::vector<Point> expected;
        Point first;
        for (Point d = 0; d < board.cellCount(); ++d) {
          if (!board.isEmpty(d)) continue;
          board.place(d, opponent(attacker));
          bool spoilsAll = true;
          for (Point s : strong) spoilsAll = spoilsAll && (s == d || fivePointsThrough(board, rule, attacker, s, first) < 2);
          board.undo();
          if (spoilsAll) expected.push_back(d);
        }
        EXPECT_EQ(std::vector<Point>(answers.begin(), answers.end()), expected)
            << ruleName(rule) << " " << (attacker == Color::Black ? "black" : "white");
        answered += expected.empty() ? 0 : 1;
        narrow += expected.size() == 1 ? 1 : 0;
      }
    }
    // Both kinds met: threes with answers (some with one) and double threats with none.
    EXPECT_GT(answered, 50) << ruleName(rule);
    EXPECT_GT(narrow, 5) << ruleName(rule);
    EXPECT_LT(answered, boards) << ruleName(rule);
  }
}

// On the freestyle games kept for the horizon walk: every sequence found in their positions
// (the winner to move) is accepted by the verifier, and the full search proves the same
// positions won without sequences wherever it settles them within its budget.
TEST(ThreatSequence, EverySequenceFoundOnRealGamesVerifies) {
  std::ifstream in(bench::testData("freestyle-lines.jsonl"));
  ASSERT_TRUE(in);
  std::string line;
  int found = 0, checkedAgainstSearch = 0;
  while (std::getline(in, line)) {
    const auto j = nlohmann::json::parse(line);
    const std::string moves = j.at("moves").get<std::string>();
    std::vector<std::string> names;
    for (std::size_t a = 0, b; a < moves.size(); a = b + 1) {
      b = moves.find(' ', a);
      if (b == std::string::npos) b = moves.size();
      names.push_back(moves.substr(a, b - a));
    }
    const Color winner = j.at("winner").get<std::string>() == "black" ? Color::Black : Color::White;
    for (std::size_t ply = names.size() - 1; ply >= names.size() / 2; --ply) {
      std::string prefix;
      for (std::size_t i = 0; i < ply; ++i) {
        if (i) prefix += ' ';
        prefix += names[i];
      }
      const Position pos = freestyle(prefix);
      if (pos.toMove != winner) continue;
      ThreatSequenceSearch search;
      const std::vector<Point> gains = search.find(pos.board, winner, pos.rule, 5'000);
      if (gains.empty()) continue;
      ++found;
      const ProofCheck check = checkSequence(pos, gains);
      EXPECT_TRUE(check.ok) << prefix << ": " << check.error;
      if (gains.size() > 6) continue;  // the plain search below needs the short ones
      SolveOptions plain;
      plain.sequenceThreats = 0;
      plain.onlyAttacker = winner;
      plain.maxNodes = 200'000;
      const SolveResult r = solve(pos, plain);
      if (r.value == GameValue::Unknown) continue;
      ++checkedAgainstSearch;
      EXPECT_EQ(r.value, winFor(winner)) << prefix;
    }
  }
  EXPECT_GE(found, 10);
  EXPECT_GE(checkedAgainstSearch, 5);
}

// The winner's positions of the freestyle games from ply `from` on, each with the sequence the
// search finds there (those where it finds one).
struct FoundSequence {
  std::string moves;
  Position pos;
  std::vector<Point> gains;
};
std::vector<FoundSequence> sequencesOnGames(std::size_t from) {
  std::vector<FoundSequence> out;
  std::ifstream in(bench::testData("freestyle-lines.jsonl"));
  std::string line;
  while (std::getline(in, line)) {
    const auto j = nlohmann::json::parse(line);
    const std::string moves = j.at("moves").get<std::string>();
    const Color winner = j.at("winner").get<std::string>() == "black" ? Color::Black : Color::White;
    std::string prefix;
    std::size_t ply = 0;
    for (std::size_t a = 0, b; a < moves.size(); a = b + 1) {
      b = moves.find(' ', a);
      if (b == std::string::npos) b = moves.size();
      if (ply >= from) {
        const Position pos = freestyle(prefix);
        if (pos.toMove == winner) {
          ThreatSequenceSearch search;
          std::vector<Point> gains = search.find(pos.board, winner, pos.rule, 5'000);
          if (!gains.empty()) out.push_back({prefix, pos, std::move(gains)});
        }
      }
      if (!prefix.empty()) prefix += ' ';
      prefix.append(moves, a, b - a);
      ++ply;
    }
  }
  return out;
}

// As a relevance zone's win (the attacker to move after a pass): the verifier's support lies
// inside the prover's zone, and a defender stone on any empty cell outside the support leaves
// the sequence a win the verifier accepts.
TEST(ThreatSequence, ASequencesSupportHoldsEveryStoneOutsideIt) {
  int positions = 0, stones = 0;
  for (FoundSequence& f : sequencesOnGames(30)) {
    const Color attacker = f.pos.toMove;
    const proof::ProofTree<Point> tree = sequenceProof(f.gains);
    Board scratch = f.pos.board;
    const Zone zone = zoneOf(scratch, f.pos.rule, attacker, tree);
    const Cells support = proofSupport(scratch, f.pos.rule, attacker, tree, 0, attacker);
    EXPECT_TRUE((support & ~zone).none()) << f.moves << ": the verifier's support leaves the prover's zone";
    EXPECT_LT(support.count(), static_cast<std::size_t>(f.pos.board.cellCount() - f.pos.board.stoneCount()))
        << f.moves << ": the support is the whole board";
    ++positions;
    for (Point x = 0; x < f.pos.board.cellCount(); ++x) {
      if (!f.pos.board.isEmpty(x) || support.test(static_cast<std::size_t>(x))) continue;
      Board withStone = f.pos.board;
      withStone.place(x, opponent(attacker));
      const ProofCheck check = checkProof(withStone, attacker, f.pos.rule, attacker, tree);
      EXPECT_TRUE(check.ok) << f.moves << " and a defender stone on " << formatPoint(x, kDefaultSize) << ": " << check.error;
      ++stones;
    }
  }
  EXPECT_GE(positions, 5);
  EXPECT_GE(stones, 500);
}

TEST(ThreatSequence, TheProverUsesSequencesAndItsProofVerifies) {
  const Position pos = freestyle(kDoubleThree);
  SolveOptions o;
  o.maxNodes = 100'000;
  o.probeNodes = 0;  // no threat probe first: the sequence is the proof
  const SolveResult r = solve(pos, o);
  EXPECT_EQ(r.value, GameValue::BlackWins);
  EXPECT_TRUE(r.verified) << r.verifyError;
  EXPECT_FALSE(r.line.empty());
  EXPECT_NE(r.bestMove, kNoPoint);
  EXPECT_GE(r.threatSearches.sequenceWins, 1u);
}

}  // namespace
}  // namespace tengen::gomoku
