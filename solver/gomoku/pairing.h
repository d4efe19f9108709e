// Pairing strategies: disjoint pairs of empty cells such that every run of five cells the
// attacker could still fill holds one pair. The defender then answers each move in a pair with
// its partner and the attacker can never complete five: a disproof in one step.
#pragma once

#include <vector>

#include "solver/gomoku/board.h"
#include "solver/gomoku/types.h"

namespace tengen::gomoku {

// Every run of five consecutive cells on a board of this size, in a fixed order.
const std::vector<std::array<Point, 5>>& fiveCellWindows(int size);

// Looks for a pairing against `attacker`, spending at most `maxSteps` backtracking steps.
// On success fills `pairs` (two points per pair, consecutive) and returns true.
bool findPairing(const Board& board, Color attacker, int maxSteps, std::vector<Point>& pairs);

}  // namespace tengen::gomoku
