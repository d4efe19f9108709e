// The path of correspondences behind SiblingHints.
#include "solver/gomoku/sibling_hints.h"

#include "solver/gomoku/zobrist.h"

namespace tengen::gomoku {

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
