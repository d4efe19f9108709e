// Fixed Zobrist keys for stones, so hashes are the same in every run and on every rank. Built at
// compile time from a fixed-seed splitmix64 stream, so the hot path reads a constant table.
#pragma once

#include <array>
#include <cstdint>

#include "solver/gomoku/types.h"

namespace tengen::gomoku {

namespace detail {
constexpr std::array<std::array<std::uint64_t, kMaxCells>, 2> makeZobristKeys() {
  std::array<std::array<std::uint64_t, kMaxCells>, 2> keys{};
  std::uint64_t state = 0x74656e67656e3131ull;  // "tengen11"
  for (auto& colour : keys)
    for (auto& k : colour) {
      state += 0x9e3779b97f4a7c15ull;
      std::uint64_t z = state;
      z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
      z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
      k = z ^ (z >> 31);
    }
  return keys;
}
inline constexpr auto kZobristKeys = makeZobristKeys();
}  // namespace detail

inline std::uint64_t zobristKey(Color c, Point p) { return detail::kZobristKeys[index(c)][p]; }

}  // namespace tengen::gomoku
