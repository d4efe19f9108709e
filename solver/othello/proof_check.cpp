// Walks the tree over reference grids: at the side that must show one good move, every listed
// move is legal and holds; at the other side, every legal move (or the forced pass) is listed and
// holds; a leaf is a finished game whose margin answers the question.
#include "solver/othello/proof_check.h"

#include <algorithm>
#include <array>
#include <set>
#include <vector>
#include <utility>

#include "solver/othello/reference_rules.h"

namespace tengen::othello {
namespace {

using Tree = proof::ProofTree<Square>;
using reference::Grid;

class Checker {
 public:
  Checker(const Tree& tree, int target) : tree_(tree), target_(target), seenAt_(tree.nodes.size()) {}

  // `attackerToMove`: whether the grid's side to move (cell value 1) is the attacker.
  bool check(int node, const Grid& g, bool attackerToMove, int ply) {
    if (node < 0 || static_cast<std::size_t>(node) >= tree_.nodes.size()) return fail(ply, "a child points outside the tree");
    // Each node is checked once per grid it is reached with (almost always one): a short list per
    // node, not one ordered set of whole grids (whose comparisons were much of a build's check time).
    auto& grids = seenAt_[static_cast<std::size_t>(node)];
    if (std::find(grids.begin(), grids.end(), g.cell) != grids.end()) return true;
    grids.push_back(g.cell);
    ++positions_;
    const Tree::Node& n = tree_.nodes[static_cast<std::size_t>(node)];
    if (n.argument.kind != 0 || n.argument.tree || !n.argument.moves.empty())
      return fail(ply, "an Othello proof has no arguments, only moves");
    std::vector<Square> moves = reference::legalMoves(g);
    if (moves.empty()) {
      if (reference::legalMoves(reference::play(g, kPass)).empty()) {  // the game is over
        if (!n.children.empty()) return fail(ply, "moves after the end of the game");
        const int margin = attackerToMove ? reference::finalMargin(g) : -reference::finalMargin(g);
        if ((margin >= target_) != tree_.attackerWins)
          return fail(ply, "a finished game with margin " + std::to_string(margin) + " for the attacker");
        return true;
      }
      moves.push_back(kPass);
    }
    const bool chooseOne = attackerToMove == tree_.attackerWins;
    std::set<Square> listed;
    for (const auto& e : n.children) {
      if (std::find(moves.begin(), moves.end(), e.move) == moves.end())
        return fail(ply, "not a legal move: " + squareName(e.move));
      if (!listed.insert(e.move).second) return fail(ply, "a move listed twice: " + squareName(e.move));
    }
    if (chooseOne && listed.empty()) return fail(ply, "no move for the side that must find one");
    if (!chooseOne && listed.size() != moves.size()) return fail(ply, "a legal reply is missing");
    for (const auto& e : n.children)
      if (!check(e.node, reference::play(g, e.move), !attackerToMove, ply + 1)) return false;
    return true;
  }

  std::string error;
  long long positions() const { return positions_; }

 private:
  bool fail(int ply, const std::string& why) {
    error = "ply " + std::to_string(ply) + ": " + why;
    return false;
  }

  const Tree& tree_;
  int target_;
  std::vector<std::vector<std::array<int, 64>>> seenAt_;  // per node, the grids checked there
  long long positions_ = 0;
};

}  // namespace

OthelloProofCheck checkOthelloProof(const Position& start, Disc attacker, int target, const Tree& tree) {
  OthelloProofCheck result;
  if (tree.nodes.empty()) {
    result.error = "an empty tree";
    return result;
  }
  Checker checker(tree, target);
  result.ok = checker.check(0, reference::gridOf(start), start.toMove() == attacker, 0);
  result.error = checker.error;
  result.positions = checker.positions();
  return result;
}

std::string checkMarginByChildren(const Position& p, int margin, Square best, const VerifiedChildMargin& childMargin) {
  const Grid g = reference::gridOf(p);
  std::vector<Square> moves = reference::legalMoves(g);
  if (moves.empty()) {
    if (reference::legalMoves(reference::play(g, kPass)).empty()) {  // the game is over
      const int final = reference::finalMargin(g);
      if (final != margin) return "the game is over with margin " + std::to_string(final) + ", not " + std::to_string(margin);
      return "";
    }
    moves.push_back(kPass);
  }
  int most = -1000;
  bool bestHolds = false;
  for (const Square s : moves) {
    const auto m = childMargin(reference::positionOf(reference::play(g, s), opposite(p.toMove())));
    if (!m) return "the position after " + squareName(s) + " has no verified entry";
    const int value = -*m;  // the child's margin is for its side to move
    most = std::max(most, value);
    if (s == best && value == margin) bestHolds = true;
  }
  if (most != margin) return "the children give margin " + std::to_string(most) + ", the entry says " + std::to_string(margin);
  if (!bestHolds) return "the best move " + squareName(best) + " does not reach the margin";
  return "";
}

}  // namespace tengen::othello
