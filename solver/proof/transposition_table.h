// A bounded transposition table for proof-number search. Buckets of three entries, one cache
// line each (a lookup touches one line); a new entry
// replaces, in order: the same key, an empty slot, then the cheapest unsolved entry, then the
// cheapest entry. Solved entries and expensive entries therefore survive longest. Clearing is
// O(1): each bucket carries the generation it was written in, and an older one reads as empty
// (a worker clears its table before every job; memset-ing 8 MB a job was 11% of a short build).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>

#include "solver/proof/proof_numbers.h"

namespace tengen::proof {

class TranspositionTable {
 public:
  // Sized to at most `megabytes` MiB (at least one bucket).
  // A growing table starts small and doubles as it fills (see grow()): for searches of unknown
  // size. A fixed one uses all its buckets from the start: a search sized to it (a node budget)
  // keeps every entry a larger table would, and so the same path.
  explicit TranspositionTable(std::size_t megabytes, bool growing = false);

  // Starts loading key's bucket into the cache ahead of a lookup.
  void prefetch(std::uint64_t key) const { __builtin_prefetch(&buckets_[stored(key) & mask_]); }

  // The stored numbers for key, if present.
  bool lookup(std::uint64_t key, ProofNumbers& out) const {
    std::uint32_t work;
    return lookup(key, out, work);
  }
  // The same, with the search effort stored with them (see store()).
  bool lookup(std::uint64_t key, ProofNumbers& out, std::uint32_t& work) const;
  // Stores numbers for key; `work` is the search effort behind them (nodes), used to pick victims.
  void store(std::uint64_t key, ProofNumbers numbers, std::uint64_t work);
  void clear();

  // Entries the table holds at most (it starts smaller and doubles as it fills; see grow()).
  std::size_t capacity() const { return maxBuckets_ * kWays; }
  std::size_t used() const;
  std::uint64_t replacements() const { return replacements_; }

 private:
  static constexpr int kWays = 3;
  struct Entry {
    std::uint32_t keyLow = 0, keyHigh = 0;  // the key in two halves (0: an empty slot); no padding
    ProofNumbers numbers;
    std::uint32_t work = 0;
    std::uint64_t key() const { return std::uint64_t{keyHigh} << 32 | keyLow; }
  };
  struct alignas(64) Bucket {
    Entry entry[kWays];
    std::uint32_t generation = 0;  // the table's generation when last written; older: empty
  };
  static_assert(sizeof(Bucket) == 64, "a bucket is one cache line");
  static std::uint64_t stored(std::uint64_t key) { return key ? key : 1; }

  // Mapped anonymous memory: the system hands out zero pages as they are touched, so a large
  // table costs nothing until it fills. Asked for in huge pages (2 MiB) where the system has them:
  // a lookup lands anywhere in the table, and with 4 KiB pages the first touch of each page (a
  // fault) and the TLB misses after it cost more than the search itself in short solves.
  struct Unmap {
    std::size_t bytes;
    void operator()(void* p) const;
  };
  std::unique_ptr<void, Unmap> memory_;
  // Doubles the buckets in use. A growing table uses a prefix of its buckets: after a clear one
  // huge page's worth, doubled whenever a quarter of its entries are filled, up to the size asked
  // for. Only the prefix is ever touched, so a small search on a large table costs the system no
  // zeroed pages beyond what it fills, and a cleared table searches exactly as a fresh one.
  void grow();

  Bucket* buckets_ = nullptr;
  std::size_t bucketCount_ = 0;  // in use
  std::size_t maxBuckets_ = 0;
  std::size_t firstBuckets_ = 0;  // in use after a clear
  std::size_t filled_ = 0;       // entries stored into empty slots since the last clear
  std::uint64_t mask_ = 0;
  std::uint64_t replacements_ = 0;
  std::uint32_t generation_ = 0;
};

}  // namespace tengen::proof
