// Boards drawn for terminals as players read a diagram: top row first, four characters a point,
// stones numbered in the order they were played, marks on empty points, a legend under it.
#pragma once

#include <string>
#include <vector>

#include "solver/gomoku/board.h"
#include "solver/gomoku/types.h"
#include "web/board_svg.h"

namespace tengen::cli {

// A label of at most two characters on an empty point: "@" the best move, "#3" a forbidden point
// (the same marks the SVG picture draws).
using DiagramMark = web::BoardMark;

// The board with RIF labels. With `numbered`, each stone shows its colour and its move number in
// the board's history (X1 black's first move, O2 white's answer...; past move 99, the colour only).
std::string drawDiagram(const gomoku::Board& board, bool numbered, const std::vector<DiagramMark>& marks);

using web::forbiddenMarks;

// The legend line for what a diagram shows.
std::string diagramLegend(bool numbered, bool forbidden, bool best);

}  // namespace tengen::cli
