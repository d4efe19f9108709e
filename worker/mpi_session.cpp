// MPI start-up and the worker side of the MPI transport: messages of any size, probed first so
// the receive buffer is exactly as large as the message.
#include "worker/mpi_session.h"

#include <mpi.h>

#include <cstdlib>
#include <string>

#include "worker/mpi_tags.h"
#include "worker/serve.h"

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
    MPI_Status status;
    MPI_Probe(0, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
    int count = 0;
    MPI_Get_count(&status, MPI_BYTE, &count);
    std::string bytes(static_cast<std::size_t>(count), '\0');
    MPI_Recv(bytes.data(), count, MPI_BYTE, 0, status.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    return bytes;
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

unsigned long long runMpiWorker() {
  MpiChannel channel;
  return serveJobs(channel);
}

}  // namespace tengen::worker
