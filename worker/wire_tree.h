// Proof trees to and from their wire form, for any game whose moves fit a WireCell: the one
// conversion both gomoku and Othello jobs use. Reading checks every index; `move` checks a cell.
#pragma once

#include "solver/proof/proof_tree.h"
#include "worker/protocol.h"

namespace tengen::worker {

template <class Move>
WireTree treeToWire(const proof::ProofTree<Move>& tree) {
  WireTree wire;
  wire.attackerWins = tree.attackerWins;
  wire.nodes.reserve(tree.nodes.size());
  for (const auto& node : tree.nodes) {
    WireTree::Node& w = wire.nodes.emplace_back();
    for (const auto& e : node.children) {
      w.moves.push_back(static_cast<WireCell>(e.move));
      w.targets.push_back(e.node);
    }
    w.argumentKind = node.argument.kind;
    for (const auto& m : node.argument.moves) w.argumentMoves.push_back(static_cast<WireCell>(m));
    w.depth = node.depth;
  }
  return wire;
}

// Throws ProtocolError when an edge points outside the tree (and whatever `move` throws for a cell).
template <class Move, class MoveOf>
proof::ProofTree<Move> treeFromWire(const WireTree& wire, MoveOf move) {
  proof::ProofTree<Move> tree;
  tree.attackerWins = wire.attackerWins;
  tree.nodes.reserve(wire.nodes.size());
  const auto count = static_cast<std::int32_t>(wire.nodes.size());
  for (const auto& w : wire.nodes) {
    auto& node = tree.nodes.emplace_back();
    if (w.moves.size() != w.targets.size()) throw ProtocolError("a proof tree node's edges do not pair up");
    for (std::size_t i = 0; i < w.moves.size(); ++i) {
      if (w.targets[i] < 0 || w.targets[i] >= count) throw ProtocolError("a proof tree edge points outside the tree");
      node.children.push_back({move(w.moves[i]), w.targets[i]});
    }
    node.argument.kind = w.argumentKind;
    for (WireCell p : w.argumentMoves) node.argument.moves.push_back(move(p));
    node.depth = w.depth;
  }
  return tree;
}

}  // namespace tengen::worker
