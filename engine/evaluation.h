// A cheap pattern evaluation of moves for the engine's fallback: what each move makes for the
// side to move and what it takes from the opponent, read from the line pattern tables.
#pragma once

#include <vector>

#include "solver/gomoku/board.h"
#include "solver/gomoku/types.h"

namespace tengen::engine {

struct ScoredMove {
  gomoku::Point move;
  long score;
};

// Every legal move of `toMove` (never a renju foul), best first; ties broken by nearness to the
// centre, then by point order, so the choice is deterministic.
std::vector<ScoredMove> rankMoves(gomoku::Board& board, gomoku::Color toMove, gomoku::Rule rule);

}  // namespace tengen::engine
