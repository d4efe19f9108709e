// The book's tree below a root as a move tree, for RenLib and SGF: the root's own moves from the
// empty board, then every position the book holds that legal moves reach within a depth, each
// with what the book proves there as its comment, and the proved best moves marked.
#pragma once

#include <cstddef>

#include "book/book.h"
#include "book/move_tree.h"
#include "solver/gomoku/position.h"

namespace tengen::book {

struct TreeExport {
  MoveTree tree;
  std::size_t positions = 0;  // positions of the book in the tree
  bool truncated = false;     // stopped at maxNodes
};

// Throws BookError when the root is not a move list from the empty board (the formats hold games).
TreeExport bookTree(const Book& book, const gomoku::Position& root, int depth, std::size_t maxNodes);

}  // namespace tengen::book
