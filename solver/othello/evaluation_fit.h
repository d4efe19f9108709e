// Fitting the evaluation's weights (solver/othello/evaluation.h): positions from random games,
// each solved exactly by the endgame solver, and a least-squares fit of the patterns to their
// margins. Deterministic: the same options give the same table, whatever the thread count.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "solver/othello/board.h"
#include "solver/othello/evaluation.h"

namespace tengen::othello {

struct FitOptions {
  int size = 6;
  int samples = 20000;
  int first = 0;  // the number of the first sample made (samples are numbered: a run can go on later)
  int minEmpties = 10, maxEmpties = 18;  // each sample's empties, spread evenly
  // Each sample's margin from the selective search (EndgameSolver::guess with ProbCut from the
  // root, a fresh table per sample) instead of an exact solve: a few discs off, at a fraction of
  // the cost where an exact solve takes seconds (20 empties and more).
  bool selective = false;
  std::uint64_t seed = 1;
  int threads = 1;
  int epochs = 30;
  // The weights the fit starts from, and its decay pulls rare patterns back to (none: zero). The
  // far weights start from the near ones: their samples are few, and costly.
  const EvaluationWeights* start = nullptr;
  double decay = 0.01;  // per sample seen, times the learning rate
  std::function<void(int done)> progress;  // samples solved so far, now and then
};

struct FitSample {
  Bitboard mine = 0, theirs = 0;
  int margin = 0;  // for the side to move: exact, or the selective search's (FitOptions::selective)
};

struct FittedTable {
  int size = 0;
  std::vector<std::int16_t> edge, corner, diagonal;  // sixteenths of a disc
  int mobility = 0, potential = 0, bias = 0;
  double trainError = 0, heldOutError = 0;  // root mean square, discs (every tenth sample held out)
  double baselineError = 0;                 // the same samples guessed as 0
};

std::vector<FitSample> makeFitSamples(const FitOptions& options);
FittedTable fitEvaluation(const std::vector<FitSample>& samples, const FitOptions& options);
// The weight tables as C++ source, with how they were made: kEdge8, ... kFittedWeights
// (solver/othello/evaluation_weights.inc), or with `names` "Far", kFarEdge8, ... kFittedFarWeights
// (solver/othello/evaluation_far_weights.inc).
std::string weightsSource(const std::vector<FittedTable>& tables, const std::string& madeBy, const std::string& names = "");

}  // namespace tengen::othello
