// Zobrist keys from a fixed-seed splitmix64 stream (deterministic across runs and machines).
#include "solver/gomoku/zobrist.h"

#include <array>

namespace tengen::gomoku {
namespace {

struct Keys {
  std::array<std::array<std::uint64_t, kMaxCells>, 2> key{};
  Keys() {
    std::uint64_t state = 0x74656e67656e3131ull;  // "tengen11"
    for (auto& colour : key)
      for (auto& k : colour) {
        state += 0x9e3779b97f4a7c15ull;
        std::uint64_t z = state;
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        k = z ^ (z >> 31);
      }
  }
};
const Keys kKeys;

}  // namespace

std::uint64_t zobristKey(Color c, Point p) { return kKeys.key[index(c)][p]; }

}  // namespace tengen::gomoku
