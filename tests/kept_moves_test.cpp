// The expansion cache's move lists (inline up to a size, then one heap block) and the huge-page
// mappings its tables live in: what is written reads back, across the inline/heap boundary and
// when a slot is reused for a list of another size.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <vector>

#include "solver/gomoku/kept_moves.h"
#include "solver/proof/huge_pages.h"
#include "solver/proof/keyed_cache.h"

namespace tengen {
namespace {

using gomoku::KeptMoves;
using gomoku::Point;

void fill(KeptMoves& moves, int n, bool withClasses, int seed) {
  moves.reset(n, withClasses);
  for (int i = 0; i < n; ++i) {
    moves.setPoint(i, static_cast<Point>((seed + 7 * i) % 400));
    if (withClasses) moves.setThreatClass(i, static_cast<std::uint8_t>((seed + i) % 3));
  }
}

void expectFilled(const KeptMoves& moves, int n, bool withClasses, int seed) {
  ASSERT_EQ(moves.size(), n);
  ASSERT_EQ(moves.hasClasses(), withClasses);
  for (int i = 0; i < n; ++i) {
    EXPECT_EQ(moves.point(i), static_cast<Point>((seed + 7 * i) % 400)) << n << " moves, #" << i;
    if (withClasses) {
      EXPECT_EQ(moves.threatClass(i), (seed + i) % 3) << n << " moves, #" << i;
    }
  }
}

TEST(KeptMoves, ReadBackInlineAndOnTheHeapAndWhenReused) {
  KeptMoves moves;
  EXPECT_EQ(moves.size(), 0);
  // Sizes around the inline capacity, in an order that moves a slot both ways and reuses (and
  // outgrows) its heap block.
  const int k = KeptMoves::kInline;
  int seed = 0;
  for (int n : {0, 1, k, k + 1, 3, 2 * k + 5, k + 2, k, 225, 1, 0}) {
    for (bool withClasses : {false, true}) {
      fill(moves, n, withClasses, ++seed);
      expectFilled(moves, n, withClasses, seed);
    }
  }
  moves.clear();
  EXPECT_EQ(moves.size(), 0);
  EXPECT_FALSE(moves.hasClasses());
}

TEST(HugePages, MappingsAreZeroedWritableAndAlignedWhenLarge) {
  for (std::size_t bytes : {std::size_t{1}, std::size_t{5000}, proof::kHugePageBytes, (std::size_t{3} << 20) + 123}) {
    auto* p = static_cast<unsigned char*>(proof::mapHugePages(bytes));
    ASSERT_NE(p, nullptr);
    if (bytes >= proof::kHugePageBytes) {
      EXPECT_EQ(reinterpret_cast<std::uintptr_t>(p) % proof::kHugePageBytes, 0u) << bytes;
    }
    EXPECT_EQ(p[0], 0);
    EXPECT_EQ(p[bytes - 1], 0);
    p[bytes - 1] = 2;
    p[0] = 1;
    EXPECT_EQ(p[0], 1);
    EXPECT_EQ(p[bytes - 1], bytes == 1 ? 1 : 2);
    proof::unmapHugePages(p, bytes);
  }
}

TEST(HugePages, AFreedMappingIsKeptAndComesBackZeroed) {
  // Freed mappings of huge pages are kept for the next request of their size: whatever was
  // written in them must be gone when they come back from mapHugePages.
  const std::size_t bytes = (std::size_t{5} << 20) + 77;  // six huge pages
  for (int round = 0; round < 4; ++round) {
    auto* p = static_cast<unsigned char*>(proof::mapHugePages(bytes));
    ASSERT_NE(p, nullptr);
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(p) % proof::kHugePageBytes, 0u);
    std::size_t nonZero = 0;
    for (std::size_t i = 0; i < bytes; ++i) nonZero += p[i] != 0;
    EXPECT_EQ(nonZero, 0u) << "round " << round;
    std::memset(p, 0xab, bytes);
    proof::unmapHugePages(p, bytes);
  }
  // Unzeroed memory (for a container that constructs its elements) is whole and writable.
  auto* q = static_cast<unsigned char*>(proof::mapHugePages(bytes, false));
  std::memset(q, 0x5a, bytes);
  EXPECT_EQ(q[bytes - 1], 0x5a);
  proof::unmapHugePages(q, bytes);
}

TEST(HugePages, ContainersOnTheAllocatorKeepTheirValuesAcrossGrowth) {
  // 600,000 values pass the mapping threshold several times as the vector grows.
  std::vector<std::uint32_t, proof::HugePageAllocator<std::uint32_t>> values;
  for (std::uint32_t i = 0; i < 600'000; ++i) values.push_back(i * 2654435761u);
  for (std::uint32_t i = 0; i < 600'000; ++i) ASSERT_EQ(values[i], i * 2654435761u);
  // A keyed cache large enough for mapped buckets and values finds every key it was given.
  proof::KeyedCache<std::uint64_t> cache(1 << 18);
  for (std::uint64_t k = 1; k <= 200'000; ++k) cache.slotFor(k * 0x9e3779b97f4a7c15ull) = k;
  for (std::uint64_t k = 1; k <= 200'000; ++k) {
    const std::uint64_t* v = cache.find(k * 0x9e3779b97f4a7c15ull);
    ASSERT_NE(v, nullptr) << k;
    EXPECT_EQ(*v, k);
  }
}

}  // namespace
}  // namespace tengen
