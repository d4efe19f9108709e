// Rule checks built on the line pattern tables. Only the double-three test needs more than four
// lookups: it plays the foul candidate and asks, recursively, whether each three can really
// become a straight four (RIF 1998: a three is real only if some straight-four point is legal).
#include "solver/gomoku/rules.h"

#include <algorithm>

namespace tengen::gomoku {
namespace {

bool makesFiveWith(const LinePattern* table, const Board& board, Point p, Color c) {
  for (int dir = 0; dir < kDirections; ++dir)
    if (table[board.windowKeyAt(p, dir, c)].five()) return true;
  return false;
}

// With the double-three candidate already on the board: can this straight-four point be played
// by black to make the straight four? Not if it makes a five (no "at the same time" five) or if
// it is itself forbidden.
bool realFourPoint(const LinePattern* exact, Board& board, Point s, std::vector<Point>* reads) {
  if (reads) reads->push_back(s);
  return !makesFiveWith(exact, board, s, Color::Black) && forbiddenKind(board, s, reads) == ForbiddenKind::None;
}

}  // namespace

bool makesFive(const Board& board, Point p, Color c, Rule r) {
  return makesFiveWith(linePatternTable(needsExactFive(r, c)), board, p, c);
}

ForbiddenKind forbiddenKind(Board& board, Point p, std::vector<Point>* reads) {
  if (reads) reads->push_back(p);
  const LinePattern* exact = linePatternTable(true);
  const LinePattern* line[kDirections];
  bool overline = false;
  int fours = 0, threes = 0;
  for (int dir = 0; dir < kDirections; ++dir) {
    const LinePattern& lp = exact[board.windowKeyAt(p, dir, Color::Black)];
    if (lp.five()) return ForbiddenKind::None;
    line[dir] = &lp;
    overline |= lp.overline();
    fours += lp.fours;
    threes += lp.three() ? 1 : 0;
  }
  if (overline) return ForbiddenKind::Overline;
  if (fours >= 2) return ForbiddenKind::DoubleFour;
  if (threes < 2) return ForbiddenKind::None;

  board.place(p, Color::Black);
  int real = 0;
  for (int dir = 0; dir < kDirections && real < 2; ++dir) {
    unsigned points = line[dir]->straightFourPoints;
    while (points) {
      const int cell = __builtin_ctz(points);
      points &= points - 1;
      if (realFourPoint(exact, board, board.step(p, dir, cell - kWindowCentre), reads)) {
        ++real;
        break;
      }
    }
  }
  board.undo();
  return real >= 2 ? ForbiddenKind::DoubleThree : ForbiddenKind::None;
}

std::vector<ForbiddenPoint> forbiddenPoints(Board& board, Rule r) {
  std::vector<ForbiddenPoint> out;
  if (r != Rule::Renju) return out;
  const int n = board.size();
  for (int col = 0; col < n; ++col)
    for (int row = 0; row < n; ++row) {
      const Point p = board.point(col, row);
      if (!board.isEmpty(p)) continue;
      const ForbiddenKind kind = forbiddenKind(board, p);
      if (kind != ForbiddenKind::None) out.push_back({p, kind});
    }
  return out;
}

std::optional<FinishedGame> findFinishedGame(const Board& board, Rule r) {
  const LinePattern* exact = linePatternTable(true);
  const LinePattern* orMore = linePatternTable(false);
  for (const auto& [p, c] : board.history()) {
    const LinePattern* table = needsExactFive(r, c) ? exact : orMore;
    for (int dir = 0; dir < kDirections; ++dir) {
      const int key = board.windowKeyAt(p, dir, c);
      if (table[key].five()) return FinishedGame{c, p, false};
      if (r == Rule::Renju && c == Color::Black && exact[key].overline())
        return FinishedGame{Color::White, p, true};
    }
  }
  return std::nullopt;
}

}  // namespace tengen::gomoku
