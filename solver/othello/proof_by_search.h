// Proof trees for an Othello margin built from the exact endgame solver instead of df-pn: where the
// tree must show one good move, null-window searches find one (the solver's table makes them
// cheap once the position is solved); where it must answer everything, every move is listed.
// The trees are the same kind df-pn builds and are checked by the same plain-rules verifier.
#pragma once

#include <atomic>
#include <cstdint>

#include "solver/othello/board.h"
#include "solver/othello/endgame.h"
#include "solver/proof/proof_tree.h"

namespace tengen::othello {

struct TreeLimits {
  std::uint64_t maxTreeNodes = 0;  // 0: none
  double deadline = 0;             // steady-clock seconds (0: none)
  const std::atomic<bool>* cancel = nullptr;
};

// The tree proving (attackerWins) or disproving that the side to move of `p` ends at least
// `target` discs ahead. Returns false when the claim does not hold or a limit was reached.
bool buildMarginTree(const Position& p, int target, bool attackerWins, EndgameSolver& solver,
                     const TreeLimits& limits, proof::ProofTree<Square>& tree);

}  // namespace tengen::othello
