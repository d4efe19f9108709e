// The discs a move turns, by line tables: each of the four lines through the square is gathered
// into a byte (line_bytes.h), a table finds the mover's discs that end a run of the opponent's,
// another the discs between, and the byte is spread back onto its line. No loop, no branch,
// scalar code for every CPU: FForum #40-45 in 0.96x the time of four-lane AVX2 runs on an AMD
// EPYC (docs/othello-history.md). lastFlipCount is the last ply's count, from the mover's discs.
#pragma once

#include <cstdint>

#include "solver/othello/line_bytes.h"
#include "solver/othello/moves.h"

namespace tengen::othello {

namespace flips_detail {

struct LineTables {
  // outflank[p][inner]: for a move at p, the squares that end its runs both ways when the
  // opponent's discs on the line are `inner` << 1 (a run never turns the line's ends); a run of
  // none ends nowhere. Anded with the mover's byte: the runs that flip.
  std::uint8_t outflank[8][64] = {};
  // between[p][ends]: the squares between p and each end.
  std::uint8_t between[8][256] = {};
  // lastCount[p][mine]: the discs turned by a move at p on a line whose every other square is
  // the opponent's but the mover's `mine` (the last empty square of a full board). A run that
  // reaches the line's end without a mover's disc turns nothing; so do squares beyond a short
  // diagonal's end, which read as the opponent's and end no run.
  std::uint8_t lastCount[8][256] = {};
  Bitboard column[256] = {};                    // a column's byte spread onto file a
  Bitboard diagonal[64] = {}, antiDiagonal[64] = {};  // through each square: a1-h8 way, h1-a8 way
};

constexpr LineTables makeLineTables() {
  LineTables t;
  for (int p = 0; p < 8; ++p) {
    for (int inner = 0; inner < 64; ++inner) {
      const int theirs = inner << 1;
      int ends = 0;
      for (int step = -1; step <= 1; step += 2) {
        int i = p + step;
        while (i >= 0 && i < 8 && (theirs >> i & 1)) i += step;
        if (i >= 0 && i < 8 && i != p + step) ends |= 1 << i;
      }
      t.outflank[p][inner] = static_cast<std::uint8_t>(ends);
    }
    for (int line = 0; line < 256; ++line) {
      int turned = 0, count = 0;
      for (int step = -1; step <= 1; step += 2) {
        int run = 0;
        for (int i = p + step; i >= 0 && i < 8; i += step, ++run)
          if (line >> i & 1) {
            for (int j = p + step; j != i; j += step) turned |= 1 << j;
            count += run;
            break;
          }
      }
      t.between[p][line] = static_cast<std::uint8_t>(turned);
      t.lastCount[p][line] = static_cast<std::uint8_t>(count);
    }
  }
  for (int byte = 0; byte < 256; ++byte)
    for (int i = 0; i < 8; ++i)
      if (byte >> i & 1) t.column[byte] |= Bitboard{1} << (8 * i);
  for (int s = 0; s < 64; ++s)
    for (int r = 0; r < 8; ++r) {
      const int down = s % 8 + (r - s / 8), up = s % 8 - (r - s / 8);
      if (down >= 0 && down < 8) t.diagonal[s] |= Bitboard{1} << (r * 8 + down);
      if (up >= 0 && up < 8) t.antiDiagonal[s] |= Bitboard{1} << (r * 8 + up);
    }
  return t;
}
inline constexpr LineTables kLines = makeLineTables();

}  // namespace flips_detail

// The opponent's discs (`other`) a move of `own`'s side at the empty square s turns; none when
// it is not a legal move.
inline Bitboard flipsOf(Bitboard own, Bitboard other, Square s) {
  using namespace flips_detail;
  const auto& t = kLines;
  const int r = s >> 3, c = s & 7;
  const auto turned = [&](int p, int mine, int theirs) { return t.between[p][t.outflank[p][(theirs >> 1) & 63] & mine]; };
  Bitboard f = Bitboard{turned(c, rowByte(own, r), rowByte(other, r))} << (8 * r);
  f |= t.column[turned(r, columnByte(own, c), columnByte(other, c))] << c;
  // A diagonal's byte, spread to every row and masked, lands back on the diagonal.
  const Bitboard down = t.diagonal[s], up = t.antiDiagonal[s];
  f |= (turned(c, diagonalByte(own, down), diagonalByte(other, down)) * kFileA) & down;
  f |= (turned(c, diagonalByte(own, up), diagonalByte(other, up)) * kFileA) & up;
  return f;
}

// The discs `own` turns by playing `s`, the one empty square of a full 8x8 board (0: no move):
// every other square holds a disc, so the mover's discs alone tell the runs. The endgame's last
// ply is its commonest node.
inline int lastFlipCount(Bitboard own, Square s) {
  using namespace flips_detail;
  const auto& t = kLines.lastCount;
  const int r = s >> 3, c = s & 7;
  return t[c][rowByte(own, r)] + t[r][columnByte(own, c)] + t[c][diagonalByte(own, kLines.diagonal[s])] +
         t[c][diagonalByte(own, kLines.antiDiagonal[s])];
}

}  // namespace tengen::othello
