// The games the command line knows, default first: the one list that names them.
#include "cli/game_commands.h"

#include "solver/gomoku/notation.h"

namespace tengen::cli {
namespace {

const GameCommands kFiveInARow{{"gomoku"}, solveFiveInARow, queryFiveInARow, buildFiveInARowBook};

const std::vector<const GameCommands*>& games() {
  static const std::vector<const GameCommands*> all = {&kFiveInARow, &othelloCommands()};
  return all;
}

bool names(const GameCommands& game, const std::optional<std::string>& value) {
  if (!value) return false;
  for (const auto& name : game.names)
    if (*value == name) return true;
  return false;
}

// "gomoku, othello or anti-othello"
std::string gameNames() {
  std::vector<std::string> all;
  for (const GameCommands* game : games()) all.insert(all.end(), game->names.begin(), game->names.end());
  std::string list;
  for (std::size_t i = 0; i < all.size(); ++i) list += (i == 0 ? "" : i + 1 == all.size() ? " or " : ", ") + all[i];
  return list;
}

}  // namespace

const GameCommands& gameCommandsFor(const Args& args) {
  const auto game = args.value("game"), rule = args.value("rule");
  for (const GameCommands* g : games())
    if (g != games().front() && (names(*g, game) || names(*g, rule))) return *g;
  if (game && !names(*games().front(), game))
    throw UsageError("unknown game " + gomoku::quoted(*game) + " (" + gameNames() + ")");
  return *games().front();
}

}  // namespace tengen::cli
