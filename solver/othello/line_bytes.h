// A line of the 8x8 grid gathered into a byte, for the tables that read lines (flips, the
// evaluation's patterns): a row by a shift, a column or a diagonal by a multiplication that never
// carries.
#pragma once

#include <cstdint>

namespace tengen::othello {

inline constexpr std::uint64_t kFileA = 0x0101010101010101ull;

// Bit i: the row's square in column i.
inline int rowByte(std::uint64_t x, int row) { return static_cast<int>((x >> (8 * row)) & 0xff); }
// Bit i: the column's square in row i.
inline int columnByte(std::uint64_t x, int col) {
  return static_cast<int>((((x >> col) & kFileA) * 0x0102040810204080ull) >> 56);
}
// Bit i: the square of `line` in column i, for a line with at most one square per column (a
// diagonal): the rows' sums land in the top byte without meeting.
inline int diagonalByte(std::uint64_t x, std::uint64_t line) { return static_cast<int>(((x & line) * kFileA) >> 56); }

}  // namespace tengen::othello
