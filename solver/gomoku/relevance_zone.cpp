// Null-move threat searches and the zones of their wins. The zone follows the same rules as the
// verifier's support (zone_support.cpp, where they are argued), computed here with the prover's
// own primitives: five points from the pattern tables and runs of five from the line masks.
#include "solver/gomoku/relevance_zone.h"

#include <array>
#include <unordered_set>
#include <vector>

#include "solver/gomoku/proof_game.h"
#include "solver/gomoku/rules.h"
#include "solver/gomoku/threat_sequence.h"
#include "solver/gomoku/threats.h"
#include "solver/proof/dfpn.h"

namespace tengen::gomoku {
namespace {

using Tree = proof::ProofTree<Point>;

class ZoneWalk {
 public:
  ZoneWalk(Board& board, Rule rule, Color attacker, const Tree& tree)
      : b_(board), rule_(rule), a_(attacker), d_(opponent(attacker)), tree_(tree) {}

  Zone run() {
    visit(0, a_);
    return zone_;
  }

 private:
  void visit(int index, Color toMove) {
    if (index < 0 || index >= static_cast<int>(tree_.size())) return;
    const std::uint64_t key = b_.hash() * 0x9E3779B97F4A7C15ull + static_cast<std::uint64_t>(index) * 2 +
                              (toMove == Color::White ? 1 : 0);
    if (!seen_.insert(key).second) return;
    toMove == a_ ? attackerNode(index) : defenderNode(index);
  }

  bool blackUnderRenju(Color c) const { return rule_ == Rule::Renju && c == Color::Black; }

  void mark(Point p) { zone_.set(static_cast<std::size_t>(p)); }

  // Every cell a window read at q sees: five cells each way along the four lines.
  void markLines(Point q) {
    for (int dir = 0; dir < kDirections; ++dir)
      for (int k = -kWindowCentre; k <= kWindowCentre; ++k) {
        const int c = b_.col(q) + k * kDirCol[dir], r = b_.row(q) + k * kDirRow[dir];
        if (b_.onBoard(c, r)) mark(b_.point(c, r));
      }
  }

  void markFoulReads(Point p) {
    std::vector<Point> reads;
    forbiddenKind(b_, p, &reads);
    for (Point q : reads) markLines(q);
  }

  void markLegality(Point p, Color c) {
    if (blackUnderRenju(c) && !makesFive(b_, p, c, rule_)) markFoulReads(p);
  }

  // Empty cells of runs of five free of attacker stones holding at least `atLeast` defender stones.
  void markDefenderRuns(int atLeast) {
    for (int dir = 0; dir < kDirections; ++dir)
      for (int line = 0; line < b_.lineCount(dir); ++line) {
        const std::uint64_t mine = b_.lineStones(d_, dir, line), theirs = b_.lineStones(a_, dir, line);
        if (__builtin_popcountll(mine) < atLeast) continue;
        const std::uint64_t empty = b_.lineEmpty(dir, line), cells = empty | mine | theirs;
        for (int start = BoardGeometry::kLineOffset; start <= BoardGeometry::kLineOffset + kMaxSize - 5; ++start) {
          const std::uint64_t window = std::uint64_t{0x1F} << start;
          if ((cells & window) != window || (theirs & window) || __builtin_popcountll(mine & window) < atLeast) continue;
          for (std::uint64_t bits = empty & window; bits; bits &= bits - 1)
            mark(b_.cellOnLine(dir, line, __builtin_ctzll(bits) - BoardGeometry::kLineOffset));
        }
      }
  }

  void attackerNode(int index) {
    MoveList fives;
    findFivePoints(b_, a_, rule_, fives);
    if (!fives.empty()) {
      for (Point f : fives) mark(f);
      return;
    }
    const auto& node = tree_.nodes[static_cast<std::size_t>(index)];
    if (node.children.empty() && node.argument.kind == ProofGame::kThreatSequence) {
      markSequence(node.argument.moves);
      return;
    }
    if (node.children.empty() || node.children.front().move == kPass) return;
    const auto& e = node.children.front();
    mark(e.move);
    markLegality(e.move, a_);
    if (makesFive(b_, e.move, a_, rule_)) return;
    b_.place(e.move, a_);
    visit(e.node, d_);
    b_.undo();
  }

