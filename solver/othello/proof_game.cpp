// The Othello proof game: positions kept as a stack of bitboard positions, keys mixed from the
// two bitboards and the side to move, numbers initialised from mobility.
#include "solver/othello/proof_game.h"

#include <algorithm>
#include <bit>

namespace tengen::othello {
namespace {

std::uint64_t mix(std::uint64_t x) {  // splitmix64's finaliser
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ull;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

std::uint32_t movesCount(const Position& p) {
  const int n = std::popcount(p.moves());
  return n == 0 ? 1u : static_cast<std::uint32_t>(n);  // a pass is one move
}

}  // namespace

OthelloProofGame::OthelloProofGame(const Position& start, Disc attacker, int target)
    : attacker_(attacker),
      target_(target),
      salt_(mix(0x6f7468656c6c6fULL + static_cast<std::uint64_t>(target + 128) * 2 +
                (attacker == Disc::White ? 1 : 0))) {
  line_.reserve(80);
  line_.push_back(start);
}

std::uint64_t OthelloProofGame::keyOf(const Position& p) const {
  const std::uint64_t side = p.toMove() == Disc::White ? 0x9e3779b97f4a7c15ull : 0;
  const std::uint64_t scoring = p.scoring() == Scoring::FewestDiscs ? 0x5851f42d4c957f2dull : 0;
  return mix(mix(p.discs(Disc::Black) ^ salt_) ^ p.discs(Disc::White) ^ side ^ scoring) ^ static_cast<std::uint64_t>(p.size());
}

Position OthelloProofGame::after(const Position& p, Move m) {
  Position q = p;
  q.play(m);
  return q;
}

std::uint64_t OthelloProofGame::keyAfter(Move m) const { return keyOf(after(current(), m)); }

proof::ProofNumbers OthelloProofGame::estimateAfter(Move m) { return estimateOf(after(current(), m)); }

proof::ProofNumbers OthelloProofGame::estimateOf(const Position& p) const {
  const std::uint32_t n = movesCount(p);
  return p.toMove() == attacker_ ? proof::ProofNumbers{1, n} : proof::ProofNumbers{n, 1};
}

proof::Expansion OthelloProofGame::expand(std::vector<proof::Child<Move>>& children, proof::Argument<Move>& argument) {
  children.clear();
  argument = {};
  const Position& p = current();
  if (p.ended()) {
    const int margin = p.toMove() == attacker_ ? p.finalMargin() : -p.finalMargin();
    return margin >= target_ ? proof::Expansion::Proven : proof::Expansion::Disproven;
  }
  Bitboard moves = p.moves();
  if (moves == 0) {
    children.push_back({kPass, {}});
    return proof::Expansion::Open;
  }
  // Fewest replies first: the search breaks ties by this order.
  std::vector<std::pair<int, Square>> order;
  for (; moves; moves &= moves - 1) {
    const Square s = std::countr_zero(moves);
    order.push_back({std::popcount(after(p, s).moves()), s});
  }
  std::stable_sort(order.begin(), order.end());
  for (const auto& [replies, s] : order) children.push_back({s, {}});
  return proof::Expansion::Open;
}

void OthelloProofGame::play(Move m) { line_.push_back(after(current(), m)); }

}  // namespace tengen::othello
