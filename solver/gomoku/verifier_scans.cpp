// Five points by asking the rules at every empty point that has a stone of the colour beside it,
// and a board that keeps them as stones come and go (FivePointBoard).
#include "solver/gomoku/verifier_scans.h"

#include <algorithm>
#include <bitset>

#include "solver/gomoku/rules.h"

namespace tengen::gomoku {

std::vector<Point> scanFivePoints(const Board& board, Color c, Rule rule) {
  // The empty neighbours of c's stones, marked from the stones (far fewer than the cells).
  std::bitset<kMaxCells> near;
  for (const auto& [s, colour] : board.history()) {
    if (colour != c || !board.has(s, c)) continue;
    for (int dc = -1; dc <= 1; ++dc)
      for (int dr = -1; dr <= 1; ++dr) {
        const int col = board.col(s) + dc, row = board.row(s) + dr;
        if ((dc || dr) && board.onBoard(col, row) && board.isEmpty(board.point(col, row)))
          near.set(static_cast<std::size_t>(board.point(col, row)));
      }
  }
  std::vector<Point> out;
  for (Point p = 0; p < board.cellCount(); ++p)
    if (near.test(static_cast<std::size_t>(p)) && makesFive(board, p, c, rule)) out.push_back(p);
  return out;
}

FivePointBoard::FivePointBoard(const Board& board, Rule rule) : board_(board), rule_(rule) {
  fives_.push_back({scanFivePoints(board_, Color::Black, rule_), scanFivePoints(board_, Color::White, rule_)});
}

void FivePointBoard::place(Point p, Color c) {
  board_.place(p, c);
  const int pc = board_.col(p), pr = board_.row(p);
  // Only p's lines can change c's answers, and only a line that now holds four of c's stones
  // or more: with fewer, no window on it holds a five (nor did it before, with fewer still), so
  // every point on it keeps the answer its other lines gave.
  bool changes[kDirections];
  bool anyChange = false;
  for (int dir = 0; dir < kDirections; ++dir) anyChange |= changes[dir] = board_.lineHolds(p, dir, c, 4);
  // Whether q lies within five cells of p (the reach of q's windows) on a line that changes.
  auto inReach = [&](Point q) {
    const int dc = board_.col(q) - pc, dr = board_.row(q) - pr;
    if (std::max(dc < 0 ? -dc : dc, dr < 0 ? -dr : dr) > 5) return false;
    for (int dir = 0; dir < kDirections; ++dir)
      if (changes[dir] && dc * kDirRow[dir] == dr * kDirCol[dir]) return true;
    return false;
  };
  std::array<std::vector<Point>, 2> next;
  // Whether q makes five for a colour depends on that colour's stones alone: the other
  // colour's five points lose only p itself.
  for (Point q : fives_.back()[index(opponent(c))])
    if (q != p) next[index(opponent(c))].push_back(q);
  std::vector<Point>& own = next[index(c)];
  for (Point q : fives_.back()[index(c)])
    if (q != p && (!anyChange || !inReach(q))) own.push_back(q);
  for (int dir = 0; dir < kDirections; ++dir) {
    if (!changes[dir]) continue;
    for (int steps = -5; steps <= 5; ++steps) {
      const int col = pc + steps * kDirCol[dir], row = pr + steps * kDirRow[dir];
      if (steps == 0 || !board_.onBoard(col, row)) continue;
      const Point q = board_.point(col, row);
      if (board_.isEmpty(q) && makesFive(board_, q, c, rule_)) own.push_back(q);
    }
  }
  std::sort(own.begin(), own.end());
  fives_.push_back(std::move(next));
}

void FivePointBoard::undo() {
  board_.undo();
  fives_.pop_back();
}

}  // namespace tengen::gomoku
