// Threat-sequence compaction of a finished proof: one walk to find where each node stands (and
// which nodes must stay), one to replace attacker nodes top-down, one to renumber what is left.
#include "solver/gomoku/proof_compaction.h"

#include <algorithm>
#include <set>
#include <utility>
#include <vector>

#include "solver/gomoku/proof_game.h"
#include "solver/gomoku/threat_sequence.h"

namespace tengen::gomoku {
namespace {

using Tree = proof::ProofTree<Point>;

// Which nodes may become a leaf: not under a pass edge (a zone is drawn from that subtree), and
// reached as one position only (a node two different boards share could win by threats on one).
std::vector<bool> replaceable(Board board, Color toMove, const Tree& tree) {
  const std::size_t n = tree.nodes.size();
  std::vector<bool> ok(n, true);
  std::vector<std::uint64_t> boardAt(n, 0);
  std::vector<bool> reached(n, false);
  std::set<std::pair<int, std::uint64_t>> seen;
  auto walk = [&](auto&& self, int v, Color mover, bool underPass) -> void {
    const std::uint64_t hash = board.hash() ^ (mover == Color::White ? 1u : 0u);
    if (!seen.insert({v, hash}).second) return;
    const auto at = static_cast<std::size_t>(v);
    if (underPass || (reached[at] && boardAt[at] != hash)) ok[at] = false;
    reached[at] = true;
    boardAt[at] = hash;
    for (const auto& e : tree.nodes[at].children) {
      if (e.move == kPass) {
        self(self, e.node, opponent(mover), true);
        continue;
      }
      board.place(e.move, mover);
      self(self, e.node, opponent(mover), underPass);
      board.undo();
    }
  };
  walk(walk, 0, toMove, false);
  return ok;
}

// Plies to a leaf along the longest line; a pass edge's subtree adds none (as the extractor has it).
void recomputeDepths(Tree& tree) {
  std::vector<int> state(tree.nodes.size(), 0);  // 0 not seen, 1 open, 2 done
  auto visit = [&](auto&& self, int v) -> void {
    auto& node = tree.nodes[static_cast<std::size_t>(v)];
    state[static_cast<std::size_t>(v)] = 1;
    node.depth = 0;
    for (const auto& e : node.children) {
      if (state[static_cast<std::size_t>(e.node)] == 0) self(self, e.node);
      if (e.move != kPass) node.depth = std::max(node.depth, tree.nodes[static_cast<std::size_t>(e.node)].depth + 1);
    }
    state[static_cast<std::size_t>(v)] = 2;
  };
  if (!tree.nodes.empty()) visit(visit, 0);
}

}  // namespace

proof::ProofTree<Point> compactWithThreatSequences(const Board& board, Color toMove, Rule rule, Color attacker,
                                                   const proof::ProofTree<Point>& tree, std::uint64_t threatsPerNode,
                                                   CompactionCounts* counts) {
  CompactionCounts local;
  CompactionCounts& c = counts ? *counts : local;
  c = {};
  c.before = c.after = tree.nodes.size();
  if (!tree.attackerWins || !threatSequencesProve(rule) || threatsPerNode == 0 || tree.nodes.empty()) return tree;

  const std::vector<bool> mayReplace = replaceable(board, toMove, tree);
  std::vector<std::vector<Point>> gains(tree.nodes.size());
  std::vector<bool> visited(tree.nodes.size(), false), leaf(tree.nodes.size(), false);
  ThreatSequenceSearch search;
  Board b = board;
  // Top-down: a win by threats found high up takes its whole subtree with it.
  auto walk = [&](auto&& self, int v, Color mover) -> void {
    const auto at = static_cast<std::size_t>(v);
    if (visited[at]) return;
    visited[at] = true;
    const auto& node = tree.nodes[at];
    if (node.children.empty()) return;
    if (mover == attacker && mayReplace[at]) {
      ++c.tried;
      gains[at] = search.find(b, attacker, rule, threatsPerNode);
      c.threats += search.nodes();
      if (!gains[at].empty()) {
        ++c.replaced;
        leaf[at] = true;
        return;
      }
    }
    for (const auto& e : node.children) {
      if (e.move == kPass) continue;  // left as it is (see replaceable)
      b.place(e.move, mover);
      self(self, e.node, opponent(mover));
      b.undo();
    }
  };
  walk(walk, 0, toMove);

  // What is still reached, renumbered in the order first met.
  Tree out;
  out.attackerWins = true;
  std::vector<int> renumbered(tree.nodes.size(), -1);
  std::vector<int> order{0};
  renumbered[0] = 0;
  out.nodes.emplace_back();
  for (std::size_t i = 0; i < order.size(); ++i) {
    const auto at = static_cast<std::size_t>(order[i]);
    if (leaf[at]) {
      out.nodes[i].argument.kind = ProofGame::kThreatSequence;
      out.nodes[i].argument.moves = std::move(gains[at]);
      continue;
    }
    out.nodes[i].argument = tree.nodes[at].argument;
    for (const auto& e : tree.nodes[at].children) {
      auto& id = renumbered[static_cast<std::size_t>(e.node)];
      if (id < 0) {
        id = static_cast<int>(out.nodes.size());
        order.push_back(e.node);
        out.nodes.emplace_back();
      }
      out.nodes[i].children.push_back({e.move, id});
    }
  }
  recomputeDepths(out);
  c.after = out.nodes.size();
  return out;
}

}  // namespace tengen::gomoku
