// Transposition table storage and the replacement policy.
#include "solver/proof/transposition_table.h"

#include <algorithm>
#include <bit>
#include <new>

namespace tengen::proof {

TranspositionTable::TranspositionTable(std::size_t megabytes) {
  const std::size_t bytes = std::max<std::size_t>(megabytes, 1) << 20;
  bucketCount_ = std::bit_floor(std::max<std::size_t>(bytes / sizeof(Bucket), 1));
  buckets_.reset(static_cast<Bucket*>(std::calloc(bucketCount_, sizeof(Bucket))));
  if (!buckets_) throw std::bad_alloc();
  mask_ = bucketCount_ - 1;
}

void TranspositionTable::clear() {
  std::fill(buckets_.get(), buckets_.get() + bucketCount_, Bucket{});
  replacements_ = 0;
}

bool TranspositionTable::lookup(std::uint64_t key, ProofNumbers& out) const {
  const std::uint64_t k = stored(key);
  const Bucket& b = buckets_[k & mask_];
  for (const Entry& e : b.entry)
    if (e.key == k) {
      out = e.numbers;
      return true;
    }
  return false;
}

void TranspositionTable::store(std::uint64_t key, ProofNumbers numbers, std::uint64_t work) {
  const std::uint64_t k = stored(key);
  Bucket& b = buckets_[k & mask_];
  const std::uint32_t w = static_cast<std::uint32_t>(std::min<std::uint64_t>(work, 0xFFFFFFFFu));
  Entry* victim = nullptr;
  for (Entry& e : b.entry) {
    if (e.key == k) {
      e.numbers = numbers;
      e.work = std::max(e.work, w);
      return;
    }
    if (!victim && e.key == 0) victim = &e;
  }
  if (!victim) {
    // Prefer evicting unsolved entries; among equals, the one that cost least to compute.
    auto rank = [](const Entry& e) { return std::pair{e.numbers.solved() ? 1 : 0, e.work}; };
    victim = &b.entry[0];
    for (Entry& e : b.entry)
      if (rank(e) < rank(*victim)) victim = &e;
    ++replacements_;
  }
  *victim = Entry{k, numbers, w};
}

std::size_t TranspositionTable::used() const {
  std::size_t n = 0;
  for (std::size_t i = 0; i < bucketCount_; ++i)
    for (const Entry& e : buckets_[i].entry) n += e.key != 0;
  return n;
}

}  // namespace tengen::proof
