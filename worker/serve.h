// A worker's life: receive a job, run it, send the answer, until told to stop. The channel hides
// whether the coordinator is another MPI rank or a thread of this process.
#pragma once

#include <optional>
#include <string>

namespace tengen::worker {

class WorkerChannel {
 public:
  virtual ~WorkerChannel() = default;
  // The next message from the coordinator (blocks); nullopt when the coordinator is gone.
  virtual std::optional<std::string> receive() = 0;
  virtual void send(std::string bytes) = 0;
};

// Serves jobs until a StopRequest (or the channel closes). Returns the number of jobs run.
std::uint64_t serveJobs(WorkerChannel& channel);

}  // namespace tengen::worker
