// Two df-pn questions over one transposition table (their keys differ by the question), each
// tree extracted and handed to the verifier.
#include "solver/othello/prove.h"

#include <algorithm>
#include <bit>
#include <chrono>
#include <memory>

#include "solver/othello/endgame.h"
#include "solver/othello/proof_by_search.h"
#include "solver/othello/proof_check.h"
#include "solver/othello/proof_game.h"
#include "solver/proof/dfpn.h"

namespace tengen::othello {

namespace {

// Both trees from the endgame solver: the margin confirmed by two null-window searches (which
// fill the table), then each tree built from it.
void proveByNullWindow(const Position& p, int margin, const MarginProofOptions& options, MarginProof& out) {
  const int bits = EndgameSolver::tableBitsFor(options.hashMegabytes);
  std::unique_ptr<EndgameSolver> own;
  if (!options.solver) own = std::make_unique<EndgameSolver>(bits);
  EndgameSolver& solver = options.solver ? *options.solver : *own;
  const std::uint64_t before = solver.nodes();
  TreeLimits limits;
  limits.maxTreeNodes = options.maxNodes;
  limits.cancel = options.cancel;
  if (options.maxSeconds > 0)
    limits.deadline = std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count() + options.maxSeconds;
  const bool reaches = solver.search(p, margin - 1, margin) >= margin;
  const bool above = reaches && solver.search(p, margin, margin + 1) > margin;
  if (!reaches || above) {
    out.error = "the margin is not " + std::to_string(margin) + ": the side to move " +
                (reaches ? "reaches " + std::to_string(margin + 1) : "cannot reach " + std::to_string(margin));
    out.nodes = solver.nodes() - before;
    return;
  }
  const bool found = buildMarginTree(p, margin, true, solver, limits, out.atLeast) &&
                     buildMarginTree(p, margin + 1, false, solver, limits, out.notAbove);
  out.nodes = solver.nodes() - before;
  if (!found) out.error = "out of budget";
}

}  // namespace

MarginProof proveMargin(const Position& p, int margin, const MarginProofOptions& options, bool check) {
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  MarginProof out;
  out.margin = margin;
  if (options.method == ProofMethod::NullWindow) {
    proveByNullWindow(p, margin, options, out);
    if (out.error.empty()) {
      out.proved = true;
      for (const auto* tree : {&out.atLeast, &out.notAbove}) {
        if (!check) break;
        const int target = tree == &out.atLeast ? margin : margin + 1;
        const OthelloProofCheck verdict = checkOthelloProof(p, p.toMove(), target, *tree);
        out.checkedPositions += verdict.positions;
        if (!verdict.ok) {
          out.error = "the verifier rejected the proof: " + verdict.error;
          out.proved = false;
          break;
        }
      }
    }
    out.seconds = elapsed();
    return out;
  }
  proof::TranspositionTable table(options.hashMegabytes);
  // target m: expect a proof; target m + 1: expect a disproof.
  for (const int target : {margin, margin + 1}) {
    const bool expectWin = target == margin;
    proof::SearchLimits limits;
    limits.cancel = options.cancel;
    if (options.maxNodes) limits.maxNodes = options.maxNodes;
    if (options.maxSeconds > 0) {
      limits.maxSeconds = options.maxSeconds - elapsed();
      if (limits.maxSeconds <= 0) {
        out.error = "out of time";
        break;
      }
    }
    OthelloProofGame game(p, p.toMove(), target);
    proof::Dfpn<OthelloProofGame> search(game, table, limits);
    const proof::ProofNumbers root = search.search();
    out.nodes += search.nodes();
    if (!root.solved()) {
      out.error = "out of budget";
      break;
    }
    if (root.isProven() != expectWin) {
      out.error = "the margin is not " + std::to_string(margin) + ": the side to move " +
                  (expectWin ? "cannot reach " : "reaches ") + std::to_string(target);
      break;
    }
    proof::ProofTree<Square>& tree = expectWin ? out.atLeast : out.notAbove;
    proof::ProofExtractor<OthelloProofGame> extractor(game, search);
    const std::uint64_t searched = search.nodes();
    const bool extracted = extractor.extract(expectWin, tree);
    out.nodes += search.nodes() - searched;  // extraction may search again
    if (!extracted) {
      out.error = "the proof could not be rebuilt within the budget";
      break;
    }
    if (check) {
      const OthelloProofCheck verdict = checkOthelloProof(p, p.toMove(), target, tree);
      out.checkedPositions += verdict.positions;
      if (!verdict.ok) {
        out.error = "the verifier rejected the proof: " + verdict.error;
        break;
      }
    }
    if (!expectWin) out.proved = true;
  }
  out.seconds = elapsed();
  return out;
}

}  // namespace tengen::othello
