// The distributed side of `tengen solve` (under mpirun, or with --workers N).
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "cli/args.h"
#include "cli/json.h"
#include "book/book.h"
#include "coordinator/coordinator.h"
#include "coordinator/worker_pool.h"
#include "worker/gomoku_job.h"
#include "worker/search_guide.h"

namespace tengen::cli {

bool distributedRequested(const Args& args);
// The workers' guide from --hint-engine and its options (none without it); throws UsageError for
// what a distributed run cannot do (--hint-plies). Rank 0 and every worker rank read the same.
worker::SearchGuide distributedGuide(const Args& args);
// A worker rank's guide from the command line mpirun gave every rank (none when it asks for none
// or does not parse: rank 0 reports that, from the same command line).
worker::SearchGuide workerGuideFrom(int argc, char** argv);
int runDistributedSolve(const Args& args);
// --pass-hints, --job-growth and --job-max-nodes: the campaign's levers (coordinator.h).
void readCampaignOptions(const Args& args, coordinator::RunOptions& options);
int runBookBuild(int argc, char** argv);
// --workers N (default: one per core).
int workerCount(const Args& args);
// Progress for a coordinator's options: one live line on a terminal, a log line every ten seconds
// otherwise, nothing in JSON.
using ProgressReport = std::function<void(const std::string& line, bool live)>;
ProgressReport progressReport(bool json, double& reportEvery);
template <class Options>
void setReporter(Options& options, bool json) {
  if (!json) options.report = progressReport(json, options.reportEvery);
}
// `v` with `digits` decimals.
std::string fixed(double v, int digits);
// One line on the workers' outside engine within their jobs (questions, seconds, share of the
// jobs' time); empty when no job asked one.
std::string engineInJobs(const coordinator::RunSummary& s);
// The same as JSON fields: engine_questions, engine_seconds, worker_seconds.
void addEngineInJobs(JsonObject& o, const coordinator::RunSummary& s);

// A job budget from --job-nodes / --job-time (defaultNodes when neither is given) and --hash.
worker::JobBudget budgetFrom(const Args& args, const char* nodesName, const char* timeName, std::uint64_t defaultNodes);

// The book (opened as its one writer) and the workers of a distributed run. A solve without
// --book keeps its answers in a scratch book that goes away with it: nothing is written where the
// user did not ask.
struct DistributedRun {
  std::string scratch;  // the scratch book's directory, if any
  std::unique_ptr<book::Book> book;
  std::unique_ptr<coordinator::WorkerPool> pool;

  DistributedRun(const Args& args, bool scratchWithoutBook, const worker::SearchGuide& guide = {});
  ~DistributedRun();
  // Runs the coordinator with the options every distributed command shares (--jobs, --book-leaves,
  // the stop signals, progress on standard error unless JSON).
  coordinator::RunSummary run(const Args& args, const gomoku::Position& pos, coordinator::RunOptions options, bool json);
  // Where the answers went, for the output.
  std::string where() const;
};

}  // namespace tengen::cli
