// A proof set: one claim proved by several proof files, as Victoria's was by its book. The set's
// index names a position, the attacker's move there and the files; the claim holds when every
// reply of the defender leads to the root of one of the files under one of the board's 8
// symmetries, and every file verifies. "Black wins freestyle 15x15 from the empty board" is black
// h8 and one file for each class of white's first move.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "solver/gomoku/board.h"
#include "solver/gomoku/proof_check.h"
#include "solver/gomoku/types.h"

namespace tengen::book {

struct ProofSet {
  std::string path;                  // the index file
  gomoku::Rule rule = gomoku::Rule::Freestyle;
  gomoku::Board board{15};           // the position, the attacker to move
  std::vector<gomoku::Point> line;   // the moves that made it ("" for the empty board)
  gomoku::Color attacker = gomoku::Color::Black;
  gomoku::Point move = gomoku::kNoPoint;  // the attacker's move
  std::vector<std::string> files;    // as the index names them, relative to its folder
};

// Reads an index (text: `tengen proof set 1`, then `rule`, `size`, `position`, `attacker`, `move`
// and one `proof FILE` line per file; `#` starts a comment). Throws std::runtime_error with one
// line naming the index, the line and what is wrong.
ProofSet readProofSet(const std::string& path);

struct ProofSetCheck {
  bool ok = false;
  std::string error;                       // the first thing wrong, with where
  int replies = 0;                         // the defender's replies after the attacker's move
  int covered = 0;                         // of them, those leading to the root of a file read
  std::vector<gomoku::Point> uncovered;    // replies no file's root is
  int files = 0;                           // files read
  long long positions = 0;                 // positions the verifier checked in their trees
};

// What one file gave: its name, its root's text and the verifier's answer (positions 0 when the
// trees are not checked).
using ProofSetProgress = std::function<void(const std::string& file, const std::string& root, const gomoku::ProofCheck&)>;

// Checks the set: the position and the attacker's move are legal, every file's root is the
// position after one of the defender's replies (up to symmetry) with the set's rule, attacker and
// claim, every reply is some file's root, and (with `checkTrees`) every file's tree verifies.
// Without `checkTrees` only the files' roots are read: the coverage, for a run that checks each
// file with `verify --proof` apart.
ProofSetCheck checkProofSet(const ProofSet& set, bool checkTrees, const ProofSetProgress& progress = {});

}  // namespace tengen::book
