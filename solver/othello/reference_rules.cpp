// The plain rules: from a square, walk each of the eight directions over opponent discs.
#include "solver/othello/reference_rules.h"

namespace tengen::othello::reference {
namespace {

constexpr int kDirections[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, 1}, {1, -1}, {-1, -1}};

// How many discs a move at (c, r) turns in direction d.
int runLength(const Grid& g, int c, int r, int d) {
  int count = 0;
  for (int x = c + kDirections[d][0], y = r + kDirections[d][1]; x >= 0 && y >= 0 && x < g.n && y < g.n;
       x += kDirections[d][0], y += kDirections[d][1]) {
    const int v = g.cell[static_cast<std::size_t>(y * 8 + x)];
    if (v == 2) {
      ++count;
      continue;
    }
    return v == 1 ? count : 0;
  }
  return 0;
}

}  // namespace

Grid gridOf(const Position& p) {
  Grid g;
  g.n = p.size();
  g.fewestWins = p.scoring() == Scoring::FewestDiscs;
  for (Square s = 0; s < 64; ++s) g.cell[static_cast<std::size_t>(s)] = (p.mine() & bit(s)) ? 1 : (p.theirs() & bit(s)) ? 2 : 0;
  return g;
}

std::vector<Square> legalMoves(const Grid& g) {
  std::vector<Square> out;
  for (int r = 0; r < g.n; ++r)
    for (int c = 0; c < g.n; ++c) {
      if (g.cell[static_cast<std::size_t>(r * 8 + c)] != 0) continue;
      for (int d = 0; d < 8; ++d)
        if (runLength(g, c, r, d) > 0) {
          out.push_back(r * 8 + c);
          break;
        }
    }
  return out;
}

Grid play(const Grid& g, Square s) {
  Grid next = g;
  if (s != kPass) {
    const int c = s % 8, r = s / 8;
    for (int d = 0; d < 8; ++d) {
      const int k = runLength(g, c, r, d);
      for (int i = 1; i <= k; ++i)
        next.cell[static_cast<std::size_t>((r + i * kDirections[d][1]) * 8 + c + i * kDirections[d][0])] = 1;
    }
    next.cell[static_cast<std::size_t>(s)] = 1;
  }
  for (int& v : next.cell) v = v == 1 ? 2 : v == 2 ? 1 : 0;
  return next;
}

int finalMargin(const Grid& g) {
  int mine = 0, theirs = 0, empty = 0;
  for (int r = 0; r < g.n; ++r)
    for (int c = 0; c < g.n; ++c) {
      const int v = g.cell[static_cast<std::size_t>(r * 8 + c)];
      mine += v == 1;
      theirs += v == 2;
      empty += v == 0;
    }
  const int m = g.fewestWins ? theirs - mine : mine - theirs;
  return m > 0 ? m + empty : m < 0 ? m - empty : 0;
}

Position positionOf(const Grid& g, Disc toMove) {
  Bitboard own = 0, other = 0;
  for (Square s = 0; s < 64; ++s) {
    if (g.cell[static_cast<std::size_t>(s)] == 1) own |= bit(s);
    if (g.cell[static_cast<std::size_t>(s)] == 2) other |= bit(s);
  }
  const bool black = toMove == Disc::Black;
  return Position(g.n, black ? own : other, black ? other : own, toMove,
                  g.fewestWins ? Scoring::FewestDiscs : Scoring::MostDiscs);
}

}  // namespace tengen::othello::reference
