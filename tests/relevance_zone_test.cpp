// Relevance zones: the verifier's support of a win after a pass must cover every cell a defender
// stone could break that win on. Checked against brute force: for positions from real games
// (renju with a black and a white attacker, freestyle), every defender move outside the support
// is played and the same win re-checked by the verifier from scratch. Also: the prover's zone
// holds the verifier's support, proofs with zone cuts verify, and a cut that leaves out a move
// inside the support is refused, also when the pass reaches a position already checked through
// another node.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>

#include "bench/test_data.h"
#include "solver/gomoku/position.h"
#include "solver/gomoku/proof_check.h"
#include "solver/gomoku/relevance_zone.h"
#include "solver/gomoku/rules.h"
#include "solver/gomoku/solve.h"
#include "solver/gomoku/symmetry.h"
#include "solver/gomoku/threats.h"
#include "solver/gomoku/zone_support.h"
#include "tests/test_boards.h"

namespace tengen::gomoku {
namespace {

struct Game {
  std::vector<std::string> moves;
  Color winner;
};

std::vector<Game> openingLines() {
  std::ifstream in(bench::testData("opening-lines.jsonl"));
  std::vector<Game> out;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    const auto j = nlohmann::json::parse(line);
    Game g;
    std::istringstream words(j.at("moves").get<std::string>());
    for (std::string w; words >> w;) g.moves.push_back(w);
    g.winner = j.at("winner").get<std::string>() == "black" ? Color::Black : Color::White;
    out.push_back(std::move(g));
  }
  return out;
}

Board boardAfter(const Game& g, std::size_t plies, Rule rule) {
  std::string text;
  for (std::size_t i = 0; i < plies; ++i) text += (i ? " " : "") + g.moves[i];
  PositionOptions o;
  o.rule = rule;
  return parsePosition(text, o).board;
}

struct Tally {
  int positions = 0, wins = 0, movesChecked = 0;
};

// For a defender to move on `board`: finds the attacker's win after a pass, and checks every
// legal defender move outside the verifier's support against brute force. `stride` samples the
// moves (1: all).
void checkZonesAt(const Board& board, Rule rule, Color attacker, int stride, Tally& t) {
  const Color defender = opponent(attacker);
  // A zone node is one where neither side can make five at once (the verifier refuses a proof
  // whose defender can, and an attacker's five point forces the block instead).
  if (findFinishedGame(board, rule) || hasFivePoint(board, defender, rule) || hasFivePoint(board, attacker, rule)) return;
  ++t.positions;
  NullMoveSearch search(8);
  std::uint64_t spent = 0;
  const auto win = search.find(board, rule, attacker, 3000, spent);
  if (!win) return;
  ++t.wins;
  Board b = board;
  // The win itself is valid, with the attacker to move on the unchanged board.
  const ProofCheck whole = checkProof(b, attacker, rule, attacker, *win->tree);
  ASSERT_TRUE(whole.ok) << whole.error;
  const Cells support = proofSupport(b, rule, attacker, *win->tree, 0, attacker);
  for (Point p = 0; p < b.cellCount(); ++p) {
    if (support.test(static_cast<std::size_t>(p)) && b.isEmpty(p)) {
      ASSERT_TRUE(win->zone.test(static_cast<std::size_t>(p)))
          << "the prover's zone lacks " << formatPoint(p, b.size()) << " of the verifier's support at "
          << formatStones(b);
    }
  }
  int k = 0;
  for (Point m = 0; m < b.cellCount(); ++m) {
    if (!b.isEmpty(m) || support.test(static_cast<std::size_t>(m)) || !isLegal(b, m, defender, rule)) continue;
    if (k++ % stride != 0) continue;
    ++t.movesChecked;
    b.place(m, defender);
    const ProofCheck check = checkProof(b, attacker, rule, attacker, *win->tree);
    b.undo();
    ASSERT_TRUE(check.ok) << "a defender stone at " << formatPoint(m, b.size())
                          << " outside the support breaks the win after a pass at " << formatStones(b) << " ("
                          << colorName(attacker) << " attacks): " << check.error;
  }
}

TEST(RelevanceZone, SupportCoversEveryBreakingDefenderStoneOnRealGames) {
  Tally t;
  for (const Game& g : openingLines())
    for (std::size_t plies = 8; plies + 2 < g.moves.size(); plies += 3) {
      const Board board = boardAfter(g, plies, Rule::Renju);
      const Color toMove = plies % 2 == 0 ? Color::Black : Color::White;
      if (toMove == g.winner) continue;  // the defender (the loser) to move
      checkZonesAt(board, Rule::Renju, g.winner, 3, t);
      if (HasFatalFailure()) return;
    }
  // The same stones under freestyle, each side attacking in turn.
  for (const Game& g : openingLines())
    for (std::size_t plies = 10; plies + 2 < g.moves.size(); plies += 6) {
      const Board board = boardAfter(g, plies, Rule::Freestyle);
      const Color toMove = plies % 2 == 0 ? Color::Black : Color::White;
      checkZonesAt(board, Rule::Freestyle, opponent(toMove), 4, t);
      if (HasFatalFailure()) return;
    }
  EXPECT_GT(t.wins, 10) << "too few wins after a pass to test anything (" << t.positions << " positions)";
  EXPECT_GT(t.movesChecked, 500);
  std::printf("%d positions, %d wins after a pass, %d defender stones outside the support re-checked\n", t.positions,
              t.wins, t.movesChecked);
}

TEST(RelevanceZone, FarCellsAreOutsideAndTheWinsCellsInside) {
  // Black (to move after white passes) has an open three: the straight four wins. A cell far from
  // every line involved is outside both the verifier's support and the prover's zone.
  const Board board = testing::boardOf("h8,i8,j8,h9,i10/g7,c3,d4,a1", 15, Rule::Freestyle);
  NullMoveSearch search(8);
  std::uint64_t spent = 0;
  const auto win = search.find(board, Rule::Freestyle, Color::Black, 5000, spent);
  ASSERT_TRUE(win.has_value());
  Board b = board;
  const Cells support = proofSupport(b, Rule::Freestyle, Color::Black, *win->tree, 0, Color::Black);
  EXPECT_FALSE(support.test(static_cast<std::size_t>(testing::pt("o15"))));
  EXPECT_FALSE(win->zone.test(static_cast<std::size_t>(testing::pt("o15"))));
  // The win's first move, and the defender's only answers, g8 and k8 (blocking the straight four
  // beforehand), are inside.
  EXPECT_TRUE(support.test(static_cast<std::size_t>(win->tree->nodes[0].children.front().move)));
  EXPECT_TRUE(support.test(static_cast<std::size_t>(testing::pt("g8"))));
  EXPECT_TRUE(support.test(static_cast<std::size_t>(testing::pt("k8"))));
}

TEST(RelevanceZone, TheDefendersTwoStonesMakeTheirRunsRelevant) {
  // White to reply to black's open two-by-two attack; white's d4 and e5 with f6 empty: a white
  // stone on f6 makes white a three, whose four could answer black's three. Wherever black's win
  // after a pass meets a three it must defend, those runs are in the support.
  const Board board = testing::boardOf("h8,i8,h9,i10/d4,e5,a15", 15, Rule::Freestyle);
  NullMoveSearch search(8);
  std::uint64_t spent = 0;
  const auto win = search.find(board, Rule::Freestyle, Color::Black, 20000, spent);
  ASSERT_TRUE(win.has_value());
  Board b = board;
  const Cells support = proofSupport(b, Rule::Freestyle, Color::Black, *win->tree, 0, Color::Black);
  EXPECT_TRUE(support.test(static_cast<std::size_t>(testing::pt("f6"))));
  EXPECT_TRUE(support.test(static_cast<std::size_t>(testing::pt("c3"))));
  EXPECT_TRUE(win->zone.test(static_cast<std::size_t>(testing::pt("f6"))));
}

TEST(RelevanceZone, ASecondSearchOfTheSameBoardDeepensPastTheFirstOnesDisproofs) {
  // The second Kagetsu game after 13 plies, white passing: black's win by threats needs eight
  // moves, beyond a 1,000-node search. Its limit-bound disproofs stay in the table; a longer
  // search of the same board must not take them for the end of the deepening.
  const Position pos = parsePosition("h8 h9 i9 j10 g8 i8 g10 g9 e8 f9 d9 d8 e10", PositionOptions{});
  NullMoveSearch search(64);
  std::uint64_t spent = 0;
  EXPECT_FALSE(search.find(pos.board, Rule::Renju, Color::Black, 1000, spent).has_value());
  const auto win = search.find(pos.board, Rule::Renju, Color::Black, 400'000, spent);
  ASSERT_TRUE(win.has_value());
  EXPECT_TRUE(checkProof(pos.board, Color::Black, Rule::Renju, Color::Black, *win->tree).ok);
  Board b = pos.board;
  const Cells support = proofSupport(b, Rule::Renju, Color::Black, *win->tree, 0, Color::Black);
  EXPECT_EQ((support & ~win->zone).count(), 0u);  // the prover's zone holds the verifier's support
}

TEST(RelevanceZone, TheVerifiersSupportIsTheSameInEveryOrientation) {
  // White has a four; black, to move, has a foul at h8 with three real threes, each with two
  // straight-four points. The foul test stops at its first witnesses, which depend on the order
  // it meets the lines in, so each orientation alone reads other cells; the support must not
  // differ, as the book re-checks proofs in its canonical frame, not the one they were found in.
  const Board board = testing::boardOf("f8,g8,h6,h7,f6,g7/a1,a2,a3,a4");
  Board scratch = board;
  ASSERT_EQ(forbiddenKind(scratch, testing::pt("h8"), Color::Black, Rule::Renju), ForbiddenKind::DoubleThree);
  proof::ProofTree<Point> tree;
  tree.attackerWins = true;
  tree.nodes.emplace_back();  // black to move, white's five point open: nothing more to record
  const Cells support = proofSupport(scratch, Rule::Renju, Color::White, tree, 0, Color::Black);
  EXPECT_TRUE(support.test(static_cast<std::size_t>(testing::pt("a5"))));  // white's five point
  EXPECT_TRUE(support.test(static_cast<std::size_t>(testing::pt("h8"))));  // the foul's own lines
  for (int sym = 1; sym < kSymmetries; ++sym) {
    Board turned = applySymmetry(sym, board);
    const Cells turnedSupport = proofSupport(turned, Rule::Renju, Color::White, tree, 0, Color::Black);
    Cells expected;
    for (Point p = 0; p < board.cellCount(); ++p)
      if (support.test(static_cast<std::size_t>(p)))
        expected.set(static_cast<std::size_t>(applySymmetry(sym, p, board.size())));
    EXPECT_EQ(turnedSupport, expected) << "symmetry " << sym;
  }
}

// A hand-made proof with two zone nodes whose wins after a pass reach the same position. The
// second zone's support is computed from the node its pass edge reaches, so that node must be
// checked there, even though the same position was already checked through another node.
class TwoZonesOnePosition {
 public:
  // Freestyle, white to move: black has open threes c12-e12 and c3-e3, and k8-m8 closed by j8.
  const Board board = testing::boardOf("c12,d12,e12,c3,d3,e3,k8,l8,m8/j8", 15, Rule::Freestyle);
  proof::ProofTree<Point> tree;
  int honest = 0;  // after a white pass: black n8, white o8 forced, black f12 (an open four)
  int secondZone = 0;

  TwoZonesOnePosition() {
    tree.attackerWins = true;
    const int root = add(ProofGame::kRelevanceZone);
    const int afterPass = add(), afterFour = add();
    honest = add();
    lost_ = add();  // white to move against two five points: every reply loses on the spot
    link(root, "", afterPass);
    link(afterPass, "n8", afterFour);
    link(afterFour, "o8", honest);
    link(honest, "f12", lost_);
    // The replies in the support (n8, o8, f12 and f12's five points b12, g12): black makes the
    // other open four, except after o8, where black plays n8 anyway and gets a second zone node
    // in the position `honest` was reached in, with white to move.
    for (const char* reply : {"n8", "f12", "b12", "g12"}) openFour(link(root, reply, add()));
    const int afterBlock = link(root, "o8", add());
    secondZone = link(afterBlock, "n8", add(ProofGame::kRelevanceZone));
  }

  // The second zone's win after a pass is `honest`: white's replies in its support f12, b12, g12.
  void passToHonestNode() {
    link(secondZone, "", honest);
    for (const char* reply : {"f12", "b12", "g12"}) openFour(link(secondZone, reply, add()));
  }

  // The same position through a forged node: black's far-off o15 "wins", which leaves a support of
  // o15 alone, so every other white reply would be skipped, even f12, b12 and g12, which break the
  // real win after a pass. (The checker before revision 2 accepted this tree.)
  void passToForgedNode() {
    const int forged = add();
    link(forged, "o15", add());  // a white node with nothing recorded: not a win at all
    link(secondZone, "", forged);
    const int afterO15 = link(secondZone, "o15", add());
    link(afterO15, "f12", lost_);
  }

 private:
  int add(int argumentKind = 0) {
    tree.nodes.emplace_back();
    tree.nodes.back().argument.kind = argumentKind;
    return static_cast<int>(tree.nodes.size()) - 1;
  }
  int link(int from, const char* move, int to) {
    tree.nodes[static_cast<std::size_t>(from)].children.push_back({*move ? testing::pt(move, 15) : kPass, to});
    return to;
  }
  void openFour(int blackToMove) { link(blackToMove, "f3", lost_); }

  int lost_ = 0;
};

TEST(ProofCheck, AZoneNodesPassReachesACheckedNode) {
  TwoZonesOnePosition proof;
  proof.passToHonestNode();
  const ProofCheck check = checkProof(proof.board, Color::White, Rule::Freestyle, Color::Black, proof.tree);
  EXPECT_TRUE(check.ok) << check.error;
}

TEST(ProofCheck, EachNodeIsCheckedInEachPositionItIsReachedIn) {
  // Checking the position once (through `honest`) must not vouch for the forged node.
  TwoZonesOnePosition proof;
  proof.passToForgedNode();
  const ProofCheck check = checkProof(proof.board, Color::White, Rule::Freestyle, Color::Black, proof.tree);
  EXPECT_FALSE(check.ok);
  EXPECT_NE(check.error.find("neither in the tree nor refuted"), std::string::npos) << check.error;
}

TEST(RelevanceZone, ProofsWithZoneCutsVerifyAndATamperedCutIsRefused) {
  // The first D4 Kagetsu game after 19 plies, white to move: the proof answers a white reply
  // inside a zone. (Most proofs on these lines have none since the VCF cut against a pass reads
  // three fours: it narrows the replies first.)
  const Game g = openingLines()[0];
  std::string text;
  for (std::size_t i = 0; i < 19; ++i) text += (i ? " " : "") + g.moves[i];
  const Position pos = parsePosition(text, PositionOptions{});
  SolveOptions o;
  o.onlyAttacker = Color::Black;
  o.maxNodes = 1000000;
  o.hashMegabytes = 64;
  const SolveResult r = solve(pos, o);
  ASSERT_EQ(r.value, GameValue::BlackWins) << r.verifyError;
  ASSERT_TRUE(r.verified);
  proof::ProofTree<Point> tree = r.proofs[0].tree;
  int cuts = 0;
  for (const auto& node : tree.nodes) cuts += node.argument.kind == ProofGame::kRelevanceZone;
  ASSERT_GT(cuts, 0) << "no zone cut in this proof";
  // The same proof turned or mirrored is accepted in all eight orientations: the book stores
  // every position in its canonical frame and re-checks proofs there.
  for (int sym = 1; sym < kSymmetries; ++sym) {
    proof::ProofTree<Point> turned = tree;
    const auto turn = [&](Point q) { return q >= 0 ? applySymmetry(sym, q, pos.board.size()) : q; };
    for (auto& node : turned.nodes) {
      for (auto& e : node.children) e.move = turn(e.move);
      for (auto& m : node.argument.moves) m = turn(m);
    }
    const ProofCheck check = checkProof(applySymmetry(sym, pos.board), pos.toMove, pos.rule, Color::Black, turned);
    EXPECT_TRUE(check.ok) << "symmetry " << sym << ": " << check.error;
  }
  // Drop every reply a zone cut kept: some lie in the support, so the verifier must refuse.
  for (auto& node : tree.nodes) {
    if (node.argument.kind != ProofGame::kRelevanceZone) continue;
    std::erase_if(node.children, [](const auto& e) { return e.move != kPass; });
    break;
  }
  const ProofCheck check = checkProof(pos.board, pos.toMove, pos.rule, Color::Black, tree);
  EXPECT_FALSE(check.ok);
  EXPECT_NE(check.error.find("zone"), std::string::npos) << check.error;
}

}  // namespace
}  // namespace tengen::gomoku
