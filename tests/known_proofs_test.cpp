// Threat probes (a VCT at an attacker's node stands for the node's proof) and known proofs (proofs
// found earlier, grafted whole): what they save, and that the verifier still checks every proof
// they take part in — a forged known proof is never reported as proved.
#include <gtest/gtest.h>

#include <sstream>

#include "solver/gomoku/known_proofs.h"
#include "solver/gomoku/notation.h"
#include "solver/gomoku/proof_check.h"
#include "solver/gomoku/proof_game.h"
#include "solver/gomoku/solve.h"
#include "solver/gomoku/symmetry.h"

namespace tengen::gomoku {
namespace {

// A real renju game (D4 Kagetsu, black wins; tests/data/opening-lines.jsonl, line 1).
constexpr const char* kLine =
    "h8 h9 i9 j10 g8 i8 g10 h7 e8 g7 f9 d7 f8 d8 h11 i12 f7 f10 g11 g9 e11 f11 f12 h10 e9 e7 d9 g6 c9 b9 d10 g13 b8";

Position firstPlies(int plies) {
  std::istringstream in(kLine);
  std::string moves, move;
  for (int i = 0; i < plies && in >> move; ++i) {
    if (!moves.empty()) moves += ' ';
    moves += move;
  }
  return parsePosition(moves, PositionOptions{});
}

SolveOptions blackWinOptions() {
  SolveOptions o;
  o.onlyAttacker = Color::Black;
  o.hashMegabytes = 64;
  o.maxNodes = 2'000'000;
  return o;
}

void expectChecked(const Position& pos, const SolveResult& r) {
  ASSERT_TRUE(r.verified) << r.verifyError;
  ASSERT_FALSE(r.proofs.empty());
  const ProofCheck c = checkProof(pos.board, pos.toMove, pos.rule, r.proofs[0].attacker, r.proofs[0].tree);
  EXPECT_TRUE(c.ok) << c.error;
}

// Solves pos with `options` and checks that the result is black's win with a checked proof.
SolveResult blackWinChecked(const Position& pos, const SolveOptions& options) {
  const SolveResult r = solve(pos, options);
  EXPECT_EQ(r.value, GameValue::BlackWins) << r.verifyError;
  expectChecked(pos, r);
  return r;
}

TEST(ThreatProbes, ProveAPositionWithFarFewerSearchNodes) {
  // The 21-move position of the line: white to move, black wins. Without probes the full search
  // enumerates white's replies and re-finds black's threats below each; with them each reply's
  // node is settled by a short VCT whose tree stands in the node's place.
  const Position pos = firstPlies(21);
  SolveOptions without = blackWinOptions();
  without.probeNodes = 0;
  const SolveResult plain = blackWinChecked(pos, without);
  const SolveResult probed = blackWinChecked(pos, blackWinOptions());
  EXPECT_LT(probed.nodes * 2, plain.nodes) << "probes " << probed.nodes << " vs " << plain.nodes;
  // The probes are counted: none without them; with them some won (the proof stands on them),
  // and the nodes of those that failed are part of the threat searches' nodes.
  EXPECT_EQ(plain.threatSearches.probes, 0u);
  const ThreatSearchCounts& c = probed.threatSearches;
  EXPECT_GT(c.probeWins, 0u);
  EXPECT_GT(c.probes, c.probeWins);
  EXPECT_GT(c.failedProbeNodes, 0u);
  EXPECT_LT(c.failedProbeNodes, probed.zoneNodes);
}

TEST(PositionsListed, CountEachFirstListingByKind) {
  // Each position's moves are listed at the search's first visit (later visits read them kept),
  // so the three kinds together are at most the nodes; a black win after white's reply needs
  // black's threats (white's nodes facing them) and, here, quiet moves (white's nodes open).
  const Position pos = firstPlies(21);
  const SolveResult r = blackWinChecked(pos, blackWinOptions());
  const ThreatSearchCounts& c = r.threatSearches;
  EXPECT_GT(c.listedAttacker, 0u);
  EXPECT_GT(c.listedDefenderThreatened, 0u);
  EXPECT_GT(c.listedDefenderOpen, 0u);
  EXPECT_LE(c.listedAttacker + c.listedDefenderThreatened + c.listedDefenderOpen, r.nodes);
  // A VCT search lists no defender's node that faces no threat: its attacker only threatens.
  SolveOptions vct = blackWinOptions();
  vct.mode = ProofMode::Vct;
  const SolveResult v = solve(pos, vct);
  EXPECT_EQ(v.threatSearches.listedDefenderOpen, 0u);
}

TEST(SiblingHints, ChangeTheOrderNotTheProof) {
  // The 21-move position: white's replies are refuted one by one, many the same way. With the
  // hints the moves that won below a proven reply are tried first below its siblings; the value
  // and the checked proofs are the same either way.
  const Position pos = firstPlies(21);
  SolveOptions off = blackWinOptions();
  off.siblingHints = false;
  const SolveResult plain = blackWinChecked(pos, off);
  const SolveResult hinted = blackWinChecked(pos, blackWinOptions());
  EXPECT_EQ(plain.threatSearches.siblingHints, 0u);
  EXPECT_GT(hinted.threatSearches.siblingHints, 0u);
  EXPECT_NE(plain.nodes, hinted.nodes);
}

TEST(SearchChoice, EpsilonAndWeakProofNumbersChangeTheOrderNotTheProof) {
  // A larger 1+epsilon stays longer in a child; weak proof numbers rate a defender's node by its
  // hardest reply. Other paths to the same value, every proof checked by the verifier.
  const Position pos = firstPlies(21);
  SolveOptions sum = blackWinOptions();
  sum.weakProofPlies = 0;
  const SolveResult plain = blackWinChecked(pos, sum);
  SolveOptions wide = sum;
  wide.epsilon = 0.5;
  const SolveResult widened = blackWinChecked(pos, wide);
  SolveOptions weak = sum;
  weak.weakProofPlies = 8;
  const SolveResult weakened = blackWinChecked(pos, weak);
  EXPECT_NE(plain.nodes, widened.nodes);
  EXPECT_NE(plain.nodes, weakened.nodes);
}

TEST(SearchChoice, VctQuestionsKeepThePlainChoice) {
  // quintet's VCT questions are answered as before whatever the full mode's choice.
  const Position pos = firstPlies(22);
  SolveOptions a;
  a.mode = ProofMode::Vct;
  a.hashMegabytes = 64;
  a.maxNodes = 200'000;
  SolveOptions b = a;
  b.epsilon = 3.0;
  b.weakProofPlies = 512;
  const SolveResult ra = solve(pos, a);
  const SolveResult rb = solve(pos, b);
  EXPECT_EQ(ra.value, GameValue::BlackWins) << ra.verifyError;
  EXPECT_EQ(ra.value, rb.value);
  EXPECT_EQ(ra.nodes, rb.nodes);
  EXPECT_EQ(ra.proofNodes, rb.proofNodes);
}

TEST(KnownProofs, AKnownChildMakesTheParentImmediate) {
  const Position child = firstPlies(23);
  const SolveResult r19 = solve(child, blackWinOptions());
  ASSERT_EQ(r19.value, GameValue::BlackWins) << r19.verifyError;

  auto known = std::make_shared<KnownProofs>(Rule::Renju, 15);
  known->add(child.board, child.toMove, Color::Black,
             std::make_shared<proof::ProofTree<Point>>(r19.proofs[0].tree));
  EXPECT_GE(known->positions(), r19.proofs[0].tree.size() / 2);

  // Black to move one ply earlier: the game's move leads to the known proof.
  const Position parent = firstPlies(22);
  SolveOptions o = blackWinOptions();
  o.known = known;
  const SolveResult r18 = solve(parent, o);
  ASSERT_EQ(r18.value, GameValue::BlackWins) << r18.verifyError;
  expectChecked(parent, r18);
  EXPECT_LE(r18.nodes, 10u);
  EXPECT_GT(r18.proofNodes, r19.proofNodes);  // the child's proof is inside, checked again
}

TEST(KnownProofs, EveryNodeOfAKnownTreeIsAProofOfItsOwnPosition) {
  const Position pos = firstPlies(23);
  const SolveResult r = solve(pos, blackWinOptions());
  ASSERT_EQ(r.value, GameValue::BlackWins) << r.verifyError;
  const auto& tree = r.proofs[0].tree;
  KnownProofs known(Rule::Renju, 15);
  known.add(pos.board, pos.toMove, Color::Black, std::make_shared<proof::ProofTree<Point>>(tree));
  // Walk the principal line: each position on it is known, and its subtree verifies alone.
  Board board = pos.board;
  Color toMove = pos.toMove;
  int checked = 0;
  for (std::size_t i = 0; i + 1 < r.line.size(); ++i) {
    const auto sub = known.find(board.hash(), toMove, Color::Black);
    ASSERT_NE(sub, nullptr) << "ply " << i;
    const ProofCheck c = checkProof(board, toMove, Rule::Renju, Color::Black, *sub);
    EXPECT_TRUE(c.ok) << "ply " << i << ": " << c.error;
    ++checked;
    board.place(r.line[i], toMove);
    toMove = opponent(toMove);
  }
  EXPECT_GE(checked, 4);
  // A position the tree does not hold, and the other attacker, are not known.
  EXPECT_EQ(known.find(pos.board.hash(), pos.toMove, Color::White), nullptr);
  EXPECT_EQ(known.find(pos.board.hash() ^ 12345, pos.toMove, Color::Black), nullptr);
}

TEST(KnownProofs, ALoadableProofIsListedOnceAndLoadedInTheOrientationMet) {
  // Listed by its canonical hash (as a book lists its wins), the position after 23 plies is met
  // below a mirror image of its parent: the loader gets the mirrored board and its proof.
  const Position child = firstPlies(23), parent = firstPlies(22);
  const int mirror = 5;
  Position mirrored = parent;
  mirrored.board = applySymmetry(mirror, parent.board);
  ASSERT_EQ(mirrored.board.canonicalHash(), parent.board.canonicalHash());
  ASSERT_NE(mirrored.board.hash(), parent.board.hash());
  auto known = std::make_shared<KnownProofs>(Rule::Renju, 15);
  // Enough other listed positions that the lookup filter grows (and is marked again) around it.
  std::uint64_t other = 0x9e3779b97f4a7c15ull;
  for (int i = 0; i < 20'000; ++i) known->addLoadable(other *= 0xbf58476d1ce4e5b9ull, Color::White, Color::Black);
  known->addLoadable(child.board.canonicalHash(), child.toMove, Color::Black);
  for (int i = 0; i < 40'000; ++i) known->addLoadable(other *= 0xbf58476d1ce4e5b9ull, Color::White, Color::Black);
  int loads = 0;
  known->setLoader([&](const Board& board, Color toMove, Color attacker) -> std::shared_ptr<const KnownProofs::Tree> {
    ++loads;
    EXPECT_EQ(board.canonicalHash(), child.board.canonicalHash());
    EXPECT_NE(board.hash(), child.board.hash()) << "the mirrored child, not the listed one";
    const SolveResult r = solve(Position{Rule::Renju, board, toMove}, blackWinOptions());
    if (r.value != GameValue::BlackWins || attacker != Color::Black) return nullptr;
    return std::make_shared<KnownProofs::Tree>(r.proofs[0].tree);
  });
  SolveOptions withKnown = blackWinOptions();
  withKnown.known = known;
  EXPECT_LE(blackWinChecked(mirrored, withKnown).nodes, 10u);
  EXPECT_EQ(loads, 1);
  EXPECT_EQ(known->loadsAsked(), 1u);
  EXPECT_EQ(known->loadsGiven(), 1u);
  // A listed position the loader cannot give is forgotten: asked once, never again.
  KnownProofs empty(Rule::Renju, 15);
  empty.addLoadable(child.board.canonicalHash(), child.toMove, Color::Black);
  empty.setLoader([](const Board&, Color, Color) { return std::shared_ptr<const KnownProofs::Tree>(); });
  EXPECT_FALSE(empty.has(child.board, child.toMove, Color::Black));
  EXPECT_FALSE(empty.has(child.board, child.toMove, Color::Black));
  EXPECT_EQ(empty.loadsAsked(), 1u);
  EXPECT_EQ(empty.loadsGiven(), 0u);
}

TEST(KnownProofs, AForgedKnownProofIsRejectedNotReported) {
  // A "proof" for the position after 19 moves (white to move) that is its root alone, with none
  // of white's replies answered. Taken as a leaf below g11, it would make the position after 18
  // moves (black to move, not proved by 20,000 nodes otherwise) a black win in one node; the
  // verifier refuses the whole proof instead.
  const Position child = firstPlies(19);
  auto forged = std::make_shared<proof::ProofTree<Point>>();
  forged->attackerWins = true;
  forged->nodes.resize(1);
  auto known = std::make_shared<KnownProofs>(Rule::Renju, 15);
  known->add(child.board, child.toMove, Color::Black, forged);

  const Position parent = firstPlies(18);
  SolveOptions o = blackWinOptions();
  o.known = known;
  o.maxNodes = 20'000;
  const SolveResult r = solve(parent, o);
  EXPECT_NE(r.value, GameValue::BlackWins);
  EXPECT_NE(r.verifyError.find("verifier rejected"), std::string::npos) << r.verifyError;
  EXPECT_TRUE(r.proofs.empty());
}

// A node's children are asked about together when it is listed (their lookups fetched a few
// ahead): on either side, the one child whose position is known is proved at once and no other
// is, at the first listing and again from the expansion cache. (The known "proof" is a bare
// root: nothing here is verified, only found.)
TEST(KnownProofs, ANodesKnownChildIsFoundAmongItsOthersOnEitherSide) {
  auto bareWin = std::make_shared<proof::ProofTree<Point>>();
  bareWin->attackerWins = true;
  bareWin->nodes.resize(1);
  int sides = 0;
  for (const int plies : {4, 5}) {  // black to move, then white
    const Position parent = firstPlies(plies);
    ProofGame game(parent.board, parent.toMove, parent.rule, Color::Black, ProofMode::Full);
    game.setThreatProbes(0, 0);  // no probe may settle the node or refute a reply
    std::vector<proof::Child<Point>> children;
    proof::Argument<Point> argument;
    ASSERT_EQ(game.expand(children, argument), proof::Expansion::Open) << plies << " plies";
    ASSERT_GT(children.size(), 20u) << plies << " plies: more children than are fetched ahead";
    const Point move = children[children.size() / 2].move;
    Board after = parent.board;
    after.place(move, parent.toMove);
    auto known = std::make_shared<KnownProofs>(Rule::Renju, 15);
    known->add(after, opponent(parent.toMove), Color::Black, bareWin);
    game.setKnownProofs(known);
    for (int listing = 0; listing < 2; ++listing) {
      ASSERT_EQ(game.expand(children, argument), proof::Expansion::Open);
      int proved = 0;
      for (const auto& c : children) {
        const proof::ProofNumbers n = c.estimated ? c.numbers : game.estimateAfter(c.move);
        if (n.pn != 0) continue;
        ++proved;
        EXPECT_EQ(c.move, move) << plies << " plies, listing " << listing;
      }
      EXPECT_EQ(proved, 1) << plies << " plies (" << colorName(parent.toMove) << " to move), listing " << listing;
    }
    ++sides;
  }
  EXPECT_EQ(sides, 2);
}

}  // namespace
}  // namespace tengen::gomoku
