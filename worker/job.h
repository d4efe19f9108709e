// A job as the prover sees it: building a request from a position, the position back from a
// request (checked, since it came over the wire), proof trees to and from their wire form,
// running one job with the prover, and re-verifying another worker's answer.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <optional>

#include "solver/gomoku/known_proofs.h"
#include "solver/gomoku/position.h"
#include "solver/gomoku/solve.h"
#include "solver/proof/proof_tree.h"
#include "worker/protocol.h"
#include "worker/search_guide.h"

namespace tengen::worker {

struct JobBudget {
  std::uint64_t maxNodes = 0;  // 0: none
  double maxSeconds = 0;       // 0: none
  std::uint32_t hashMegabytes = 32;
};

JobRequest makeJobRequest(std::uint64_t jobId, const gomoku::Position& position, gomoku::Color attacker,
                          const JobBudget& budget);
// Another worker's answer to `job`, to re-verify.
CheckRequest makeCheckRequest(std::uint64_t checkId, const JobRequest& job, WireTree tree);
// Throws ProtocolError when the request does not describe a playable position.
gomoku::Position jobPosition(const JobRequest& job);

WireTree toWire(const proof::ProofTree<gomoku::Point>& tree);
// Throws ProtocolError when a move is off the board.
proof::ProofTree<gomoku::Point> fromWire(const WireTree& wire, int boardSize);

// Asks the coordinator for a lent proof's tree mid-job (nullopt: none given).
using ProofSource = std::function<std::optional<WireTree>(const ProofWanted&)>;

// Runs jobs one after another with one transposition table, reallocated only when a job asks
// for another size (and cleared before every job, so each answer depends on its job and the
// verified wins lent to it). The wins a run lists are kept across its jobs, with the trees
// already fetched; a job of another run (or none) starts them afresh.
class JobRunner {
 public:
  JobRunner() = default;
  explicit JobRunner(SearchGuide guide) : guide_(std::move(guide)) {}

  // Never throws; a bad job comes back as JobOutcome::Failed. With `withdrawn`, the job stops when
  // it is raised (and comes back Cancelled) instead of at a stop request. Without `source` the
  // job's listed wins are not used.
  JobReply run(const JobRequest& job, const std::atomic<bool>* withdrawn = nullptr, ProofSource source = {});

 private:
  std::shared_ptr<const gomoku::KnownProofs> lentProofs(const JobRequest& job, ProofSource source);
  // The guide's oracle for the job's game (made on the first job of that game); empty unguided.
  const gomoku::MoveOracle& oracleFor(const gomoku::Position& pos);

  SearchGuide guide_;
  gomoku::MoveOracle oracle_;
  int oracleGame_ = -1;  // rule and size the oracle was made for

  std::unique_ptr<proof::TranspositionTable> table_;
  std::uint32_t tableMegabytes_ = 0;
  std::shared_ptr<gomoku::KnownProofs> known_;
  std::uint64_t knownRun_ = 0;
  ProofSource source_;  // the running job's
  std::uint64_t jobId_ = 0;
};

// One job with a table of its own.
JobReply runJob(const JobRequest& job);

// Runs the independent verifier over a CheckRequest's tree. Never throws: a request that does not
// describe a position and a tree is not accepted, with the reason.
CheckReply runCheck(const CheckRequest& request);

}  // namespace tengen::worker
