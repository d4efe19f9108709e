// Othello move generation by shifts: a direction's run of opponent discs is grown from the
// mover's discs by doubling steps (Kogge-Stone style, unrolled), never square by square. Where
// the CPU has AVX2 (the x86-64-v3 build) four directions go at once, one to a lane; elsewhere
// direction by direction. A move's flips are in flips.h. Inline: the endgame search spends most
// of its time here. Included by board.h; include that, not this.
#pragma once

#include <cstdint>

#if defined(__AVX2__)
#include <immintrin.h>
#endif

namespace tengen::othello {

using Bitboard = std::uint64_t;
using Square = int;  // 0..63, row * 8 + col

namespace moves_detail {

constexpr Bitboard kNotFileA = 0xfefefefefefefefeull;  // after a shift towards h: nothing wrapped into a
constexpr Bitboard kNotFileH = 0x7f7f7f7f7f7f7f7full;  // after a shift towards a: nothing wrapped into h

// A direction's moves, the run of opponent discs grown by doubling: one step, a second, then two
// steps at a time through squares whose neighbour that way is the opponent's too (four shifts
// instead of six). Towards a side the opponent's discs on the a and h files are left out first:
// no run turns across the board's side, so no step needs a mask of its own. D: 0 east, 1 west,
// 2 south, 3 north, 4 south-east, 5 south-west, 6 north-east, 7 north-west.
template <int D>
inline Bitboard movesTowards(Bitboard own, Bitboard other, Bitboard empty) {
  constexpr int shift = D < 2 ? 1 : D < 4 ? 8 : D < 6 ? (D == 4 ? 9 : 7) : (D == 6 ? 7 : 9);
  constexpr bool up = D == 0 || D == 2 || D == 4 || D == 5;
  const Bitboard o = D == 2 || D == 3 ? other : other & 0x7e7e7e7e7e7e7e7eull;
  const auto go = [](Bitboard x, int n) { return up ? x << n : x >> n; };
  Bitboard x = go(own, shift) & o;
  x |= go(x, shift) & o;
  const Bitboard pairs = o & go(o, shift);
  x |= go(x, 2 * shift) & pairs;
  x |= go(x, 2 * shift) & pairs;
  return go(x, shift) & empty;
}

}  // namespace moves_detail

#if defined(__AVX2__)
namespace moves_detail {

// The four axes as four lanes: east, south, south-east, south-west (shifts 1, 8, 9, 7), each read
// both ways (up: towards higher squares).
inline __m256i axisShifts() { return _mm256_set_epi64x(7, 9, 8, 1); }
// The opponent's discs a run may hold, per lane: no run crosses the board's side, so the a and h
// files are left out but for the vertical lane.
inline __m256i runnableLanes(Bitboard other) {
  return _mm256_and_si256(_mm256_set1_epi64x(static_cast<long long>(other)),
                          _mm256_set_epi64x(0x7e7e7e7e7e7e7e7ell, 0x7e7e7e7e7e7e7e7ell, -1ll, 0x7e7e7e7e7e7e7e7ell));
}
struct Runs {
  __m256i up, down;
};
// The runs of `o` that start next to `from`, both ways on each lane, grown by doubling as
// movesTowards grows one direction's.
inline Runs runsFrom(__m256i from, __m256i o) {
  const __m256i shift = axisShifts(), shift2 = _mm256_add_epi64(shift, shift);
  __m256i up = _mm256_and_si256(_mm256_sllv_epi64(from, shift), o);
  __m256i down = _mm256_and_si256(_mm256_srlv_epi64(from, shift), o);
  up = _mm256_or_si256(up, _mm256_and_si256(_mm256_sllv_epi64(up, shift), o));
  down = _mm256_or_si256(down, _mm256_and_si256(_mm256_srlv_epi64(down, shift), o));
  const __m256i upPairs = _mm256_and_si256(o, _mm256_sllv_epi64(o, shift));
  const __m256i downPairs = _mm256_and_si256(o, _mm256_srlv_epi64(o, shift));
  up = _mm256_or_si256(up, _mm256_and_si256(_mm256_sllv_epi64(up, shift2), upPairs));
  down = _mm256_or_si256(down, _mm256_and_si256(_mm256_srlv_epi64(down, shift2), downPairs));
  up = _mm256_or_si256(up, _mm256_and_si256(_mm256_sllv_epi64(up, shift2), upPairs));
  down = _mm256_or_si256(down, _mm256_and_si256(_mm256_srlv_epi64(down, shift2), downPairs));
  return {up, down};
}
// The four lanes' squares together.
inline Bitboard unionOfLanes(__m256i x) {
  __m128i half = _mm_or_si128(_mm256_castsi256_si128(x), _mm256_extracti128_si256(x, 1));
  half = _mm_or_si128(half, _mm_unpackhi_epi64(half, half));
  return static_cast<Bitboard>(_mm_cvtsi128_si64(half));
}

}  // namespace moves_detail

// A move is the square one step beyond a run grown from the mover's discs.
inline Bitboard legalMoves(Bitboard own, Bitboard other, Bitboard empty) {
  using namespace moves_detail;
  const Runs runs = runsFrom(_mm256_set1_epi64x(static_cast<long long>(own)), runnableLanes(other));
  const __m256i shift = axisShifts();
  return unionOfLanes(_mm256_or_si256(_mm256_sllv_epi64(runs.up, shift), _mm256_srlv_epi64(runs.down, shift))) & empty;
}
#else
inline Bitboard legalMoves(Bitboard own, Bitboard other, Bitboard empty) {
  return moves_detail::movesTowards<0>(own, other, empty) | moves_detail::movesTowards<1>(own, other, empty) |
         moves_detail::movesTowards<2>(own, other, empty) | moves_detail::movesTowards<3>(own, other, empty) |
         moves_detail::movesTowards<4>(own, other, empty) | moves_detail::movesTowards<5>(own, other, empty) |
         moves_detail::movesTowards<6>(own, other, empty) | moves_detail::movesTowards<7>(own, other, empty);
}
#endif

// The squares beside any of `x`'s (on the 8x8 grid): a move must have an opponent disc there.
constexpr Bitboard neighboursOf(Bitboard x) {
  const Bitboard side = ((x << 1) & moves_detail::kNotFileA) | ((x >> 1) & moves_detail::kNotFileH);
  const Bitboard row = x | side;
  return side | (row << 8) | (row >> 8);
}

// One square's neighbours, neighboursOf(bit(s)), looked up.
struct SquareNeighbours {
  Bitboard of[64] = {};
  constexpr SquareNeighbours() {
    for (int s = 0; s < 64; ++s) of[s] = neighboursOf(Bitboard{1} << s);
  }
  constexpr Bitboard operator[](int s) const { return of[s]; }
};
inline constexpr SquareNeighbours kNeighbours{};

}  // namespace tengen::othello
