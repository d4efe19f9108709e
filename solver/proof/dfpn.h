// Depth-first proof-number search (Nagai 2002) with the 1+epsilon threshold trick
// (Pawlewicz & Lew 2007) and an optional effort-aware choice at the attacker's nodes, over a
// bounded transposition table. Single-threaded and deterministic:
// the same game, table size and node budget give the same result and node count.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <vector>

#include "solver/proof/game.h"
#include "solver/proof/transposition_table.h"

namespace tengen::proof {

struct SearchProgress {
  std::uint64_t nodes = 0;
  double seconds = 0;
  ProofNumbers root;
};

struct SearchLimits {
  std::uint64_t maxNodes = UINT64_MAX;
  double maxSeconds = 0;  // 0: no time limit
  // 1 + epsilon widens a child's threshold past its sibling's number: fewer re-expansions.
  double epsilon = kDefaultEpsilon;
  // Effort-aware choice at the attacker's nodes (0: off, plain df-pn). A child is picked by its
  // proof number plus the nodes already spent below it, divided by 2^effortShift, and searched
  // until that sum passes the runner-up's. A move whose proof number stays low however much is
  // spent on it (a long forcing line that keeps failing) then yields to siblings that look
  // costlier but may be cheap. The search's order changes, never what it proves.
  int effortShift = 0;
  // Under the effort-aware choice, a favoured child (Child::favoured) is weighed as if its proof
  // number and effort were 2^favouredShift times smaller: a guided proof stays with the guide's
  // move until its subtree is that much costlier than the siblings. Order only, like the rest.
  int favouredShift = 8;
  // Weak proof numbers at the defender's nodes within this many plies of the root (Ueda et al.
  // 2008): the largest child's proof number plus one for each other child not yet proved,
  // instead of the sum (0: the sum everywhere). Transpositions and replies refuted the same way
  // make the sum count one effort many times over; deep in the tree the sum's finer order pays.
  int weakProofPlies = 0;
  // Called about once a second with the root's numbers, when set.
  std::function<void(const SearchProgress&)> progress;
  // When set and raised (Ctrl-C, the launcher gone), the search stops as if out of budget.
  const std::atomic<bool>* cancel = nullptr;
};

template <ProofGame Game>
class Dfpn {
 public:
  using Move = typename Game::Move;

  Dfpn(Game& game, TranspositionTable& table, SearchLimits limits)
      : game_(game), table_(table), limits_(std::move(limits)), start_(Clock::now()), children_(kMaxPly), childKeys_(kMaxPly) {}

  // Deeper than any game tree the prover handles (a 20x20 board has 400 cells).
  static constexpr int kMaxPly = 512;

  // Searches the game's current position until it is solved or the budget runs out.
  ProofNumbers search() {
    ProofNumbers root = numbersOf();
    if (!root.solved()) {
      std::uint32_t work = 0;
      table_.lookup(game_.key(), root, work);
      root = mid(kInfinity, kInfinity, 0, work);
    }
    return root;
  }

  std::uint64_t nodes() const { return nodes_; }
  // Nodes of searches the game ran inside its expansions (not counted against maxNodes).
  std::uint64_t extraNodes() const { return extraNodes_; }
  double seconds() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }
  bool outOfBudget() const { return outOfBudget_; }
  // Lets a caller grant more nodes (used when a proof is extracted after the main search).
  void setMaxNodes(std::uint64_t n) {
    limits_.maxNodes = n;
    outOfBudget_ = false;
  }

  // The stored numbers of the current position, or the game's estimate.
  ProofNumbers numbersOf() {
    ProofNumbers n;
    if (table_.lookup(game_.key(), n)) return n;
    return game_.estimate();
  }

 private:
  using Clock = std::chrono::steady_clock;

  bool checkBudget() {
    if (nodes_ >= limits_.maxNodes) outOfBudget_ = true;
    if ((nodes_ & 63) == 0 && limits_.cancel && limits_.cancel->load(std::memory_order_relaxed)) outOfBudget_ = true;
    if ((nodes_ & 63) == 0 && (limits_.maxSeconds > 0 || limits_.progress)) {
      const double s = seconds();
      if (limits_.maxSeconds > 0 && s >= limits_.maxSeconds) outOfBudget_ = true;
      if (limits_.progress && s >= nextProgress_) {
        nextProgress_ = s + 1.0;
        limits_.progress(SearchProgress{nodes_, s, rootNumbers_});
      }
    }
    return !outOfBudget_;
  }

  std::uint32_t widen(std::uint32_t second) const {
    if (second >= kInfinity) return kInfinity;
    const auto extra = static_cast<std::uint64_t>(second * limits_.epsilon);
    const std::uint64_t w = second + std::max<std::uint64_t>(1, extra);
    return w >= kInfinity ? kInfinity : static_cast<std::uint32_t>(w);
  }

