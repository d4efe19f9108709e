// The command line's Othello adapter (cli/othello_commands.cpp): which Othello the options name,
// and the Othello forms of `solve`, `query` and `book build`.
#pragma once

#include <string>

#include "cli/args.h"
#include "solver/othello/board.h"

namespace tengen::cli {

// Which Othello a command line asks for: --game (or --rule) othello | anti-othello, --size 4, 6
// or 8, --start diagonal | parallel.
struct OthelloGame {
  int size = 8;
  othello::Scoring scoring = othello::Scoring::MostDiscs;
  othello::StartKind start = othello::StartKind::Diagonal;
  const char* name() const { return scoring == othello::Scoring::FewestDiscs ? "anti-othello" : "othello"; }
};
// Whether the command line names Othello (--game or --rule othello / anti-othello).
bool othelloRequested(const Args& args);
// Throws UsageError for a size or start Othello does not have.
OthelloGame othelloGame(const Args& args);
// A board string (64 cells, a space, the side to move) or moves from the start ("f5 d6 c3"):
// the position they reach (solver/othello/notation.h). Throws UsageError naming what is wrong.
othello::Position parseOthello(const std::string& text, const OthelloGame& game);

int runOthelloSolve(const Args& args);
int runOthelloQuery(const Args& args);
// `book build --game othello`: every position to --depth plies below the root gets its exact margin.
int runOthelloBookBuild(const Args& args);

}  // namespace tengen::cli
