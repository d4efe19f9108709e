// Text drawing of a board for terminals: X black, O white, . empty, plus per-point marks.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "solver/gomoku/board.h"

namespace tengen::cli {

// Draws the board with RIF labels; `marks` put a character on chosen empty points.
std::string drawBoard(const gomoku::Board& board, const std::vector<std::pair<gomoku::Point, char>>& marks);

}  // namespace tengen::cli
