// Proof checking by brute force over the rules: every attacker move legal, every defender reply
// either in the tree or refuted on the spot (an immediate five, or one of the recorded answers
// that leaves two five points, or one the loser may not block), or outside the support of a
// recorded proof that the attacker wins even if the defender passes (zone_support.h). The dual
// for disproofs.
#include "solver/gomoku/proof_check.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <optional>
#include <set>
#include <unordered_set>
#include <vector>

#include "solver/gomoku/notation.h"
#include "solver/gomoku/rules.h"
#include "solver/gomoku/verifier_scans.h"
#include "solver/gomoku/zone_support.h"

namespace tengen::gomoku {
namespace {

constexpr int kPairingArgument = 2;     // as recorded by the prover (ProofGame::kPairing)
constexpr int kThreatLineArgument = 3;  // ProofGame::kThreatLine
constexpr int kZoneArgument = 4;        // ProofGame::kRelevanceZone
constexpr int kThreatSequenceArgument = 5;  // ProofGame::kThreatSequence

class Checker {
 public:
  Checker(const Board& board, Rule rule, Color attacker, const proof::ProofTree<Point>& tree)
      : fb_(board, rule), b_(fb_.board()), rule_(rule), attacker_(attacker), tree_(tree) {}

  ProofCheck run(Color toMove) {
    ProofCheck result;
    if (tree_.nodes.empty()) {
      result.error = "empty proof tree";
      return result;
    }
    if (findFinishedGame(b_, rule_)) {
      result.error = "the root position is already decided";
      return result;
    }
    result.ok = check(0, toMove);
    result.error = error_;
    result.positions = static_cast<long long>(done_.size());
    return result;
  }

 private:
  bool legal(Point p, Color c) {
    if (!b_.isEmpty(p)) return false;
    if (rule_ != Rule::Renju || c != Color::Black) return true;  // only renju black has fouls
    if (makesFive(b_, p, c, rule_)) return true;
    return forbiddenKind(b_, p, c, rule_) == ForbiddenKind::None;
  }

  const std::vector<Point>& fivePoints(Color c) const { return fb_.fivePoints(c); }

  // Some five consecutive cells on one line hold no stone of c's opponent.
  bool liveLine(Color c) {
    const int n = b_.size();
    for (int row = 0; row < n; ++row)
      for (int col = 0; col < n; ++col)
        for (int dir = 0; dir < kDirections; ++dir) {
          bool live = true;
          for (int k = 0; k < 5 && live; ++k) {
            const int cc = col + k * kDirCol[dir], rr = row + k * kDirRow[dir];
            live = b_.onBoard(cc, rr) && !b_.has(b_.point(cc, rr), opponent(c));
          }
          if (live) return true;
        }
    return false;
  }

  // After `mover` plays p, does the opponent win by force: a five at once, or (when the mover
  // has no five point to answer) one of `answers` leaving five points the mover cannot all block?
  bool losingMove(Color mover, Point p, const std::vector<Point>& answers) {
    const Color winner = opponent(mover);
    fb_.place(p, mover);
    bool loses = !fivePoints(winner).empty();
    if (!loses && fivePoints(mover).empty()) {
      for (Point s : answers) {
        if (!legal(s, winner)) continue;
        fb_.place(s, winner);
        const auto fives = fivePoints(winner);
        loses = fives.size() >= 2 || (fives.size() == 1 && !legal(fives[0], mover));
        fb_.undo();
        if (loses) break;
      }
    }
    fb_.undo();
    return loses;
  }

  // After `mover` plays p, does the opponent win by replaying `line`: its moves in order, each
  // leaving a five point the mover must block (the block is forced), the last leaving five
  // points the mover cannot all block? A mover's five point at any step breaks the line.
  bool lineRefutes(Color mover, Point p, const std::vector<Point>& line) {
    const Color winner = opponent(mover);
    fb_.place(p, mover);
    int placed = 1;
    bool loses = !fivePoints(winner).empty();
    for (std::size_t i = 0; !loses && i < line.size(); ++i) {
      if (!fivePoints(mover).empty() || !legal(line[i], winner)) break;
      fb_.place(line[i], winner);
      ++placed;
      const auto fives = fivePoints(winner);
      if (fives.size() >= 2 || (fives.size() == 1 && !legal(fives[0], mover))) loses = true;
      else if (fives.size() != 1) break;
      else {
        fb_.place(fives[0], mover);
        ++placed;
      }
    }
    while (placed-- > 0) fb_.undo();
    return loses;
  }

