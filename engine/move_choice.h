// How the engine picks a move: a five; the block of the opponent's five; the book's proven move;
// a win the prover finds in time (VCF, then VCT, then a short full search); a move that stops
// the opponent's VCF; else the pattern evaluation's best. Never an illegal move or a black foul.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "book/book.h"
#include "solver/gomoku/position.h"
#include "solver/proof/transposition_table.h"

namespace tengen::engine {

// What the engine knows at a step of its choice, for a GUI's analysis view: the step's depth
// (1 the book, 2 VCF, 3 VCT, 4 the full search, 5 the evaluation), the nodes and time so far, a
// score for the side to move (a win in k moves: 20000 - k; a loss: the negative; else the
// evaluation's) and the line it expects.
struct Analysis {
  int depth = 0;
  std::uint64_t nodes = 0;
  double milliseconds = 0;
  int score = 0;
  std::vector<gomoku::Point> line;
  std::string what;  // the step in words
};

struct ChoiceOptions {
  double seconds = 1.0;                          // for the whole choice (searches stop before it)
  const book::Book* book = nullptr;              // optional
  proof::TranspositionTable* table = nullptr;    // reused between moves (cleared by each search)
  std::function<void(const Analysis&)> analysis; // told after each step, while the engine thinks
  // Set from another thread (a GUI's YXSTOP): the searches stop at once and the best move known
  // so far is played.
  const std::atomic<bool>* stop = nullptr;
  // Points the choice must not be (a GUI's or a manager's YXBLOCK): the engine's best move
  // elsewhere. A win or a block found only at a barred point is passed over.
  std::vector<gomoku::Point> barred;
};

// One of the best moves for the side to move, for a GUI's N-best view.
struct Candidate {
  gomoku::Point move;
  int score;
};

struct MoveChoice {
  gomoku::Point move = gomoku::kNoPoint;  // kNoPoint: no legal move at all
  std::vector<std::string> messages;      // what the engine tells the GUI about it
  std::vector<Candidate> best;            // the best moves, best first (the chosen one first)
};

MoveChoice chooseMove(const gomoku::Position& position, const ChoiceOptions& options);

// A score as engines show it in their messages: "+M7" for a win in 7 moves, "-M7" for a loss,
// else the number (Rapfi's form, which managers read for an announced win).
std::string scoreText(int score);

}  // namespace tengen::engine
