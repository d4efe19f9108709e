// Othello move generation by shifts: a direction's run of opponent discs is grown six times from
// the mover's discs (Kogge-Stone style, unrolled), never square by square; a move's flips by
// precomputed rays. Inline: the endgame search spends most of its time here. Included by
// board.h; include that, not this.
#pragma once

#include <bit>
#include <cstdint>

namespace tengen::othello {

using Bitboard = std::uint64_t;
using Square = int;  // 0..63, row * 8 + col

namespace moves_detail {

constexpr Bitboard kNotFileA = 0xfefefefefefefefeull;  // after a shift towards h: nothing wrapped into a
constexpr Bitboard kNotFileH = 0x7f7f7f7f7f7f7f7full;  // after a shift towards a: nothing wrapped into h

// The eight directions as (shift, mask applied after it).
template <int D>
inline Bitboard step(Bitboard x) {
  if constexpr (D == 0) return (x << 1) & kNotFileA;  // east
  if constexpr (D == 1) return (x >> 1) & kNotFileH;  // west
  if constexpr (D == 2) return x << 8;                // south
  if constexpr (D == 3) return x >> 8;                // north
  if constexpr (D == 4) return (x << 9) & kNotFileA;  // south-east
  if constexpr (D == 5) return (x << 7) & kNotFileH;  // south-west
  if constexpr (D == 6) return (x >> 7) & kNotFileA;  // north-east
  if constexpr (D == 7) return (x >> 9) & kNotFileH;  // north-west
}

template <int D>
inline Bitboard movesTowards(Bitboard own, Bitboard other, Bitboard empty) {
  Bitboard x = step<D>(own) & other;
  x |= step<D>(x) & other;
  x |= step<D>(x) & other;
  x |= step<D>(x) & other;
  x |= step<D>(x) & other;
  x |= step<D>(x) & other;
  return step<D>(x) & empty;
}

// Each square's eight rays on the 8x8 grid (a smaller board's squares off it are never discs, so
// a ray ends there as at an empty square): four running to higher squares, four to lower.
struct Rays {
  Bitboard up[64][4] = {}, down[64][4] = {};
};
constexpr Rays makeRays() {
  Rays rays;
  constexpr int dr[4] = {0, 1, 1, 1}, dc[4] = {1, 0, 1, -1};  // east, south, south-east, south-west
  for (int s = 0; s < 64; ++s)
    for (int d = 0; d < 4; ++d)
      for (int sign = 1; sign >= -1; sign -= 2)
        for (int r = s / 8 + sign * dr[d], c = s % 8 + sign * dc[d]; r >= 0 && r < 8 && c >= 0 && c < 8;
             r += sign * dr[d], c += sign * dc[d])
          (sign > 0 ? rays.up[s][d] : rays.down[s][d]) |= Bitboard{1} << (r * 8 + c);
  return rays;
}
inline constexpr Rays kRays = makeRays();

}  // namespace moves_detail

inline Bitboard legalMoves(Bitboard own, Bitboard other, Bitboard empty) {
  return moves_detail::movesTowards<0>(own, other, empty) | moves_detail::movesTowards<1>(own, other, empty) |
         moves_detail::movesTowards<2>(own, other, empty) | moves_detail::movesTowards<3>(own, other, empty) |
         moves_detail::movesTowards<4>(own, other, empty) | moves_detail::movesTowards<5>(own, other, empty) |
         moves_detail::movesTowards<6>(own, other, empty) | moves_detail::movesTowards<7>(own, other, empty);
}

// The squares beside any of `x`'s (on the 8x8 grid): a move must have an opponent disc there.
inline Bitboard neighboursOf(Bitboard x) {
  const Bitboard side = ((x << 1) & moves_detail::kNotFileA) | ((x >> 1) & moves_detail::kNotFileH);
  const Bitboard row = x | side;
  return side | (row << 8) | (row >> 8);
}

// Along each ray the first square that is not the opponent's ends the run; the run flips when
// that square is the mover's. On a ray to higher squares it is the lowest such bit, on one to lower
// squares the highest: no loop, a few operations per ray.
inline Bitboard flipsOf(Bitboard own, Bitboard other, Square s) {
  const auto& rays = moves_detail::kRays;
  Bitboard flips = 0;
  for (int d = 0; d < 4; ++d) {
    const Bitboard ray = rays.up[s][d];
    const Bitboard stop = ~other & ray;
    const Bitboard first = stop & (0 - stop);
    if (first & own) flips |= (first - 1) & ray;
  }
  for (int d = 0; d < 4; ++d) {
    const Bitboard ray = rays.down[s][d];
    const Bitboard stop = ~other & ray;
    const Bitboard first = stop ? Bitboard{1} << (63 - std::countl_zero(stop)) : 0;
    if (first & own) flips |= ray & ~((first << 1) - 1);
  }
  return flips;
}

}  // namespace tengen::othello
