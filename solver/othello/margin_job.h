// One position's exact final margin as a job: the endgame solver's value (or only a lower bound
// when the job sets a ceiling the margin reaches), the perfect line, and, within a node budget,
// the trees that prove it. A worker runs its Othello jobs here (a solve in one process shares the
// perfect line); the trees are not checked here: the caller's verifier does that before trusting them.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

#include "solver/othello/board.h"
#include "solver/othello/endgame.h"
#include "solver/proof/proof_tree.h"

namespace tengen::othello {

struct MarginJob {
  double maxSeconds = 0;          // the endgame search (0: none)
  std::uint64_t proofNodes = 0;   // tree nodes for each proof (0: no proof)
  std::uint32_t hashMegabytes = 32;
  // The margin is wanted exactly only below this; at or above it a lower bound is the answer.
  int ceiling = EndgameSolver::kNoCeiling;
  bool wantLine = false;          // the perfect line from the position (exact answers only)
  const std::atomic<bool>* cancel = nullptr;
};

struct MarginAnswer {
  bool exact = false;       // false: out of time or cancelled; nothing below means anything
  bool lowerBound = false;  // the margin reached the ceiling: `margin` is a lower bound, `atLeast` its tree
  int margin = 0;           // for the side to move
  Square best = kPass;
  std::vector<Square> line;
  bool hasProof = false;    // the trees were found within proofNodes (notAbove only for exact margins)
  proof::ProofTree<Square> atLeast, notAbove;
  std::uint64_t nodes = 0;  // the search's and the trees'
};

// The best move of each position in turn to the end of the game, from a solver that has just
// solved `p` (its table makes each step quick).
std::vector<Square> perfectLine(EndgameSolver& solver, Position p);

// Runs jobs one after another with one endgame solver, whose table is kept from job to job: a fresh
// table's pages cost more to fault in than a small job's search, and its bounds hold for any
// position of the same board and scoring (siblings' jobs share transpositions). The table is
// emptied when the board or the scoring changes, and made anew when a job asks for another size.
class MarginJobRunner {
 public:
  MarginAnswer run(const Position& p, const MarginJob& job);
  EndgameSolver& solver() { return *solver_; }

 private:
  std::unique_ptr<EndgameSolver> solver_;
  int game_ = -1;  // size * 2 + fewest discs win, of the table's positions
};

}  // namespace tengen::othello
