// Threat detection by pattern-table lookups over the empty points.
#include "solver/gomoku/threats.h"

#include <algorithm>

#include "solver/gomoku/rules.h"

namespace tengen::gomoku {

bool isLegal(Board& board, Point p, Color c, Rule r) {
  return board.isEmpty(p) && forbiddenKind(board, p, c, r) == ForbiddenKind::None;
}

void findFivePoints(const Board& board, Color c, Rule r, MoveList& out) {
  out.clear();
  for (Point p = 0; p < board.cellCount(); ++p)
    if (board.isEmpty(p) && makesFive(board, p, c, r)) out.push(p);
}

bool hasFivePoint(const Board& board, Color c, Rule r) {
  for (Point p = 0; p < board.cellCount(); ++p)
    if (board.isEmpty(p) && makesFive(board, p, c, r)) return true;
  return false;
}

MoveShape shapeOf(const Board& board, Point p, Color c, Rule r) {
  const LinePattern* table = linePatternTable(needsExactFive(r, c));
  MoveShape s;
  for (int dir = 0; dir < kDirections; ++dir) {
    const LinePattern& lp = table[board.windowKeyAt(p, dir, c)];
    s.five |= lp.five();
    s.fours += lp.fours;
    s.straightFour |= lp.straightFour();
    s.threes += lp.three() ? 1 : 0;
    s.bestWindow = std::max<int>(s.bestWindow, lp.bestWindow);
  }
  return s;
}

void findFourMoves(Board& board, Color c, Rule r, MoveList& out) {
  out.clear();
  for (Point p = 0; p < board.cellCount(); ++p) {
    if (!board.isEmpty(p)) continue;
    const MoveShape s = shapeOf(board, p, c, r);
    if ((s.five || s.fours > 0) && isLegal(board, p, c, r)) out.push(p);
  }
}

void findThreatMoves(Board& board, Color c, Rule r, MoveList& out) {
  out.clear();
  for (Point p = 0; p < board.cellCount(); ++p) {
    if (!board.isEmpty(p)) continue;
    const MoveShape s = shapeOf(board, p, c, r);
    if ((s.five || s.fours > 0 || s.threes > 0) && isLegal(board, p, c, r)) out.push(p);
  }
}

void findPreparingMoves(Board& board, Color c, Rule r, MoveList& out) {
  out.clear();
  for (Point p = 0; p < board.cellCount(); ++p) {
    if (!board.isEmpty(p)) continue;
    const MoveShape s = shapeOf(board, p, c, r);
    if ((s.five || s.fours > 0 || s.threes > 0 || s.bestWindow >= 3) && isLegal(board, p, c, r)) out.push(p);
  }
}

void findStraightFourMoves(Board& board, Color c, Rule r, MoveList& out) {
  out.clear();
  for (Point p = 0; p < board.cellCount(); ++p) {
    if (!board.isEmpty(p)) continue;
    const MoveShape s = shapeOf(board, p, c, r);
    if (s.five || !(s.straightFour || s.fours >= 2)) continue;
    if (isLegal(board, p, c, r)) out.push(p);
  }
}

bool hasLiveLine(const Board& board, Color c) { return board.hasLiveWindow(c); }

}  // namespace tengen::gomoku
