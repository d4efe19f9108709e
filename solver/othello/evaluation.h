// A position's expected final margin for the side to move, read from patterns whose weights
// tengen fitted itself on positions it solved exactly (solver/othello/evaluation_fit.h): the four
// edges (each with the two X-squares inside its corners), the four corner 3x3 blocks, the two
// long diagonals, mobility and potential mobility.
// It orders moves far from the end of the exact search; nothing proved or stored rests on it.
#pragma once

#include <array>
#include <cstdint>

#include "solver/othello/board.h"

namespace tengen::othello {

// Which pattern of each kind a position shows: base-3 indexes (0 empty, 1 the mover's, 2 the
// opponent's), each turned to its canonical reading so mirror images share one weight.
struct EvaluationFeatures {
  std::array<int, 4> edges{};      // 3^(n+2) each
  std::array<int, 4> corners{};    // 3^9 each
  std::array<int, 2> diagonals{};  // 3^n each
  int mobility = 0;                // the mover's legal moves less the opponent's
  int potential = 0;               // empty squares beside the opponent's discs less those beside the mover's
};

// The sizes of the pattern tables of an n x n board.
int edgePatterns(int n);      // an edge with its two X-squares
int diagonalPatterns(int n);
inline constexpr int kCornerPatterns = 19683;

EvaluationFeatures evaluationFeatures(Bitboard mine, Bitboard theirs, int n);
// The same, given the side to move's legal moves (a search has them already: listing moves is
// most of the features' cost).
EvaluationFeatures evaluationFeatures(Bitboard mine, Bitboard theirs, int n, Bitboard moves);

// Weights in sixteenths of a disc.
struct EvaluationWeights {
  int size = 0;
  const std::int16_t* edge = nullptr;  // by canonical reading
  const std::int16_t* corner = nullptr;
  const std::int16_t* diagonal = nullptr;
  int mobility = 0, potential = 0, bias = 0;
  // The same weights by every reading, each holding its canonical reading's weight (set by
  // fittedWeights): evaluatePosition reads the discs as they lie, never turning a pattern.
  const std::int16_t* edgeByReading = nullptr;
  const std::int16_t* cornerByReading = nullptr;
  const std::int16_t* diagonalByReading = nullptr;
};

// The committed weights for an n x n board, or nullptr where none were fitted.
const EvaluationWeights* fittedWeights(int n);
// Positions of kFarFrom empties and more have weights of their own where a board has them (fitted
// on positions far from the end, starting from the near weights: fit_othello_evaluation --far),
// else nullptr. The near weights are fitted on positions of 10-18 empties.
inline constexpr int kFarFrom = 19;
const EvaluationWeights* fittedFarWeights(int n);

// The expected margin in sixteenths of a disc, straight from the discs (the side to move's legal
// moves given): the value evaluate() gives for evaluationFeatures(mine, theirs, w.size, moves), at
// a fraction of the cost. The search's leaves call it.
int evaluatePosition(const EvaluationWeights& w, Bitboard mine, Bitboard theirs, Bitboard moves);
// The same from the features, canonical readings (the fit's view).
inline int evaluate(const EvaluationWeights& w, const EvaluationFeatures& f) {
  int v = w.bias + w.mobility * f.mobility + w.potential * f.potential;
  for (int i : f.edges) v += w.edge[i];
  for (int i : f.corners) v += w.corner[i];
  for (int i : f.diagonals) v += w.diagonal[i];
  return v;
}

}  // namespace tengen::othello
