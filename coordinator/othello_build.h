// An Othello opening book through the coordinator: every position up to `depth` plies below a root
// (one per symmetry class) gets an entry. The positions at the depth go to the workers as jobs
// (the exact margin, and its proof within the budget); proofs are re-checked by the plain-rules
// verifier before they are stored; the positions above take their margins from their children.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "book/book.h"
#include "coordinator/worker_pool.h"
#include "solver/othello/board.h"
#include "worker/othello_job.h"

namespace tengen::coordinator {

struct OthelloBuildOptions {
  int depth = 1;
  worker::OthelloJobBudget budget;
  std::function<void(const std::string& line, bool live)> report;
  const std::atomic<bool>* stop = nullptr;  // raised: stop at the next answer, what is stored stays
  double reportEvery = 1.0;
};

struct OthelloBuildSummary {
  std::size_t positions = 0;         // in the tree, one per symmetry class
  std::uint64_t jobs = 0;            // answered by workers
  std::uint64_t fromBook = 0;        // positions whose entry the book already had
  std::uint64_t proved = 0;          // jobs whose margin came with proof trees that verified
  std::uint64_t claimed = 0;         // jobs whose margin is the endgame search's alone (no proof in budget)
  std::uint64_t unknown = 0;         // jobs out of time: nothing stored
  std::uint64_t derived = 0;         // inner positions given a margin by their children
  std::uint64_t derivedVerified = 0; // ... of which the verifier accepted (every child verified)
  std::uint64_t nodes = 0;
  double seconds = 0, workerSeconds = 0, checkSeconds = 0;
  std::optional<int> rootMargin;     // for the root's side to move
  bool rootVerified = false;
  std::string stoppedBy = "done";    // or "interrupted"
};

// Throws BookError / std::runtime_error with one line when a worker fails or the verifier refuses
// a proof; everything stored before that stays stored. A rerun takes what the book has.
OthelloBuildSummary runOthelloBuild(book::Book& book, const othello::Position& root, WorkerPool& pool,
                                    const OthelloBuildOptions& options);

}  // namespace tengen::coordinator
