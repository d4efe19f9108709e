// Smaller proofs for the same claim: where the attacker wins a proof's node by threats alone, its
// subtree gives way to one threat-sequence leaf (the gains the verifier replays), as Victoria's
// proof trees ended at threat-space wins. Proofs only, and only under rules where sequences prove.
#pragma once

#include <cstdint>

#include "solver/gomoku/board.h"
#include "solver/gomoku/types.h"
#include "solver/proof/proof_tree.h"

namespace tengen::gomoku {

struct CompactionCounts {
  std::size_t before = 0, after = 0;  // tree nodes
  std::uint64_t tried = 0;            // attacker nodes searched for a threat sequence
  std::uint64_t replaced = 0;         // of them, turned into a sequence leaf
  std::uint64_t threats = 0;          // threats tried by those searches
};

// `tree` (a proof that `attacker` wins from `board`, `toMove` to play) with every attacker node,
// from the root down, that a threat-space search of at most `threatsPerNode` threats wins made a
// leaf, and the nodes no longer reached dropped. Nodes under a pass edge stay as they are: a
// relevance zone is drawn from that subtree's exact support. Depths are recomputed. Returns the
// tree unchanged for a disproof or a rule where sequences do not prove (renju). Deterministic. The
// result is for the verifier to accept like any proof: the caller checks it before keeping it.
proof::ProofTree<Point> compactWithThreatSequences(const Board& board, Color toMove, Rule rule, Color attacker,
                                                   const proof::ProofTree<Point>& tree, std::uint64_t threatsPerNode,
                                                   CompactionCounts* counts = nullptr);

}  // namespace tengen::gomoku
