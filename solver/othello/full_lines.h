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

// A row is full when its byte is, a column when its bit is set in every row, a diagonal square
// when it and every square from it to the grid's edge, both ways, are filled. On a smaller board,
// pass the squares off it as filled: a line is then full when its part on the board is.
inline FullLines fullLines(Bitboard filled) {
  constexpr Bitboard fileA = 0x0101010101010101ull, fileH = 0x8080808080808080ull;
  constexpr Bitboard rank1 = 0xffull, rank8 = 0xff00000000000000ull;
  FullLines full;
  Bitboard row = filled & (filled >> 4);
  row &= row >> 2;
  row &= row >> 1;
  full.axis[0] = (row & fileA) * 0xff;
  Bitboard column = filled & (filled >> 32);
  column &= column >> 16;
  column &= column >> 8;
  full.axis[1] = (column & 0xff) * fileA;
  Bitboard ahead9 = filled & (fileH | rank8), behind9 = filled & (fileA | rank1);
  Bitboard ahead7 = filled & (fileA | rank8), behind7 = filled & (fileH | rank1);
  for (int i = 0; i < 7; ++i) {
    ahead9 = filled & (fileH | rank8 | (ahead9 >> 9));
    behind9 = filled & (fileA | rank1 | (behind9 << 9));
    ahead7 = filled & (fileA | rank8 | (ahead7 >> 7));
    behind7 = filled & (fileH | rank1 | (behind7 << 7));
  }
  full.axis[2] = ahead9 & behind9;
  full.axis[3] = ahead7 & behind7;
  return full;
}

}  // namespace tengen::othello
