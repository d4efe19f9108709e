// Random Othello positions for tests: moves chosen uniformly from the start until `empties`
// squares are left (or the game ends), passing when there is no move.
#pragma once

#include <bit>
#include <random>

#include "solver/othello/board.h"

namespace tengen::othello {

inline Position randomPosition(std::mt19937& rng, int n, int empties, Scoring scoring = Scoring::MostDiscs) {
  Position p = Position::start(n, StartKind::Diagonal, scoring);
  while (!p.ended() && std::popcount(p.empty()) > empties) {
    Bitboard m = p.moves();
    if (!m) {
      p.play(kPass);
      continue;
    }
    for (int k = static_cast<int>(rng() % static_cast<unsigned>(std::popcount(m))); k > 0; --k) m &= m - 1;
    p.play(std::countr_zero(m));
  }
  return p;
}

}  // namespace tengen::othello
