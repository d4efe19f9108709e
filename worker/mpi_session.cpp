// MPI start-up and the worker side of the MPI transport.
#include "worker/mpi_session.h"

#include <mpi.h>

#include <chrono>
#include <cstdlib>
#include <string>

#include "worker/mpi_transport.h"
#include "worker/serve.h"
#include "worker/shutdown.h"

namespace tengen::worker {
namespace {

MpiSession* g_current = nullptr;

// mpirun (Open MPI), PMI launchers and srun tell a launched process its world size.
int launchedWorldSize() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "SLURM_STEP_NUM_TASKS"})
    if (const char* v = std::getenv(name)) return std::atoi(v);
  return 0;
}

class MpiChannel : public WorkerChannel {
 public:
  std::optional<std::string> receive() override {
    // A worker spins 2 ms for the answer it expects (the next job, a lent proof: the coordinator
    // answers in microseconds), then sleeps between polls: while the coordinator checks a claim
    // alone, the core is the coordinator's.
    const auto status = awaitMessage(0, std::chrono::steady_clock::time_point::max(), std::chrono::microseconds(2000));
    return receiveProbed(*status);
  }
  void send(std::string bytes) override {
    MPI_Send(bytes.data(), static_cast<int>(bytes.size()), MPI_BYTE, 0, kMessageTag, MPI_COMM_WORLD);
  }
};

}  // namespace

MpiSession::MpiSession(int* argc, char*** argv) {
  if (launchedWorldSize() < 2) return;
  MPI_Init(argc, argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
  active_ = true;
  // No rank may outlive its launcher: a worker exits at once, the coordinator stops at its next
  // safe point (and within 1.5 s in any case).
  watchLauncher(rank_ == 0, rank_, 1.5);
  g_current = this;
}

MpiSession::~MpiSession() {
  if (!active_) return;
  g_current = nullptr;
  MPI_Finalize();
}

MpiSession* MpiSession::current() { return g_current; }

void MpiSession::abort(int status) {
  MPI_Abort(MPI_COMM_WORLD, status);
  std::exit(status);
}

unsigned long long runMpiWorker(SearchGuide guide) {
  MpiChannel channel;
  return serveJobs(channel, std::move(guide));
}

}  // namespace tengen::worker