  std::string where(const std::string& what) {
    std::string moves;
    for (const auto& [p, c] : b_.history()) {
      if (!moves.empty()) moves += ' ';
      moves += formatPoint(p, b_.size());
    }
    return what + " (stones in order: " + moves + ")";
  }

  bool fail(const std::string& what) {
    if (error_.empty()) error_ = where(what);
    return false;
  }

  const proof::ProofTree<Point>::Edge* edgeFor(int node, Point p) const {
    for (const auto& e : tree_.nodes[node].children)
      if (e.move == p) return &e;
    return nullptr;
  }

  bool followEdge(const proof::ProofTree<Point>::Edge& e, Color toMove) {
    if (e.node <= 0 || e.node >= static_cast<int>(tree_.nodes.size())) return fail("edge to a missing node");
    if (e.move == kPass) return check(e.node, opponent(toMove));  // the same stones, the other side to move
    fb_.place(e.move, toMove);
    const bool ok = check(e.node, opponent(toMove));
    fb_.undo();
    return ok;
  }

  // The stones (each line of one direction as its two colours' masks, which together cover the
  // board), the side to move and the node: exact, no hash to collide.
  std::string checkedKey(Color toMove, int node) const {
    const int lines = b_.lineCount(0);
    std::string k(static_cast<std::size_t>(lines) * sizeof(std::uint64_t) + 1 + sizeof node, '\0');
    for (int line = 0; line < lines; ++line) {
      const std::uint64_t both = b_.lineStones(Color::Black, 0, line) >> BoardGeometry::kLineOffset |
                                 b_.lineStones(Color::White, 0, line) >> BoardGeometry::kLineOffset << 32;
      std::memcpy(&k[static_cast<std::size_t>(line) * sizeof both], &both, sizeof both);
    }
    const std::size_t tail = static_cast<std::size_t>(lines) * sizeof(std::uint64_t);
    k[tail] = toMove == Color::Black ? 'B' : 'W';
    std::memcpy(&k[tail + 1], &node, sizeof node);
    return k;
  }

  // Each node is checked in each position it is reached in. A position checked through one
  // node does not vouch for another node of it: a zone's support is computed from the subtree of
  // the node its pass edge reaches, so that subtree itself must have been checked.
  bool check(int node, Color toMove) {
    const std::string key = checkedKey(toMove, node);
    if (done_.count(key)) return true;
    const bool ok = tree_.attackerWins ? checkProofNode(node, toMove) : checkDisproofNode(node, toMove);
    if (ok) done_.insert(key);
    return ok;
  }

  const proof::ProofTree<Point>::Edge* passEdge(int node) const {
    for (const auto& e : tree_.nodes[node].children)
      if (e.move == kPass) return &e;
    return nullptr;
  }