  // A child's selector at an attacker's node under the effort-aware choice: its proof number plus
  // its effort term; a child that cannot meet the node's threshold (pn >= thPn) is never picked.
  std::uint32_t effortSelector(const Child<Move>& c, std::uint32_t thPn) const {
    if (c.numbers.pn == 0) return 0;
    if (c.numbers.pn >= thPn) return kInfinity;
    const int favoured = c.favoured ? limits_.favouredShift : 0;
    const std::uint64_t s = std::max<std::uint64_t>(1, std::uint64_t{c.numbers.pn} >> favoured) +
                            (std::uint64_t{c.work} >> (limits_.effortShift + favoured));
    return static_cast<std::uint32_t>(std::min<std::uint64_t>(s, kInfinity - 1));
  }

  struct Pick {
    std::uint32_t best = kInfinity, second = kInfinity, sum = 0, minPn = kInfinity, maxPn = 0;
    int bestIndex = 0;
  };
  // The best child and the runner-up by the node's selector, and the sum of the other number
  // (saturating: infinite if any child's is); one loop per kind of node, the hottest in mid().
  template <bool isOr, bool byEffort, bool weak = false>
  Pick pickChild(const std::vector<Child<Move>>& kids, std::uint32_t thPn) const {
    Pick p;
    std::uint64_t sum = 0;
    bool infinite = false;
    const int n = static_cast<int>(kids.size());
    for (int i = 0; i < n; ++i) {
      const ProofNumbers& c = kids[i].numbers;
      std::uint32_t selector;
      if constexpr (byEffort) {
        p.minPn = std::min(p.minPn, c.pn);
        selector = effortSelector(kids[i], thPn);
      } else {
        selector = isOr ? c.pn : c.dn;
      }
      const std::uint32_t other = isOr ? c.dn : c.pn;
      if constexpr (weak) {
        // sum counts the open children; maxPn is the largest proof number (infinite included).
        sum += other > 0 ? 1 : 0;
        p.maxPn = std::max(p.maxPn, other);
      } else {
        sum += other;
      }
      infinite |= other >= kInfinity;
      if (selector < p.second) {
        if (selector < p.best) {
          p.second = p.best;
          p.best = selector;
          p.bestIndex = i;
        } else {
          p.second = selector;
        }
      }
    }
    if (weak && sum > 0) sum += p.maxPn - 1;  // the largest, then one for each other
    p.sum = infinite ? kInfinity : static_cast<std::uint32_t>(std::min<std::uint64_t>(sum, kInfinity - 1));
    return p;
  }

