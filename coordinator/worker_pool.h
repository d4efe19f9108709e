// Where the coordinator's jobs go: MPI ranks 1..K-1 when launched by mpirun, otherwise worker
// threads in this process. Either way only encoded messages cross (worker/protocol.h).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "worker/search_guide.h"

namespace tengen::coordinator {

class WorkerPool {
 public:
  virtual ~WorkerPool() = default;
  virtual int size() const = 0;
  virtual std::string describe() const = 0;
  virtual void send(int worker, std::string bytes) = 0;
  // The next message from any worker, waiting at most `timeoutSeconds`.
  virtual std::optional<std::pair<int, std::string>> receive(double timeoutSeconds) = 0;
  // Tells every worker to finish (once; later calls do nothing).
  virtual void stop() = 0;
  // Best effort: the coordinator no longer wants job `jobId`'s answer; a worker still on it stops
  // and answers Cancelled (an answer already on its way stays as it was). MPI ranks cannot be
  // reached mid-job: there the job runs to its budget.
  virtual void withdraw(int /*worker*/, std::uint64_t /*jobId*/) {}
};

// `threads` in-process workers (at least 1); with a guide, each makes its own oracle from it.
std::unique_ptr<WorkerPool> makeLocalPool(int threads, const worker::SearchGuide& guide = {});
// The MPI ranks other than this one (rank 0). Needs an active worker::MpiSession.
std::unique_ptr<WorkerPool> makeMpiPool();
// MPI ranks when this process is rank 0 of an mpirun with workers (the same ranks each call: they
// live until releaseMpiWorkers, and take their guide from their own command line), else `threads`
// local workers with `guide`.
std::unique_ptr<WorkerPool> makeWorkerPool(int threads, const worker::SearchGuide& guide = {});
// Rank 0 of an mpirun, at exit: tells the worker ranks to finish. Does nothing otherwise.
void releaseMpiWorkers();

}  // namespace tengen::coordinator
