// A margin job: MTD(f) by the endgame solver, then each tree the job asks for, built by null-window
// searches from the same solver's table.
#include "solver/othello/margin_job.h"

#include <algorithm>

#include "solver/othello/proof_by_search.h"
#include "solver/othello/prove.h"

namespace tengen::othello {

std::vector<Square> perfectLine(EndgameSolver& solver, Position p) {
  std::vector<Square> line;
  while (!p.ended()) {
    const Square s = p.moves() ? solver.solve(p).best : kPass;
    line.push_back(s);
    p.play(s);
  }
  return line;
}

MarginAnswer MarginJobRunner::run(const Position& p, const MarginJob& job) {
  const int bits = EndgameSolver::tableBitsFor(job.hashMegabytes);
  const int game = p.size() * 2 + (p.scoring() == Scoring::FewestDiscs ? 1 : 0);
  if (!solver_ || solver_->tableBits() != bits) {
    solver_.reset();
    solver_ = std::make_unique<EndgameSolver>(bits);
  } else if (game_ != game) {
    solver_->clear();
  }
  game_ = game;
  EndgameSolver& solver = *solver_;
  solver.setLimits(job.cancel, job.maxSeconds);
  const EndgameResult r = solver.solve(p, std::nullopt, job.ceiling);
  MarginAnswer a;
  a.nodes = r.nodes;
  if (!r.exact) return a;
  a.exact = true;
  a.lowerBound = r.lowerBound;
  a.margin = r.margin;
  a.best = r.best;
  if (r.lowerBound) {
    // A sibling test that failed high: "at least margin" is the answer, and its one tree.
    if (job.proofNodes > 0) {
      TreeLimits limits;
      limits.maxTreeNodes = job.proofNodes;
      limits.cancel = job.cancel;
      const std::uint64_t before = solver.nodes();
      a.hasProof = buildMarginTree(p, r.margin, true, solver, limits, a.atLeast);
      a.nodes += solver.nodes() - before;
    }
    return a;
  }
  if (job.wantLine) a.line = perfectLine(solver, p);
  if (job.proofNodes > 0) {
    MarginProofOptions po;
    po.hashMegabytes = std::max<std::uint32_t>(1, job.hashMegabytes);
    po.maxNodes = job.proofNodes;
    po.cancel = job.cancel;
    po.solver = &solver;  // its table knows the position: the trees' searches are quick
    MarginProof proof = proveMargin(p, r.margin, po, /*check=*/false);
    a.nodes += proof.nodes;
    if (proof.proved) {
      a.hasProof = true;
      a.atLeast = std::move(proof.atLeast);
      a.notAbove = std::move(proof.notAbove);
    }
  }
  return a;
}

}  // namespace tengen::othello
