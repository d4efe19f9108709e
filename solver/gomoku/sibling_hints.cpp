// The table of attacker wins and the path of correspondences behind SiblingHints.
#include "solver/gomoku/sibling_hints.h"

#include "solver/gomoku/zobrist.h"

namespace tengen::gomoku {

void SiblingHints::noteWin(std::uint64_t key, Point move) {
  if (wins_.empty()) wins_.resize(kFirstSlots);
  if (++noted_ > wins_.size() && wins_.size() < kMaxSlots) {
    std::vector<Win> larger(wins_.size() * 2);
    for (const Win& w : wins_)
      if (w.move != kNoPoint) larger[w.key & (larger.size() - 1)] = w;
    wins_.swap(larger);
    noted_ = 0;
  }
  // One slot per key's low bits: a newer win takes an older one's place (a hint, not a fact).
  wins_[key & (wins_.size() - 1)] = {key, move};
}

Point SiblingHints::winAt(std::uint64_t key) const {
  if (wins_.empty()) return kNoPoint;
  const Win& w = wins_[key & (wins_.size() - 1)];
  return w.key == key ? w.move : kNoPoint;
}

void SiblingHints::push(Color defender, Point reply, Point sibling) {
  Deltas next = deltas();
  if (sibling != kNoPoint && sibling != reply) {
    const std::uint64_t own = zobristKey(defender, sibling) ^ zobristKey(defender, reply);
    const int keep = next.count < kMaxDeltas ? next.count : kMaxDeltas - 1;
    for (int i = keep; i > 0; --i) next.hash[static_cast<std::size_t>(i)] = next.hash[static_cast<std::size_t>(i - 1)];
    next.hash[0] = own;
    next.count = keep + 1;
  }
  path_.push_back(next);
}

}  // namespace tengen::gomoku
