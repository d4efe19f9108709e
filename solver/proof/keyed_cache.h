// A cache of values by 64-bit key: buckets of four slots chosen by the key's low bits. It starts
// small and doubles whenever a new key finds its bucket full, so below its top size it forgets
// nothing (a search's probe schedule and cuts stay as they were cached); at its top size a new
// key takes its bucket's slot written longest ago. Slots keep their values'
// storage, so a search that refills them stops allocating; keys (with their write stamps) sit
// apart from values, so a lookup reads one cache line of them.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "solver/proof/huge_pages.h"

namespace tengen::proof {

template <class Value>
class KeyedCache {
 public:
  // `maxSlots` is rounded down to a power of two (at least kFirstSlots).
  explicit KeyedCache(std::size_t maxSlots) : maxSlots_(kFirstSlots) {
    while (maxSlots_ * 2 <= maxSlots) maxSlots_ *= 2;
  }

  // The value kept under key, or nullptr. On a miss the slot slotFor(key) would take is fetched
  // into the cache meanwhile (a caller misses, computes the value, then stores it).
  Value* find(std::uint64_t key) {
    if (buckets_.empty()) return nullptr;
    const std::size_t first = bucketOf(key);
    for (std::size_t i = first; i < first + kWays; ++i)
      if (slot(i).stamp != 0 && slot(i).key == key) return &values_[i];
    __builtin_prefetch(&values_[freeOrOldest(first)], 1);
    return nullptr;
  }

  // Fetches key's bucket into the cache ahead of a find().
  void prefetch(std::uint64_t key) const {
    if (!buckets_.empty()) __builtin_prefetch(&buckets_[bucketOf(key) / kWays]);
  }

  // The slot for key, now holding it. Its value is what the slot held before (another key's, or
  // a default one): the caller sets every field, reusing the storage.
  Value& slotFor(std::uint64_t key) {
    if (buckets_.empty()) resize(kFirstSlots);
    while (slotCount() < maxSlots_ && !hasRoomFor(key)) resize(slotCount() * 2);
    return values_[place(key)];
  }

  // Forgets every key (the slots' storage stays).
  void clear() {
    for (Bucket& bucket : buckets_)
      for (Slot& s : bucket.slots) s.stamp = 0;
    used_ = 0;
  }

  std::size_t size() const { return used_; }

 private:
  static constexpr std::size_t kWays = 4;
  static constexpr std::size_t kFirstSlots = 256;

  // A key and when it was written (0: the slot is free); a bucket's four fill one cache line.
  struct Slot {
    std::uint64_t key = 0;
    std::uint64_t stamp = 0;
  };
  struct alignas(64) Bucket {
    std::array<Slot, kWays> slots;
  };
  Slot& slot(std::size_t i) { return buckets_[i / kWays].slots[i % kWays]; }
  const Slot& slot(std::size_t i) const { return buckets_[i / kWays].slots[i % kWays]; }
  std::size_t slotCount() const { return buckets_.size() * kWays; }

  std::size_t bucketOf(std::uint64_t key) const { return (key & (buckets_.size() - 1)) * kWays; }

  bool hasRoomFor(std::uint64_t key) const {
    const std::size_t first = bucketOf(key);
    for (std::size_t i = first; i < first + kWays; ++i)
      if (slot(i).stamp == 0 || slot(i).key == key) return true;
    return false;
  }

  // The bucket's first free slot, or its slot written longest ago.
  std::size_t freeOrOldest(std::size_t first) const {
    std::size_t target = first;
    for (std::size_t i = first; i < first + kWays; ++i)
      if (slot(target).stamp != 0 && (slot(i).stamp == 0 || slot(i).stamp < slot(target).stamp)) target = i;
    return target;
  }

  // The slot key now owns: its own, a free one, or the bucket's oldest.
  std::size_t place(std::uint64_t key) {
    const std::size_t first = bucketOf(key);
    std::size_t target = freeOrOldest(first);
    for (std::size_t i = first; i < first + kWays; ++i)
      if (slot(i).stamp != 0 && slot(i).key == key) target = i;
    if (slot(target).stamp == 0) ++used_;
    slot(target) = {key, ++clock_};
    return target;
  }

  void resize(std::size_t count) {
    std::vector<Slot> oldSlots;
    oldSlots.reserve(slotCount());
    for (const Bucket& bucket : buckets_) oldSlots.insert(oldSlots.end(), bucket.slots.begin(), bucket.slots.end());
    std::vector<Value, HugePageAllocator<Value>> oldValues(count);
    oldValues.swap(values_);
    buckets_.assign(count / kWays, Bucket{});
    used_ = 0;
    // Oldest first, so that where a bucket overflows the newest stay.
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < oldSlots.size(); ++i)
      if (oldSlots[i].stamp != 0) order.push_back(i);
    std::sort(order.begin(), order.end(),
              [&](std::size_t a, std::size_t b) { return oldSlots[a].stamp < oldSlots[b].stamp; });
    for (std::size_t i : order) {
      const std::size_t t = place(oldSlots[i].key);
      slot(t).stamp = oldSlots[i].stamp;
      values_[t] = std::move(oldValues[i]);
    }
  }

  std::size_t maxSlots_;
  std::size_t used_ = 0;
  std::uint64_t clock_ = 0;
  // In huge pages once large: lookups land anywhere (see huge_pages.h).
  std::vector<Bucket, HugePageAllocator<Bucket>> buckets_;
  std::vector<Value, HugePageAllocator<Value>> values_;
};

}  // namespace tengen::proof
