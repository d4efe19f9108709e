// Diagram drawing: four-character cells, so a stone carries its move number ("X13", "O14") with a
// space between neighbours.
#include "cli/board_text.h"


namespace tengen::cli {

std::string drawDiagram(const gomoku::Board& board, bool numbered, const std::vector<DiagramMark>& marks) {
  const int n = board.size();
  std::vector<int> order(static_cast<std::size_t>(board.cellCount()), 0);
  if (numbered) {
    int k = 0;
    for (const auto& placement : board.history()) order[static_cast<std::size_t>(placement.point)] = ++k;
  }
  std::string header = "   ";
  for (int col = 0; col < n; ++col) {
    header += "   ";
    header += static_cast<char>('a' + col);
  }
  header += '\n';
  std::string out = header;
  for (int row = n - 1; row >= 0; --row) {
    const std::string label = std::to_string(row + 1);
    out += std::string(3 - label.size(), ' ') + label;
    for (int col = 0; col < n; ++col) {
      const gomoku::Point p = board.point(col, row);
      std::string cell = ".";
      if (!board.isEmpty(p)) {
        cell = board.has(p, gomoku::Color::Black) ? "X" : "O";
        const int k = order[static_cast<std::size_t>(p)];
        if (k > 0 && k < 100) cell += std::to_string(k);
      } else {
        for (const auto& m : marks)
          if (m.point == p) cell = m.label;
      }
      out += std::string(4 - std::min<std::size_t>(3, cell.size()), ' ') + cell.substr(0, 3);
    }
    out += "  " + label + '\n';
  }
  return out + header;
}

std::string diagramLegend(bool numbered, bool forbidden, bool best) {
  std::string legend = numbered ? "X1 black's move 1, O2 white's move 2, and so on" : "X black, O white";
  if (best) legend += "; @ the best move";
  if (forbidden) legend += "; black may not play #3 (double-three), #4 (double-four), #6 (overline)";
  return legend + '\n';
}

}  // namespace tengen::cli
