// The distributed side of `tengen solve` (under mpirun, or with --workers N).
#pragma once

#include <vector>

#include "cli/args.h"

namespace tengen::cli {

bool distributedRequested(const Args& args);
int runDistributedSolve(const Args& args);
int runBookBuild(int argc, char** argv);

}  // namespace tengen::cli
