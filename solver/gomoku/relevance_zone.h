// The prover's side of relevance zones (Allis's threat-space search; Wu & Lin for Connect6): when
// the attacker wins even if the defender passes, only defender moves inside the cells that win
// depends on can matter. NullMoveSearch finds such a win by a short threat-space search and
// computes its zone; the proof records the win under a pass edge, and the verifier recomputes
// the support by its own code (zone_support.cpp) before it accepts any move left out.
#pragma once

#include <bitset>
#include <cstdint>
#include <memory>
#include <optional>

#include "solver/gomoku/board.h"
#include "solver/gomoku/threat_sequence.h"
#include "solver/gomoku/types.h"
#include "solver/proof/proof_numbers.h"
#include "solver/proof/proof_tree.h"
#include "solver/proof/transposition_table.h"

namespace tengen::gomoku {

using Zone = std::bitset<kMaxCells>;
class ProofGame;

struct NullMoveWin {
  std::shared_ptr<const proof::ProofTree<Point>> tree;  // the attacker's win from the passed position
  Zone zone;  // the cells that win depends on: the defender's moves worth trying
};

// The cells a defender stone could change the proof `tree` on (the attacker to move on `board`)
// by: the moves it plays and the five points it counts on, the runs of five where the defender
// holds two stones (three where the attacker already has a five point), the attacker's answers
// and VCF lines with their five points, and the cells renju foul tests read. The board is used
// as scratch and returned unchanged.
Zone zoneOf(Board& board, Rule rule, Color attacker, const proof::ProofTree<Point>& tree);

// Threat-space searches for the attacker from positions where the defender passed. Keeps one
// table across searches (its keys carry everything that changes their meaning), so positions
// met again cost nothing.
class NullMoveSearch {
 public:
  // `effortShift` and `epsilon`: the searches' effort-aware choice (0: off) and 1+epsilon
  // (proof::SearchLimits).
  explicit NullMoveSearch(std::size_t tableMegabytes = 32, int effortShift = 0,
                          double epsilon = proof::kDefaultEpsilon);
  ~NullMoveSearch();
  // The threats find() may try in a threat-space sequence where sequences prove (0: none, the default).
  void setSequenceThreats(std::uint64_t threats) { sequenceThreats_ = threats; }
  // A win by threats (fours and threes; the shortest found by deepening on the attacker's moves)
  // within `maxNodes`, with its zone; failing that, where sequences prove (threatSequencesProve),
  // a threat-space sequence (threat_sequence.h) of up to setSequenceThreats() threats. Nullopt
  // when none was found. Adds the nodes (and threats) spent to `spent`.
  std::optional<NullMoveWin> find(const Board& board, Rule rule, Color attacker, std::uint64_t maxNodes,
                                  std::uint64_t& spent);
  // A win by threats (fours and threes, any length) for the attacker to move on `board`, within
  // `maxNodes`; null when none was found. Adds the nodes spent to `spent`.
  std::shared_ptr<const proof::ProofTree<Point>> findWin(const Board& board, Rule rule, Color attacker,
                                                         std::uint64_t maxNodes, std::uint64_t& spent);

 private:
  // The game the searches run in, kept across them (with its expansions) while the rule, the
  // attacker and the board size stay the same.
  ProofGame& gameFor(const Board& board, Rule rule, Color attacker, int moveLimit);

  proof::TranspositionTable table_;
  std::unique_ptr<ProofGame> game_;
  ThreatSequenceSearch sequences_;  // after a pass (see find)
  std::uint64_t sequenceThreats_ = 0;
  int effortShift_ = 0;
  double epsilon_;
};

}  // namespace tengen::gomoku