  void defenderNode(int index) {
    const auto& node = tree_.nodes[static_cast<std::size_t>(index)];
    MoveList fives;
    findFivePoints(b_, a_, rule_, fives);
    for (Point f : fives) mark(f);
    markDefenderRuns(fives.empty() ? 2 : 3);
    if (blackUnderRenju(d_))
      for (Point q = 0; q < b_.cellCount(); ++q)
        if (b_.isEmpty(q) && !isLegal(b_, q, d_, rule_)) markFoulReads(q);
    for (const auto& e : node.children) {
      if (e.move == kPass) {
        visit(e.node, a_);
        continue;
      }
      mark(e.move);
      markLegality(e.move, d_);
      b_.place(e.move, d_);
      visit(e.node, a_);
      b_.undo();
    }
    if (!fives.empty()) return;
    if (node.argument.kind == ProofGame::kThreatLine) markLine(node.argument.moves);
    else markAnswers(node.argument.moves);
  }

  // A threat-space sequence: its gains and answers, the defender's runs where a stone
  // would make a five point (or, against a three, a four), and the lines, five cells each way, of
  // every move that leaves the attacker two five points (zone_support.cpp argues each).
  void markSequence(const std::vector<Point>& gains) {
    MoveList fives, strong, answers;
    int placed = 0;
    for (Point g : gains) {
      if (!b_.isEmpty(g)) break;
      mark(g);
      const bool five = makesFive(b_, g, a_, rule_);
      b_.place(g, a_);
      ++placed;
      if (five) break;
      findFivePoints(b_, a_, rule_, fives);
      for (Point f : fives) mark(f);
      markDefenderRuns(fives.empty() ? 2 : 3);
      if (fives.size() >= 2) break;
      answers = fives;
      if (fives.empty()) {
        findStraightFourMoves(b_, a_, rule_, strong);
        if (strong.empty()) break;  // threatens nothing: the checker refused it
        for (Point q : strong) markLines(q);
        threatAnswers(b_, a_, rule_, strong, answers);
      }
      if (answers.empty()) break;
      for (Point q : answers) {
        mark(q);
        b_.place(q, d_);
        ++placed;
      }
    }
    while (placed-- > 0) b_.undo();
  }

  void markAnswers(const std::vector<Point>& answers) {
    MoveList fives;
    for (Point s : answers) {
      if (!b_.isEmpty(s)) continue;
      mark(s);
      markLegality(s, a_);
      b_.place(s, a_);
      findFivePoints(b_, a_, rule_, fives);
      for (Point f : fives) mark(f);
      if (fives.size() == 1 && blackUnderRenju(d_)) markFoulReads(fives[0]);
      b_.undo();
    }
  }

  void markLine(const std::vector<Point>& line) {
    MoveList fives;
    int placed = 0;
    for (Point x : line) {
      if (!b_.isEmpty(x)) break;
      mark(x);
      markLegality(x, a_);
      b_.place(x, a_);
      ++placed;
      findFivePoints(b_, a_, rule_, fives);
      for (Point f : fives) mark(f);
      if (fives.size() == 1 && blackUnderRenju(d_)) markFoulReads(fives[0]);
      if (fives.size() != 1) break;
      b_.place(fives[0], d_);
      ++placed;
      markDefenderRuns(2);
    }
    while (placed-- > 0) b_.undo();
  }

