// Othello jobs: a position's exact final margin from the endgame solver and, when asked, its
// proof by df-pn (both trees, for the coordinator to verify before anything is stored).
#pragma once

#include "solver/othello/board.h"
#include "solver/othello/margin_job.h"
#include "solver/proof/proof_tree.h"
#include "worker/protocol.h"

namespace tengen::worker {

struct OthelloJobBudget {
  double maxSeconds = 0;         // the endgame search (0: none)
  std::uint64_t proofNodes = 0;  // df-pn nodes for each of the two proofs (0: no proof)
  std::uint32_t hashMegabytes = 32;
};

OthelloJobRequest makeOthelloJob(std::uint64_t jobId, const othello::Position& p, const OthelloJobBudget& budget);
// Throws ProtocolError when the request is no Othello position.
othello::Position othelloJobPosition(const OthelloJobRequest& job);
// Throws ProtocolError when a move is not a square (or a pass).
proof::ProofTree<othello::Square> othelloTreeFromWire(const WireTree& wire);
// A reply as the solver's answer (exact false unless the outcome is Proven: out of time, cancelled
// or failed). Throws ProtocolError when a tree's move is not a square.
othello::MarginAnswer othelloAnswerOf(const OthelloJobReply& reply);
// Never throws: a bad job comes back as JobOutcome::Failed, one stopped or out of time as Unknown
// (Cancelled when a stop signal came).
OthelloJobReply runOthelloJob(const OthelloJobRequest& job);

}  // namespace tengen::worker
