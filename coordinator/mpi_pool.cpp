// The coordinator's side of the MPI transport: ranks 1..K-1 are workers 0..K-2; replies are
// probed for from any source.
#include <mpi.h>

#include <chrono>

#include "coordinator/worker_pool.h"
#include "worker/mpi_session.h"
#include "worker/mpi_transport.h"
#include "worker/protocol.h"

namespace tengen::coordinator {
namespace {

class MpiPool : public WorkerPool {
 public:
  MpiPool() { MPI_Comm_size(MPI_COMM_WORLD, &world_); }
  ~MpiPool() override { stop(); }

  int size() const override { return world_ - 1; }
  std::string describe() const override { return std::to_string(size()) + " MPI worker rank" + (size() == 1 ? "" : "s"); }
  void send(int worker, std::string bytes) override {
    MPI_Send(bytes.data(), static_cast<int>(bytes.size()), MPI_BYTE, worker + 1, worker::kMessageTag, MPI_COMM_WORLD);
  }
  std::optional<std::pair<int, std::string>> receive(double timeoutSeconds) override {
    // Polled, not blocking, and with no spin: the coordinator keeps its progress line alive while
    // it waits, and a waiting coordinator leaves the cores to the workers.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(timeoutSeconds));
    const auto status = worker::awaitMessage(MPI_ANY_SOURCE, deadline, std::chrono::microseconds(0));
    if (!status) return std::nullopt;
    return std::make_pair(status->MPI_SOURCE - 1, worker::receiveProbed(*status));
  }
  void stop() override {
    if (stopped_) return;
    stopped_ = true;
    const std::string bytes = worker::encodeMessage(worker::StopRequest{});
    for (int r = 1; r < world_; ++r)
      MPI_Send(bytes.data(), static_cast<int>(bytes.size()), MPI_BYTE, r, worker::kMessageTag, MPI_COMM_WORLD);
  }

 private:
  int world_ = 1;
  bool stopped_ = false;
};

}  // namespace

std::unique_ptr<WorkerPool> makeMpiPool() { return std::make_unique<MpiPool>(); }

}  // namespace tengen::coordinator
