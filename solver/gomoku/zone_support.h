// The verifier's side of relevance zones. A proof may leave out a defender's moves at a node by
// recording a proof that the attacker wins even if the defender passed there (a "pass" edge):
// any defender stone outside that proof's support changes nothing the proof relies on, so every
// such move loses too. This computes the support, by brute force over the rules alone; it shares
// nothing with the prover's zone code (relevance_zone.cpp).
#pragma once

#include <bitset>

#include "solver/gomoku/board.h"
#include "solver/gomoku/types.h"
#include "solver/proof/proof_tree.h"

namespace tengen::gomoku {

using Cells = std::bitset<kMaxCells>;

// The support of node `node` of `tree` (an attacker's proof; `toMove` to play on `board`, which
// holds that node's position): every empty cell on which one more stone of the defender could
// change whether the subtree is a valid proof. Assumes the subtree was checked valid. Computed
// in each of the board's eight orientations and intersected, so it is the same however the
// board is turned. The board is used as scratch and returned unchanged.
Cells proofSupport(Board& board, Rule rule, Color attacker, const proof::ProofTree<Point>& tree, int node,
                   Color toMove);

}  // namespace tengen::gomoku
