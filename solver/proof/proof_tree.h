// Proof trees: what a proven (or disproven) result is made of, for the verifier and the book.
// A proof has, at every attacker node, the winning move and, at every defender node, every reply
// the game did not cover by a checkable argument. A disproof is the dual. Positions reached
// by several move orders share one node, so the tree is stored as a DAG.
#pragma once

#include <algorithm>
#include <cstdint>
#include <utility>
#include <unordered_map>
#include <vector>

#include "solver/proof/dfpn.h"

namespace tengen::proof {

template <class Move>
struct ProofTree {
  struct Edge {
    Move move;
    int node;  // index into nodes
  };
  struct Node {
    std::vector<Edge> children;
    Argument<Move> argument;  // why moves are left out of `children`, or why a leaf is decided
    int depth = 0;  // plies to a decided leaf along the longest line of the tree
  };
  bool attackerWins = true;      // a proof (true) or a disproof (false)
  std::vector<Node> nodes;       // nodes[0] is the root

  std::size_t size() const { return nodes.size(); }
};

// A tree whose root's children are `kids`, each a move and the tree below it, their nodes appended
// in turn (shared positions are not merged): a position's proof composed from its children's.
template <class Move>
ProofTree<Move> joinUnderRoot(bool attackerWins, const std::vector<std::pair<Move, const ProofTree<Move>*>>& kids) {
  ProofTree<Move> tree;
  tree.attackerWins = attackerWins;
  tree.nodes.emplace_back();
  for (const auto& [move, sub] : kids) {
    const int offset = static_cast<int>(tree.nodes.size());
    for (typename ProofTree<Move>::Node node : sub->nodes) {
      for (auto& edge : node.children) edge.node += offset;
      tree.nodes.push_back(std::move(node));
    }
    tree.nodes[0].children.push_back({move, offset});
    tree.nodes[0].depth = std::max(tree.nodes[0].depth, sub->nodes[0].depth + 1);
  }
  return tree;
}

// Builds the proof (or disproof) tree of the game's current position from the table, searching
// again wherever a needed entry was overwritten. Returns false when that search ran out of
// budget, leaving `tree` incomplete.
template <ProofGame Game>
class ProofExtractor {
 public:
  using Move = typename Game::Move;

  ProofExtractor(Game& game, Dfpn<Game>& search) : game_(game), search_(search) {}

  bool extract(bool attackerWins, ProofTree<Move>& tree) {
    tree = {};
    tree.attackerWins = attackerWins;
    want_ = attackerWins;
    tree_ = &tree;
    seen_.clear();
    tree.nodes.emplace_back();
    return build(0);
  }

 private:
  bool wanted(const ProofNumbers& n) const { return want_ ? n.isProven() : n.isDisproven(); }

  // The child's node, built on first sight; -1 when it cannot be shown to be what we need.
  int childNode(const Move& move, bool searchIfNeeded) {
    game_.play(move);
    int child = -1;
    ProofNumbers n = search_.numbersOf();
    if (!wanted(n) && searchIfNeeded) n = search_.search();
    if (wanted(n)) {
      // Exact keys: a mirror image shares table entries but not tree nodes (its moves differ).
      const std::uint64_t key = game_.exactKey();
      if (auto it = seen_.find(key); it != seen_.end()) {
        child = it->second;
      } else {
        child = static_cast<int>(tree_->nodes.size());
        tree_->nodes.emplace_back();
        seen_[key] = child;
        if (!build(child)) {
          seen_.erase(key);  // the half-built node stays unreferenced
          child = -1;
        }
      }
    }
    game_.undo();
    return child;
  }

  bool build(int index) {
    std::vector<Child<Move>> kids;
    Argument<Move> argument;
    const Expansion e = game_.expand(kids, argument);
    if (e != Expansion::Open) {
      if (argument.treeIsNode && argument.tree && argument.tree->attackerWins == want_ &&
          (e == Expansion::Proven) == want_) {
        graft(index, *argument.tree, true);
        return true;
      }
      tree_->nodes[index].argument = std::move(argument);
      return (e == Expansion::Proven) == want_;
    }
    // The side that must show one good move: the attacker in a proof, the defender in a disproof.
    const bool chooseOne = game_.attackerToMove() == want_;
    if (!chooseOne) tree_->nodes[index].argument = std::move(argument);
    if (chooseOne) {
      // First a move the table already settles, then the others searched in turn.
      for (bool searchIfNeeded : {false, true})
        for (const auto& c : kids) {
          const int child = childNode(c.move, searchIfNeeded);
          if (child < 0) continue;
          link(index, c.move, child);
          return true;
        }
      return false;
    }
    for (const auto& c : kids) {
      const int child = childNode(c.move, true);
      if (child < 0) return false;
      link(index, c.move, child);
    }
    if (const auto proof = tree_->nodes[index].argument.tree) {  // a copy: the vector grows below
      // The argument's own proof, copied in under its edge. It is no line of play: it adds no depth.
      tree_->nodes[index].argument.tree.reset();
      graft(index, *proof, false);
    }
    return true;
  }

  // Copies `proof` in: as node `index` itself (its root's children and argument become the
  // node's), or under the edge the node's argument names.
  void graft(int index, const ProofTree<Move>& proof, bool asNode) {
    const int offset = static_cast<int>(tree_->nodes.size()) - (asNode ? 1 : 0);
    for (std::size_t i = asNode ? 1 : 0; i < proof.nodes.size(); ++i) {
      tree_->nodes.push_back(proof.nodes[i]);
      for (auto& e : tree_->nodes.back().children) e.node += offset;
    }
    auto& node = tree_->nodes[index];
    if (asNode) {
      node = proof.nodes[0];
      for (auto& e : node.children) e.node += offset;
    } else {
      node.children.push_back({node.argument.treeMove, offset});
    }
  }

  void link(int parent, const Move& move, int child) {
    auto& node = tree_->nodes[parent];
    node.children.push_back({move, child});
    node.depth = std::max(node.depth, tree_->nodes[child].depth + 1);
  }

  Game& game_;
  Dfpn<Game>& search_;
  ProofTree<Move>* tree_ = nullptr;
  bool want_ = true;
  std::unordered_map<std::uint64_t, int> seen_;
};

}  // namespace tengen::proof