  Board& b_;
  Rule rule_;
  Color a_, d_;
  const Tree& tree_;
  Zone zone_;
  std::unordered_set<std::uint64_t> seen_;
};

// Deepening on the attacker's moves: the shortest win has the smallest zone.
constexpr std::array<int, 5> kMoveLimits = {1, 2, 3, 5, 8};

}  // namespace

Zone zoneOf(Board& board, Rule rule, Color attacker, const Tree& tree) {
  return ZoneWalk(board, rule, attacker, tree).run();
}

NullMoveSearch::NullMoveSearch(std::size_t tableMegabytes, int effortShift, double epsilon)
    : table_(tableMegabytes), effortShift_(effortShift), epsilon_(epsilon) {}
NullMoveSearch::~NullMoveSearch() = default;

ProofGame& NullMoveSearch::gameFor(const Board& board, Rule rule, Color attacker, int moveLimit) {
  if (!game_ || game_->rule() != rule || game_->attacker() != attacker || game_->board().size() != board.size())
    game_ = std::make_unique<ProofGame>(board, attacker, rule, attacker, ProofMode::Vct, moveLimit, 1);
  else
    game_->reset(board, attacker, moveLimit);
  return *game_;
}

std::optional<NullMoveWin> NullMoveSearch::find(const Board& board, Rule rule, Color attacker, std::uint64_t maxNodes,
                                                std::uint64_t& spent) {
  std::uint64_t used = 0;
  struct Charge {
    std::uint64_t& to;
    const std::uint64_t& used;
    ~Charge() { to += used; }
  } charge{spent, used};
  for (int limit : kMoveLimits) {
    if (used >= maxNodes) break;
    ProofGame& game = gameFor(board, rule, attacker, limit);
    proof::SearchLimits limits;
    limits.maxNodes = maxNodes - used;
    limits.effortShift = effortShift_;
    limits.epsilon = epsilon_;
    proof::Dfpn<ProofGame> search(game, table_, limits);
    const proof::ProofNumbers root = search.search();
    used += search.nodes();
    if (root.isProven()) {
      auto tree = std::make_shared<Tree>();
      const std::uint64_t before = search.nodes();
      search.setMaxNodes(before + maxNodes);  // rebuilding may search again
      proof::ProofExtractor<ProofGame> extractor(game, search);
      const bool ok = extractor.extract(true, *tree);
      used += search.nodes() - before;
      if (!ok) return std::nullopt;
      Board scratch = board;
      return NullMoveWin{tree, zoneOf(scratch, rule, attacker, *tree)};
    }
    // A longer limit cannot help where no node was cut by this one. The table may answer the
    // root outright (an earlier call searched this board): then nothing says the limit was not
    // the cause, and the next limit is tried.
    if (!root.solved() || (!game.limitReached() && search.nodes() > 0)) break;
  }
  // Where sequences prove, then a threat-space sequence: it looks past the VCT's budget along threats
  // alone, and its zone is read the same way.
  if (sequenceThreats_ > 0 && threatSequencesProve(rule)) {
    std::vector<Point> gains = sequences_.find(board, attacker, rule, sequenceThreats_);
    used += sequences_.nodes();
    if (!gains.empty()) {
      auto tree = std::make_shared<Tree>();
      tree->nodes.emplace_back();
      tree->nodes[0].argument.kind = ProofGame::kThreatSequence;
      tree->nodes[0].argument.moves = std::move(gains);
      Board scratch = board;
      return NullMoveWin{tree, zoneOf(scratch, rule, attacker, *tree)};
    }
  }
  return std::nullopt;
}

std::shared_ptr<const Tree> NullMoveSearch::findWin(const Board& board, Rule rule, Color attacker,
                                                   std::uint64_t maxNodes, std::uint64_t& spent) {
  ProofGame& game = gameFor(board, rule, attacker, 0);
  proof::SearchLimits limits;
  limits.maxNodes = maxNodes;
  limits.effortShift = effortShift_;
  limits.epsilon = epsilon_;
  proof::Dfpn<ProofGame> search(game, table_, limits);
  const proof::ProofNumbers root = search.search();
  if (!root.isProven()) {
    spent += search.nodes();
    return nullptr;
  }
  auto tree = std::make_shared<Tree>();
  search.setMaxNodes(search.nodes() + maxNodes);  // rebuilding may search again
  proof::ProofExtractor<ProofGame> extractor(game, search);
  const bool ok = extractor.extract(true, *tree);
  spent += search.nodes();
  return ok ? tree : nullptr;
}

}  // namespace tengen::gomoku
