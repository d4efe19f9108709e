// Basic vocabulary of five-in-a-row games: colours, rules, points and board limits.
#pragma once

#include <cstdint>
#include <string_view>

namespace tengen::gomoku {

inline constexpr int kMinSize = 5;
inline constexpr int kMaxSize = 20;
inline constexpr int kDefaultSize = 15;
inline constexpr int kMaxCells = kMaxSize * kMaxSize;

enum class Color : std::uint8_t { Black = 0, White = 1 };

constexpr Color opponent(Color c) { return c == Color::Black ? Color::White : Color::Black; }
constexpr int index(Color c) { return static_cast<int>(c); }
std::string_view colorName(Color c);

// Renju: RIF rules, black has fouls. Freestyle: five or more wins. Standard: exactly five wins.
enum class Rule : std::uint8_t { Renju = 0, Freestyle = 1, Standard = 2 };
std::string_view ruleName(Rule r);
bool parseRule(std::string_view text, Rule& out);

// Whether a colour wins only with exactly five (an overline is no win) under a rule.
constexpr bool needsExactFive(Rule r, Color c) {
  return r == Rule::Standard || (r == Rule::Renju && c == Color::Black);
}

// A board cell as a dense index row * size + col; row 0 is the bottom row (RIF rank 1).
using Point = std::int16_t;
inline constexpr Point kNoPoint = -1;
// A pass, as an edge of proof trees: the side to move changes, no stone is placed. Proofs use it
// for relevance zones (a win that holds even if the defender passed); games never contain one.
inline constexpr Point kPass = -2;

// Why a point is forbidden to black under renju; None when it is not.
enum class ForbiddenKind : std::uint8_t { None = 0, Overline, DoubleFour, DoubleThree };
std::string_view forbiddenKindName(ForbiddenKind k);

// The four line directions: horizontal, vertical, diagonal (up-right), anti-diagonal (down-right).
inline constexpr int kDirections = 4;
inline constexpr int kDirCol[kDirections] = {1, 0, 1, 1};
inline constexpr int kDirRow[kDirections] = {0, 1, 1, -1};

}  // namespace tengen::gomoku
