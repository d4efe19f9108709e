// Indexing proof trees by the positions of their nodes, and cutting a node's subtree out.
#include "solver/gomoku/known_proofs.h"

#include <atomic>
#include <vector>

#include "solver/gomoku/zobrist.h"

namespace tengen::gomoku {

std::uint32_t KnownProofs::nextVersion() {
  // Process-wide, so that a version read from one store never matches another's; 0 is skipped
  // on wrapping (it stands for "never checked").
  static std::atomic<std::uint32_t> last{0};
  std::uint32_t v = last.fetch_add(1, std::memory_order_relaxed) + 1;
  while (v == 0) v = last.fetch_add(1, std::memory_order_relaxed) + 1;
  return v;
}

void KnownProofs::add(const Board& board, Color toMove, Color attacker, std::shared_ptr<const Tree> tree) {
  if (!tree || tree->nodes.empty() || !tree->attackerWins || board.size() != size_) return;
  Board scratch = board;
  index(scratch, toMove, attacker, tree, 0);
  version_ = nextVersion();
}

void KnownProofs::index(Board& board, Color toMove, Color attacker, const std::shared_ptr<const Tree>& tree,
                        int node) const {
  // A position met twice keeps its first proof (a DAG's shared nodes are walked once).
  const std::uint64_t key = keyOf(board.hash(), toMove, attacker);
  if (!proofs_.try_emplace(key, Ref{tree, node}).second) return;
  mark(keyOf(board.canonicalHash(), toMove, attacker));
  for (const auto& e : tree->nodes[static_cast<std::size_t>(node)].children) {
    if (e.node <= 0 || e.node >= static_cast<int>(tree->nodes.size())) continue;
    if (e.move == kPass) {
      index(board, opponent(toMove), attacker, tree, e.node);
      continue;
    }
    if (e.move < 0 || e.move >= board.cellCount() || !board.isEmpty(e.move)) continue;
    board.place(e.move, toMove);
    index(board, opponent(toMove), attacker, tree, e.node);
    board.undo();
  }
}

bool KnownProofs::has(const Board& board, Color toMove, Color attacker, Point p, std::uint64_t listedKey) const {
  const Color mover = opponent(toMove);  // who played p
  if (!filter_.mayHold(listedKey)) return false;
  const std::uint64_t hash = p == kNoPoint ? board.hash() : board.hash() ^ zobristKey(mover, p);
  if (proofs_.count(keyOf(hash, toMove, attacker))) return true;
  // Loadable proofs are listed once for all orientations; the one met is rebuilt in its own.
  if (loadable_.empty()) return false;
  const auto it = loadable_.find(listedKey);
  if (it == loadable_.end()) return false;
  Board scratch = board;
  if (p != kNoPoint) scratch.place(p, mover);
  ++loadsAsked_;
  const auto tree = loader_ ? loader_(scratch, toMove, attacker) : nullptr;
  if (!tree || !tree->attackerWins || tree->nodes.empty()) {
    loadable_.erase(it);
    return false;
  }
  ++loadsGiven_;
  index(scratch, toMove, attacker, tree, 0);
  version_ = nextVersion();
  return true;
}

std::shared_ptr<const KnownProofs::Tree> KnownProofs::find(std::uint64_t hash, Color toMove, Color attacker) const {
  const auto it = proofs_.find(keyOf(hash, toMove, attacker));
  if (it == proofs_.end()) return nullptr;
  const Ref& ref = it->second;
  if (ref.node == 0) return ref.tree;
  // The nodes reachable from ref.node, renumbered from 0.
  auto out = std::make_shared<Tree>();
  out->attackerWins = true;
  std::vector<int> at(ref.tree->nodes.size(), -1);
  std::vector<int> order{ref.node};
  at[static_cast<std::size_t>(ref.node)] = 0;
  for (std::size_t i = 0; i < order.size(); ++i)
    for (const auto& e : ref.tree->nodes[static_cast<std::size_t>(order[i])].children)
      if (e.node > 0 && e.node < static_cast<int>(at.size()) && at[static_cast<std::size_t>(e.node)] < 0) {
        at[static_cast<std::size_t>(e.node)] = static_cast<int>(order.size());
        order.push_back(e.node);
      }
  for (int n : order) {
    out->nodes.push_back(ref.tree->nodes[static_cast<std::size_t>(n)]);
    for (auto& e : out->nodes.back().children)
      e.node = e.node > 0 && e.node < static_cast<int>(at.size()) ? at[static_cast<std::size_t>(e.node)] : -1;
  }
  return out;
}

}  // namespace tengen::gomoku
