// An Othello (Reversi) position on a 4x4, 6x6 or 8x8 board as two 64-bit bitboards: the side to
// move's discs and the opponent's. Square (col, row) is bit row * 8 + col with a1 = (0, 0) at the
// top left, as Othello programs number them; smaller boards use the top-left corner of the 8x8
// layout and a mask of their squares. Moves and flips are found by shifting whole bitboards.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace tengen::othello {

using Bitboard = std::uint64_t;
using Square = int;  // 0..63, row * 8 + col
inline constexpr Square kPass = -1;

enum class Disc : std::uint8_t { Black = 0, White = 1 };
inline Disc opposite(Disc d) { return d == Disc::Black ? Disc::White : Disc::Black; }

inline Bitboard bit(Square s) { return Bitboard{1} << s; }

// Squares of an n x n board (n = 4, 6 or 8) in the 8x8 layout.
Bitboard boardMask(int n);
// Every square to which the side owning `own` may move against `other` on the squares `empty`.
Bitboard legalMoves(Bitboard own, Bitboard other, Bitboard empty);
// The opponent's discs a move at `s` turns (none: not a legal move).
Bitboard flipsOf(Bitboard own, Bitboard other, Square s);

class Position {
 public:
  // The standard start: the four centre squares, black on the "d5/e4" diagonal, black to move.
  static Position start(int n);
  Position(int n, Bitboard black, Bitboard white, Disc toMove);

  int size() const { return size_; }
  Disc toMove() const { return toMove_; }
  Bitboard mine() const { return mine_; }
  Bitboard theirs() const { return theirs_; }
  Bitboard discs(Disc d) const { return d == toMove_ ? mine_ : theirs_; }
  Bitboard empty() const { return ~(mine_ | theirs_) & mask_; }
  Bitboard moves() const { return legalMoves(mine_, theirs_, empty()); }
  bool mustPass() const { return moves() == 0 && !ended(); }
  // Neither side can move.
  bool ended() const;
  // The side to move's discs less the opponent's; at the end of a game the empty squares go
  // to the winner (the scoring of Othello tournaments and of the FFO problems).
  int finalMargin() const;

  // Plays a legal move (throws std::invalid_argument otherwise) or a pass (only when no move).
  void play(Square s);

  bool operator==(const Position& o) const = default;

 private:
  int size_;
  Bitboard mask_;
  Bitboard mine_, theirs_;
  Disc toMove_;
};

// "a1".."h8" on an n x n board, or "pass"; nullopt when malformed or off the board.
std::optional<Square> parseSquare(std::string_view text, int n);
std::string squareName(Square s);
// 64 cells row by row from a1 ("X" black, "O" white, "-" empty), a space, then the side to move
// ("X" or "O"), as in the FFO files. Throws std::invalid_argument naming what is wrong.
Position parseBoardString(std::string_view text);

}  // namespace tengen::othello
