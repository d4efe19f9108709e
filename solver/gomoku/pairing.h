// Pairing strategies: disjoint pairs of empty cells such that every run of five cells the
// attacker could still fill holds one pair. The defender then answers each move in a pair with
// its partner and the attacker can never complete five: a disproof in one step.
#pragma once

#include <cstdint>
#include <vector>

#include "solver/gomoku/board.h"
#include "solver/gomoku/types.h"

namespace tengen::gomoku {

// Every run of five consecutive cells on a board of this size, in a fixed order.
const std::vector<std::array<Point, 5>>& fiveCellWindows(int size);

enum class PairingAnswer : std::uint8_t { Found, None, Unknown };  // Unknown: the step cap ran out

// Looks for a pairing against `attacker`, spending at most `maxSteps` backtracking steps, with
// the cell `asEmpty` (an attacker stone, or kNoPoint) read as empty. On Found, `pairs` holds the
// pairs (two points each, consecutive). Fewer attacker stones never hurt a pairing, so None with
// a stone read as empty is None for the board as it stands.
PairingAnswer findPairing(const Board& board, Color attacker, int maxSteps, std::vector<Point>& pairs,
                          Point asEmpty = kNoPoint);

}  // namespace tengen::gomoku
