// A split solve's plan: one position's exact margin from jobs on its moves, with the principal
// line split again a few levels down (the first move of a split position is a split position of
// its own), so that the work one job on that move would hold is shared too; a move whose position
// is an image of an earlier move's gets no job of its own. A split position's
// later moves wait for its first move's margin and are then only tested against the best so far
// (young brothers wait). The plan says which job to hand out next and with what ceiling, and
// composes the margin, line and proof from the answers. No workers here: the coordinator hands
// the jobs out (coordinator/othello_build.cpp).
#pragma once

#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <vector>

#include "solver/othello/board.h"
#include "solver/othello/margin_job.h"
#include "solver/othello/prove.h"

namespace tengen::othello {

struct SplitJob {
  std::uint64_t id = 0;
  Position position;
  // Wanted exactly only below this; at or above it a lower bound is the answer (kNoCeiling: exact).
  int ceiling = EndgameSolver::kNoCeiling;
};

struct SplitCounts {
  std::uint64_t moves = 0;      // the root's legal moves
  std::uint64_t positions = 0;  // split positions (1: the root alone)
  std::uint64_t images = 0;     // moves answered by a symmetric move's answer, no job of their own
  std::uint64_t jobs = 0;       // answers taken
  std::uint64_t exactJobs = 0, boundJobs = 0, unknown = 0;
};

class SplitPlan {
 public:
  // `levels`: how many positions of the principal line are split (1: the root's moves only; a
  // first move with fewer than two moves of its own is a job, not split). Moves are ordered by the
  // endgame solver's shallow search. `wantProof`: every job's trees are checked as they come and
  // the root's are composed from them.
  SplitPlan(const Position& root, int levels, bool wantProof);

  // The next job to hand out, the deepest split position's first; nullopt when none is ready (the
  // answers out are awaited, or everything is answered).
  std::optional<SplitJob> next();
  // Job `id`'s answer (an inexact one counts as unknown: the root can then not be settled). Trees
  // are re-checked by the plain-rules verifier first: "" when taken, else the verifier's reason
  // (nothing taken).
  std::string take(std::uint64_t id, MarginAnswer answer);
  // The moves from the root to job `id`'s position, for messages ("c4 e3").
  std::string pathOf(std::uint64_t id) const;

  bool settled() const { return splits_[0].done; }
  // The root's, once settled: margin for its side to move, best move and perfect line.
  int margin() const { return splits_[0].margin; }
  Square best() const { return splits_[0].bestMove; }
  const std::vector<Square>& line() const { return splits_[0].line; }
  // The root's two trees composed from the jobs' and checked whole by the plain-rules verifier
  // (settled and wantProof only): proved, or the error that says which move's proof was missing.
  // Throws std::runtime_error when the verifier refuses the composed trees.
  MarginProof rootProof() const;
  const SplitCounts& counts() const { return counts_; }

 private:
  struct Move {
    Move(Square s, Position p) : square(s), position(p) {}
    Square square;
    Position position;
    int split = -1;  // the split position this move leads to, or -1: a job
    // A move whose position is an image of an earlier move's (a symmetric position's moves): no
    // job, answered by that move's answer carried over by `symmetry`.
    int imageOf = -1;
    int symmetry = 0;
    bool answered = false, lowerBound = false, hasProof = false;
    int margin = 0;  // for the side to move after it: exact, or a lower bound
    std::vector<Square> line;
    proof::ProofTree<Square> atLeast, notAbove;
  };
  struct Split {
    Split(Position p, int above, std::size_t at) : position(p), parent(above), slot(at) {}
    Position position;
    int parent;  // the split position above, and the index of this one's move there
    std::size_t slot;
    std::vector<Move> moves;
    std::deque<std::size_t> queue;  // moves waiting for a job
    int out = 0;                    // jobs handed out and not answered
    std::optional<int> best;
    Square bestMove = kPass;
    bool done = false;
    int margin = 0;
    std::vector<Square> line;
    bool hasProof = false;
    std::string proofError;  // why not, when wantProof
    proof::ProofTree<Square> atLeast, notAbove;
  };

  int addSplit(const Position& p, int parent, std::size_t slot, int levels, EndgameSolver& estimator);
  // After an answer below split `s`: once every move is answered, the split's margin, and its
  // parent's turn.
  void advance(int s);
  void settle(int s);
  // Move i of split s is answered: its images take the same answer, carried over.
  void answerImages(Split& split, std::size_t i);

  std::vector<Split> splits_;
  std::vector<std::pair<int, std::size_t>> jobs_;  // a job id's split and move
  bool wantProof_;
  SplitCounts counts_;
};

}  // namespace tengen::othello
