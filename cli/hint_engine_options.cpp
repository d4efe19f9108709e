// Reading --hint-engine, --hint-plies, --hint-after, --hint-questions and --hint-ms.
#include "cli/hint_engine_options.h"

#include <memory>

#include "engine/engine_hints.h"
#include "engine/external_engine.h"

namespace tengen::cli {

std::optional<HintEngineOptions> hintEngineOptions(const Args& args) {
  const auto command = args.value("hint-engine");
  if (!command) {
    // The engine's settings mean nothing without it: a typo'd or forgotten --hint-engine is said.
    for (const char* option : {"hint-plies", "hint-ms", "hint-after", "hint-questions", "hint-wait"})
      if (args.value(option)) throw UsageError(std::string("--") + option + " needs --hint-engine (the engine to ask)");
    return std::nullopt;
  }
  if (command->empty()) throw UsageError("--hint-engine needs a command, e.g. --hint-engine pbrain-rapfi");
  HintEngineOptions o;
  o.command = *command;
  o.plies = static_cast<int>(args.integer("hint-plies", 0, 0, 8));
  o.milliseconds = static_cast<int>(args.integer("hint-ms", 1000, 1, 3600000));
  o.afterNodes = static_cast<std::uint64_t>(args.integer("hint-after", 256, 0, 1LL << 40));
  o.questions = static_cast<int>(args.integer("hint-questions", 1000, 0, 1 << 24));
  o.wait = args.integer("hint-wait", 1, 0, 1) == 1;
  if (o.plies == 0 && o.afterNodes == 0) throw UsageError("--hint-plies 0 and --hint-after 0 leave the engine nothing to answer");
  return o;
}

worker::SearchGuide searchGuideOf(const HintEngineOptions& options) {
  worker::SearchGuide guide;
  guide.afterNodes = options.afterNodes;
  guide.questions = options.questions;
  guide.inBackground = !options.wait;
  guide.make = [command = options.command, ms = options.milliseconds](gomoku::Rule rule, int size) -> gomoku::MoveOracle {
    // The oracle owns its engine: the process ends with the worker's last copy of it.
    const auto engine = std::make_shared<engine::ExternalEngine>(command, size, rule, ms);
    return [engine, oracle = engine::oracleOf(*engine)](const gomoku::Board& b, gomoku::Color c) { return oracle(b, c); };
  };
  return guide;
}

NextMoveOracle nextMoveOracleOf(const HintEngineOptions& options, gomoku::Rule rule, int boardSize) {
  auto engine = std::make_shared<std::unique_ptr<engine::ExternalEngine>>();
  return [engine, command = options.command, ms = options.milliseconds, rule, boardSize](
             const gomoku::Board& b, gomoku::Color c, const std::vector<gomoku::Point>& barred) -> std::optional<EngineAnswer> {
    if (!*engine) *engine = std::make_unique<engine::ExternalEngine>(command, boardSize, rule, ms);
    const auto move = engine::legalMoveOf(**engine, b, c, barred);
    if (!move) return std::nullopt;
    return EngineAnswer{*move, (*engine)->announcedMate()};
  };
}

}  // namespace tengen::cli
