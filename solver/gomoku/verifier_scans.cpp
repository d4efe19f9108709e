// Five points by asking the rules at every empty point that has a stone of the colour beside it,
// and a board that keeps them as stones come and go (FivePointBoard).
#include "solver/gomoku/verifier_scans.h"

#include <algorithm>
#include <bit>
#include <bitset>
#include <cstdlib>

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

bool hasMoveMakingFour(const Board& board, Color c) {
  // Read from the board's line masks: a run of five cells on a line, none of them the other
  // colour's or off the board, three of them c's. The move takes one empty cell of it and leaves
  // the other a five point; and a five made after a move runs through the move (c had none
  // before), so a run with three of c's stones is the only way. Only lines holding three of c's
  // stones are read.
  for (int dir = 0; dir < kDirections; ++dir)
    for (std::uint64_t lines = board.linesWith(c, dir, 3); lines; lines &= lines - 1) {
      const int line = std::countr_zero(lines);
      const std::uint64_t own = board.lineStones(c, dir, line);
      const std::uint64_t usable = own | board.lineEmpty(dir, line);
      for (int i = 0; i + 5 <= 64; ++i) {
        const std::uint64_t run = std::uint64_t{0x1F} << i;
        if ((usable & run) == run && std::popcount(own & run) == 3) return true;
      }
    }
  return false;
}

FivePointBoard::FivePointBoard(const Board& board, Rule rule)
    : board_(board), rule_(rule),
      fives_{scanFivePoints(board_, Color::Black, rule_), scanFivePoints(board_, Color::White, rule_)} {}

void FivePointBoard::add(Color c, Point q) {
  auto& list = fives_[index(c)];
  list.insert(std::lower_bound(list.begin(), list.end(), q), q);
  changes_.push_back({q, c, true});
}

void FivePointBoard::remove(Color c, Point q) {
  auto& list = fives_[index(c)];
  const auto it = std::lower_bound(list.begin(), list.end(), q);
  if (it == list.end() || *it != q) return;
  list.erase(it);
  changes_.push_back({q, c, false});
}

void FivePointBoard::place(Point p, Color c) {
  board_.place(p, c);
  placedAt_.push_back(changes_.size());
  // Whether q makes five for a colour depends on that colour's stones alone: the other
  // colour's five points lose only p itself.
  remove(Color::Black, p);
  remove(Color::White, p);
  // Only p's lines can change c's answers, and only a line that now holds four of c's stones
  // or more: with fewer, no window on it holds a five (nor did it before, with fewer still), so
  // every point on it keeps the answer its other lines gave. On a line that can, the points
  // within five cells of p (the reach of their windows) are asked again.
  const auto& own = fives_[index(c)];
  const int pc = board_.col(p), pr = board_.row(p);
  for (int dir = 0; dir < kDirections; ++dir) {
    if (!board_.lineHolds(p, dir, c, 4)) continue;
    for (int steps = -5; steps <= 5; ++steps) {
      const int col = pc + steps * kDirCol[dir], row = pr + steps * kDirRow[dir];
      if (steps == 0 || !board_.onBoard(col, row)) continue;
      const Point q = board_.point(col, row);
      if (!board_.isEmpty(q)) continue;
      const bool was = std::binary_search(own.begin(), own.end(), q);
      if (makesFive(board_, q, c, rule_) != was) was ? remove(c, q) : add(c, q);
    }
  }
}

void FivePointBoard::undo() {
  board_.undo();
  for (std::size_t i = changes_.size(); i > placedAt_.back(); --i) {
    const Change& change = changes_[i - 1];
    auto& list = fives_[index(change.colour)];
    if (change.added) list.erase(std::lower_bound(list.begin(), list.end(), change.point));
    else list.insert(std::lower_bound(list.begin(), list.end(), change.point), change.point);
  }
  changes_.resize(placedAt_.back());
  placedAt_.pop_back();
}

std::vector<Point> strongMoves(FivePointBoard& board, Color c) {
  // c has no five point: one comes only on a run of five cells through q that holds three of
  // c's stones besides q, so a point none of whose lines holds three of c's is not played.
  const Board& b = board.board();
  const auto onBusyLine = [&](Point q) {
    for (int dir = 0; dir < kDirections; ++dir)
      if (b.lineHolds(q, dir, c, 3)) return true;
    return false;
  };
  std::vector<Point> out;
  for (Point q = 0; q < b.cellCount(); ++q) {
    if (!b.isEmpty(q) || !onBusyLine(q)) continue;
    board.place(q, c);
    if (board.fivePoints(c).size() >= 2) out.push_back(q);
    board.undo();
  }
  return out;
}

std::vector<Point> answersToStrongMoves(FivePointBoard& board, Color c, const std::vector<Point>& strong) {
  const Board& b = board.board();
  const auto nearAll = [&](Point d) {
    for (Point s : strong) {
      const int dc = b.col(d) - b.col(s), dr = b.row(d) - b.row(s);
      const bool onLine = dc == 0 || dr == 0 || dc == dr || dc == -dr;
      if (!onLine || std::max(std::abs(dc), std::abs(dr)) > 4) return false;
    }
    return true;
  };
  std::vector<Point> out;
  for (Point d = 0; d < b.cellCount(); ++d) {
    if (!b.isEmpty(d) || !nearAll(d)) continue;
    board.place(d, opponent(c));
    bool spoiled = true;
    for (Point s : strong) {
      if (s == d) continue;
      board.place(s, c);
      spoiled = board.fivePoints(c).size() < 2;
      board.undo();
      if (!spoiled) break;
    }
    board.undo();
    if (spoiled) out.push_back(d);
  }
  return out;
}

}  // namespace tengen::gomoku
