// The generic df-pn search on made-up games: the effort-aware choice at the attacker's nodes
// leaves a move whose proof number stays low however much is spent on it (a "trap") for a
// sibling that looks costlier but is cheap, weak proof numbers rate a defender's node by its
// hardest reply, a favoured move (a guide's hint) is stayed with longer, a new attacker's node
// reads a child from the table only when it picks it, and none changes what is proved or disproved.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "solver/proof/dfpn.h"
#include "solver/proof/transposition_table.h"

namespace tengen::proof {
namespace {

// The moves played from a made-up game's root and the key after each; `Game::keyAfter` names
// the position a move reaches.
template <class Game>
class PlayedPath {
 public:
  std::uint64_t key() const { return keys_.back(); }
  std::uint64_t exactKey() const { return key(); }
  void play(int m) {
    keys_.push_back(static_cast<const Game*>(this)->keyAfter(m));
    path_.push_back(m);
  }
  void undo() {
    keys_.pop_back();
    path_.pop_back();
  }

 protected:
  std::vector<int> path_;

 private:
  std::vector<std::uint64_t> keys_{1};
};

// The root (attacker to move) has two moves. Move 0 enters the trap: below it the attacker
// always has two moves and the defender one reply, for `trapDepth` attacker moves, and every
// leaf is a defender's escape, so the trap is lost only after all its 2^trapDepth lines are
// searched, while its proof number stays 1. Move 1 is a win the defender cannot stop (a proven
// node once expanded) when `cheapWin`, else a loss; it looks costlier (proof number 10).
class TrapGame : public PlayedPath<TrapGame> {
 public:
  using Move = int;

  // `favoured`: the root's move a guide names (Child::favoured), or -1.
  TrapGame(int trapDepth, bool cheapWin, int favoured = -1)
      : trapDepth_(trapDepth), cheapWin_(cheapWin), favoured_(favoured) {}

  std::uint64_t keyAfter(Move m) const { return mix(key() * 31 + static_cast<std::uint64_t>(m) + 1); }
  ProofNumbers estimate() const { return {1, 1}; }
  ProofNumbers estimateAfter(Move m) {
    if (path_.empty() && m == 1) return {10, 1};
    return {1, 1};
  }
  bool attackerToMove() const { return path_.size() % 2 == 0; }

  Expansion expand(std::vector<Child<Move>>& children, Argument<Move>&) {
    if (path_.empty()) {
      children.push_back({0, {}});
      children.push_back({1, {}});
      for (auto& c : children) c.favoured = c.move == favoured_;
      return Expansion::Open;
    }
    if (path_[0] == 1) return cheapWin_ ? Expansion::Proven : Expansion::Disproven;
    // Inside the trap: path_ = 0, then defender replies and attacker moves in turn.
    if (static_cast<int>(path_.size()) >= 2 * trapDepth_ + 1) return Expansion::Disproven;
    if (attackerToMove()) {
      children.push_back({0, {}});
      children.push_back({1, {}});
    } else {
      children.push_back({0, {}});
    }
    return Expansion::Open;
  }

 private:
  static std::uint64_t mix(std::uint64_t x) {
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
  }

