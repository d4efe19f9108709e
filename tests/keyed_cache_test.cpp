// The expansion cache's container: what was put is found until its bucket overflows at the top
// size (below it a full bucket grows the table), then the bucket's oldest goes first; growth
// keeps every key; clear forgets them all.
#include <gtest/gtest.h>

#include <string>

#include "solver/proof/keyed_cache.h"

namespace tengen::proof {
namespace {

TEST(KeyedCache, FindsWhatWasPutAcrossGrowth) {
  KeyedCache<std::string> cache(1 << 16);
  EXPECT_EQ(cache.find(7), nullptr);
  // Keys spread over the low bits: 4,000 keys grow the table several times, none is lost.
  for (std::uint64_t k = 1; k <= 4000; ++k) cache.slotFor(k * 0x9e3779b97f4a7c15ull) = std::to_string(k);
  EXPECT_EQ(cache.size(), 4000u);
  for (std::uint64_t k = 1; k <= 4000; ++k) {
    const std::string* v = cache.find(k * 0x9e3779b97f4a7c15ull);
    ASSERT_NE(v, nullptr) << k;
    EXPECT_EQ(*v, std::to_string(k));
  }
  EXPECT_EQ(cache.find(4001 * 0x9e3779b97f4a7c15ull), nullptr);
  cache.clear();
  EXPECT_EQ(cache.size(), 0u);
  EXPECT_EQ(cache.find(0x9e3779b97f4a7c15ull), nullptr);
}

TEST(KeyedCache, BelowItsTopSizeAFullBucketGrowsTheTable) {
  // From 256 slots (64 buckets), eight keys equal in their low six bits fill one bucket twice
  // over: the table doubles (bit 6 splits them four and four) and keeps all eight.
  KeyedCache<int> cache(1 << 12);
  for (int i = 0; i < 8; ++i) cache.slotFor(static_cast<std::uint64_t>(i) << 6) = i;
  EXPECT_EQ(cache.size(), 8u);
  for (int i = 0; i < 8; ++i) {
    ASSERT_NE(cache.find(static_cast<std::uint64_t>(i) << 6), nullptr) << i;
    EXPECT_EQ(*cache.find(static_cast<std::uint64_t>(i) << 6), i);
  }
}

TEST(KeyedCache, AFullBucketGivesUpItsOldestKey) {
  // At its top size (256 slots, 64 buckets), keys equal in their low six bits share a bucket.
  KeyedCache<int> cache(256);
  for (int i = 0; i < 4; ++i) cache.slotFor(static_cast<std::uint64_t>(i) << 6) = i;
  cache.slotFor(0) = 10;  // rewritten: now the newest
  cache.slotFor(std::uint64_t{4} << 6) = 4;  // the bucket is full: key 1<<6 is the oldest
  EXPECT_EQ(cache.find(std::uint64_t{1} << 6), nullptr);
  ASSERT_NE(cache.find(0), nullptr);
  EXPECT_EQ(*cache.find(0), 10);
  for (int i = 2; i <= 4; ++i) {
    ASSERT_NE(cache.find(static_cast<std::uint64_t>(i) << 6), nullptr) << i;
    EXPECT_EQ(*cache.find(static_cast<std::uint64_t>(i) << 6), i);
  }
  EXPECT_EQ(cache.size(), 4u);
}

}  // namespace
}  // namespace tengen::proof
