// Boards drawn as SVG pictures players can print or put on a page: the wooden board with its star
// points and coordinates, stones with their move numbers, and the same marks as the text diagram.
#pragma once

#include <string>
#include <vector>

#include "solver/gomoku/board.h"

namespace tengen::web {

// A label on an empty point: "@" the best move, "#3"/"#4"/"#6" a forbidden point of that kind.
struct BoardMark {
  gomoku::Point point;
  std::string label;
};

// The picture's geometry, shared with the web page's script (which draws the same board): points
// 32 px apart, 46 px of margin around the lines, the title's band above.
constexpr int kSvgCell = 32;
constexpr int kSvgMargin = 46;

// Text for SVG and XML content and attributes: & < > " escaped, control characters dropped.
std::string xmlText(const std::string& text);

// Black's forbidden points as marks ("#3" double-three, "#4" double-four, "#6" overline), under
// renju only (none otherwise).
std::vector<BoardMark> forbiddenMarks(const gomoku::Board& board, gomoku::Rule rule);

// A whole SVG document. `title` goes above the board, `caption` (the legend) below it; both may
// be empty. Marks: "@" the best move (a ring), "#3"/"#4"/"#6" black's forbidden points (a cross
// with the kind), anything else is written on the point.
std::string boardSvg(const gomoku::Board& board, bool numbered, const std::vector<BoardMark>& marks,
                     const std::string& title, const std::string& caption);

}  // namespace tengen::web
