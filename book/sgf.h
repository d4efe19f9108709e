// SGF (FF[4], GM[4] for gomoku and renju): the tree as nested variations, moves B[..] and W[..]
// with letters as SGF defines them (column from the left, row from the top: "hh" is h8 on 15x15),
// comments C[..].
#pragma once

#include <string>
#include <string_view>

#include "book/move_tree.h"
#include "solver/gomoku/types.h"

namespace tengen::book {

std::string writeSgf(const MoveTree& tree, gomoku::Rule rule);
// Reads the first game tree. Throws FormatError naming the byte offset of what is wrong.
MoveTree readSgf(std::string_view text);

// The SGF letters of a point on a size x size board, and back.
std::string sgfPoint(gomoku::Point p, int size);

}  // namespace tengen::book
