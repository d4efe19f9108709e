// `tengen solve --game othello` (cli/othello_solve.cpp).
#pragma once

#include "cli/args.h"

namespace tengen::cli {

int runOthelloSolve(const Args& args);

}  // namespace tengen::cli
