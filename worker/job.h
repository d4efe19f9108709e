// A job as the prover sees it: building a request from a position, the position back from a
// request (checked, since it came over the wire), proof trees to and from their wire form, and
// running one job with the prover.
#pragma once

#include "solver/gomoku/position.h"
#include "solver/gomoku/solve.h"
#include "solver/proof/proof_tree.h"
#include "worker/protocol.h"

namespace tengen::worker {

struct JobBudget {
  std::uint64_t maxNodes = 0;  // 0: none
  double maxSeconds = 0;       // 0: none
  std::uint32_t hashMegabytes = 32;
};

JobRequest makeJobRequest(std::uint64_t jobId, const gomoku::Position& position, gomoku::Color attacker,
                          const JobBudget& budget);
// Throws ProtocolError when the request does not describe a playable position.
gomoku::Position jobPosition(const JobRequest& job);

WireTree toWire(const proof::ProofTree<gomoku::Point>& tree);
// Throws ProtocolError when a move is off the board.
proof::ProofTree<gomoku::Point> fromWire(const WireTree& wire, int boardSize);

// Runs the prover on the job: never throws; a bad job comes back as JobOutcome::Failed.
JobReply runJob(const JobRequest& job);

}  // namespace tengen::worker
