// Move scores from shapes: a five first, then what stops the opponent's five, then straight
// fours and four-threes (own, then the opponent's), then threes and fours, then the fullest
// open runs; stones nearby break ties, then the centre.
#include "engine/evaluation.h"

#include <algorithm>
#include <cstdlib>

#include "solver/gomoku/threats.h"

namespace tengen::engine {
namespace {

using gomoku::Color;
using gomoku::MoveShape;
using gomoku::Point;

long shapeValue(const MoveShape& s) {
  if (s.five) return 1'000'000;
  if (s.straightFour || s.fours >= 2) return 100'000;
  if (s.fours == 1 && s.threes >= 1) return 50'000;
  if (s.threes >= 2) return 20'000;
  if (s.fours == 1) return 3'000;
  if (s.threes == 1) return 1'000;
  return 10L * s.bestWindow * s.bestWindow;
}

}  // namespace

std::vector<ScoredMove> rankMoves(gomoku::Board& board, Color toMove, gomoku::Rule rule) {
  const Color other = gomoku::opponent(toMove);
  const int n = board.size();
  std::vector<ScoredMove> out;
  for (Point p = 0; p < board.cellCount(); ++p) {
    if (!board.isEmpty(p) || !gomoku::isLegal(board, p, toMove, rule)) continue;
    const long mine = shapeValue(gomoku::shapeOf(board, p, toMove, rule));
    // What the opponent would make here, if it may play here at all.
    const long theirs = gomoku::isLegal(board, p, other, rule) ? shapeValue(gomoku::shapeOf(board, p, other, rule)) : 0;
    long score = mine + theirs * 9 / 10;
    int near = 0;
    for (int dc = -2; dc <= 2; ++dc)
      for (int dr = -2; dr <= 2; ++dr) {
        const int c = board.col(p) + dc, r = board.row(p) + dr;
        if ((dc || dr) && board.onBoard(c, r) && !board.isEmpty(board.point(c, r))) ++near;
      }
    const int centre = std::abs(board.col(p) - n / 2) + std::abs(board.row(p) - n / 2);
    score = score * 64 + near * 8 - centre;
    out.push_back({p, score});
  }
  std::stable_sort(out.begin(), out.end(), [](const ScoredMove& a, const ScoredMove& b) { return a.score > b.score; });
  return out;
}

}  // namespace tengen::engine
