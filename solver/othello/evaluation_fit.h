// Fitting the evaluation's weights (solver/othello/evaluation.h): positions from random games,
// each solved exactly by the endgame solver, and a least-squares fit of the patterns to their
// margins. Deterministic: the same options give the same table, whatever the thread count.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "solver/othello/board.h"

namespace tengen::othello {

struct FitOptions {
  int size = 6;
  int samples = 20000;
  int first = 0;  // the number of the first sample made (samples are numbered: a run can go on later)
  int minEmpties = 10, maxEmpties = 18;  // each sample's empties, spread evenly
  std::uint64_t seed = 1;
  int threads = 1;
  int epochs = 30;
  std::function<void(int done)> progress;  // samples solved so far, now and then
};

struct FitSample {
  Bitboard mine = 0, theirs = 0;
  int margin = 0;  // exact, for the side to move
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
// The weight tables as C++ source (solver/othello/evaluation_weights.inc), with how they were made.
std::string weightsSource(const std::vector<FittedTable>& tables, const std::string& madeBy);

}  // namespace tengen::othello
