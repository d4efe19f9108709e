// The support of a proof subtree, rule by rule. Let m be a defender stone added on an empty cell.
// It can only take cells away from the attacker (it never makes or keeps an attacker five), so
// the subtree stays valid unless m lands on a cell the subtree plays or counts on, gives the
// defender a five point (or a four it would make with a left-out move), or changes a renju foul
// test the subtree relied on. Hence the support of a node holds:
//  - every move of the subtree, and every attacker five point it counts on;
//  - at a defender node, the empty cells of every run of five cells free of attacker stones that
//    holds 3 defender stones (when the attacker has a five point) or 2 (otherwise: a left-out
//    move plus m would then make a defender four, and the refutations below assume none);
//  - for refutations by an answer s: s and the attacker's five points after s; by a VCF line:
//    its moves, the five points after each and the forced blocks (with the run rule above
//    applied to the defender's stones plus the blocks);
//  - under renju, every cell a foul test the subtree relied on read (legality of black's moves,
//    black's forbidden cells, a five point black may not block): the lines, five cells each way,
//    of every point the test visited; for a black attacker's move only when the test asked
//    whether a three is real (a white stone cannot otherwise make a legal black move a foul).
// A left-out move q is refuted on a board holding q; the attacker's five points there are a
// subset of those without q, and a refuted q follows the same replay, so the cells above cover
// q's refutation too.
#include "solver/gomoku/zone_support.h"

#include <string>
#include <unordered_map>
#include <vector>

#include "solver/gomoku/rules.h"
#include "solver/gomoku/symmetry.h"
#include "solver/gomoku/verifier_scans.h"

namespace tengen::gomoku {
namespace {

constexpr int kThreatLineArgument = 3;  // as recorded by the prover (ProofGame::kThreatLine)
constexpr int kThreatSequenceArgument = 5;  // ProofGame::kThreatSequence

class Support {
 public:
  // `board` is the tree's board turned by `symmetry`; the tree's moves are turned as they are read.
  Support(Board& board, Rule rule, Color attacker, const proof::ProofTree<Point>& tree, int symmetry)
      : b_(board), rule_(rule), attacker_(attacker), defender_(opponent(attacker)), tree_(tree), symmetry_(symmetry) {}

  Cells of(int node, Color toMove) {
    // Kept by the position itself, not the node index alone: a tree's indices are not trusted.
    std::string key(static_cast<std::size_t>(b_.cellCount()), '.');
    for (Point p = 0; p < b_.cellCount(); ++p)
      key[static_cast<std::size_t>(p)] = b_.has(p, Color::Black) ? 'x' : b_.has(p, Color::White) ? 'o' : '.';
    key += toMove == Color::Black ? "B" : "W";
    key += std::to_string(node);
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    if (node < 0 || node >= static_cast<int>(tree_.nodes.size())) return Cells().set();  // no such node: all
    Cells s = toMove == attacker_ ? attackerNode(node) : defenderNode(node);
    memo_[key] = s;
    return s;
  }

 private:
  bool blackUnderRenju(Color c) const { return rule_ == Rule::Renju && c == Color::Black; }

  Point turned(Point p) const { return p >= 0 ? applySymmetry(symmetry_, p, b_.size()) : p; }

  std::vector<Point> fivePoints(Color c) { return scanFivePoints(b_, c, rule_); }

  // The cells of the lines, five each way, of every point black's foul test at p visits.
  void addFoulReads(Point p, Cells& s) {
    std::vector<Point> reads;
    forbiddenKind(b_, p, &reads);
    for (Point r : reads)
      for (int dir = 0; dir < kDirections; ++dir)
        for (int k = -5; k <= 5; ++k) {
          const int c = b_.col(r) + k * kDirCol[dir], row = b_.row(r) + k * kDirRow[dir];
          if (b_.onBoard(c, row)) s.set(static_cast<std::size_t>(b_.point(c, row)));
        }
  }

  // Legality of c's move at p may change with a defender stone: record what it read. A white
  // stone only ever takes black's fours, threes and overlines away, so a black attacker's legal
  // move stays legal unless its foul test had to ask whether a three is real (the test then
  // visited more than p): a white stone could make a straight-four point legal and the three real.
  void addLegalityReads(Point p, Color c, Cells& s) {
    if (!blackUnderRenju(c) || makesFive(b_, p, c, rule_)) return;
    if (c == attacker_) {
      std::vector<Point> reads;
      forbiddenKind(b_, p, &reads);
      if (reads.size() <= 1) return;
    }
    addFoulReads(p, s);
  }

