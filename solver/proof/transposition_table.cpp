// Transposition table storage and the replacement policy.
#include "solver/proof/transposition_table.h"

#include <algorithm>
#include <bit>

#include "solver/proof/huge_pages.h"

namespace tengen::proof {

namespace {
// The buckets in use after a clear: one huge page's worth.
constexpr std::size_t kFirstBuckets = kHugePageBytes / 64;  // 64: a bucket's size (asserted in the header)
}  // namespace

void TranspositionTable::Unmap::operator()(void* p) const { unmapHugePages(p, bytes); }

TranspositionTable::TranspositionTable(std::size_t megabytes, bool growing) {
  const std::size_t bytes = std::max<std::size_t>(megabytes, 1) << 20;
  bucketCount_ = std::bit_floor(std::max<std::size_t>(bytes / sizeof(Bucket), 1));
  const std::size_t tableBytes = bucketCount_ * sizeof(Bucket);
  void* p = mapHugePages(tableBytes);
  memory_ = std::unique_ptr<void, Unmap>(p, Unmap{tableBytes});
  buckets_ = static_cast<Bucket*>(p);  // page-aligned, so cache-line aligned
  maxBuckets_ = bucketCount_;
  firstBuckets_ = growing ? std::min(maxBuckets_, kFirstBuckets) : maxBuckets_;
  bucketCount_ = firstBuckets_;
  mask_ = bucketCount_ - 1;
}

void TranspositionTable::grow() {
  // Doubling adds one bit to the index: an entry of bucket i stays there or moves to i + old.
  // The new half was not written in this generation, so it reads as empty.
  const std::size_t old = bucketCount_;
  bucketCount_ *= 2;
  mask_ = bucketCount_ - 1;
  for (std::size_t i = 0; i < old; ++i) {
    Bucket& from = buckets_[i];
    if (from.generation != generation_) continue;
    Bucket& to = buckets_[i + old];
    to = Bucket{};
    to.generation = generation_;
    int moved = 0;
    for (Entry& e : from.entry)
      if (e.key() != 0 && (e.key() & mask_) != i) {
        to.entry[moved++] = e;
        e = Entry{};
      }
  }
}

void TranspositionTable::clear() {
  replacements_ = 0;
  filled_ = 0;
  bucketCount_ = firstBuckets_;
  mask_ = bucketCount_ - 1;
  if (++generation_ != 0) return;
  // Every 2^32 clears the stamps wrap: wipe the table for real so no old bucket reads as new.
  std::fill(buckets_, buckets_ + maxBuckets_, Bucket{});
}

bool TranspositionTable::lookup(std::uint64_t key, ProofNumbers& out, std::uint32_t& work) const {
  const std::uint64_t k = stored(key);
  const Bucket& b = buckets_[k & mask_];
  if (b.generation != generation_) return false;
  for (const Entry& e : b.entry)
    if (e.key() == k) {
      out = e.numbers;
      work = e.work;
      return true;
    }
  return false;
}

void TranspositionTable::store(std::uint64_t key, ProofNumbers numbers, std::uint64_t work) {
  const std::uint64_t k = stored(key);
  Bucket& b = buckets_[k & mask_];
  if (b.generation != generation_) {
    b = Bucket{};
    b.generation = generation_;
  }
  const std::uint32_t w = static_cast<std::uint32_t>(std::min<std::uint64_t>(work, 0xFFFFFFFFu));
  Entry* victim = nullptr;
  for (Entry& e : b.entry) {
    if (e.key() == k) {
      e.numbers = numbers;
      e.work = std::max(e.work, w);
      return;
    }
    if (!victim && e.key() == 0) victim = &e;
  }
  if (victim && bucketCount_ < maxBuckets_ && 4 * ++filled_ > bucketCount_ * kWays) {
    // A quarter full: double the buckets in use (few buckets overflow before), then store where
    // the key now belongs.
    grow();
    --filled_;  // counted again by the store below
    store(key, numbers, work);
    return;
  }
  if (!victim) {
    // Prefer evicting unsolved entries; among equals, the one that cost least to compute.
    auto rank = [](const Entry& e) { return std::pair{e.numbers.solved() ? 1 : 0, e.work}; };
    victim = &b.entry[0];
    for (Entry& e : b.entry)
      if (rank(e) < rank(*victim)) victim = &e;
    ++replacements_;
  }
  *victim = Entry{static_cast<std::uint32_t>(k), static_cast<std::uint32_t>(k >> 32), numbers, w};
}

std::size_t TranspositionTable::used() const {
  std::size_t n = 0;
  for (std::size_t i = 0; i < bucketCount_; ++i)
    if (buckets_[i].generation == generation_)
      for (const Entry& e : buckets_[i].entry) n += e.key() != 0;
  return n;
}

}  // namespace tengen::proof
