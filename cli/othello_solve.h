// `tengen solve --game othello` (cli/othello_solve.cpp) and the Othello position parser.
#pragma once

#include <string>

#include "cli/args.h"
#include "solver/othello/board.h"

namespace tengen::cli {

int runOthelloSolve(const Args& args);
// A board string (64 cells, a space, the side to move) or moves from the start ("f5 d6 c3"):
// the position they reach on the n x n board. Throws UsageError naming what is wrong.
othello::Position parseOthello(const std::string& text, int n);

}  // namespace tengen::cli
