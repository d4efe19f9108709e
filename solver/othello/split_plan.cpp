// The split plan: split positions along the principal line, each with its moves best first; the
// first move is searched exactly (or split again), the later ones, once it is answered, only tested
// against the best margin so far. A split position is settled once every move is answered; its
// margin, line and trees then answer its move in the position above.
#include "solver/othello/split_plan.h"

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <utility>

#include "solver/othello/proof_check.h"
#include "solver/othello/symmetry.h"

namespace tengen::othello {

namespace {

// The shallow search that orders a split position's moves. Measured on FForum #49-52 split three
// levels over two workers (docs/othello-history.md): 4 plies 149.8 s in all, 6 plies 133.4 s,
// 8 plies 127.9 s (a first move that is not the best costs its exact search and every test after
// it); but the order is computed before the first job is sent, and on #46 8 plies took 4.1 s of
// it, 6 plies 0.13 s.
constexpr int kOrderDepth = 6;

// A tree carried over by a symmetry of the board: its moves mapped (Othello trees have no arguments).
proof::ProofTree<Square> imageOfTree(const proof::ProofTree<Square>& tree, int symmetry, int n) {
  proof::ProofTree<Square> image = tree;
  for (auto& node : image.nodes)
    for (auto& edge : node.children) edge.move = transformSquare(symmetry, edge.move, n);
  return image;
}

}  // namespace

SplitPlan::SplitPlan(const Position& root, int levels, bool wantProof) : wantProof_(wantProof) {
  if (!root.moves()) throw std::invalid_argument("a split solve needs a position with a legal move");
  EndgameSolver estimator(16);
  addSplit(root, -1, 0, std::max(1, levels), estimator);
  counts_.moves = splits_[0].moves.size();
  counts_.positions = splits_.size();
}

int SplitPlan::addSplit(const Position& p, int parent, std::size_t slot, int levels, EndgameSolver& estimator) {
  const int s = static_cast<int>(splits_.size());
  splits_.emplace_back(p, parent, slot);
  // The moves, the most promising first (lowest estimate for the opponent), so that the first
  // answers set a line the later ones need only be tested against.
  std::vector<std::pair<int, Move>> scored;
  for (Bitboard m = p.moves(); m; m &= m - 1) {
    Move move(std::countr_zero(m), p);
    move.position.play(move.square);
    scored.push_back({estimator.estimate(move.position, kOrderDepth), std::move(move)});
  }
  std::stable_sort(scored.begin(), scored.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<Move> moves;
  for (auto& [score, move] : scored) moves.push_back(std::move(move));
  // The first move is split again when there is a level left and it has moves to share.
  if (levels > 1 && std::popcount(moves[0].position.moves()) >= 2) {
    const int below = addSplit(moves[0].position, s, 0, levels - 1, estimator);
    moves[0].split = below;
  }
  // A symmetric position's moves whose positions are images of each other have one value: the
  // first of them is asked, the others take its answer.
  for (std::size_t i = 1; i < moves.size(); ++i)
    for (std::size_t j = 0; j < i && moves[i].imageOf < 0; ++j) {
      if (moves[j].imageOf >= 0) continue;
      for (int sym = 1; sym < kSymmetries; ++sym)
        if (transformPosition(sym, moves[j].position) == moves[i].position) {
          moves[i].imageOf = static_cast<int>(j);
          moves[i].symmetry = sym;
          ++counts_.images;
          break;
        }
    }
  Split& split = splits_[static_cast<std::size_t>(s)];
  split.moves = std::move(moves);
  for (std::size_t i = 0; i < split.moves.size(); ++i) {
    if (split.moves[i].split >= 0 || split.moves[i].imageOf >= 0) continue;
    split.queue.push_back(jobs_.size());
    jobs_.push_back({s, i});
  }
  return s;
}

std::optional<SplitJob> SplitPlan::next() {
  for (std::size_t k = splits_.size(); k-- > 0;) {
    Split& split = splits_[k];
    if (split.queue.empty()) continue;
    const std::size_t id = split.queue.front();
    const std::size_t i = jobs_[id].second;
    // The later moves wait for the first one's margin: tested against a guess instead, they cost
    // more (a guess below the margin makes each test harder; one above it, tests asked again).
    // Measured on FForum #49-52 over two workers, root split: 139.3 s with the guess less 8
    // discs, 135.6 s waiting; split three levels, 156.0 s against 127.9 s.
    if (!split.best && i > 0) continue;
    split.queue.pop_front();
    ++split.out;
    // The first move exactly; each later one only whether it beats the best so far (its mover
    // held below -best: exact there, a lower bound at or above).
    const int ceiling = split.best ? -*split.best : EndgameSolver::kNoCeiling;
    return SplitJob{id, split.moves[i].position, ceiling};
  }
  return std::nullopt;
}

std::string SplitPlan::pathOf(std::uint64_t id) const {
  const auto [s, i] = jobs_.at(static_cast<std::size_t>(id));
  std::string path = squareName(splits_[static_cast<std::size_t>(s)].moves[i].square);
  for (int at = s; splits_[static_cast<std::size_t>(at)].parent >= 0; at = splits_[static_cast<std::size_t>(at)].parent) {
    const Split& split = splits_[static_cast<std::size_t>(at)];
    path = squareName(splits_[static_cast<std::size_t>(split.parent)].moves[split.slot].square) + " " + path;
  }
  return path;
}

std::string SplitPlan::take(std::uint64_t id, MarginAnswer answer) {
  const auto [s, i] = jobs_.at(static_cast<std::size_t>(id));
  Split& split = splits_[static_cast<std::size_t>(s)];
  Move& move = split.moves[i];
  if (answer.exact && answer.hasProof) {
    // Believed only once the plain-rules verifier has re-checked the trees.
    const Disc mover = move.position.toMove();
    OthelloProofCheck verdict = checkOthelloProof(move.position, mover, answer.margin, answer.atLeast);
    if (verdict.ok && !answer.lowerBound) verdict = checkOthelloProof(move.position, mover, answer.margin + 1, answer.notAbove);
    if (!verdict.ok) return verdict.error;
  }
  ++counts_.jobs;
  --split.out;
  if (!answer.exact) {
    ++counts_.unknown;
    return "";
  }
  move.answered = true;
  move.lowerBound = answer.lowerBound;
  move.margin = answer.margin;
  move.line = std::move(answer.line);
  move.hasProof = answer.hasProof;
  move.atLeast = std::move(answer.atLeast);
  move.notAbove = std::move(answer.notAbove);
  answerImages(split, i);
  if (move.lowerBound) {
    ++counts_.boundJobs;
  } else {
    ++counts_.exactJobs;
    if (!split.best || -move.margin > *split.best) {
      split.best = -move.margin;
      split.bestMove = move.square;
    }
  }
  advance(s);
  return "";
}

void SplitPlan::advance(int s) {
  Split& split = splits_[static_cast<std::size_t>(s)];
  if (split.done || split.out > 0 || !split.queue.empty() || !split.best) return;
  // Every test was against a best at or below the final one: a move shown no better than that is
  // no better than the final best either.
  if (std::all_of(split.moves.begin(), split.moves.end(), [](const Move& m) { return m.answered; })) settle(s);
}

void SplitPlan::settle(int s) {
  Split& split = splits_[static_cast<std::size_t>(s)];
  split.done = true;
  split.margin = *split.best;
  for (const Move& m : split.moves) {
    if (m.square != split.bestMove) continue;
    split.line.push_back(m.square);
    split.line.insert(split.line.end(), m.line.begin(), m.line.end());
  }
  // The trees: "at least M" through the best move (its position "at most -M"), and "not at
  // least M + 1" through every move (each "at least -M"; a lower bound at or above it does). A
  // move's tree keeps its shape: "the mover after it at least t" has the shape of "this position's
  // mover at most -t" there, which is what this position's trees need below each move.
  if (wantProof_) {
    std::vector<std::pair<Square, const proof::ProofTree<Square>*>> bestMove, everyMove;
    for (const Move& m : split.moves) {
      if (!m.hasProof) {
        const bool below = m.split >= 0 && !splits_[static_cast<std::size_t>(m.split)].proofError.empty();
        split.proofError = below ? splits_[static_cast<std::size_t>(m.split)].proofError
                                 : "move " + squareName(m.square) + "'s proof did not fit its job's budget";
        break;
      }
      if (m.square == split.bestMove) bestMove.push_back({m.square, &m.notAbove});
      everyMove.push_back({m.square, &m.atLeast});
    }
    if (split.proofError.empty()) {
      split.atLeast = proof::joinUnderRoot(true, bestMove);
      split.notAbove = proof::joinUnderRoot(false, everyMove);
      split.hasProof = true;
    }
  }
  if (split.parent < 0) return;
  // This position's margin answers its move in the position above, exactly.
  Split& above = splits_[static_cast<std::size_t>(split.parent)];
  Move& move = above.moves[split.slot];
  move.answered = true;
  move.lowerBound = false;
  move.margin = split.margin;
  move.line = split.line;
  move.hasProof = split.hasProof;
  move.atLeast = std::move(split.atLeast);
  move.notAbove = std::move(split.notAbove);
  answerImages(above, split.slot);
  if (!above.best || -move.margin > *above.best) {
    above.best = -move.margin;
    above.bestMove = move.square;
  }
  advance(split.parent);
}

// No line: an image is never the best move (the move it is an image of has its margin and comes first).
void SplitPlan::answerImages(Split& split, std::size_t i) {
  const Move& answered = split.moves[i];
  const int n = split.position.size();
  for (Move& m : split.moves) {
    if (m.imageOf != static_cast<int>(i)) continue;
    m.answered = true;
    m.lowerBound = answered.lowerBound;
    m.margin = answered.margin;
    m.hasProof = answered.hasProof;
    if (m.hasProof) {
      m.atLeast = imageOfTree(answered.atLeast, m.symmetry, n);
      m.notAbove = imageOfTree(answered.notAbove, m.symmetry, n);
    }
  }
}

MarginProof SplitPlan::rootProof() const {
  const Split& root = splits_[0];
  MarginProof proof;
  proof.margin = root.margin;
  if (!root.done || !wantProof_) {
    proof.error = "the root is not settled";
    return proof;
  }
  if (!root.hasProof) {
    proof.error = root.proofError;
    return proof;
  }
  proof.atLeast = root.atLeast;
  proof.notAbove = root.notAbove;
  for (const bool first : {true, false}) {
    const OthelloProofCheck verdict = checkOthelloProof(root.position, root.position.toMove(),
                                                        first ? root.margin : root.margin + 1,
                                                        first ? proof.atLeast : proof.notAbove);
    proof.checkedPositions += verdict.positions;
    if (!verdict.ok) throw std::runtime_error("the verifier refused the root's composed proof: " + verdict.error);
  }
  proof.proved = true;
  return proof;
}

}  // namespace tengen::othello
