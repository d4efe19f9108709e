// How many discs a move on the last empty square of a full 8x8 board turns: every other square
// holds a disc, so along each line only the mover's discs matter, and a line's eight squares
// index a table. Four lookups instead of eight rays; the endgame's last ply is its commonest node.
#pragma once

#include <cstdint>

#include "solver/othello/moves.h"

namespace tengen::othello {

namespace last_flips_detail {

// count[p][line]: the discs turned on a line of eight squares by a move at square p, when the set
// bits of `line` are the mover's and every other square (p aside) the opponent's. A run that
// reaches the line's end without a mover's disc turns nothing; so do squares beyond a short
// diagonal's end, which read as the opponent's and end no run.
struct LineCounts {
  std::uint8_t count[8][256] = {};
};
constexpr LineCounts makeLineCounts() {
  LineCounts t;
  for (int p = 0; p < 8; ++p)
    for (int line = 0; line < 256; ++line) {
      int n = 0;
      for (int step = -1; step <= 1; step += 2) {
        int run = 0;
        for (int i = p + step; i >= 0 && i < 8; i += step) {
          if (line & (1 << i)) {
            n += run;
            break;
          }
          ++run;
        }
      }
      t.count[p][line] = static_cast<std::uint8_t>(n);
    }
  return t;
}
inline constexpr LineCounts kLineCounts = makeLineCounts();

}  // namespace last_flips_detail

// The discs `own` turns by playing `s`, the one empty square of a full 8x8 board (0: no move).
inline int lastFlipCount(Bitboard own, Square s) {
  using namespace last_flips_detail;
  constexpr Bitboard fileA = 0x0101010101010101ull;
  const int r = s >> 3, c = s & 7;
  const auto& t = kLineCounts.count;
  // A column's bits gathered into a byte (bit r from row r), a diagonal's by column (at most one
  // square per column, so no two bits meet): multiplications that never carry.
  const int row = static_cast<int>((own >> (r * 8)) & 0xff);
  const int column = static_cast<int>((((own >> c) & fileA) * 0x0102040810204080ull) >> 56);
  // The diagonals are a square's rays both ways (moves.h: 2 south-east, 3 south-west).
  const auto& rays = moves_detail::kRays;
  const int down = static_cast<int>(((own & (rays.up[s][2] | rays.down[s][2])) * fileA) >> 56);
  const int up = static_cast<int>(((own & (rays.up[s][3] | rays.down[s][3])) * fileA) >> 56);
  return t[c][row] + t[r][column] + t[c][down] + t[c][up];
}

}  // namespace tengen::othello
