// --hint-engine and its options, as `solve` and `bench horizon` read them.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "cli/args.h"
#include "solver/gomoku/board.h"
#include "worker/search_guide.h"

namespace tengen::cli {

struct HintEngineOptions {
  std::string command;
  int plies = 0;           // questions before the search: the attacker's positions fewer plies than this below the root
  int milliseconds = 1000;  // the engine's time a question
  std::uint64_t afterNodes = 0;  // questions during the search (0: none; see gomoku::SolveOptions::oracle)
  int questions = 0;             // at most this many a search
  bool wait = true;              // the search waits for each answer (false: goes on, see SolveOptions::oracleInBackground)
};

// The options, or nullopt without --hint-engine. Throws UsageError for an empty command.
std::optional<HintEngineOptions> hintEngineOptions(const Args& args);

// The options as a distributed run's workers use them: each worker starts its own engine (for the
// rule and size of its first job) and asks it during its jobs' searches. The tree before the
// search (--hint-plies) has no place there; the caller rejects it.
worker::SearchGuide searchGuideOf(const HintEngineOptions& options);

// The engine's move, and the win it announced with it (mate in so many moves), if any.
struct EngineAnswer {
  gomoku::Point move;
  std::optional<int> mateIn;
};
// The engine's move for the side to move with some points barred: its next choice after those
// (the points sent as Yixin's YXBLOCK); nullopt when it names none, a barred point or an illegal one.
using NextMoveOracle = std::function<std::optional<EngineAnswer>(const gomoku::Board&, gomoku::Color toMove,
                                                                 const std::vector<gomoku::Point>& barred)>;
// Its engine (thinking options.milliseconds a question) starts at the first question.
NextMoveOracle nextMoveOracleOf(const HintEngineOptions& options, gomoku::Rule rule, int boardSize);

}  // namespace tengen::cli
