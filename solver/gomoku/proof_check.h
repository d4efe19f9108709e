// The independent verifier: re-checks a proof or disproof tree against the rules alone.
// Deliberately simple; it shares no search or threat code with the prover.
#pragma once

#include <string>

#include "solver/gomoku/board.h"
#include "solver/gomoku/types.h"
#include "solver/proof/proof_tree.h"

namespace tengen::gomoku {

// The verifier's revision. A book step counts as verified only when this revision re-checked it:
// bump it when a verifier bug is fixed, and every stored proof must be re-checked to count again.
inline constexpr int kVerifierRevision = 2;

struct ProofCheck {
  bool ok = false;
  std::string error;  // where and why the tree fails, when it does
  long long positions = 0;  // positions checked (one reached through two different nodes counts twice)
};

// Checks that `tree` proves (tree.attackerWins) or disproves that `attacker` wins from `board`
// with `toMove` to play under `rule`, assuming no passes.
ProofCheck checkProof(const Board& board, Color toMove, Rule rule, Color attacker,
                      const proof::ProofTree<Point>& tree);

}  // namespace tengen::gomoku
