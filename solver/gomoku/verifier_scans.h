// The verifier's plain scans over the board, shared by the proof checker and the zone support
// (both independent of the prover's threat code): every five point of a colour.
#pragma once

#include <vector>

#include "solver/gomoku/board.h"
#include "solver/gomoku/types.h"

namespace tengen::gomoku {

// Every empty point where c completes a winning line now, in point order. A five through p holds
// a stone of c next to p on its line, so only points with a neighbour of c are asked.
std::vector<Point> scanFivePoints(const Board& board, Color c, Rule rule);

}  // namespace tengen::gomoku
