// Threat-sequence compaction of finished proofs: smaller trees the verifier accepts, built from
// real proofs of the freestyle games kept for the horizon walk; what it must leave alone (a
// disproof, renju, a pass edge's subtree) stays node for node as it was.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "bench/horizon_bench.h"
#include "bench/test_data.h"
#include "book/proof_file.h"
#include "solver/gomoku/notation.h"
#include "solver/gomoku/position.h"
#include "solver/gomoku/proof_check.h"
#include "solver/gomoku/proof_compaction.h"
#include "solver/gomoku/proof_game.h"
#include "solver/gomoku/solve.h"

namespace tengen::gomoku {
namespace {

using Tree = proof::ProofTree<Point>;

struct Proved {
  std::string moves;
  Position pos;
  Color winner;
  Tree tree;
};

// The winner's win proved by the search without threat sequences (so its forcing lines are
// spelled out move by move), at the winner's positions `fromEnd` plies or fewer before the end.
std::vector<Proved> plainProofs(std::size_t fromEnd) {
  std::vector<Proved> out;
  for (const bench::HorizonGame& game : bench::loadHorizonGames(bench::testData("freestyle-lines.jsonl"))) {
    std::vector<std::string> names;
    std::istringstream words(game.moves);
    for (std::string w; words >> w;) names.push_back(w);
    for (std::size_t ply = names.size() - fromEnd; ply < names.size(); ++ply) {
      std::string prefix;
      for (std::size_t i = 0; i < ply; ++i) prefix += (i ? " " : "") + names[i];
      PositionOptions o;
      o.rule = game.rule;
      const Position pos = parsePosition(prefix, o);
      SolveOptions plain;
      plain.sequenceThreats = 0;
      plain.onlyAttacker = game.winner;
      plain.maxNodes = 100'000;
      SolveResult r = solve(pos, plain);
      if (r.value != winFor(game.winner)) continue;
      for (auto& p : r.proofs)
        if (p.attacker == game.winner && p.tree.attackerWins) out.push_back({prefix, pos, game.winner, std::move(p.tree)});
    }
  }
  return out;
}

int sequenceLeaves(const Tree& tree) {
  int n = 0;
  for (const auto& node : tree.nodes) n += node.children.empty() && node.argument.kind == ProofGame::kThreatSequence;
  return n;
}

bool sameTree(const Tree& a, const Tree& b) {
  if (a.attackerWins != b.attackerWins || a.nodes.size() != b.nodes.size()) return false;
  for (std::size_t i = 0; i < a.nodes.size(); ++i) {
    const auto &x = a.nodes[i], &y = b.nodes[i];
    if (x.argument.kind != y.argument.kind || x.argument.moves != y.argument.moves || x.children.size() != y.children.size())
      return false;
    for (std::size_t k = 0; k < x.children.size(); ++k)
      if (x.children[k].move != y.children[k].move || x.children[k].node != y.children[k].node) return false;
  }
  return true;
}

TEST(ProofCompaction, RealProofsShrinkAndTheVerifierAcceptsThem) {
  const std::vector<Proved> proofs = plainProofs(12);
  ASSERT_GE(proofs.size(), 6u);
  std::size_t before = 0, after = 0;
  int shrunk = 0;
  for (const Proved& p : proofs) {
    ASSERT_TRUE(checkProof(p.pos.board, p.pos.toMove, p.pos.rule, p.winner, p.tree).ok) << p.moves;
    CompactionCounts counts;
    const Tree small = compactWithThreatSequences(p.pos.board, p.pos.toMove, p.pos.rule, p.winner, p.tree, 2000, &counts);
    const ProofCheck check = checkProof(p.pos.board, p.pos.toMove, p.pos.rule, p.winner, small);
    EXPECT_TRUE(check.ok) << p.moves << ": " << check.error;
    EXPECT_EQ(counts.before, p.tree.nodes.size());
    EXPECT_EQ(counts.after, small.nodes.size());
    EXPECT_LE(small.nodes.size(), p.tree.nodes.size()) << p.moves;
    EXPECT_EQ(sequenceLeaves(small) - sequenceLeaves(p.tree) > 0, counts.replaced > 0) << p.moves;
    if (small.nodes.size() < p.tree.nodes.size()) ++shrunk;
    before += p.tree.nodes.size();
    after += small.nodes.size();
    // Deterministic: the same tree again.
    EXPECT_TRUE(sameTree(small, compactWithThreatSequences(p.pos.board, p.pos.toMove, p.pos.rule, p.winner, p.tree, 2000)));
  }
  std::cout << proofs.size() << " proofs, " << shrunk << " smaller: " << before << " -> " << after << " nodes\n";
  EXPECT_GE(shrunk, 3);
  EXPECT_LT(after * 3, before * 2);  // a third smaller at least, over all
}

TEST(ProofCompaction, WhatMustStayStays) {
  const std::vector<Proved> proofs = plainProofs(12);
  ASSERT_FALSE(proofs.empty());
  const Proved& p = proofs.front();
  // No budget: as it was.
  EXPECT_TRUE(sameTree(p.tree, compactWithThreatSequences(p.pos.board, p.pos.toMove, p.pos.rule, p.winner, p.tree, 0)));
  // Renju takes no sequence as a proof: as it was (the tree need not be a renju proof for that).
  EXPECT_TRUE(sameTree(p.tree, compactWithThreatSequences(p.pos.board, p.pos.toMove, Rule::Renju, p.winner, p.tree, 2000)));
  // A disproof is left alone.
  Tree disproof = p.tree;
  disproof.attackerWins = false;
  EXPECT_TRUE(sameTree(disproof, compactWithThreatSequences(p.pos.board, p.pos.toMove, p.pos.rule, p.winner, disproof, 2000)));
}

// The pass edges' subtrees of a tree, each renumbered from its own root (to compare by shape).
std::vector<Tree> passSubtrees(const Tree& t) {
  std::vector<Tree> out;
  for (const auto& node : t.nodes)
    for (const auto& e : node.children) {
      if (e.move != kPass) continue;
      Tree sub;
      std::vector<int> index(t.nodes.size(), -1), order{e.node};
      index[static_cast<std::size_t>(e.node)] = 0;
      for (std::size_t i = 0; i < order.size(); ++i)
        for (const auto& c : t.nodes[static_cast<std::size_t>(order[i])].children)
          if (index[static_cast<std::size_t>(c.node)] < 0) {
            index[static_cast<std::size_t>(c.node)] = static_cast<int>(order.size());
            order.push_back(c.node);
          }
      for (int old : order) {
        auto n = t.nodes[static_cast<std::size_t>(old)];
        for (auto& c : n.children) c.node = index[static_cast<std::size_t>(c.node)];
        sub.nodes.push_back(std::move(n));
      }
      out.push_back(std::move(sub));
    }
  return out;
}

// A slice of the shipped h8-a1 proof (white to move after "i9 b2 g7 f6 k11 j10 i7 j11 h6"; 767
// positions, five pass edges) whose root's argument is a relevance zone. Through the proof file,
// compactProof keeps every pass edge's subtree node for node and shrinks the rest. (Compacting
// under the pass edges too grows the zone: the verifier then refuses the tree, reply d1.)
TEST(ProofCompaction, AProofFileShrinksAroundItsPassSubtrees) {
  book::ProofFile file = book::readProofFile(bench::testData("freestyle-h8-a1-slice.tgp"));
  const Tree original = file.tree;
  ASSERT_EQ(original.nodes.size(), 767u);
  const std::vector<Tree> was = passSubtrees(original);
  ASSERT_FALSE(was.empty());
  const CompactionCounts counts = book::compactProof(file, 2000);
  EXPECT_EQ(counts.before, 767u);
  EXPECT_EQ(counts.after, file.tree.nodes.size());
  EXPECT_LT(file.tree.nodes.size() * 3, original.nodes.size() * 2);
  const ProofCheck check = checkProof(file.board, file.toMove, file.rule, file.attacker, file.tree);
  EXPECT_TRUE(check.ok) << check.error;
  const std::vector<Tree> now = passSubtrees(file.tree);
  ASSERT_FALSE(now.empty());
  // The root's pass edge is still there; every pass subtree left is one of the originals.
  bool rootPass = false;
  for (const auto& e : file.tree.nodes[0].children) rootPass = rootPass || e.move == kPass;
  EXPECT_TRUE(rootPass);
  for (const Tree& s : now) {
    bool found = false;
    for (const Tree& w : was) found = found || sameTree(s, w);
    EXPECT_TRUE(found) << "a pass subtree changed";
  }
}

}  // namespace
}  // namespace tengen::gomoku
