// The discs a move turns. Two ways, the same answers: by line tables for every CPU (each of the
// four lines through the square gathered into a byte, line_bytes.h, a table for the mover's discs
// that end a run of the opponent's, another for the discs between; 0.96x the time of four-lane
// AVX2 runs on an AMD EPYC), and by the eight rays at once where the build has AVX-512 VL and CD.
// flipsOf and lastFlipCount (the last ply's count) take the faster one the build has.
#pragma once

#include <bit>
#include <cstdint>

#if defined(__AVX512VL__) && defined(__AVX512CD__)
#include <immintrin.h>
#endif

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

// The opponent's discs (`other`) a move of `own`'s side at the empty square s turns, by the line
// tables; none when it is not a legal move.
inline Bitboard flipsByLines(Bitboard own, Bitboard other, Square s) {
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

// The discs `own` turns by playing `s`, the one empty square of a full 8x8 board (0: no move),
// by the line tables: every other square holds a disc, so the mover's discs alone tell the runs.
inline int lastFlipCountByLines(Bitboard own, Square s) {
  using namespace flips_detail;
  const auto& t = kLines.lastCount;
  const int r = s >> 3, c = s & 7;
  return t[c][rowByte(own, r)] + t[r][columnByte(own, c)] + t[c][diagonalByte(own, kLines.diagonal[s])] +
         t[c][diagonalByte(own, kLines.antiDiagonal[s])];
}

#if defined(__AVX512VL__) && defined(__AVX512CD__)
#define TENGEN_FLIPS_BY_RAYS 1
namespace flips_detail {

// The eight rays from each square to the board's edge: four towards higher squares (east, north,
// north-east, north-west), four towards lower ones (west, south, south-west, south-east).
struct SquareRays {
  Bitboard up[4] = {}, down[4] = {};
};
struct RayTable {
  SquareRays of[64] = {};
};
constexpr RayTable makeRays() {
  RayTable t;
  constexpr int dr[8] = {0, 1, 1, 1, 0, -1, -1, -1}, dc[8] = {1, 0, 1, -1, -1, 0, -1, 1};
  for (int s = 0; s < 64; ++s)
    for (int d = 0; d < 8; ++d) {
      Bitboard ray = 0;
      for (int r = s / 8 + dr[d], c = s % 8 + dc[d]; r >= 0 && r < 8 && c >= 0 && c < 8; r += dr[d], c += dc[d])
        ray |= Bitboard{1} << (r * 8 + c);
      if (d < 4) t.of[s].up[d] = ray;
      else t.of[s].down[d - 4] = ray;
    }
  return t;
}
alignas(64) inline constexpr RayTable kRays = makeRays();

}  // namespace flips_detail

// flipsByLines' answer with AVX-512 (VL, CD), the eight rays at once, four to a vector: on each
// ray the first square that is not the opponent's (the lowest going up, the highest going down,
// by a leading-zero count) ends the run, and the run turns when that square is the mover's.
inline Bitboard flipsByRays(Bitboard own, Bitboard other, Square s) {
  const auto& rays = flips_detail::kRays.of[s];
  const __m256i mine = _mm256_set1_epi64x(static_cast<long long>(own));
  const __m256i theirs = _mm256_set1_epi64x(static_cast<long long>(other));
  const __m256i zero = _mm256_setzero_si256();
  const __m256i up = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(rays.up));
  const __m256i down = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(rays.down));
  const __m256i upEnds = _mm256_andnot_si256(theirs, up), downEnds = _mm256_andnot_si256(theirs, down);
  const __m256i upEnd = _mm256_and_si256(upEnds, _mm256_sub_epi64(zero, upEnds));  // the lowest
  const __m256i downEnd = _mm256_srlv_epi64(_mm256_set1_epi64x(static_cast<long long>(0x8000000000000000ull)),
                                            _mm256_lzcnt_epi64(downEnds));  // the highest; none: 0
  const __mmask8 upTurns = _mm256_test_epi64_mask(upEnd, mine), downTurns = _mm256_test_epi64_mask(downEnd, mine);
  // The ray's squares before its end: below it going up, above it going down.
  const __m256i upRun = _mm256_maskz_and_epi64(upTurns, up, _mm256_add_epi64(upEnd, _mm256_set1_epi64x(-1)));
  const __m256i downRun = _mm256_maskz_and_epi64(downTurns, down, _mm256_sub_epi64(zero, _mm256_add_epi64(downEnd, downEnd)));
  return moves_detail::unionOfLanes(_mm256_or_si256(upRun, downRun));
}
#endif

// The opponent's discs (`other`) a move of `own`'s side at the empty square s turns; none when
// it is not a legal move. By the rays where the CPU has AVX-512: FForum #40-45 in 0.8x the time
// of the line tables on an Intel Xeon (docs/othello-history.md).
inline Bitboard flipsOf(Bitboard own, Bitboard other, Square s) {
#if defined(TENGEN_FLIPS_BY_RAYS)
  return flipsByRays(own, other, s);
#else
  return flipsByLines(own, other, s);
#endif
}

// The discs `own` turns by playing `s`, the one empty square of a full 8x8 board (0: no move).
// The endgame's last ply is its commonest node.
inline int lastFlipCount(Bitboard own, Square s) {
#if defined(TENGEN_FLIPS_BY_RAYS)
  return std::popcount(flipsByRays(own, ~(own | Bitboard{1} << s), s));
#else
  return lastFlipCountByLines(own, s);
#endif
}

}  // namespace tengen::othello
