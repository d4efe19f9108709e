// Builds the DAG depth first, one node per distinct position (discs and side to move); the side
// that must show a good move takes the first move, in the solver's order, that a null-window
// search confirms.
#include "solver/othello/proof_by_search.h"

#include <algorithm>
#include <bit>
#include <chrono>
#include <map>
#include <tuple>

namespace tengen::othello {
namespace {

double clockSeconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

class TreeBuilder {
 public:
  TreeBuilder(Disc attacker, int target, bool attackerWins, EndgameSolver& solver, const TreeLimits& limits,
              proof::ProofTree<Square>& tree)
      : attacker_(attacker), target_(target), attackerWins_(attackerWins), solver_(solver), limits_(limits), tree_(tree) {}

  // The node of `p`, built on first sight; -1 when the claim fails there or a limit is reached.
  int node(const Position& p) {
    const auto key = std::make_tuple(p.discs(Disc::Black), p.discs(Disc::White), p.toMove());
    if (const auto it = seen_.find(key); it != seen_.end()) return it->second;
    if ((limits_.maxTreeNodes && tree_.nodes.size() >= limits_.maxTreeNodes) ||
        (limits_.cancel && limits_.cancel->load()) || (limits_.deadline > 0 && clockSeconds() > limits_.deadline))
      return -1;
    const int index = static_cast<int>(tree_.nodes.size());
    tree_.nodes.emplace_back();
    seen_.emplace(key, index);
    if (p.ended()) {
      const int margin = p.toMove() == attacker_ ? p.finalMargin() : -p.finalMargin();
      return (margin >= target_) == attackerWins_ ? index : -1;
    }
    std::vector<Square> moves = movesOrPass(p);  // not over: a move or the pass
    // The chooser tries the moves that leave the opponent fewest replies first: smaller subtrees.
    auto replies = [&p](Square s) {
      Position q = p;
      q.play(s);
      return std::popcount(q.moves());
    };
    std::stable_sort(moves.begin(), moves.end(), [&](Square a, Square b) { return replies(a) < replies(b); });
    // The side that chooses: the attacker in a proof, the defender in a disproof. What it needs,
    // as its own margin: at least target (attacker), at least 1 - target (defender: the
    // attacker's stays below target).
    const bool chooser = (p.toMove() == attacker_) == attackerWins_;
    const int need = p.toMove() == attacker_ ? target_ : 1 - target_;
    std::vector<proof::ProofTree<Square>::Edge> edges;
    for (const Square s : moves) {
      Position child = p;
      child.play(s);
      if (chooser && s != kPass && -solver_.search(child, -need, -need + 1) < need) continue;
      const int c = node(child);
      if (c < 0) {
        if (chooser && !stopped()) continue;  // cannot happen after the search said yes; try the next
        return -1;
      }
      edges.push_back({s, c});
      if (chooser) break;
    }
    if (edges.empty()) return -1;
    tree_.nodes[static_cast<std::size_t>(index)].children = std::move(edges);
    return index;
  }

 private:
  bool stopped() const {
    return (limits_.maxTreeNodes && tree_.nodes.size() >= limits_.maxTreeNodes) ||
           (limits_.cancel && limits_.cancel->load()) || (limits_.deadline > 0 && clockSeconds() > limits_.deadline);
  }

  Disc attacker_;
  int target_;
  bool attackerWins_;
  EndgameSolver& solver_;
  TreeLimits limits_;
  proof::ProofTree<Square>& tree_;
  std::map<std::tuple<Bitboard, Bitboard, Disc>, int> seen_;
};

}  // namespace

bool buildMarginTree(const Position& p, int target, bool attackerWins, EndgameSolver& solver,
                     const TreeLimits& limits, proof::ProofTree<Square>& tree) {
  tree = {};
  tree.attackerWins = attackerWins;
  TreeBuilder builder(p.toMove(), target, attackerWins, solver, limits, tree);
  return builder.node(p) == 0;
}

}  // namespace tengen::othello
