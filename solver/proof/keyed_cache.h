// A cache of values by 64-bit key: buckets of four slots chosen by the key's low bits. It starts
// small and doubles whenever a new key finds its bucket full, so below its top size it forgets
// nothing (a search's probe schedule and cuts stay as they were cached); at its top size a new
// key takes its bucket's slot written longest ago. Slots keep their values'
// storage, so a search that refills them stops allocating; keys sit apart from values, so a
// lookup reads one cache line of keys.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace tengen::proof {

template <class Value>
class KeyedCache {
 public:
  // `maxSlots` is rounded down to a power of two (at least kFirstSlots).
  explicit KeyedCache(std::size_t maxSlots) : maxSlots_(kFirstSlots) {
    while (maxSlots_ * 2 <= maxSlots) maxSlots_ *= 2;
  }

  // The value kept under key, or nullptr.
  Value* find(std::uint64_t key) {
    if (keys_.empty()) return nullptr;
    const std::size_t first = bucketOf(key);
    for (std::size_t i = first; i < first + kWays; ++i)
      if (stamps_[i] != 0 && keys_[i] == key) return &values_[i];
    return nullptr;
  }

  // The slot for key, now holding it. Its value is what the slot held before (another key's, or
  // a default one): the caller sets every field, reusing the storage.
  Value& slotFor(std::uint64_t key) {
    if (keys_.empty()) resize(kFirstSlots);
    while (keys_.size() < maxSlots_ && !hasRoomFor(key)) resize(keys_.size() * 2);
    return values_[place(key)];
  }

  // Forgets every key (the slots' storage stays).
  void clear() {
    std::fill(stamps_.begin(), stamps_.end(), 0);
    used_ = 0;
  }

  std::size_t size() const { return used_; }

 private:
  static constexpr std::size_t kWays = 4;
  static constexpr std::size_t kFirstSlots = 256;

  std::size_t bucketOf(std::uint64_t key) const { return (key & (keys_.size() / kWays - 1)) * kWays; }

  bool hasRoomFor(std::uint64_t key) const {
    const std::size_t first = bucketOf(key);
    for (std::size_t i = first; i < first + kWays; ++i)
      if (stamps_[i] == 0 || keys_[i] == key) return true;
    return false;
  }

  // The slot key now owns: its own, a free one, or the bucket's oldest.
  std::size_t place(std::uint64_t key) {
    const std::size_t first = bucketOf(key);
    std::size_t target = first;
    for (std::size_t i = first; i < first + kWays; ++i) {
      if (stamps_[i] != 0 && keys_[i] == key) {
        target = i;
        break;
      }
      if (stamps_[target] != 0 && (stamps_[i] == 0 || stamps_[i] < stamps_[target])) target = i;
    }
    if (stamps_[target] == 0) ++used_;
    keys_[target] = key;
    stamps_[target] = ++clock_;
    return target;
  }

  void resize(std::size_t slots) {
    std::vector<std::uint64_t> oldKeys(slots);
    std::vector<std::uint64_t> oldStamps(slots, 0);
    std::vector<Value> oldValues(slots);
    oldKeys.swap(keys_);
    oldStamps.swap(stamps_);
    oldValues.swap(values_);
    used_ = 0;
    // Oldest first, so that where a bucket overflows the newest stay.
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < oldKeys.size(); ++i)
      if (oldStamps[i] != 0) order.push_back(i);
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return oldStamps[a] < oldStamps[b]; });
    for (std::size_t i : order) {
      const std::size_t t = place(oldKeys[i]);
      stamps_[t] = oldStamps[i];
      values_[t] = std::move(oldValues[i]);
    }
  }

  std::size_t maxSlots_;
  std::size_t used_ = 0;
  std::uint64_t clock_ = 0;
  std::vector<std::uint64_t> keys_, stamps_;
  std::vector<Value> values_;
};

}  // namespace tengen::proof
