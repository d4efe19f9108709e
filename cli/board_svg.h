// Boards drawn as SVG pictures players can print or put on a page: the wooden board with its star
// points and coordinates, stones with their move numbers, and the same marks as the text diagram.
#pragma once

#include <string>
#include <vector>

#include "cli/board_text.h"
#include "solver/gomoku/board.h"

namespace tengen::cli {

// A whole SVG document. `title` goes above the board, `caption` (the legend) below it; both may
// be empty. Marks: "@" the best move (a ring), "#3"/"#4"/"#6" black's forbidden points (a cross
// with the kind), anything else is written on the point.
std::string boardSvg(const gomoku::Board& board, bool numbered, const std::vector<DiagramMark>& marks,
                     const std::string& title, const std::string& caption);

}  // namespace tengen::cli
