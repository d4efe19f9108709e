// The transposition table: what is stored is found, a clear forgets everything (its buckets
// are stamped, not wiped), and a table reused after a clear searches exactly as a fresh one.
#include <gtest/gtest.h>

#include <cstdint>

#include "solver/gomoku/solve.h"
#include "solver/proof/transposition_table.h"

namespace tengen::proof {
namespace {

ProofNumbers numbers(std::uint32_t pn, std::uint32_t dn) {
  ProofNumbers n;
  n.pn = pn;
  n.dn = dn;
  return n;
}

TEST(TranspositionTable, FindsWhatItStoresAndForgetsItOnClear) {
  TranspositionTable table(1);
  for (std::uint64_t k = 1; k <= 1000; ++k) table.store(k * 0x9E3779B97F4A7C15ull, numbers(k, k + 1), 1);
  const std::size_t used = table.used();
  EXPECT_GT(used, 900u);  // a 1 MiB table holds 49,152 entries: few of 1,000 keys collide
  int found = 0;
  for (std::uint64_t k = 1; k <= 1000; ++k) {
    ProofNumbers n;
    if (table.lookup(k * 0x9E3779B97F4A7C15ull, n)) {
      ++found;
      EXPECT_EQ(n.pn, k);
      EXPECT_EQ(n.dn, k + 1);
    }
  }
  EXPECT_EQ(static_cast<std::size_t>(found), used);
  table.clear();
  EXPECT_EQ(table.used(), 0u);
  for (std::uint64_t k = 1; k <= 1000; ++k) {
    ProofNumbers n;
    EXPECT_FALSE(table.lookup(k * 0x9E3779B97F4A7C15ull, n)) << k;
  }
  // A bucket written after the clear holds only the new entry, not the old ones beside it.
  table.store(0x9E3779B97F4A7C15ull, numbers(7, 8), 1);
  EXPECT_EQ(table.used(), 1u);
  ProofNumbers n;
  ASSERT_TRUE(table.lookup(0x9E3779B97F4A7C15ull, n));
  EXPECT_EQ(n.pn, 7u);
  EXPECT_FALSE(table.lookup(2 * 0x9E3779B97F4A7C15ull, n));
}

TEST(TranspositionTable, AGrowingTableKeepsItsEntriesAsItGrows) {
  // 64 MiB asked for: it starts at one huge page's worth of buckets (32,768) and doubles at each
  // quarter fill, so 200,000 keys make it grow four times; every key stays findable.
  TranspositionTable table(64, /*growing=*/true);
  constexpr std::uint64_t kKeys = 200'000;
  for (std::uint64_t k = 1; k <= kKeys; ++k) table.store(k * 0x9E3779B97F4A7C15ull, numbers(k, k + 1), 1);
  EXPECT_EQ(table.replacements(), 0u);
  std::uint64_t found = 0;
  for (std::uint64_t k = 1; k <= kKeys; ++k) {
    ProofNumbers n;
    if (table.lookup(k * 0x9E3779B97F4A7C15ull, n) && n.pn == k && n.dn == k + 1) ++found;
  }
  EXPECT_EQ(found, kKeys);
  EXPECT_EQ(table.used(), kKeys);
  table.clear();
  EXPECT_EQ(table.used(), 0u);
  ProofNumbers n;
  EXPECT_FALSE(table.lookup(0x9E3779B97F4A7C15ull, n));
}

TEST(TranspositionTable, AReusedTableSearchesAsAFreshOne) {
  gomoku::PositionOptions po;
  po.rule = gomoku::Rule::Freestyle;
  po.size = 6;
  TranspositionTable shared(4);
  TranspositionTable sharedGrowing(16, /*growing=*/true);
  for (const char* text : {"", "c3", "c3 d4", ""}) {
    const gomoku::Position pos = gomoku::parsePosition(text, po);
    gomoku::SolveOptions fresh;
    fresh.hashMegabytes = 4;
    fresh.maxNodes = 200000;
    gomoku::SolveOptions reused = fresh;
    reused.table = &shared;  // solve clears it first
    const auto a = gomoku::solve(pos, fresh);
    const auto b = gomoku::solve(pos, reused);
    EXPECT_EQ(a.value, b.value) << text;
    EXPECT_EQ(a.nodes, b.nodes) << text;
    // The same for a growing table: a clear takes it back to its first size.
    gomoku::SolveOptions unbudgeted;
    unbudgeted.hashMegabytes = 16;  // no node budget: solve's own table grows
    gomoku::SolveOptions growing = unbudgeted;
    growing.table = &sharedGrowing;
    const auto c = gomoku::solve(pos, unbudgeted);
    const auto d = gomoku::solve(pos, growing);
    EXPECT_EQ(c.value, d.value) << text;
    EXPECT_EQ(c.nodes, d.nodes) << text;
  }
}

}  // namespace
}  // namespace tengen::proof
