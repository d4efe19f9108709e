// --hint-engine and its options, as `solve` and `bench horizon` read them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "cli/args.h"

namespace tengen::cli {

struct HintEngineOptions {
  std::string command;
  int plies = 0;           // questions before the search: the attacker's positions fewer plies than this below the root
  int milliseconds = 1000;  // the engine's time a question
  std::uint64_t afterNodes = 0;  // questions during the search (0: none; see gomoku::SolveOptions::oracle)
  int questions = 0;             // at most this many a search
};

// The options, or nullopt without --hint-engine. Throws UsageError for an empty command.
std::optional<HintEngineOptions> hintEngineOptions(const Args& args);

}  // namespace tengen::cli
