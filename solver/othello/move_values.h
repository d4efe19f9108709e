// Every legal move's exact margin in an Othello position, best first: what a player studying an
// endgame asks after "what is it worth?", and what the FFO problem files list beside each problem.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "solver/othello/board.h"
#include "solver/othello/endgame.h"

namespace tengen::othello {

struct MoveValue {
  Square move = kPass;  // kPass: the forced pass, the only move
  int margin = 0;       // the side to move's final margin after it, with perfect play by both
};

struct MoveValues {
  std::vector<MoveValue> moves;  // best first, equal margins in square order; none when the game is over
  bool complete = true;          // false: the limits stopped a search, `moves` holds the ones finished (unsorted)
  std::uint64_t nodes = 0;
  double seconds = 0;
};

// Solves each move's position in turn with `solver`, whose table is shared by all of them (siblings
// transpose, and a table that has just solved `p` knows much of every child). `cancel` and `seconds`
// (> 0) bound the whole: each search gets the time the earlier ones left. The solver's limits are
// left at (cancel, seconds).
MoveValues moveValues(EndgameSolver& solver, const Position& p, const std::atomic<bool>* cancel = nullptr,
                      double seconds = 0);

}  // namespace tengen::othello
