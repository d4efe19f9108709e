// Othello through the coordinator. A book: every position up to `depth` plies below a root (one
// per symmetry class) gets an entry; the positions at the depth go to the workers as jobs (the
// exact margin, and its proof within the budget), proofs re-checked by the plain-rules verifier
// before they are stored, the positions above given their margins by their children. A split
// solve: one position's moves shared among the workers, the root's proof composed from theirs.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "book/book.h"
#include "coordinator/worker_pool.h"
#include "solver/othello/board.h"
#include "solver/othello/prove.h"
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

struct OthelloSplitOptions {
  worker::OthelloJobBudget budget;  // each job's; proofNodes > 0 asks for the root's proof
  // Positions of the principal line split into jobs (1: the root's moves only; 2: the first move's
  // moves too, and so on), so that the work of the first move's job is shared as well. Measured
  // on FForum #49-52 over two workers: 135.6 s in all at 1, 134.3 s at 2, 127.9 s at 3.
  int levels = 3;
  std::function<void(const std::string& line, bool live)> report;
  const std::atomic<bool>* stop = nullptr;
  double reportEvery = 1.0;
};

struct OthelloSplitSummary {
  bool exact = false;  // every move answered: margin, best and line hold
  int margin = 0;      // for the side to move
  othello::Square best = othello::kPass;
  std::vector<othello::Square> line;  // the perfect line from the root
  othello::MarginProof proof;         // proof.proved: both root trees composed and verified
  int workers = 0;
  std::uint64_t moves = 0;            // the root's legal moves
  std::uint64_t splitPositions = 0;   // positions split into jobs (1: the root alone)
  std::uint64_t jobs = 0;             // one per move of each split position
  std::uint64_t exactJobs = 0;        // answered with the child's exact margin
  std::uint64_t boundJobs = 0;        // answered with a lower bound (the sibling test failed high)
  std::uint64_t unknown = 0;          // out of time or stopped
  std::uint64_t nodes = 0;
  double seconds = 0, workerSeconds = 0, checkSeconds = 0;
  double dispatchSeconds = 0;  // summed over jobs: wall time from sending to the answer, less the worker's own
  std::string stoppedBy = "done";
};

// Splits `root` (a position with legal moves) into one job per move, best first by a shallow
// search, and the first move again into jobs per move, `levels` deep (solver/othello/split_plan.h):
// the first asks for its exact margin, later ones, once it is answered, only whether they beat the
// best margin found so far (exact below that line, a lower bound at or above it). With a proof
// budget each job's trees are re-checked by the plain-rules verifier as they come, and the root's
// two trees, composed from them, are checked again whole. Throws std::runtime_error with one line
// when a worker fails, answers another job or sends a proof the verifier refuses.
OthelloSplitSummary runOthelloSplit(const othello::Position& root, WorkerPool& pool, const OthelloSplitOptions& options);

}  // namespace tengen::coordinator
