// An Othello job: the exact margin by the endgame solver (MTD(f)), then, within the job's proof
// budget, the same margin proved by df-pn. The worker does not check the trees: the coordinator
// re-checks them with the plain-rules verifier before it stores a proof.
#include "worker/othello_job.h"

#include <algorithm>
#include <bit>
#include <chrono>
#include <memory>

#include "solver/othello/endgame.h"
#include "solver/othello/proof_by_search.h"
#include "solver/othello/prove.h"
#include "worker/shutdown.h"
#include "worker/wire_tree.h"

namespace tengen::worker {

OthelloJobRequest makeOthelloJob(std::uint64_t jobId, const othello::Position& p, const OthelloJobBudget& budget) {
  OthelloJobRequest job;
  job.jobId = jobId;
  job.size = static_cast<std::uint8_t>(p.size());
  job.black = p.discs(othello::Disc::Black);
  job.white = p.discs(othello::Disc::White);
  job.whiteToMove = p.toMove() == othello::Disc::White;
  job.fewestWins = p.scoring() == othello::Scoring::FewestDiscs;
  job.maxSeconds = budget.maxSeconds;
  job.proofNodes = budget.proofNodes;
  job.hashMegabytes = budget.hashMegabytes;
  return job;
}

othello::Position othelloJobPosition(const OthelloJobRequest& job) {
  if (job.size != 4 && job.size != 6 && job.size != 8)
    throw ProtocolError("Othello job " + std::to_string(job.jobId) + ": board size " + std::to_string(job.size));
  try {
    return othello::Position(job.size, job.black, job.white, job.whiteToMove ? othello::Disc::White : othello::Disc::Black,
                             job.fewestWins ? othello::Scoring::FewestDiscs : othello::Scoring::MostDiscs);
  } catch (const std::invalid_argument& e) {
    throw ProtocolError("Othello job " + std::to_string(job.jobId) + ": " + e.what());
  }
}

proof::ProofTree<othello::Square> othelloTreeFromWire(const WireTree& wire) {
  return treeFromWire<othello::Square>(wire, [](WireCell s) {
    if (s < othello::kPass || s >= 64) throw ProtocolError("an Othello proof tree move is not a square");
    return static_cast<othello::Square>(s);
  });
}

OthelloJobReply runOthelloJob(const OthelloJobRequest& job) {
  const auto start = std::chrono::steady_clock::now();
  OthelloJobReply reply;
  reply.jobId = job.jobId;
  try {
    const othello::Position p = othelloJobPosition(job);
    // The table grows with the job's hash budget: 24 bytes an entry, a power of two.
    const int bits = othello::EndgameSolver::tableBitsFor(job.hashMegabytes);
    // One table per worker, kept from job to job: a fresh table's pages cost more to fault in than
    // a small job's search (seconds for 200 MB on a loaded VM), and its bounds hold for any position
    // of the same board and scoring (siblings' jobs share transpositions); emptied when those change.
    thread_local std::unique_ptr<othello::EndgameSolver> kept;
    thread_local int keptFor = -1;  // size * 2 + fewestWins
    const int game = job.size * 2 + (job.fewestWins ? 1 : 0);
    if (!kept || kept->tableBits() != bits) {
      kept.reset();
      kept = std::make_unique<othello::EndgameSolver>(bits);
    } else if (keptFor != game) {
      kept->clear();
    }
    keptFor = game;
    othello::EndgameSolver& solver = *kept;
    solver.setLimits(&stopFlag(), job.maxSeconds);
    const othello::EndgameResult r = solver.solve(p, std::nullopt, job.ceiling);
    reply.nodes = r.nodes;
    if (!r.exact) {
      reply.outcome = stopRequested() ? JobOutcome::Cancelled : JobOutcome::Unknown;
    } else if (r.lowerBound) {
      // A sibling test that failed high: "at least margin" is the answer, and its one tree.
      reply.outcome = JobOutcome::Proven;
      reply.lowerBound = true;
      reply.margin = r.margin;
      reply.best = static_cast<std::int16_t>(r.best);
      if (job.proofNodes > 0) {
        othello::TreeLimits limits;
        limits.maxTreeNodes = job.proofNodes;
        limits.cancel = &stopFlag();
        proof::ProofTree<othello::Square> tree;
        const std::uint64_t before = solver.nodes();
        if (othello::buildMarginTree(p, r.margin, true, solver, limits, tree)) {
          reply.hasProof = true;
          reply.atLeast = treeToWire(tree);
        }
        reply.nodes += solver.nodes() - before;
      }
    } else {
      reply.outcome = JobOutcome::Proven;
      reply.margin = r.margin;
      reply.best = static_cast<std::int16_t>(r.best);
      if (job.wantLine) {
        // The perfect line, from the table the solve just filled.
        for (othello::Position q = p; !q.ended();) {
          const othello::Square s = q.moves() ? solver.solve(q).best : othello::kPass;
          reply.line.push_back(static_cast<std::int16_t>(s));
          q.play(s);
        }
      }
      if (job.proofNodes > 0) {
        othello::MarginProofOptions po;
        po.hashMegabytes = std::max<std::uint32_t>(1, job.hashMegabytes);
        po.maxNodes = job.proofNodes;
        po.cancel = &stopFlag();
        po.solver = &solver;  // its table knows the position: the trees' searches are quick
        const othello::MarginProof proof = othello::proveMargin(p, r.margin, po, /*check=*/false);
        reply.nodes += proof.nodes;
        if (proof.proved) {
          reply.hasProof = true;
          reply.atLeast = treeToWire(proof.atLeast);
          reply.notAbove = treeToWire(proof.notAbove);
        }
      }
    }
  } catch (const std::exception& e) {
    reply.outcome = JobOutcome::Failed;
    reply.error = e.what();
  }
  reply.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return reply;
}

}  // namespace tengen::worker
