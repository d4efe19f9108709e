// The commands whose work differs by game (solve, query, book build) through one interface: each
// game's command-line adapter fills a GameCommands, and the commands parse their options once and
// run what gameCommandsFor() picks. A game is added by its adapter and one line in game_commands.cpp.
#pragma once

#include <string>
#include <vector>

#include "cli/args.h"

namespace tengen::cli {

struct GameCommands {
  // The --game values that pick this game (the first is its own name). A game other than the
  // default is picked by --rule as well ("--rule othello"), as its variants read like rules.
  std::vector<std::string> names;
  int (*solve)(const Args& args);
  int (*query)(const Args& args);
  int (*bookBuild)(const Args& args);
};

// Five-in-a-row (renju, gomoku, freestyle: the default game): the commands' own files hold its
// work (solve_command.cpp, query_command.cpp, distributed_command.cpp).
int solveFiveInARow(const Args& args);
int queryFiveInARow(const Args& args);
int buildFiveInARowBook(const Args& args);
// Othello and anti-Othello: cli/othello_commands.cpp.
const GameCommands& othelloCommands();

// The game the command line names: --game, or --rule naming a game other than the default; the
// default when neither does. Throws UsageError listing the games for an unknown --game.
const GameCommands& gameCommandsFor(const Args& args);

}  // namespace tengen::cli
