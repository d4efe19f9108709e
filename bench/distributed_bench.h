// Benchmarks of the distributed solver: the speedup of more workers on one fixed job set, the
// coordinator's dispatch capacity with trivial jobs, and the size of the messages.
#pragma once

#include <cstdint>
#include <vector>

#include "coordinator/worker_pool.h"

namespace tengen::bench {

struct JobSetRun {
  int workers = 0;
  double seconds = 0;
  std::uint64_t jobs = 0, nodes = 0;
  double idleFraction = 0;
  double bytesPerMessage = 0;
};

// The fixed job set: `tengen book build "" --rule freestyle --size 6 --depth 2 --nodes 1000`
// into a scratch book, once per worker count, with in-process workers.
std::vector<JobSetRun> runJobSetBench(const std::vector<int>& workerCounts);

struct DispatchFigures {
  std::uint64_t jobs = 0;
  double seconds = 0;
  std::size_t requestBytes = 0, replyBytes = 0;
};

// Round trips of trivial jobs (a five to complete: the prover answers at once) through a pool,
// each worker kept one job busy: encode, send, receive, decode, re-verify the tiny proof.
DispatchFigures runDispatchBench(coordinator::WorkerPool& pool, std::uint64_t jobs);

}  // namespace tengen::bench
