// A guided proof's engine: as the oracle the prover asks during its search (oracleOf), or asked
// before it at every position within a few plies where the attacker is to move (engineHints;
// where the defender is to move, every reply near the stones is followed). Its moves order the
// search only: every proof is the prover's own and verified.
#pragma once

#include <functional>
#include <memory>
#include <optional>

#include "engine/external_engine.h"
#include "solver/gomoku/position.h"
#include "solver/gomoku/proof_game.h"

namespace tengen::engine {

using gomoku::MoveOracle;  // the move to try for the side to move (the engine's choice), or nullopt

struct EngineHintOptions {
  int plies = 2;  // the oracle is asked at the attacker's positions fewer than this many plies below the root
  std::optional<gomoku::Color> attacker;  // nullopt: both colours, as a full-value solve asks both wins
  std::function<void(int asked)> progress;  // after each question
};

struct EngineHints {
  std::shared_ptr<gomoku::ProofGame::Hints> hints = std::make_shared<gomoku::ProofGame::Hints>();
  int asked = 0;     // positions the oracle was asked about
  int answered = 0;  // legal moves it named (each one a hint)
};

EngineHints engineHints(const gomoku::Position& root, const MoveOracle& oracle, const EngineHintOptions& options);
// An outside engine's legal moves as an oracle (a foul it names is no move; it must outlive the oracle).
MoveOracle oracleOf(ExternalEngine& engine);
// The engine's move with `barred` points barred (see ExternalEngine::move), or nullopt when it is
// not a legal move for `toMove` (a black foul under renju): what every asker of the engine takes.
std::optional<gomoku::Point> legalMoveOf(ExternalEngine& engine, const gomoku::Board& board, gomoku::Color toMove,
                                         const std::vector<gomoku::Point>& barred = {});

}  // namespace tengen::engine
