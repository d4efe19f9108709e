// A tree of moves as game records hold them (RenLib libraries, SGF files): each node a move with
// an optional comment and mark, children in order. The interchange between those formats and the
// book; nothing here is a proved value.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "solver/gomoku/types.h"

namespace tengen::book {

struct MoveTreeNode {
  gomoku::Point move = gomoku::kNoPoint;  // kNoPoint at the root
  std::string comment;
  bool mark = false;
  std::vector<int> children;  // indices into MoveTree::nodes
};

struct MoveTree {
  int size = 15;
  std::vector<MoveTreeNode> nodes{MoveTreeNode{}};  // nodes[0]: the root, before any move

  // Adds a child of `parent` (or finds the one with that move); returns its index.
  int child(int parent, gomoku::Point move);
  // Every line from the root to a leaf, as moves.
  std::vector<std::vector<gomoku::Point>> lines() const;
  // The same lines with their leaf's node (its comment says what the line ends in).
  struct Line {
    std::vector<gomoku::Point> moves;
    int leaf = 0;
  };
  std::vector<Line> linesWithLeaves() const;
};

// A file that is not what it should be: the message names the byte offset.
class FormatError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace tengen::book
