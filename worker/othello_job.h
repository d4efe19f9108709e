// Othello's jobs: a position's exact final margin from the endgame solver and, when asked, its
// proof by df-pn (both trees, for the coordinator to verify before anything is stored). The
// request and reply travel in the protocol's GameJob envelope, encoded here.
#pragma once

#include <memory>
#include <string_view>

#include "solver/othello/board.h"
#include "solver/othello/margin_job.h"
#include "solver/proof/proof_tree.h"
#include "worker/game_jobs.h"
#include "worker/protocol.h"

namespace tengen::worker {

// The game's name in the envelope (as `--game` spells it).
inline constexpr std::string_view kOthelloGame = "othello";

// An Othello position's exact final margin for the side to move: the endgame solver's value, and
// its proof ("at least m" proved, "at least m + 1" disproved) when df-pn finds it within
// `proofNodes` (0: no proof asked).
struct OthelloJobRequest {
  std::uint64_t jobId = 0;
  std::uint8_t size = 8;
  std::uint64_t black = 0, white = 0;
  bool whiteToMove = false;
  bool fewestWins = false;  // anti-Othello
  double maxSeconds = 0;    // the endgame search (0: none)
  std::uint64_t proofNodes = 0;
  std::uint32_t hashMegabytes = 32;
  // A split solve's sibling test: the margin is wanted exactly only below this; at or above it a
  // lower bound is the answer (kNoCeiling: always exact).
  std::int32_t ceiling = kNoCeiling;
  static constexpr std::int32_t kNoCeiling = 1000;
  bool wantLine = false;  // an exact margin comes with its perfect line
};

struct OthelloJobReply {
  std::uint64_t jobId = 0;
  JobOutcome outcome = JobOutcome::Unknown;  // Proven: margin exact (proved too when hasProof)
  std::int32_t margin = 0;
  std::int16_t best = -1;  // -1: a pass, or the game is over
  bool lowerBound = false;  // the margin reached the job's ceiling: only "at least margin" is known
  std::vector<std::int16_t> line;  // an exact margin's perfect line from the job's position
  bool hasProof = false;
  WireTree atLeast, notAbove;  // a lower bound's proof is atLeast alone
  std::uint64_t nodes = 0;
  double seconds = 0;
  std::string error;
};

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

// To and from the envelope. Reading throws ProtocolError when the envelope holds another game's
// job or a body that is not Othello's; a reply whose worker could not run the job comes back Failed
// with the worker's reason.
GameJob gameJobOf(const OthelloJobRequest& job);
OthelloJobRequest othelloJobOf(const GameJob& job);
GameReply gameReplyOf(const OthelloJobReply& reply);
OthelloJobReply othelloReplyOf(const GameReply& reply);
// The worker's runner for Othello's jobs (worker/game_jobs.h). It checks no other worker's trees:
// the coordinator re-checks Othello's answers itself.
std::unique_ptr<GameJobRunner> makeOthelloRunner(const SearchGuide& guide);

}  // namespace tengen::worker
