// The games a worker runs jobs of, each through its adapter (worker/gomoku_job.h for five-in-a-row,
// worker/othello_job.h): the one list that names them, so the worker loop names none. A game's
// runner lives as long as the worker loop and keeps what it wants from job to job (a table, lent
// proofs, an outside engine).
#pragma once

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "worker/protocol.h"
#include "worker/search_guide.h"

namespace tengen::worker {

// Asks the coordinator for a lent proof's tree mid-job (nullopt: none given).
using ProofSource = std::function<std::optional<WireTree>(const ProofWanted&)>;

// What a running job may use besides its request.
struct JobContext {
  // Raised when the coordinator no longer wants the answer (nullptr: only a stop signal ends it).
  const std::atomic<bool>* withdrawn = nullptr;
  ProofSource askCoordinator;  // empty: lent proofs are not used
};

// One game's jobs on one worker. Neither call throws: what it cannot run or read comes back as a
// failed job (GameReply::error, or the game's own failed outcome) or a refused check.
class GameJobRunner {
 public:
  virtual ~GameJobRunner() = default;
  virtual GameReply run(const GameJob& job, const JobContext& context) = 0;
  // Re-verifies another worker's tree for `request.job`.
  virtual CheckReply check(const CheckRequest& request) = 0;
};

// The worker's runners, one per game, each made at its game's first job.
class GameJobs {
 public:
  explicit GameJobs(SearchGuide guide = {});
  ~GameJobs();
  // Never throw: a game this worker does not know comes back as GameReply::error (or a refused
  // check) naming it.
  GameReply run(const GameJob& job, const JobContext& context);
  CheckReply check(const CheckRequest& request);

 private:
  GameJobRunner* runnerFor(std::string_view game);

  SearchGuide guide_;
  std::map<std::string, std::unique_ptr<GameJobRunner>, std::less<>> runners_;
};

}  // namespace tengen::worker
