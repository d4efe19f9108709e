// Proofs found earlier (a walk back along a game, a book's verified entries), by exact position:
// the prover takes each as a leaf and grafts its tree in, so the verifier still re-checks the whole
// proof. Every node of an added tree is a proof of its own position and is found as such. Proofs
// kept elsewhere (a book) are listed by position and rebuilt by a loader when first wanted.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "solver/gomoku/board.h"
#include "solver/gomoku/types.h"
#include "solver/proof/key_filter.h"
#include "solver/proof/proof_tree.h"

namespace tengen::gomoku {

class KnownProofs {
 public:
  using Tree = proof::ProofTree<Point>;

  KnownProofs(Rule rule, int size) : rule_(rule), size_(size) {}
  Rule rule() const { return rule_; }
  int size() const { return size_; }

  // Adds the proof `tree` of `attacker`'s win with `toMove` to play on `board` (of this rule and
  // size), and every position inside it. Disproofs are not kept.
  void add(const Board& board, Color toMove, Color attacker, std::shared_ptr<const Tree> tree);

  // A proof the loader can rebuild: `attacker` wins with `toMove` to play on the board whose
  // canonical hash (Board::canonicalHash, the same for all 8 orientations) is `canonicalHash`. The
  // loader gets the board as the search met it and returns the proof in that orientation (or
  // nullptr); each orientation met is loaded once.
  using Loader = std::function<std::shared_ptr<const Tree>(const Board& board, Color toMove, Color attacker)>;
  void setLoader(Loader loader) { loader_ = std::move(loader); }
  void addLoadable(std::uint64_t canonicalHash, Color toMove, Color attacker) {
    const std::uint64_t key = keyOf(canonicalHash, toMove, attacker);
    if (loadable_.insert(key).second) mark(key);
    version_ = nextVersion();
  }

  // Whether a proof of `attacker`'s win is known for `toMove` to play on `board` (played `p`
  // first, unless kNoPoint). A loadable proof is loaded here: kept with every position inside it
  // when the loader rebuilds it, forgotten (in every orientation) when it cannot.
  bool has(const Board& board, Color toMove, Color attacker, Point p = kNoPoint) const {
    return has(board, toMove, attacker, p, listedKey(board, toMove, attacker, p));
  }
  // The same in two steps, so that a node's children can be asked about with their cache misses
  // overlapping: the position's key (what has() computes first), a fetch of what it reads first,
  // then has() with that key.
  std::uint64_t listedKey(const Board& board, Color toMove, Color attacker, Point p) const {
    return keyOf(p == kNoPoint ? board.canonicalHash() : board.canonicalHashAfter(p, opponent(toMove)), toMove, attacker);
  }
  void prefetch(std::uint64_t listedKey) const { filter_.prefetch(listedKey); }
  bool has(const Board& board, Color toMove, Color attacker, Point p, std::uint64_t listedKey) const;
  // That proof, as a tree of its own (nullptr when none is known).
  std::shared_ptr<const Tree> find(std::uint64_t hash, Color toMove, Color attacker) const;

  std::size_t positions() const { return proofs_.size() + loadable_.size(); }
  // Changes whenever a proof or a loadable one is added (not when one is forgotten), drawn from
  // one count for every store in the process (4 billion additions before it comes round): a
  // search that found none of a node's children here need not ask again while it stays the
  // same. Never 0.
  std::uint32_t version() const { return version_; }
  // Proofs the loader was asked for, and how many it gave.
  std::uint64_t loadsAsked() const { return loadsAsked_; }
  std::uint64_t loadsGiven() const { return loadsGiven_; }

 private:
  struct Ref {
    std::shared_ptr<const Tree> tree;
    int node;
  };
  static std::uint64_t keyOf(std::uint64_t hash, Color toMove, Color attacker) {
    return hash ^ (toMove == Color::White ? 0x5bd1e9955bd1e995ull : 0) ^
           (attacker == Color::White ? 0x2545f4914f6cdd1dull : 0);
  }
  void index(Board& board, Color toMove, Color attacker, const std::shared_ptr<const Tree>& tree, int node) const;
  // Marks a position's key by canonical hash in the filter.
  void mark(std::uint64_t canonicalKey) const {
    marked_.push_back(canonicalKey);
    filter_.insert(canonicalKey, marked_);
  }

  Rule rule_;
  int size_;
  // Loaded proofs join proofs_ on first use: the store is only ever read by one search thread.
  mutable std::unordered_map<std::uint64_t, Ref> proofs_;
  mutable std::unordered_set<std::uint64_t> loadable_;
  // In front of proofs_ and loadable_, one filter for both, by canonical hash (never cleared: a
  // key erased from loadable_ stays marked): has() is asked about every child a node lists,
  // nearly always about a position nobody proved, and one cache miss is cheaper than two.
  mutable proof::KeyFilter filter_;
  mutable std::vector<std::uint64_t> marked_;  // every key marked, for the filter to grow from
  Loader loader_;
  mutable std::uint64_t loadsAsked_ = 0, loadsGiven_ = 0;
  static std::uint32_t nextVersion();
  mutable std::uint32_t version_ = nextVersion();
};

}  // namespace tengen::gomoku
