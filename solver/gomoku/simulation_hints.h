// Simulation (Kawano 1996) across positions: the moves that won in a proof of one position,
// offered as hints for a position that differs from it by a few stones. A proof of the attacker's
// win after the defender passes, or after a sibling reply, is most often a proof after another
// reply far from the fight, with that reply's stone standing idle: its winning moves, tried first,
// find the new proof in a few thousand nodes where a blind search spends half a million. Hints
// change the search's order only (ProofGame::setHints); the new proof is checked as any other.
#pragma once

#include <cstdint>

#include "solver/gomoku/board.h"
#include "solver/gomoku/proof_game.h"
#include "solver/proof/proof_tree.h"

namespace tengen::gomoku {

// Adds, for each attacker node of `tree` (a proof of `attacker`'s win from `board`, `toMove` to
// play), the move the proof plays there, keyed by that node's board hash XOR `hashDelta`: the hash
// the same node has in the other position (XOR of the zobrist keys of the stones the two positions
// differ by, zobrist.h). A key already in `hints` keeps its moves (the caller adds the closest
// source first). `board` is used as scratch and returned unchanged.
void addSimulationHints(ProofGame::Hints& hints, Board& board, Color toMove, Color attacker,
                        const proof::ProofTree<Point>& tree, std::uint64_t hashDelta);

}  // namespace tengen::gomoku
