// An Othello (Reversi) position on a 4x4, 6x6 or 8x8 board as two 64-bit bitboards: the side to
// move's discs and the opponent's. Square (col, row) is bit row * 8 + col with a1 = (0, 0) at the
// top left, as Othello programs number them; smaller boards use the top-left corner of the 8x8
// layout and a mask of their squares. Moves are found by shifting whole bitboards, flips by line tables.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "solver/othello/flips.h"

namespace tengen::othello {

inline constexpr Square kPass = -1;

enum class Disc : std::uint8_t { Black = 0, White = 1 };
inline Disc opposite(Disc d) { return d == Disc::Black ? Disc::White : Disc::Black; }

inline Bitboard bit(Square s) { return Bitboard{1} << s; }

// What wins: the most discs (Othello) or the fewest (anti-Othello, "anti-reversi"). The moves are
// the same; only the final count is read the other way.
enum class Scoring : std::uint8_t { MostDiscs = 0, FewestDiscs = 1 };
// The four centre discs: crossed on the diagonals (the standard start: black d5/e4, white d4/e5 on
// 8x8) or side by side (black d5/e5, white d4/e4: the "parallel" start of early Reversi).
enum class StartKind : std::uint8_t { Diagonal = 0, Parallel = 1 };

// Squares of an n x n board (n = 4, 6 or 8) in the 8x8 layout.
Bitboard boardMask(int n);
// legalMoves(own, other, empty): every square to which the side owning `own` may move against
// `other` on the squares `empty`; flipsOf(own, other, s): the opponent's discs a move at `s` turns
// (none: not a legal move). In moves.h and flips.h.

class Position {
 public:
  // The starting position on an n x n board, black to move.
  static Position start(int n, StartKind kind = StartKind::Diagonal, Scoring scoring = Scoring::MostDiscs);
  Position(int n, Bitboard black, Bitboard white, Disc toMove, Scoring scoring = Scoring::MostDiscs);

  int size() const { return size_; }
  Disc toMove() const { return toMove_; }
  Scoring scoring() const { return scoring_; }
  Bitboard mine() const { return mine_; }
  Bitboard theirs() const { return theirs_; }
  Bitboard discs(Disc d) const { return d == toMove_ ? mine_ : theirs_; }
  Bitboard empty() const { return ~(mine_ | theirs_) & mask_; }
  Bitboard moves() const { return legalMoves(mine_, theirs_, empty()); }
  bool mustPass() const { return moves() == 0 && !ended(); }
  // Neither side can move.
  bool ended() const;
  // How far the side to move is ahead at the end of the game: its discs less the opponent's
  // (under FewestDiscs the opponent's less its own), the empty squares going to the winner (the
  // scoring of Othello tournaments and of the FFO problems).
  int finalMargin() const;

  // Plays a legal move (throws std::invalid_argument otherwise) or a pass (only when no move).
  void play(Square s);

  bool operator==(const Position& o) const = default;

 private:
  int size_;
  Bitboard mask_;
  Bitboard mine_, theirs_;
  Disc toMove_;
  Scoring scoring_ = Scoring::MostDiscs;
};

// What the side to move may play, as the game tree's edges: its legal moves in square order, or
// the forced pass when it has none, or nothing when the game is over.
std::vector<Square> movesOrPass(const Position& p);

// The final margin from the disc counts of the side to move and its opponent, empties to the
// winner. Inline: the endgame search takes it at every leaf.
inline int finalMarginOf(int mine, int theirs, int empties, Scoring scoring) {
  const int margin = scoring == Scoring::MostDiscs ? mine - theirs : theirs - mine;
  return margin > 0 ? margin + empties : margin < 0 ? margin - empties : 0;
}

// "a1".."h8" on an n x n board, or "pass"; nullopt when malformed or off the board.
std::optional<Square> parseSquare(std::string_view text, int n);
std::string squareName(Square s);
// 64 cells row by row from a1 ("X" black, "O" white, "-" empty), a space, then the side to move
// ("X" or "O"), as in the FFO files. Throws std::invalid_argument naming what is wrong.
Position parseBoardString(std::string_view text);

}  // namespace tengen::othello
