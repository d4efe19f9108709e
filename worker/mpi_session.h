// MPI for tengen: started only when the process was launched by mpirun (so a plain run never
// touches MPI), with rank 0 as the coordinator and every other rank a worker.
#pragma once

#include "worker/search_guide.h"

namespace tengen::worker {

class MpiSession {
 public:
  // Initialises MPI when launched by mpirun with more than one rank; otherwise does nothing.
  MpiSession(int* argc, char*** argv);
  ~MpiSession();
  MpiSession(const MpiSession&) = delete;
  MpiSession& operator=(const MpiSession&) = delete;

  bool active() const { return active_; }
  int rank() const { return rank_; }
  int size() const { return size_; }

  // The session of this process, if one is active (the coordinator's worker pool uses it).
  static MpiSession* current();
  // Ends every rank at once (after a fatal error on the coordinator, with jobs still out).
  [[noreturn]] void abort(int status);

 private:
  bool active_ = false;
  int rank_ = 0;
  int size_ = 1;
};

// Rank 1..K-1: serve jobs from rank 0 until it says stop (with a guide: see serveJobs). Returns
// the number of jobs run.
unsigned long long runMpiWorker(SearchGuide guide = {});

}  // namespace tengen::worker
