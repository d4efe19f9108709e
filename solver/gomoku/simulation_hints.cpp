// The walk: attacker nodes give their move, defender nodes lead into every child (a pass edge
// leaves the board as it is). Each node is walked once: a proof tree's nodes are shared between
// transposed lines, and the first position met is enough for a hint.
#include "solver/gomoku/simulation_hints.h"

#include <vector>

namespace tengen::gomoku {

void addSimulationHints(ProofGame::Hints& hints, Board& board, Color toMove, Color attacker,
                        const proof::ProofTree<Point>& tree, std::uint64_t hashDelta) {
  if (tree.nodes.empty() || !tree.attackerWins) return;
  std::vector<char> seen(tree.nodes.size(), 0);
  auto walk = [&](auto&& self, int node, Color side) -> void {
    if (node < 0 || node >= static_cast<int>(tree.nodes.size()) || seen[static_cast<std::size_t>(node)]) return;
    seen[static_cast<std::size_t>(node)] = 1;
    const auto& n = tree.nodes[static_cast<std::size_t>(node)];
    for (const auto& e : n.children) {
      if (e.move == kPass) {
        self(self, e.node, opponent(side));
        continue;
      }
      if (e.move < 0 || e.move >= board.cellCount() || !board.isEmpty(e.move)) continue;
      if (side == attacker) hints.try_emplace(board.hash() ^ hashDelta, std::vector<Point>{e.move});
      board.place(e.move, side);
      self(self, e.node, opponent(side));
      board.undo();
      if (side == attacker) break;  // the attacker's node: the one move the proof plays
    }
  };
  walk(walk, 0, toMove);
}

}  // namespace tengen::gomoku
