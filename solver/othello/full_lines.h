// The squares on full lines, by shifts over the 8x8 grid: the stability cutoff's first step
// (a disc on a full line cannot be flipped along it). Inline: the endgame search asks at its nodes.
#pragma once

#include "solver/othello/board.h"

namespace tengen::othello {

// Per axis (0 rows, 1 columns, 2 the a1-h8 diagonals, 3 the h1-a8 diagonals): every square of
// every line on that axis whose squares are all in `filled`.
struct FullLines {
  Bitboard axis[4] = {};
};

namespace full_lines_detail {
// Per diagonal direction (0: +9, 1: -9, 2: +7, 3: -7) and step (1, 2, 4 squares): the squares
// with fewer than that many squares of the grid beyond them that way (their run reaches the
// edge within the step: nothing further to check).
struct Ends {
  Bitboard within[4][3] = {};
};
constexpr Ends makeEnds() {
  Ends e;
  constexpr int dr[4] = {1, -1, 1, -1}, dc[4] = {1, -1, -1, 1};
  for (int d = 0; d < 4; ++d)
    for (int level = 0; level < 3; ++level)
      for (int s = 0; s < 64; ++s) {
        int beyond = 0;
        for (int r = s / 8 + dr[d], c = s % 8 + dc[d]; r >= 0 && r < 8 && c >= 0 && c < 8; r += dr[d], c += dc[d]) ++beyond;
        if (beyond < (1 << level)) e.within[d][level] |= Bitboard{1} << s;
      }
  return e;
}
inline constexpr Ends kEnds = makeEnds();

// The squares from which every square that way to the grid's edge is in `filled`, the square
// included: runs checked 1, 2 and 4 squares at a time (three steps where one square at a time
// took seven: 7.6 ns against 12.8 ns for the four axes, same lines).
template <int D>
inline Bitboard filledToEdge(Bitboard filled) {
  constexpr int shift = D < 2 ? 9 : 7;
  constexpr bool up = D == 0 || D == 2;  // towards higher squares
  const auto go = [](Bitboard x, int n) { return up ? x >> n : x << n; };
  const auto& ends = kEnds.within[D];
  Bitboard x = filled & (go(filled, shift) | ends[0]);
  x &= go(x, 2 * shift) | ends[1];
  return x & (go(x, 4 * shift) | ends[2]);
}
}  // namespace full_lines_detail

// A row is full when its byte is, a column when its bit is set in every row, a diagonal square
// when it and every square from it to the grid's edge, both ways, are filled. On a smaller board,
// pass the squares off it as filled: a line is then full when its part on the board is.
inline FullLines fullLines(Bitboard filled) {
  using namespace full_lines_detail;
  FullLines full;
  Bitboard row = filled & (filled >> 4);
  row &= row >> 2;
  row &= row >> 1;
  full.axis[0] = (row & kFileA) * 0xff;
  Bitboard column = filled & (filled >> 32);
  column &= column >> 16;
  column &= column >> 8;
  full.axis[1] = (column & 0xff) * kFileA;
  full.axis[2] = filledToEdge<0>(filled) & filledToEdge<1>(filled);
  full.axis[3] = filledToEdge<2>(filled) & filledToEdge<3>(filled);
  return full;
}

}  // namespace tengen::othello
