// The distributed side of `tengen solve` (under mpirun, or with --workers N).
#pragma once

#include <vector>

#include "cli/args.h"
#include "coordinator/coordinator.h"
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

}  // namespace tengen::cli
