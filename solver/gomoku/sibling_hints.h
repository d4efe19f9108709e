// Simulation (Kawano 1996) as move ordering: a defender's reply is often refuted the way a
// proven sibling reply was. What the search below a reply r meets corresponds to what it met
// below a proven sibling s, with s's stone where r's is: their board hashes differ by
// zobrist(s) ^ zobrist(r). The attacker's moves that won below s are tried first at the
// corresponding positions below r. Only the order changes, never what is proved.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "solver/gomoku/types.h"
#include "solver/proof/keyed_cache.h"

namespace tengen::gomoku {

class SiblingHints {
 public:
  // The corresponding positions tried at a node: the nearest reply's sibling first.
  static constexpr int kMaxDeltas = 3;
  struct Deltas {
    std::array<std::uint64_t, kMaxDeltas> hash{};
    int count = 0;
  };

  // Forgets the path (a new search); the wins stay, their keys carry what they mean.
  void resetPath() { path_.clear(); }
  // The attacker's node under `key` was proved by `move`.
  void noteWin(std::uint64_t key, Point move) { wins_.slotFor(key) = move; }
  // The winning move recorded under `key`, or kNoPoint.
  Point winAt(std::uint64_t key) {
    const Point* move = wins_.find(key);
    return move ? *move : kNoPoint;
  }

  // A move is played: a defender's reply whose proven sibling is `sibling` (kNoPoint: none, or
  // an attacker's move) adds its own correspondence in front of the ones it lies under.
  void push(Color defender, Point reply, Point sibling);
  void pop() {
    if (!path_.empty()) path_.pop_back();
  }
  // The hash differences of the current position's corresponding positions.
  const Deltas& deltas() const {
    static const Deltas none;
    return path_.empty() ? none : path_.back();
  }

 private:
  // Grows as wins come (a small job pays for what it uses) up to 2^20 slots, then forgets the
  // oldest: a hint, not a fact.
  proof::KeyedCache<Point> wins_{std::size_t{1} << 20};
  std::vector<Deltas> path_;
};

}  // namespace tengen::gomoku
