// The coordinator's side of the MPI transport: ranks 1..K-1 are workers 0..K-2; replies are
// probed for from any source.
#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <thread>

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
    using Clock = std::chrono::steady_clock;
    const auto deadline = Clock::now() + std::chrono::duration<double>(timeoutSeconds);
    MPI_Status status;
    int flag = 0;
    // Polled, not blocking: the coordinator keeps its progress line alive while it waits. The
    // pause grows to a millisecond so a waiting coordinator leaves the cores to the workers.
    auto pause = std::chrono::microseconds(20);
    while (true) {
      MPI_Iprobe(MPI_ANY_SOURCE, worker::kMessageTag, MPI_COMM_WORLD, &flag, &status);
      if (flag) break;
      if (Clock::now() >= deadline) return std::nullopt;
      std::this_thread::sleep_for(pause);
      pause = std::min(pause * 2, std::chrono::microseconds(1000));
    }
    return std::make_pair(status.MPI_SOURCE - 1, worker::receiveProbed(status));
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