  // Every legal move of `mover` is in the tree or loses on the spot (or, at a zone node of a
  // proof, lies outside the support of the recorded win after a pass).
  bool allMovesCovered(int node, Color mover) {
    const auto& n = tree_.nodes[node];
    for (const auto& e : n.children) {
      if (e.move == kPass) continue;
      if (!legal(e.move, mover)) return fail("illegal move " + formatPoint(e.move, b_.size()) + " in the tree");
    }
    const auto* pass = passEdge(node);
    if (pass && (n.argument.kind != kZoneArgument || !tree_.attackerWins || mover == attacker_))
      return fail("a pass where none is allowed");
    if (!pass && n.argument.kind == kZoneArgument) return fail("a zone without the win after a pass");
    Cells zone;
    if (pass) {
      // The attacker wins even if the defender passes here; any defender stone outside that
      // win's support leaves it a win.
      if (!followEdge(*pass, mover)) return false;
      zone = proofSupport(b_, rule_, attacker_, tree_, pass->node, attacker_);
    }
    // Most replies off the tree lose to one of the recorded answers: those are read without
    // playing them (QuickRefutation), the rest played out.
    std::optional<QuickRefutation> quick;
    if (!pass && n.argument.kind != kThreatLineArgument) quick.emplace(fb_, opponent(mover), n.argument.moves, rule_);
    for (Point p = 0; p < b_.cellCount(); ++p) {
      if (!legal(p, mover)) continue;
      if (const auto* e = edgeFor(node, p)) {
        if (!followEdge(*e, mover)) return false;
      } else if (pass ? zone.test(static_cast<std::size_t>(p))
                      : n.argument.kind == kThreatLineArgument
                          ? !lineRefutes(mover, p, n.argument.moves)
                          : !(quick->refutes(p) || losingMove(mover, p, n.argument.moves))) {
        return fail("reply " + formatPoint(p, b_.size()) + " is neither in the tree nor refuted" +
                    (pass ? " (it lies in the zone of the win after a pass)" : ""));
      }
    }
    return true;
  }

  // The node's one chosen move is legal and leads to a checked position.
  bool oneMoveWorks(int node, Color mover) {
    const auto& n = tree_.nodes[node];
    if (n.children.empty()) return fail("no move recorded where one is needed");
    const auto& e = n.children.front();
    if (e.move == kPass) return fail("a pass where a move is needed");
    if (!legal(e.move, mover)) return fail("illegal move " + formatPoint(e.move, b_.size()) + " in the tree");
    if (makesFive(b_, e.move, mover, rule_)) return true;
    return followEdge(e, mover);
  }

  bool checkProofNode(int node, Color toMove) {
    if (toMove == attacker_) {
      if (!fivePoints(attacker_).empty()) return true;
      const auto& n = tree_.nodes[node];
      if (n.children.empty() && n.argument.kind == kThreatSequenceArgument) return threatSequenceHolds(n.argument.moves);
      return oneMoveWorks(node, toMove);
    }
    if (!fivePoints(toMove).empty()) return fail("the defender can make five");
    if (b_.full()) return fail("the board is full: a draw, not a win");
    return allMovesCovered(node, toMove);
  }

  // A pairing: disjoint pairs of empty cells, one inside every five cells free of the defender.
  // The defender answers in the partner cell and the attacker never fills five (a black
  // defender in renju could be barred from the partner cell, so it does not count there).
  bool pairingHolds(const std::vector<Point>& pairs) {
    if (rule_ == Rule::Renju && attacker_ == Color::White) return fail("pairing claimed for a renju black defender");
    if (pairs.size() % 2 != 0) return fail("odd pairing");
    std::set<Point> cells;
    for (Point p : pairs)
      if (p < 0 || p >= b_.cellCount() || !b_.isEmpty(p) || !cells.insert(p).second)
        return fail("pairing cells are not distinct empty points");
    const int n = b_.size();
    for (int row = 0; row < n; ++row)
      for (int col = 0; col < n; ++col)
        for (int dir = 0; dir < kDirections; ++dir) {
          std::vector<Point> w;
          bool live = true;
          for (int k = 0; k < 5 && live; ++k) {
            const int cc = col + k * kDirCol[dir], rr = row + k * kDirRow[dir];
            live = b_.onBoard(cc, rr) && !b_.has(b_.point(cc, rr), opponent(attacker_));
            if (live) w.push_back(b_.point(cc, rr));
          }
          if (!live) continue;
          bool holdsPair = false;
          for (std::size_t i = 0; i < pairs.size() && !holdsPair; i += 2)
            holdsPair = std::count(w.begin(), w.end(), pairs[i]) && std::count(w.begin(), w.end(), pairs[i + 1]);
          if (!holdsPair) return fail("pairing leaves five cells at " + formatPoint(w[0], n) + " open");
        }
    return true;
  }

