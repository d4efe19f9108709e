// The exact value of an Othello position: the final disc margin for the side to move with
// perfect play by both (empty squares to the winner), by null-window alpha-beta (MTD(f)) over the
// bitboards with fewest-replies-first move ordering and a transposition table of bounds.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "solver/othello/board.h"
#include "solver/othello/evaluation.h"

namespace tengen::othello {

struct EndgameResult {
  bool exact = true;       // false: stopped (cancel or time) before the end; margin and best mean nothing
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

  // Stops early (result not exact) when `cancel` is raised or `seconds` (> 0) have passed.
  void setLimits(const std::atomic<bool>* cancel, double seconds) {
    cancel_ = cancel;
    seconds_ = seconds;
  }
  // `guess`: where MTD(f) starts (the nearer the value, the fewer passes); by default a shallow
  // search over the fitted evaluation where the board has one, else 0.
  EndgameResult solve(const Position& p, std::optional<int> guess = std::nullopt);
  // A fail-soft search in (alpha, beta), without the limits: a value strictly inside is exact, one at or below alpha
  // an upper bound, one at or above beta a lower bound.
  int search(const Position& p, int alpha, int beta);
  std::uint64_t nodes() const { return nodes_; }

 private:
  struct Entry;
  Entry* find(Bitboard mine, Bitboard theirs);
  Entry& slotFor(Bitboard mine, Bitboard theirs, int empties);
  void setBoard(const Position& p);  // the scoring, corners and quarters of the board searched
  Bitboard stableDiscs(Bitboard own, Bitboard occupied) const;
  int shallow(Bitboard mine, Bitboard theirs, Bitboard empty, int depth, int alpha, int beta);
  Bitboard oddQuadrants(Bitboard empty) const;
  int lastOne(Bitboard mine, Bitboard theirs, Square s) const;
  int lastFew(Bitboard mine, Bitboard theirs, Bitboard empty, int alpha, int beta, bool passed);
  int negamax(Bitboard mine, Bitboard theirs, Bitboard empty, int alpha, int beta, bool passed, Square* bestOut);
  std::vector<Entry> table_;
  std::uint64_t mask_ = 0;
  std::uint64_t nodes_ = 0;
  const std::atomic<bool>* cancel_ = nullptr;
  double seconds_ = 0;
  double deadline_ = 0;  // steady-clock seconds
  Bitboard quadrants_[4] = {};  // the board's four quarters, for parity ordering near the end
  Bitboard corners_ = 0;
  Scoring scoring_ = Scoring::MostDiscs;
  int squares_ = 64;
  int size_ = 8;
  const EvaluationWeights* weights_ = nullptr;  // the fitted evaluation of this board size, if any
  std::vector<std::pair<Bitboard, int>> lines_;  // every line of the board and its axis
  Bitboard edgeAcross_[4] = {};                  // per axis: squares with a neighbour off the board
  Bitboard board_ = 0;                           // the board's squares
};

}  // namespace tengen::othello
