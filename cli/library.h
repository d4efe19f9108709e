// Opening libraries and game files as lines to prove: a RenLib .lib or an SGF file read into a
// move tree, its lines checked as games under a rule, and its moves as hints for the prover.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "book/move_tree.h"
#include "solver/gomoku/position.h"
#include "solver/gomoku/proof_game.h"

namespace tengen::cli {

// Reads a RenLib library or an SGF file (told apart by their first bytes). Throws
// std::runtime_error naming the file and the byte offset of what is wrong.
book::MoveTree readLibrary(const std::string& path);

struct LibraryLine {
  std::string moves;  // RIF, space separated
  std::string error;  // why it is no game under the rule (then it is left out)
  std::string comment;  // the file's comment at the line's last move, if any
};
// Every root-to-leaf line of the tree, each checked as a game under the options' rule.
std::vector<LibraryLine> libraryLines(const book::MoveTree& tree, const gomoku::PositionOptions& options);

// The tree's moves as the prover's hints: at every position of the tree, its children.
std::shared_ptr<const gomoku::ProofGame::Hints> libraryHints(const book::MoveTree& tree);

}  // namespace tengen::cli
