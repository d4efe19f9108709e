// RenLib libraries (.lib, format 3.x): a 20-byte header, then the tree in preorder, two bytes a
// node (the move, then flags: comment, mark, no child, a next sibling) and a NUL-terminated
// comment where the flag says so. 15x15 only, as RenLib is.
#pragma once

#include <string>
#include <string_view>

#include "book/move_tree.h"

namespace tengen::book {

std::string writeRenlib(const MoveTree& tree);
// Throws FormatError naming the byte offset of what is wrong (a bad header, a truncated node, a
// move off the board or repeated on its line, an unterminated comment).
MoveTree readRenlib(std::string_view bytes);

}  // namespace tengen::book
