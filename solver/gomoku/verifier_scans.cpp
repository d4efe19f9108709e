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

bool hasRunHolding(const Board& board, Color c, int stones) {
  // Only lines holding that many of c's stones are read.
  for (int dir = 0; dir < kDirections; ++dir)
    for (std::uint64_t lines = board.linesWith(c, dir, stones); lines; lines &= lines - 1) {
      const int line = std::countr_zero(lines);
      const std::uint64_t own = board.lineStones(c, dir, line);
      const std::uint64_t usable = own | board.lineEmpty(dir, line);
      for (int i = 0; i + 5 <= 64; ++i) {
        const std::uint64_t run = std::uint64_t{0x1F} << i;
        if ((usable & run) == run && std::popcount(own & run) == stones) return true;
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
  // Only p's lines can change c's answers, at the points within five cells of p (the reach of
  // their windows), and only where p's 11 cells on the line now hold four of c's stones or more:
  // a five that p makes, or turns into six, lies with p or beside it, its four stones besides
  // the empty point within five cells of p. Elsewhere every point keeps its answer.
  const auto& own = fives_[index(c)];
  const int pc = board_.col(p), pr = board_.row(p);
  for (int dir = 0; dir < kDirections; ++dir) {
    if (std::popcount(board_.windowAt(p, dir, c).own) < 4) continue;
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

QuickRefutation::QuickRefutation(FivePointBoard& board, Color winner, const std::vector<Point>& answers, Rule rule)
    : board_(board.board()), winner_(winner), winnerFives_(board.fivePoints(winner)),
      readsAnswers_(board.fivePoints(opponent(winner)).empty() && !(rule == Rule::Renju && winner == Color::Black)) {
  if (!readsAnswers_) return;
  for (Point s : answers) {
    if (s < 0 || s >= board_.cellCount() || !board_.isEmpty(s)) continue;
    board.place(s, winner);
    answers_.push_back({s, board.fivePoints(winner)});
    board.undo();
  }
}

bool QuickRefutation::refutes(Point p) const {
  if (winnerFives_.size() > 1 || (winnerFives_.size() == 1 && winnerFives_[0] != p)) return true;
  if (!readsAnswers_) return false;
  // A five point the reply leaves its side lies in a run of five cells with p and three more of
  // its stones, all within four cells of p.
  const Color mover = opponent(winner_);
  for (int dir = 0; dir < kDirections; ++dir)
    if (std::popcount(board_.windowAt(p, dir, mover).own) >= 3) return false;
  for (const AnswerFives& a : answers_) {
    if (a.answer == p) continue;
    const std::size_t besides = a.fives.size() - (std::binary_search(a.fives.begin(), a.fives.end(), p) ? 1 : 0);
    if (besides >= 2) return true;
  }
  return false;
}

std::vector<Point> strongMoves(FivePointBoard& board, Color c) {
  // c has no five point: one comes only on a run of five cells through q that holds three of
  // c's stones besides q, all within four cells of q, so a point whose 11 cells on every line
  // hold fewer than three of c's is not played.
  const Board& b = board.board();
  const auto nearThree = [&](Point q) {
    for (int dir = 0; dir < kDirections; ++dir)
      if (std::popcount(b.windowAt(q, dir, c).own) >= 3) return true;
    return false;
  };
  std::vector<Point> out;
  for (Point q = 0; q < b.cellCount(); ++q) {
    if (!b.isEmpty(q) || !nearThree(q)) continue;
    board.place(q, c);
    if (board.fivePoints(c).size() >= 2) out.push_back(q);
    board.undo();
  }
  return out;
}

std::vector<Point> answersToStrongMoves(FivePointBoard& board, Color c, const std::vector<Point>& strong) {
  // The five points each strong move leaves, each played once. The other colour's stone at d
  // takes d from them and changes nothing else (a five reads c's stones alone), so d spoils s
  // when it is s, or when fewer than two of them are left besides d.
  const Board& b = board.board();
  std::vector<std::vector<Point>> fivesAfter;
  for (Point s : strong) {
    board.place(s, c);
    fivesAfter.push_back(board.fivePoints(c));
    board.undo();
  }
  std::vector<Point> out;
  for (Point d = 0; d < b.cellCount(); ++d) {
    if (!b.isEmpty(d)) continue;
    bool spoiled = true;
    for (std::size_t i = 0; i < strong.size() && spoiled; ++i) {
      const auto& fives = fivesAfter[i];
      const std::size_t left = fives.size() - (std::binary_search(fives.begin(), fives.end(), d) ? 1 : 0);
      spoiled = strong[i] == d || left < 2;
    }
    if (spoiled) out.push_back(d);
  }
  return out;
}

}  // namespace tengen::gomoku