  // Empty cells of every run of five cells, free of attacker stones, holding `atLeast` defender
  // stones or more.
  void addDefenderRuns(int atLeast, Cells& s) {
    const int n = b_.size();
    for (int row = 0; row < n; ++row)
      for (int col = 0; col < n; ++col)
        for (int dir = 0; dir < kDirections; ++dir) {
          const int endCol = col + 4 * kDirCol[dir], endRow = row + 4 * kDirRow[dir];
          if (!b_.onBoard(endCol, endRow)) continue;
          int own = 0;
          bool free = true;
          for (int k = 0; k < 5 && free; ++k) {
            const Point p = b_.point(col + k * kDirCol[dir], row + k * kDirRow[dir]);
            if (b_.has(p, attacker_)) free = false;
            else if (b_.has(p, defender_)) ++own;
          }
          if (!free || own < atLeast) continue;
          for (int k = 0; k < 5; ++k) {
            const Point p = b_.point(col + k * kDirCol[dir], row + k * kDirRow[dir]);
            if (b_.isEmpty(p)) s.set(static_cast<std::size_t>(p));
          }
        }
  }

  void addAll(const std::vector<Point>& points, Cells& s) {
    for (Point p : points) s.set(static_cast<std::size_t>(p));
  }

  // A threat-space sequence, replayed as the checker does. A defender stone changes
  // it only on a gain or an answer; where it would give the defender a five point (a run with
  // three of its stones) or, against a three, a four (two); or within four cells along a line of
  // a move that leaves the attacker two five points (the stone could spoil that move, and so
  // change the answers or leave the three threatening nothing).
  Cells sequenceSupport(const std::vector<Point>& recorded) {
    Cells s;
    FivePointBoard fives(b_, rule_);  // kept in step with b_: the replay's scans read it
    int placed = 0;
    const auto place = [&](Point p, Color c) {
      b_.place(p, c);
      fives.place(p, c);
      ++placed;
    };
    for (Point raw : recorded) {
      const Point g = turned(raw);
      if (g < 0 || g >= b_.cellCount() || !b_.isEmpty(g)) break;  // the checker refused it
      s.set(static_cast<std::size_t>(g));
      const bool five = makesFive(b_, g, attacker_, rule_);
      place(g, attacker_);
      if (five) break;
      const std::vector<Point> attackerFives = fives.fivePoints(attacker_);
      addAll(attackerFives, s);
      addDefenderRuns(attackerFives.empty() ? 2 : 3, s);
      if (attackerFives.size() >= 2) break;
      std::vector<Point> answers = attackerFives;
      if (attackerFives.empty()) {
        const std::vector<Point> strong = strongMoves(fives, attacker_);
        for (Point q : strong)
          for (int dir = 0; dir < kDirections; ++dir)
            for (int k = -4; k <= 4; ++k) {
              const int c = b_.col(q) + k * kDirCol[dir], row = b_.row(q) + k * kDirRow[dir];
              if (b_.onBoard(c, row)) s.set(static_cast<std::size_t>(b_.point(c, row)));
            }
        answers = answersToStrongMoves(fives, attacker_, strong);
        if (answers.empty()) break;
      }
      for (Point a : answers) {
        s.set(static_cast<std::size_t>(a));
        place(a, defender_);
      }
    }
    while (placed-- > 0) b_.undo();
    return s;
  }

  Cells attackerNode(int node) {
    Cells s;
    const auto fives = fivePoints(attacker_);
    if (!fives.empty()) {
      addAll(fives, s);  // the verifier accepts the node on these alone
      return s;
    }
    const auto& n = tree_.nodes[static_cast<std::size_t>(node)];
    if (n.children.empty() && n.argument.kind == kThreatSequenceArgument) return sequenceSupport(n.argument.moves);
    if (n.children.empty()) return s;
    const auto& e = n.children.front();  // the move the verifier follows
    if (e.move == kPass) return s;       // no such proof: the verifier rejects it
    const Point move = turned(e.move);
    s.set(static_cast<std::size_t>(move));
    addLegalityReads(move, attacker_, s);
    if (makesFive(b_, move, attacker_, rule_)) return s;
    b_.place(move, attacker_);
    s |= of(e.node, defender_);
    b_.undo();
    return s;
  }

