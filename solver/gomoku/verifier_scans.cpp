// Five points by asking the rules at every empty point that has a stone of the colour beside it.
#include "solver/gomoku/verifier_scans.h"

#include "solver/gomoku/rules.h"

namespace tengen::gomoku {

std::vector<Point> scanFivePoints(const Board& board, Color c, Rule rule) {
  std::vector<Point> out;
  for (Point p = 0; p < board.cellCount(); ++p) {
    if (!board.isEmpty(p)) continue;
    bool neighbour = false;
    for (int dc = -1; dc <= 1 && !neighbour; ++dc)
      for (int dr = -1; dr <= 1 && !neighbour; ++dr) {
        const int col = board.col(p) + dc, row = board.row(p) + dr;
        neighbour = (dc || dr) && board.onBoard(col, row) && board.has(board.point(col, row), c);
      }
    if (neighbour && makesFive(board, p, c, rule)) out.push_back(p);
  }
  return out;
}

}  // namespace tengen::gomoku