  int trapDepth_;
  bool cheapWin_;
  int favoured_;
};

struct Outcome {
  ProofNumbers root;
  std::uint64_t nodes;
};

// Searches `game` to its answer or the budget: by effort with a shift (0: by proof number),
// and with weak proof numbers at the defender's nodes within `weakPlies` of the root (deeper: the sum).
template <class Game>
Outcome run(Game game, int effortShift, std::uint64_t maxNodes, int weakPlies = 0) {
  TranspositionTable table(64);
  SearchLimits limits;
  limits.maxNodes = maxNodes;
  limits.effortShift = effortShift;
  limits.weakProofPlies = weakPlies;
  Dfpn<Game> search(game, table, limits);
  const ProofNumbers root = search.search();
  return {root, search.nodes()};
}

TEST(Dfpn, ByProofNumberAloneTheTrapTakesTheWholeBudget) {
  // 2^18 trap lines: far more than the budget, and the cheap win is never tried.
  const Outcome plain = run(TrapGame(18, true), 0, 100'000);
  EXPECT_FALSE(plain.root.solved());
  EXPECT_EQ(plain.nodes, 100'000u);
}

TEST(Dfpn, ByEffortTheCheapWinIsFoundAfterAFewThousandNodes) {
  // Proof number 10 against 1: the trap gets about 9 * 2^7 nodes before the win is tried.
  const Outcome aware = run(TrapGame(18, true), 7, 100'000);
  EXPECT_TRUE(aware.root.isProven());
  EXPECT_LT(aware.nodes, 3'000u);
  // A larger shift gives the trap more before the sibling's turn.
  const Outcome patient = run(TrapGame(18, true), 10, 100'000);
  EXPECT_TRUE(patient.root.isProven());
  EXPECT_GT(patient.nodes, 4 * aware.nodes);
}

TEST(Dfpn, AFavouredMoveIsWeighedAsIfItCostTwoHundredAndFiftySixTimesLess) {
  // Favouring the cheap win: it is tried after some 2^7 nodes in the trap, not 9 * 2^7.
  const Outcome aware = run(TrapGame(18, true), 7, 100'000);
  const Outcome guided = run(TrapGame(18, true, 1), 7, 100'000);
  EXPECT_TRUE(guided.root.isProven());
  EXPECT_LT(guided.nodes * 4, aware.nodes);
  // Favouring the trap: it gets 2^8 times longer (9 * 2^15 nodes) before the win is tried, so
  // the budget that found it unguided does not; with more the same answer comes.
  EXPECT_FALSE(run(TrapGame(18, true, 0), 7, 100'000).root.solved());
  EXPECT_TRUE(run(TrapGame(18, true, 0), 7, 1'000'000).root.isProven());
}

TEST(Dfpn, ByEffortTheSameAnswersAndTheSameNodesEachRun) {
  // A small trap, searched to the end: both choices disprove the root when the sibling loses,
  // and prove it when it wins. Each run of the same search gives the same node count.
  for (bool cheapWin : {false, true})
    for (int shift : {0, 1, 7}) {
      const Outcome first = run(TrapGame(10, cheapWin), shift, 10'000'000);
      const Outcome again = run(TrapGame(10, cheapWin), shift, 10'000'000);
      EXPECT_EQ(first.root.isProven(), cheapWin) << "shift " << shift;
      EXPECT_EQ(first.root.isDisproven(), !cheapWin) << "shift " << shift;
      EXPECT_EQ(first.nodes, again.nodes) << "shift " << shift;
    }
}

// The defender to move at the root with `width` replies, each estimated hard to refute (proof
// number 5); after each the attacker wins at once, unless the reply is `escape`.
class WideGame {
 public:
  using Move = int;
  static constexpr Move kLead = 1000;  // the attacker's one move to the defender's node, when it leads there

  WideGame(int width, int escape, bool lead = false) : width_(width), escape_(escape), wideAt_(lead ? 1 : 0) {}

  std::uint64_t key() const { return path_.empty() ? 1 : keyAfter(path_.back()); }
  std::uint64_t exactKey() const { return key(); }
  std::uint64_t keyAfter(Move m) const { return m == kLead ? 2 : 100 + static_cast<std::uint64_t>(m); }
  ProofNumbers estimate() const { return {1, 1}; }
  ProofNumbers estimateAfter(Move) { return {5, 1}; }
  bool attackerToMove() const { return static_cast<int>(path_.size()) != wideAt_; }
  Expansion expand(std::vector<Child<Move>>& children, Argument<Move>&) {
    const int ply = static_cast<int>(path_.size());
    if (ply < wideAt_) {
      children.push_back({kLead, {}});
      return Expansion::Open;
    }
    if (ply > wideAt_) return path_.back() == escape_ ? Expansion::Disproven : Expansion::Proven;
    for (int m = 0; m < width_; ++m) children.push_back({m, {}});
    return Expansion::Open;
  }
  void play(Move m) { path_.push_back(m); }
  void undo() { path_.pop_back(); }

 private:
  int width_, escape_, wideAt_;
  std::vector<int> path_;
};

TEST(Dfpn, WeakProofNumbersCountTheHardestReplyPlusOneForEachOther) {
  // One node searched: 8 replies of proof number 5 sum to 40; weakly, 5 + 7.
  EXPECT_EQ(run(WideGame(8, -1), 0, 1, 0).root.pn, 40u);
  EXPECT_EQ(run(WideGame(8, -1), 0, 1, 1).root.pn, 12u);
}

TEST(Dfpn, WeakProofNumbersOnlyWithinTheirPliesOfTheRoot) {
  // The defender's node one ply below the root: the sum unless weak numbers reach ply 1.
  EXPECT_EQ(run(WideGame(8, -1, true), 0, 2, 1).root.pn, 40u);
  EXPECT_EQ(run(WideGame(8, -1, true), 0, 2, 2).root.pn, 12u);
}

TEST(Dfpn, WeakProofNumbersProveAndDisproveTheSame) {
  for (int weak : {0, 1}) {
    const Outcome won = run(WideGame(8, -1), 0, 1'000, weak);
    EXPECT_TRUE(won.root.isProven()) << "weak " << weak;
    EXPECT_EQ(won.nodes, 9u) << "weak " << weak;  // the root and each reply once
    const Outcome held = run(WideGame(8, 5), 0, 1'000, weak);
    EXPECT_TRUE(held.root.isDisproven()) << "weak " << weak;
  }
}

// The defender to move at the root with two replies (the second searched only once the first is
// proved); after either, the attacker has a move that fails at once (estimated easiest, proof
// number 1) and `kShared` (proof number 5), which reaches the same position whichever reply came
// first: a chain of `depth` forced move pairs to a win.
class SharedWinGame : public PlayedPath<SharedWinGame> {
 public:
  using Move = int;
  static constexpr Move kFails = 0, kShared = 1;
  static constexpr std::uint64_t kSharedKey = 777;

  explicit SharedWinGame(int depth) : depth_(depth) {}

  std::uint64_t keyAfter(Move m) const {
    if (path_.size() == 1 && m == kShared) return kSharedKey;
    return key() * 1000003 + static_cast<std::uint64_t>(m) + 11;
  }
  ProofNumbers estimate() const { return {1, 1}; }
  ProofNumbers estimateAfter(Move m) {
    if (path_.empty() && m == 1) return {1, 50};  // the second reply looks hard to refute: searched last
    return path_.size() == 1 && m == kShared ? ProofNumbers{5, 1} : ProofNumbers{1, 1};
  }
  bool attackerToMove() const { return path_.size() % 2 == 1; }
  Expansion expand(std::vector<Child<Move>>& children, Argument<Move>&) {
    const int ply = static_cast<int>(path_.size());
    if (ply == 0) {
      children.push_back({0, {}});
      children.push_back({1, {}});
      return Expansion::Open;
    }
    if (ply == 1) {
      children.push_back({kFails, {}});
      children.push_back({kShared, {}});
      return Expansion::Open;
    }
    if (path_[1] == kFails) return Expansion::Disproven;
    if (ply >= 2 + 2 * depth_) return Expansion::Proven;
    children.push_back({0, {}});  // one forced move, either side's
    return Expansion::Open;
  }

 private:
  int depth_;
};

TEST(Dfpn, ANewNodesChildTheTableHoldsIsTakenWhenPickedNotSearched) {
  // The first reply: its node, the failing move, then the shared chain (2 * depth + 1 nodes).
  // The second reply's node is new: its children are not read on entry, so the failing move is
  // searched first (it looks easiest); the shared move is read when picked and found proven, not
  // searched again. Root 1 + (1 + 1 + 41) + (1 + 1).
  const Outcome o = run(SharedWinGame(20), 0, 1'000);
  EXPECT_TRUE(o.root.isProven());
  EXPECT_EQ(o.nodes, 46u);
}

}  // namespace
}  // namespace tengen::proof
