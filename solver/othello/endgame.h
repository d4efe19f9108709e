// The exact value of an Othello position: the final disc margin for the side to move with
// perfect play by both (empty squares to the winner), by alpha-beta over the bitboards with
// fewest-replies-first move ordering and a transposition table of bounds.
#pragma once

#include <cstdint>
#include <vector>

#include "solver/othello/board.h"

namespace tengen::othello {

struct EndgameResult {
  int margin = 0;          // exact, for the side to move
  Square best = kPass;     // a move that reaches it (kPass when the side to move must pass or the game is over)
  std::uint64_t nodes = 0;
  double seconds = 0;
};

class EndgameSolver {
 public:
  explicit EndgameSolver(int tableBits = 20);
  ~EndgameSolver();
  EndgameSolver(const EndgameSolver&) = delete;
  EndgameSolver& operator=(const EndgameSolver&) = delete;

  EndgameResult solve(const Position& p);
  // A fail-soft search in (alpha, beta): a value strictly inside is exact, one at or below alpha
  // an upper bound, one at or above beta a lower bound.
  int search(const Position& p, int alpha, int beta);
  std::uint64_t nodes() const { return nodes_; }

 private:
  struct Entry;
  int negamax(Bitboard mine, Bitboard theirs, Bitboard empty, int alpha, int beta, bool passed, Square* bestOut);
  std::vector<Entry> table_;
  std::uint64_t mask_ = 0;
  std::uint64_t nodes_ = 0;
};

}  // namespace tengen::othello
