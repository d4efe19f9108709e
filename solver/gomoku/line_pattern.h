// What one stone placed at the centre of an 11-cell line window makes on that line,
// precomputed for every window so that the rules and threat code only ever look it up.
#pragma once

#include <array>
#include <cstdint>

namespace tengen::gomoku {

// Window cells are numbered 0..10 along the line; cell 5 is the centre (the stone being judged).
inline constexpr int kWindowCells = 11;
inline constexpr int kWindowCentre = 5;
// Number of distinct windows: the ten non-centre cells are each empty, own or blocked
// (opponent stone or off the board).
inline constexpr int kWindowKeys = 59049;  // 3^10

struct LinePattern {
  // Window cells (bit i = cell i) that complete a five once the centre stone is down.
  std::uint16_t fivePoints = 0;
  // Window cells that, added next, make a straight four through the centre without making a
  // five: the line is a three. Only set when the centre makes no four on this line.
  std::uint16_t straightFourPoints = 0;
  std::uint8_t flags = 0;
  // Distinct fours through the centre (two on one line for X.XXX.X-like shapes).
  std::uint8_t fours = 0;
  // Most own stones (centre included) in a run of five cells through the centre with no blocked
  // cell: 3 means the move prepares a four on this line.
  std::uint8_t bestWindow = 0;
  // How much the move builds on this line, for move ordering: with b the most own stones
  // (centre included, at least 2) in an open run of five through the centre (under exact five,
  // a run flanked by no own stone), b times the number of such runs holding b.
  std::uint8_t potential = 0;

  static constexpr std::uint8_t kFive = 1;           // the centre completes a five
  static constexpr std::uint8_t kOverline = 2;       // the centre makes six or more (exact-five tables)
  static constexpr std::uint8_t kStraightFour = 4;   // the four is an open (straight) four

  bool five() const { return flags & kFive; }
  bool overline() const { return flags & kOverline; }
  bool straightFour() const { return flags & kStraightFour; }
  bool three() const { return straightFourPoints != 0; }
};

// Both tables, exact five first then five-or-more, kWindowKeys entries each: constant data
// generated at build time (line_pattern_rules.h judges a window).
extern const LinePattern kLinePatterns[];

// One table per notion of five, indexed by windowKey: exact (renju black, standard) or
// five-or-more. Inline: every threat and rule test starts here.
inline const LinePattern* linePatternTable(bool exactFive) {
  return exactFive ? kLinePatterns : kLinePatterns + kWindowKeys;
}

namespace detail {
// Ternary value of the ten non-centre cells of a 10-bit mask (cell i has weight 3^i).
constexpr std::array<std::uint16_t, 1024> makeTernaryDigits() {
  std::array<std::uint16_t, 1024> value{};
  for (unsigned m = 0; m < 1024; ++m) {
    unsigned v = 0, weight = 1;
    for (int i = 0; i < 10; ++i, weight *= 3)
      if (m & (1u << i)) v += weight;
    value[m] = static_cast<std::uint16_t>(v);
  }
  return value;
}
inline constexpr std::array<std::uint16_t, 1024> kTernaryDigits = makeTernaryDigits();
}  // namespace detail

// The table key of a window from its own and blocked cells (11-bit masks; the centre is ignored).
inline int windowKey(unsigned ownMask, unsigned blockedMask) {
  const unsigned own = (ownMask & 0x1Fu) | ((ownMask >> 1) & 0x3E0u);
  const unsigned blocked = (blockedMask & 0x1Fu) | ((blockedMask >> 1) & 0x3E0u);
  return detail::kTernaryDigits[own] + 2 * detail::kTernaryDigits[blocked];
}

}  // namespace tengen::gomoku
