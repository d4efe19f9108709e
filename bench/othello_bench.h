// The Othello endgame benchmark: the FForum problems (an .obf file: a board string, the side to
// move, then each legal move with its exact final disc difference, best first), solved exactly.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "solver/othello/prove.h"

namespace tengen::bench {

struct FfoProblem {
  int number = 0;                                  // 1-based line number among the problems
  std::string board;                               // 64 cells, a space, the side to move
  std::vector<std::pair<std::string, int>> moves;  // each listed move and its score, best first
};

// Throws std::runtime_error naming the line when the file cannot be read or a line is malformed.
std::vector<FfoProblem> readFfoProblems(const std::string& file);

struct FfoSolve {
  int number = 0, empties = 0;
  int margin = 0, expected = 0;
  std::string best;  // the solver's move
  bool bestScoresBest = false;  // the listed score of the solver's move is the best score
  std::uint64_t nodes = 0;
  double seconds = 0;
  bool finished = true;  // false: stopped at the time limit; margin and best mean nothing
  // With `prove`: the margin proved again (both trees, checked by the plain-rules verifier).
  bool proved = false;
  std::size_t treeNodes = 0;
  std::uint64_t proofNodes = 0;
  double proofSeconds = 0;
  // With `replies`: every listed move's margin solved (othello::moveValues) against the listed one.
  bool repliesFinished = false;
  int repliesChecked = 0;
  // The listed moves whose solved margin is not the file's ("g1 -32 (published -30)"), or that are
  // not legal. The files are not always right: FForum #31's g1 is -32, proved and verified.
  std::vector<std::string> repliesDiffering;
  std::uint64_t repliesNodes = 0;
  double repliesSeconds = 0;
};

// Solves every problem from scratch (a fresh table each) with the exact endgame solver, each
// stopped after `maxSeconds` (0: never; a stopped one is not finished and not proved); with
// `prove`, each margin is then proved by `method` and verified; with `replies`, every move is
// solved too (within another `maxSeconds`) and each listed move's score checked.
std::vector<FfoSolve> runOthelloBench(const std::string& file, bool prove = false,
                                      othello::ProofMethod method = othello::ProofMethod::NullWindow,
                                      double maxSeconds = 0, bool replies = false);

}  // namespace tengen::bench
