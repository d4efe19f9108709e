// Benchmarks of the distributed solver: the speedup of more workers on one fixed job set, the
// coordinator's dispatch capacity with trivial jobs, its capacity for real answers (a recorded
// build replayed by simulated workers), and the size of the messages.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "coordinator/coordinator.h"
#include "coordinator/worker_pool.h"
#include "solver/gomoku/position.h"

namespace tengen::bench {

struct JobSetRun {
  int workers = 0;
  double seconds = 0;
  std::uint64_t jobs = 0, nodes = 0;
  double idleFraction = 0;
  double bytesPerMessage = 0;
  double coordinatorBusy = 0;
};

// The fixed job set: `tengen book build "" --rule freestyle --size 6 --depth 2 --nodes 1000`
// into a scratch book with in-process workers, `rounds` times per worker count: the fastest round.
std::vector<JobSetRun> runJobSetBench(const std::vector<int>& workerCounts, int rounds);

struct DispatchFigures {
  std::uint64_t jobs = 0;
  double seconds = 0;
  double waitSeconds = 0;  // the coordinator's side waiting for an answer
  std::size_t requestBytes = 0, replyBytes = 0;
  double busyFraction() const { return seconds > 0 ? 1 - waitSeconds / seconds : 0; }
};

// Round trips of trivial jobs (a five to complete: the prover answers at once) through a pool,
// each worker kept one job busy: encode, send, receive, decode, re-verify the tiny proof.
DispatchFigures runDispatchBench(coordinator::WorkerPool& pool, std::uint64_t jobs);

struct ReplayFigures {
  std::uint64_t recordedJobs = 0;
  double recordSeconds = 0;        // the real build that was recorded (2 in-process workers)
  double meanTreeNodes = 0;        // proof-tree nodes per proven or disproven answer
  double meanReplyBytes = 0;
  int workers = 0;                 // simulated workers in the replay
  std::uint64_t answers = 0, misses = 0, checks = 0;
  double seconds = 0;              // the whole replayed run
  double coordinatorSeconds = 0;   // less the simulated workers' part and any verification
  double storeSeconds = 0;         // of which merging and writing to the book
  double answersPerSecond() const { return coordinatorSeconds > 0 ? answers / coordinatorSeconds : 0; }
};

// A run to record: its root and options (goal, depth, job budget).
struct ReplayScenario {
  std::string name;
  gomoku::Position root;
  coordinator::RunOptions options;
};
// A book build of `depth` plies below the empty freestyle 6x6 board, 1000 nodes a job.
ReplayScenario buildScenario(int depth);
// The README's renju demo solve (2000 nodes a job): fewer, larger trees.
ReplayScenario renjuSolveScenario();

// Records the answers of a real run of `scenario` (2 in-process workers), then replays it into a
// fresh book once per simulated worker count, every check accepted at once: the coordinator's
// own time per answer, verification excluded.
std::vector<ReplayFigures> runReplayBench(const ReplayScenario& scenario, const std::vector<int>& workerCounts);

}  // namespace tengen::bench