  // Multiple-iterative-deepening step at the current node: search below it until its proof or
  // disproof number reaches its threshold (or the nodes spent reach stopAt_, set by an effort-aware
  // ancestor). `work` is the effort already spent below it. Returns the node's numbers.
  ProofNumbers mid(std::uint32_t thPn, std::uint32_t thDn, int ply, std::uint64_t work) {
    ++nodes_;
    const std::uint64_t key = game_.key();
    const std::uint64_t nodesAtEntry = nodes_;
    // Each ply owns one child list, sized once, so deeper calls never move this one.
    auto& kids = children_[ply];
    kids.clear();
    // A game may want to know how much a node has cost before it lists its moves again.
    if constexpr (requires(Game& g) { g.noteEffort(work); }) game_.noteEffort(work);
    const Expansion e = game_.expand(kids, argument_);
    // Work a game does inside an expansion (searches of its own) is counted apart: a node
    // budget keeps its meaning, and a time limit bounds both.
    if constexpr (requires(Game& g) { { g.takeExtraNodes() } -> std::same_as<std::uint64_t>; })
      extraNodes_ += game_.takeExtraNodes();
    if (e != Expansion::Open) {
      const ProofNumbers n = e == Expansion::Proven ? ProofNumbers::proven() : ProofNumbers::disproven();
      table_.store(key, n, work + 1);
      return n;
    }
    const bool isOr = game_.attackerToMove();
    // Children's current numbers: the table's when known, else the game's estimate. All keys
    // first, with their buckets prefetched, so the table's cache misses overlap. Except at an
    // attacker's node the table did not hold (work 0, not the root): met for the first time, its
    // children almost never are in the table (1,056 hits in 40.0M reads measured on a 300,000-node
    // solve), so they take their estimates unread, and a child is read when picked.
    const bool readLater = work == 0 && ply > 0 && isOr;
    auto& keys = childKeys_[ply];
    keys.resize(kids.size());
    for (std::size_t i = 0; i < kids.size(); ++i) {
      keys[i] = game_.keyAfter(kids[i].move);
      if (!readLater) table_.prefetch(keys[i]);
    }
    for (std::size_t i = 0; i < kids.size(); ++i) {
      auto& c = kids[i];
      c.work = 0;
      c.unread = readLater;
      if ((readLater || !table_.lookup(keys[i], c.numbers, c.work)) && !c.estimated)
        c.numbers = game_.estimateAfter(c.move);
    }
    const bool byEffort = isOr && limits_.effortShift > 0;
    ProofNumbers self;
    while (true) {
      // Numbers of this node from its children; remember the best child and the runner-up.
      // (By effort, best and second are selectors; the node's own proof number is minPn.)
      const Pick pick = byEffort ? pickChild<true, true>(kids, thPn)
                        : isOr   ? pickChild<true, false>(kids, thPn)
                        : ply < limits_.weakProofPlies ? pickChild<false, false, true>(kids, thPn)
                                                   : pickChild<false, false>(kids, thPn);
      const std::uint32_t best = pick.best, second = pick.second, sum = pick.sum, minPn = pick.minPn;
      const int bestIndex = pick.bestIndex;
      self = isOr ? ProofNumbers{byEffort ? minPn : best, sum} : ProofNumbers{sum, best};
      if (ply == 0) {
        rootNumbers_ = self;
        // A game may steer its own effort by how the whole search stands.
        if constexpr (requires(Game& g) { g.noteRoot(self); }) game_.noteRoot(self);
      }
      if (self.pn >= thPn || self.dn >= thDn || self.solved() || nodes_ >= stopAt_ || !checkBudget()) break;

      if (kids[bestIndex].unread) {
        // Read the picked child now; what the table knows may change the pick.
        kids[bestIndex].unread = false;
        if (table_.lookup(keys[bestIndex], kids[bestIndex].numbers, kids[bestIndex].work)) continue;
      }
      ProofNumbers& child = kids[bestIndex].numbers;
      std::uint32_t childPn, childDn;
      const std::uint64_t stopAtEntry = stopAt_;
      if (byEffort) {
        // The child runs until its selector would pass the runner-up's (widened): by its proof
        // number, or by the nodes it spends. With no runner-up, only this node's limits hold.
        childPn = thPn;
        if (second < kInfinity) {
          // A favoured child's selector moves 2^favouredShift times slower than its numbers.
          const int favoured = kids[bestIndex].favoured ? limits_.favouredShift : 0;
          const std::uint64_t room = std::uint64_t{widen(second) - best} << favoured;  // best <= second
          childPn = static_cast<std::uint32_t>(std::min<std::uint64_t>(thPn, child.pn + room));
          stopAt_ = std::min(stopAt_, nodes_ + (room << limits_.effortShift));
        }
        childDn = saturatingSub(thDn, self.dn, child.dn);
      } else if (isOr) {
        childPn = std::min(thPn, widen(second));
        childDn = saturatingSub(thDn, self.dn, child.dn);
      } else {
        childDn = std::min(thDn, widen(second));
        childPn = saturatingSub(thPn, self.pn, child.pn);
      }
      const Move move = kids[bestIndex].move;
      // A game may search a defender's reply the way a proven sibling was refuted (simulation):
      // it is told the proven sibling the search spent most on.
      if constexpr (requires(Game& g) { g.noteProvenSibling(move); { g.wantsProvenSibling() } -> std::same_as<bool>; })
        if (!isOr && game_.wantsProvenSibling()) {
          int sibling = -1;
          for (int i = 0; i < static_cast<int>(kids.size()); ++i)
            if (kids[i].numbers.pn == 0 && (sibling < 0 || kids[i].work > kids[sibling].work)) sibling = i;
          if (sibling >= 0) game_.noteProvenSibling(kids[sibling].move);
        }
      game_.play(move);
      const std::uint64_t nodesBefore = nodes_;
      const ProofNumbers result = mid(childPn, childDn, ply + 1, kids[bestIndex].work);  // games end within kMaxPly
      game_.undo();
      stopAt_ = stopAtEntry;
      kids[bestIndex].numbers = result;
      kids[bestIndex].work = static_cast<std::uint32_t>(
          std::min<std::uint64_t>(std::uint64_t{kids[bestIndex].work} + (nodes_ - nodesBefore), UINT32_MAX));
      // A game may learn which attacker moves win (move ordering for the rest of the search).
      if constexpr (requires(Game& g) { g.noteWin(move); })
        if (isOr && result.isProven()) game_.noteWin(move);
    }
    table_.store(key, self, work + (nodes_ - nodesAtEntry) + 1);
    return self;
  }

  // threshold - total + part, computed without wrapping (thresholds may be infinite).
  static std::uint32_t saturatingSub(std::uint32_t threshold, std::uint32_t total, std::uint32_t part) {
    if (threshold >= kInfinity) return kInfinity;
    const std::int64_t v = std::int64_t{threshold} - total + part;
    return v <= 0 ? 0 : (v >= kInfinity ? kInfinity : static_cast<std::uint32_t>(v));
  }

  Game& game_;
  TranspositionTable& table_;
  SearchLimits limits_;
  Clock::time_point start_;
  std::uint64_t nodes_ = 0;
  std::uint64_t extraNodes_ = 0;
  bool outOfBudget_ = false;
  double nextProgress_ = 1.0;
  ProofNumbers rootNumbers_;
  std::uint64_t stopAt_ = UINT64_MAX;  // an effort-aware ancestor's node limit for the current child
  std::vector<std::vector<Child<Move>>> children_;
  std::vector<std::vector<std::uint64_t>> childKeys_;
  Argument<Move> argument_;  // unused by the search; the extractor keeps it
};

}  // namespace tengen::proof
