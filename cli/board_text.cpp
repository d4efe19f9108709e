// Board drawing, top row first as players read a diagram.
#include "cli/board_text.h"

namespace tengen::cli {

std::string drawBoard(const gomoku::Board& board, const std::vector<std::pair<gomoku::Point, char>>& marks) {
  const int n = board.size();
  std::string header = "  ";
  for (int col = 0; col < n; ++col) {
    header += ' ';
    header += static_cast<char>('a' + col);
  }
  header += '\n';
  std::string out = header;
  for (int row = n - 1; row >= 0; --row) {
    const std::string label = std::to_string(row + 1);
    out += std::string(2 - label.size(), ' ') + label + ' ';
    for (int col = 0; col < n; ++col) {
      const gomoku::Point p = board.point(col, row);
      char ch = '.';
      if (board.has(p, gomoku::Color::Black))
        ch = 'X';
      else if (board.has(p, gomoku::Color::White))
        ch = 'O';
      else
        for (const auto& [q, mark] : marks)
          if (q == p) ch = mark;
      out += ch;
      out += ' ';
    }
    out += std::to_string(row + 1);
    out += '\n';
  }
  return out + header;
}

}  // namespace tengen::cli
