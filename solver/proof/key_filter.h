// A blocked Bloom filter over 64-bit keys: two bits per key in one 64-byte block, so a lookup reads
// one cache line and answers "surely absent" for most keys a set does not hold, before the set
// itself is probed. It grows with the set it stands in front of (doubling past 32 keys a block and
// marking every key again), so false positives stay near 2%.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace tengen::proof {

class KeyFilter {
 public:
  // Marks `key`, just added to `all` (a set of keys, or a map keyed by them), which is read again
  // whenever the filter grows.
  template <class Keys>
  void insert(std::uint64_t key, const Keys& all) {
    if (all.size() > blocks_ * kKeysPerBlock) {
      while (all.size() > blocks_ * kKeysPerBlock) blocks_ *= 2;
      bits_.assign(blocks_ * kWordsPerBlock, 0);
      for (const auto& entry : all) {
        if constexpr (requires { entry.first; }) set(entry.first);
        else set(entry);
      }
    }
    if (bits_.empty()) bits_.assign(blocks_ * kWordsPerBlock, 0);
    set(key);
  }

  // Starts fetching the block mayHold(key) reads.
  void prefetch(std::uint64_t key) const {
    if (!bits_.empty()) __builtin_prefetch(blockOf(key));
  }

  // False: the key was never inserted. True: it may have been.
  bool mayHold(std::uint64_t key) const {
    if (bits_.empty()) return false;
    const std::uint64_t* block = blockOf(key);
    return (block[(key >> 6) & 7] >> (key & 63) & 1) && (block[(key >> 15) & 7] >> ((key >> 9) & 63) & 1);
  }

 private:
  static constexpr std::size_t kWordsPerBlock = 8;  // 64 bytes
  static constexpr std::size_t kKeysPerBlock = 32;
  const std::uint64_t* blockOf(std::uint64_t key) const { return &bits_[((key >> 32) & (blocks_ - 1)) * kWordsPerBlock]; }
  void set(std::uint64_t key) {
    std::uint64_t* block = &bits_[((key >> 32) & (blocks_ - 1)) * kWordsPerBlock];
    block[(key >> 6) & 7] |= 1ull << (key & 63);
    block[(key >> 15) & 7] |= 1ull << ((key >> 9) & 63);
  }

  std::size_t blocks_ = 1024;  // 64 KiB to start
  std::vector<std::uint64_t> bits_;
};

}  // namespace tengen::proof
