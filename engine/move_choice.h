// How the engine picks a move: a five; the block of the opponent's five; the book's proven move;
// a win the prover finds in time (VCF, then VCT, then a short full search); a move that stops
// the opponent's VCF; else the pattern evaluation's best. Never an illegal move or a black foul.
#pragma once

#include <string>
#include <vector>

#include "book/book.h"
#include "solver/gomoku/position.h"
#include "solver/proof/transposition_table.h"

namespace tengen::engine {

struct ChoiceOptions {
  double seconds = 1.0;                          // for the whole choice (searches stop before it)
  const book::Book* book = nullptr;              // optional
  proof::TranspositionTable* table = nullptr;    // reused between moves (cleared by each search)
};

struct MoveChoice {
  gomoku::Point move = gomoku::kNoPoint;  // kNoPoint: no legal move at all
  std::vector<std::string> messages;      // what the engine tells the GUI about it
};

MoveChoice chooseMove(const gomoku::Position& position, const ChoiceOptions& options);

}  // namespace tengen::engine
