// Stopping a run from outside: Ctrl-C, SIGTERM (mpirun ending a job) or the launcher's death
// raise one process-wide request that the coordinator and the prover's searches look at between
// steps, so a run stops at a safe point with its book consistent.
#pragma once

#include <atomic>
#include <string>

namespace tengen::worker {

// The request itself, for searches to poll (SolveOptions::cancel, RunOptions::stop).
const std::atomic<bool>& stopFlag();
bool stopRequested();

// Why the run is stopping ("SIGINT", "SIGTERM", "the launcher is gone"), and the exit status that
// says so (128 + the signal; 1 for a lost launcher).
std::string stopReason();
int stopExitStatus();

// SIGINT, SIGTERM and SIGHUP raise the request. A second one ends the process at once, with the
// same status: every book write is one atomic batch, so even that leaves the book consistent.
void catchStopSignals();

// Raises the request for a lost launcher (from any thread).
void requestStopForLostLauncher();
bool launcherLost();

// Under a launcher (mpirun, srun): a thread that notices the launcher's death (this process's
// parent changes). A worker then exits at once; the coordinator raises the stop request and, if
// it is not done within `graceSeconds`, exits anyway (so no rank outlives its launcher by more).
void watchLauncher(bool coordinator, int rank, double graceSeconds);

}  // namespace tengen::worker
