// A guided proof's source of moves under the coordinator: what each worker asks during its jobs'
// searches (solve --hint-engine with --workers or under mpirun).
#pragma once

#include <cstdint>
#include <functional>

#include "solver/gomoku/proof_game.h"
#include "solver/gomoku/types.h"

namespace tengen::worker {

// Each worker makes its own oracle (an outside engine answers one question at a time, for one rule
// and board size), asked during each job's search as gomoku::SolveOptions::oracle is. Its moves
// order the search only: every answer is still the prover's own, verified.
struct SearchGuide {
  // The worker's oracle for jobs of this rule and board size; called once per worker and game.
  std::function<gomoku::MoveOracle(gomoku::Rule, int boardSize)> make;
  std::uint64_t afterNodes = 256;  // as SolveOptions::oracleAfterNodes
  int questions = 1000;            // as SolveOptions::oracleQuestions, per job
  bool inBackground = false;       // as SolveOptions::oracleInBackground
};

}  // namespace tengen::worker
