// A checked Othello value: the exact final margin shown by two proof-number searches, "the side to
// move ends at least m discs ahead" proved and "at least m + 1" disproved, each tree re-checked
// by the independent verifier. The margin to test comes from the endgame solver (or a caller).
#pragma once

#include <atomic>
#include <cstdint>
#include <string>

#include "solver/othello/board.h"
#include "solver/othello/endgame.h"
#include "solver/proof/proof_tree.h"

namespace tengen::othello {

// How the trees are found: by df-pn ("at least m" as an AND/OR search), or by null-window
// searches of the exact endgame solver choosing the good moves (measured faster: see prove.cpp).
enum class ProofMethod { NullWindow, Dfpn };

struct MarginProofOptions {
  ProofMethod method = ProofMethod::NullWindow;
  std::size_t hashMegabytes = 64;
  std::uint64_t maxNodes = 0;  // per search, or per tree by null window (0: none)
  double maxSeconds = 0;       // for both (0: none)
  const std::atomic<bool>* cancel = nullptr;
  // NullWindow: a solver that has just solved the position, its table reused (else a new one).
  EndgameSolver* solver = nullptr;
};

struct MarginProof {
  bool proved = false;  // both trees found and verified: `margin` is exact
  int margin = 0;       // for the side to move
  proof::ProofTree<Square> atLeast;   // proves "margin >= m"
  proof::ProofTree<Square> notAbove;  // disproves "margin >= m + 1"
  std::uint64_t nodes = 0;
  long long checkedPositions = 0;
  double seconds = 0;
  std::string error;  // why not proved (out of budget, a guess that was wrong, a verifier refusal)
};

// Proves that the side to move's exact final margin is `margin` (empty squares to the winner).
// With `check` (the default) both trees are re-checked by the plain-rules verifier here, and
// `proved` says they passed; without, `proved` says only that both were found, for a caller that
// has them checked elsewhere (a worker's trees are checked by the coordinator).
MarginProof proveMargin(const Position& p, int margin, const MarginProofOptions& options, bool check = true);

}  // namespace tengen::othello
