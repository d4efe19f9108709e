// Othello as an AND/OR game for the generic proof-number search: "the attacker ends the game at
// least `target` discs ahead" (target 1: a win; 0: at least a draw). Leaves are finished games,
// decided by the final margin; nothing is cut, so a proof's only argument is the rules.
#pragma once

#include <cstdint>
#include <vector>

#include "solver/othello/board.h"
#include "solver/proof/game.h"

namespace tengen::othello {

class OthelloProofGame {
 public:
  using Move = Square;  // kPass when the side to move has no move

  OthelloProofGame(const Position& start, Disc attacker, int target);

  std::uint64_t key() const { return keyOf(current()); }
  std::uint64_t exactKey() const { return key(); }
  std::uint64_t keyAfter(Move m) const;
  proof::ProofNumbers estimate() const { return estimateOf(current()); }
  proof::ProofNumbers estimateAfter(Move m);
  bool attackerToMove() const { return current().toMove() == attacker_; }
  proof::Expansion expand(std::vector<proof::Child<Move>>& children, proof::Argument<Move>& argument);
  void play(Move m);
  void undo() { line_.pop_back(); }

  const Position& current() const { return line_.back(); }
  Disc attacker() const { return attacker_; }
  int target() const { return target_; }

 private:
  std::uint64_t keyOf(const Position& p) const;
  // Mobility: the side to move needs one good move among its moves, the other side all of them.
  proof::ProofNumbers estimateOf(const Position& p) const;
  static Position after(const Position& p, Move m);

  Disc attacker_;
  int target_;
  std::uint64_t salt_;  // the question (attacker, target) in every key: tables may be shared
  std::vector<Position> line_;
};

static_assert(proof::ProofGame<OthelloProofGame>);

}  // namespace tengen::othello