  Cells defenderNode(int node) {
    Cells s;
    const auto& n = tree_.nodes[static_cast<std::size_t>(node)];
    const auto attackerFives = fivePoints(attacker_);
    addAll(attackerFives, s);
    addDefenderRuns(attackerFives.empty() ? 2 : 3, s);
    if (blackUnderRenju(defender_))
      for (Point q = 0; q < b_.cellCount(); ++q)
        if (b_.isEmpty(q) && !makesFive(b_, q, defender_, rule_) &&
            forbiddenKind(b_, q, defender_, rule_) != ForbiddenKind::None)
          addFoulReads(q, s);  // a foul m could lift would be a reply the tree does not cover
    for (const auto& e : n.children) {
      if (e.move == kPass) {
        s |= of(e.node, attacker_);  // a nested zone: its own support
        continue;
      }
      const Point move = turned(e.move);
      s.set(static_cast<std::size_t>(move));
      addLegalityReads(move, defender_, s);
      b_.place(move, defender_);
      s |= of(e.node, attacker_);
      b_.undo();
    }
    if (!attackerFives.empty()) return s;  // every left-out reply loses to a five at once
    std::vector<Point> argument;
    for (Point p : n.argument.moves) argument.push_back(turned(p));
    if (n.argument.kind == kThreatLineArgument) addLine(argument, s);
    else addAnswers(argument, s);
    return s;
  }

  // The refutations by answers: each answer, and the attacker's five points after it.
  void addAnswers(const std::vector<Point>& answers, Cells& s) {
    for (Point a : answers) {
      if (a < 0 || a >= b_.cellCount() || !b_.isEmpty(a)) continue;
      s.set(static_cast<std::size_t>(a));
      addLegalityReads(a, attacker_, s);
      b_.place(a, attacker_);
      const auto fives = fivePoints(attacker_);
      addAll(fives, s);
      if (fives.size() == 1 && blackUnderRenju(defender_)) addFoulReads(fives[0], s);
      b_.undo();
    }
  }

  // The refutation by a VCF line, replayed here without a left-out move.
  void addLine(const std::vector<Point>& line, Cells& s) {
    int placed = 0;
    for (Point x : line) {
      if (x < 0 || x >= b_.cellCount() || !b_.isEmpty(x)) break;
      s.set(static_cast<std::size_t>(x));
      addLegalityReads(x, attacker_, s);
      b_.place(x, attacker_);
      ++placed;
      const auto fives = fivePoints(attacker_);
      addAll(fives, s);
      if (fives.size() == 1 && blackUnderRenju(defender_)) addFoulReads(fives[0], s);
      if (fives.size() != 1) break;
      b_.place(fives[0], defender_);  // the forced block
      ++placed;
      addDefenderRuns(2, s);
    }
    while (placed-- > 0) b_.undo();
  }

  Board& b_;
  Rule rule_;
  Color attacker_, defender_;
  const proof::ProofTree<Point>& tree_;
  int symmetry_;
  std::unordered_map<std::string, Cells> memo_;
};

}  // namespace

Cells proofSupport(Board& board, Rule rule, Color attacker, const proof::ProofTree<Point>& tree, int node,
                   Color toMove) {
  // Each orientation gives a sound support, but not always the same one: a foul test stops at
  // its first witnesses, met in an order that turns with the board. A cell outside any one of
  // them cannot matter, so the support is their intersection, the same in every orientation
  // (the book re-checks proofs in its canonical frame, not the one they were found in).
  Cells support = Support(board, rule, attacker, tree, 0).of(node, toMove);
  const int n = board.size();
  for (int sym = 1; sym < kSymmetries && support.any(); ++sym) {
    Board turnedBoard = applySymmetry(sym, board);
    const Cells turned = Support(turnedBoard, rule, attacker, tree, sym).of(node, toMove);
    const int back = inverseSymmetry(sym);
    Cells original;
    for (Point p = 0; p < board.cellCount(); ++p)
      if (turned.test(static_cast<std::size_t>(p))) original.set(static_cast<std::size_t>(applySymmetry(back, p, n)));
    support &= original;
  }
  return support;
}

}  // namespace tengen::gomoku