  // A threat-space sequence: the attacker's `gains` in order, the defender after each taking at
  // once every cell that answers it (the five point of a four; against a three, each cell after
  // which no attacker move leaves two five points), never having a point that makes five or
  // more nor, against a three, a move that leaves one. A defender stone more never helps the
  // attacker (its fives are runs of its own stones) nor takes a five-or-more from the defender,
  // so whatever one answer the defender plays, the next gain still threatens, and any other
  // reply loses at once: the attacker wins. (Under exact five, five-or-more counts more of the
  // defender's points than its real fives: stricter, never looser.)
  bool threatSequenceHolds(const std::vector<Point>& gains) {
    // Freestyle, or exact five with the defender's fives counted as five or more (a defender
    // stone more can turn its exact five into six, never its five-or-more into nothing).
    if (rule_ != Rule::Freestyle && rule_ != Rule::Standard) return fail("a threat sequence proves nothing under this rule");
    const Color defender = opponent(attacker_);
    int placed = 0;
    std::string error;
    bool won = false;
    for (std::size_t i = 0; i < gains.size() && !won && error.empty(); ++i) {
      const Point g = gains[i];
      const std::string which = "threat " + std::to_string(i + 1) + " of the sequence";
      if (g < 0 || g >= b_.cellCount() || !b_.isEmpty(g)) {
        error = which + " is not an empty point";
        break;
      }
      const auto& before = fivePoints(attacker_);
      won = std::find(before.begin(), before.end(), g) != before.end();
      fb_.place(g, attacker_);
      ++placed;
      if (won) break;
      if (hasRunHolding(b_, defender, 4)) {  // a point where it makes five or more
        error = "the defender can make five after " + which;
        break;
      }
      const std::size_t fives = fivePoints(attacker_).size();
      if (fives >= 2) {
        won = true;
        break;
      }
      std::vector<Point> answers;
      if (fives == 1) {
        answers.push_back(fivePoints(attacker_).front());  // a four: its five point
      } else {
        if (hasRunHolding(b_, defender, 3)) {  // a four (it has no five point: asked just above)
          error = "the defender has a four against " + which;
          break;
        }
        const std::vector<Point> strong = strongMoves(fb_, attacker_);
        if (strong.empty()) {
          error = which + " threatens nothing";
          break;
        }
        answers = answersToStrongMoves(fb_, attacker_, strong);
        if (answers.empty()) {
          won = true;  // no one stone stops it
          break;
        }
      }
      for (Point a : answers) {
        fb_.place(a, defender);
        ++placed;
      }
    }
    // A win before the last gain is a win: the prover may count a threat's answers from fewer
    // of the attacker's strong moves than there are (more answers never make a false win).
    if (error.empty() && !won) error = "the threat sequence ends without a win";
    while (placed-- > 0) fb_.undo();
    return error.empty() || fail(error);
  }

  bool checkDisproofNode(int node, Color toMove) {
    if (toMove == attacker_) {
      if (!fivePoints(attacker_).empty()) return fail("the attacker can make five");
      if (b_.full() || !liveLine(attacker_)) return true;
      const auto& n = tree_.nodes[node];
      if (n.children.empty() && n.argument.kind == kPairingArgument) return pairingHolds(n.argument.moves);
      return allMovesCovered(node, toMove);
    }
    if (!fivePoints(toMove).empty() || b_.full() || !liveLine(attacker_)) return true;
    return oneMoveWorks(node, toMove);
  }

  FivePointBoard fb_;  // the board, with each colour's five points kept up to date
  Board& b_;           // fb_'s board, for reads
  Rule rule_;
  Color attacker_;
  const proof::ProofTree<Point>& tree_;
  std::unordered_set<std::string> done_;
  std::string error_;
};

}  // namespace

ProofCheck checkProof(const Board& board, Color toMove, Rule rule, Color attacker,
                      const proof::ProofTree<Point>& tree) {
  return Checker(board, rule, attacker, tree).run(toMove);
}

}  // namespace tengen::gomoku
