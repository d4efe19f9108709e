// A worker's life: receive a job, run it, send the answer, until told to stop. The channel hides
// whether the coordinator is another MPI rank or a thread of this process.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>

#include "worker/search_guide.h"

namespace tengen::worker {

class WorkerChannel {
 public:
  virtual ~WorkerChannel() = default;
  // The next message from the coordinator (blocks); nullopt when the coordinator is gone.
  virtual std::optional<std::string> receive() = 0;
  virtual void send(std::string bytes) = 0;
  // Called as job `jobId` starts: a flag the coordinator raises when it no longer wants the job's
  // answer (its question settled otherwise), or nullptr where it cannot reach a busy worker (MPI
  // ranks; a stop request still ends their jobs).
  virtual const std::atomic<bool>* withdrawal(std::uint64_t /*jobId*/) { return nullptr; }
};

// Serves jobs until a StopRequest (or the channel closes). Returns the number of jobs run.
// With a guide, this worker's jobs ask its oracle during their searches (see SearchGuide).
std::uint64_t serveJobs(WorkerChannel& channel, SearchGuide guide = {});

}  // namespace tengen::worker
