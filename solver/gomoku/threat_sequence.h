// Threat-space search (Allis 1994): the attacker's threats played one after another while the
// defender answers each of them on all its cost squares at once. A sequence found so wins
// against every defence when the defender never has a four to gain a tempo with; the proof
// records only its gains, and the verifier replays them (proof_check.cpp).
#pragma once

#include <cstdint>
#include <vector>

#include "solver/gomoku/board.h"
#include "solver/gomoku/move_list.h"
#include "solver/gomoku/types.h"
#include "solver/proof/keyed_cache.h"

namespace tengen::gomoku {

// Whether a sequence of gains is a proof under `rule`. It rests on monotony: a defender stone
// more never helps the attacker and never takes a four from the defender. Freestyle has it.
// Exact five has it for the attacker (its fives are its own stones' runs) but not for the
// defender's exact fives (a defender stone can turn one into six), so the defender's fives and
// fours are counted as five or more, which a stone more never takes away: a superset of its
// exact ones. Renju has no such order (a white stone can free or forbid a black point).
inline bool threatSequencesProve(Rule rule) { return rule == Rule::Freestyle || rule == Rule::Standard; }
// How the defender's fives are counted in a sequence: five or more, under either rule.
inline constexpr Rule kSequenceDefenderRule = Rule::Freestyle;

// The defender's answers to the attacker's threat on `board` (the defender to move): the one five
// point when the attacker has one, else every empty cell after which the attacker has no move
// that leaves two five points. False when the attacker threatens nothing; true with no answers
// when nothing stops it (two five points, or two threes). The defender's own fours are the
// caller's to ask. The board is used as scratch and returned unchanged.
bool threatCostSquares(Board& board, Color attacker, Rule rule, MoveList& out);
// The answers to a three whose `strong` moves (each leaving the attacker two five points) are
// known: the empty cells after which none of them does so any more, read off the moves' five
// points (a stone spoils a move only on it or, when it has just two, on one of them).
void threatAnswers(Board& board, Color attacker, Rule rule, const MoveList& strong, MoveList& out);

class ThreatSequenceSearch {
 public:
  // The attacker's moves of one winning sequence for the attacker to move on `board`, each a
  // four or a three (the last leaves two five points or makes five), found by deepening on the
  // sequence's length up to `maxGains` within `maxNodes` threats tried; empty when none was
  // found. Each threat after the first shares a line, within four cells, with an earlier gain
  // (Allis's dependency: independent threats are found in another order anyway).
  std::vector<Point> find(const Board& board, Color attacker, Rule rule, std::uint64_t maxNodes, int maxGains = 12);
  std::uint64_t nodes() const { return nodes_; }

 private:
  bool search(int gainsLeft);
  // Attacker moves that make a four or a three and depend on the gains so far, fours first.
  void listThreats(MoveList& out);

  Board board_;
  Rule rule_ = Rule::Freestyle;
  Color attacker_ = Color::Black;
  std::uint64_t nodes_ = 0, maxNodes_ = 0;
  std::vector<Point> gains_;
  // Board hash and gains left: no sequence found there (dependency aside: a board reached with
  // other gains could list more threats, so a failure kept is a win possibly missed, never a
  // false one). Forgotten all at once past kMaxFailed: kept longer, failures met under other gains
  // cost wins (ply 26 of the first freestyle game went unproved in 1M nodes). A cache with room
  // for twice that, not a node-based set: the search asks it at every board it reaches.
  static constexpr std::size_t kMaxFailed = 1 << 20;
  proof::KeyedCache<std::uint8_t> failed_{2 * kMaxFailed};  // the value is unused
  Rule failedRule_ = Rule::Freestyle;
  Color failedAttacker_ = Color::Black;
};

}  // namespace tengen::gomoku
