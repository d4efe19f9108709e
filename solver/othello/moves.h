// Othello move generation by shifts: a direction's run of opponent discs is grown six times from
// the mover's discs (Kogge-Stone style, unrolled), never square by square. Inline: the endgame
// search spends most of its time here. Included by board.h; include that, not this.
#pragma once

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

template <int D>
inline Bitboard flipsTowards(Bitboard own, Bitboard other, Bitboard from) {
  Bitboard run = 0;
  Bitboard x = step<D>(from);
  while (x & other) {  // at most six steps: a run of opponent discs
    run |= x;
    x = step<D>(x);
  }
  return (x & own) ? run : 0;
}

}  // namespace moves_detail

inline Bitboard legalMoves(Bitboard own, Bitboard other, Bitboard empty) {
  return moves_detail::movesTowards<0>(own, other, empty) | moves_detail::movesTowards<1>(own, other, empty) |
         moves_detail::movesTowards<2>(own, other, empty) | moves_detail::movesTowards<3>(own, other, empty) |
         moves_detail::movesTowards<4>(own, other, empty) | moves_detail::movesTowards<5>(own, other, empty) |
         moves_detail::movesTowards<6>(own, other, empty) | moves_detail::movesTowards<7>(own, other, empty);
}

inline Bitboard flipsOf(Bitboard own, Bitboard other, Square s) {
  const Bitboard from = Bitboard{1} << s;
  return moves_detail::flipsTowards<0>(own, other, from) | moves_detail::flipsTowards<1>(own, other, from) |
         moves_detail::flipsTowards<2>(own, other, from) | moves_detail::flipsTowards<3>(own, other, from) |
         moves_detail::flipsTowards<4>(own, other, from) | moves_detail::flipsTowards<5>(own, other, from) |
         moves_detail::flipsTowards<6>(own, other, from) | moves_detail::flipsTowards<7>(own, other, from);
}

}  // namespace tengen::othello
