// The independent verifier of Othello proofs: re-checks a proof or disproof tree with the plain
// square-by-square rules (reference_rules.h) alone; it shares no code with the bitboards or the search.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "solver/othello/board.h"
#include "solver/proof/proof_tree.h"

namespace tengen::othello {

struct OthelloProofCheck {
  bool ok = false;
  std::string error;        // where and why the tree fails, when it does
  long long positions = 0;  // distinct (node, position) pairs checked
};

// Checks that `tree` proves (tree.attackerWins) or disproves that `attacker`, from `start`, ends
// the game at least `target` discs ahead (empty squares to the winner).
OthelloProofCheck checkOthelloProof(const Position& start, Disc attacker, int target,
                                    const proof::ProofTree<Square>& tree);

// A margin shown by the position's children: the plain rules list the legal moves (or the forced
// pass) and see the end of the game; `childMargin` gives each child's margin for its own side to
// move, verified (nullopt: none). "" when `margin` is the best child's negated and `best` is a move
// that reaches it, or, at the end of the game, when it is the final count; else why not.
using VerifiedChildMargin = std::function<std::optional<int>(const Position& child)>;
std::string checkMarginByChildren(const Position& p, int margin, Square best, const VerifiedChildMargin& childMargin);

}  // namespace tengen::othello
