// The cuts a threat allows, with the arguments the verifier re-checks: the answers to an
// opponent's straight-four moves (kThreatAnswers) and the moves that break an opponent's short
// VCF against a pass (kThreatLine).
#include <algorithm>
#include <bit>

#include "solver/gomoku/proof_game.h"
#include "solver/gomoku/rules.h"
#include "solver/gomoku/threats.h"

namespace tengen::gomoku {

bool ProofGame::threatSurvives(Color side, Point p, Point threat) {
  const Color other = opponent(side);
  if (p == threat) return false;
  board_.place(p, side);
  bool wins = false;
  if (isLegal(board_, threat, other, rule_)) {
    board_.place(threat, other);
    // Two five points cannot both be blocked; one that `side` may not play (a renju foul)
    // cannot be blocked either.
    Point first = kNoPoint;
    const int count = fivePointsThrough(board_, rule_, other, threat, first);
    wins = count >= 2 || (count == 1 && !isLegal(board_, first, side, rule_));
    board_.undo();
  }
  board_.undo();
  return wins;
}

bool ProofGame::findThreatVcf(Color owner, int depth, std::vector<Point>& line, Point lastFour, Point lastBlock) {
  if (depth <= 0) return false;
  // Neither side has a five point here (the node was not decided), so every five point made
  // on the way runs through the stone just placed: each step looks only there.
  const Color d = opponent(owner);
  MoveList fours;
  if (depth == 1) {
    // The last four must win at once (two five points, or one the opponent may not take): the
    // unstoppable fours, read from the line patterns before any stone is placed. The first in
    // point order, as the loop below would find it. After a four and its block, only those the
    // two stones made are new (one standing before was a four of the level above, and won
    // there): black's lie on their lines.
    if (lastFour != kNoPoint && !(rule_ == Rule::Renju && owner == Color::White))
      findStraightFourMovesOnLines(board_, owner, rule_, lastFour, lastBlock, fours, 1);
    else
      findStraightFourMoves(board_, owner, rule_, fours, 1);
    if (fours.empty()) return false;
    line.assign(1, fours[0]);
    return true;
  }
  findFourMoves(board_, owner, rule_, fours);
  for (Point f : fours) {
    board_.place(f, owner);
    Point block = kNoPoint, counter = kNoPoint;
    const int fives = fivePointsThrough(board_, rule_, owner, f, block);
    bool wins = fives >= 2 || (fives == 1 && !isLegal(board_, block, d, rule_));
    std::vector<Point> rest;
    if (!wins && fives == 1) {  // depth > 1 here
      board_.place(block, d);  // the forced block; a block that makes a four ends this line
      wins = fivePointsThrough(board_, rule_, d, block, counter) == 0 && findThreatVcf(owner, depth - 1, rest, f, block);
      board_.undo();
    }
    board_.undo();
    if (wins) {
      line.assign(1, f);
      line.insert(line.end(), rest.begin(), rest.end());
      return true;
    }
  }
  return false;
}

std::shared_ptr<const proof::ProofTree<Point>> ProofGame::vcfTree(const std::vector<Point>& line) {
  // A chain: each four of the side to move, the one block that stops its five, and at the end
  // a defender's node with two five points against it (or one it may not block): decided there.
  auto tree = std::make_shared<proof::ProofTree<Point>>();
  tree->attackerWins = toMove_ == attacker_;
  const Color owner = toMove_, d = opponent(owner);
  int placed = 0;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const Point f = line[i];
    tree->nodes.emplace_back();
    tree->nodes.back().children.push_back({f, static_cast<int>(tree->nodes.size())});
    board_.place(f, owner);
    ++placed;
    tree->nodes.emplace_back();
    if (i + 1 == line.size()) break;
    Point block = kNoPoint;
    fivePointsThrough(board_, rule_, owner, f, block);
    tree->nodes.back().children.push_back({block, static_cast<int>(tree->nodes.size())});
    board_.place(block, d);
    ++placed;
  }
  while (placed-- > 0) board_.undo();
  for (int i = static_cast<int>(tree->nodes.size()) - 1; i >= 0; --i)
    tree->nodes[static_cast<std::size_t>(i)].depth = static_cast<int>(tree->nodes.size()) - 1 - i;
  return tree;
}

void ProofGame::markLines(Point q, LineZone& zone) const {
  // Every cell a window read at q covers: five cells each way along the four lines.
  for (int dir = 0; dir < kDirections; ++dir)
    for (int k = -kWindowCentre; k <= kWindowCentre; ++k) {
      const int c = board_.col(q) + k * kDirCol[dir], r = board_.row(q) + k * kDirRow[dir];
      if (board_.onBoard(c, r)) zone.set(static_cast<std::size_t>(board_.point(c, r)));
    }
}

ProofGame::LineZone ProofGame::fourMoveCells(Color side) {
  // One scan of the side's lines with three stones or more (findFourMoves), as a set.
  MoveList fourMoves;
  findFourMoves(board_, side, rule_, fourMoves);
  LineZone cells;
  for (Point f : fourMoves) cells.set(static_cast<std::size_t>(f));
  return cells;
}

void ProofGame::markFivePoints(Color owner, Point f, LineZone& zone) const {
  // Every five point of the owner's stone at f on its four lines (not only the first two).
  forEachFivePointAt(board_, f, owner, rule_, [&](Point q) { return zone.set(static_cast<std::size_t>(q)), false; });
}

void ProofGame::markFourRoom(Color side, Point stone, LineZone& zone) const {
  // A five point of side's through `stone` lies in a run of five cells through it holding four of
  // side's stones and no opponent's: one more stone of side's can make one only in a run that
  // holds three already (stone included). Their empty cells.
  for (int dir = 0; dir < kDirections; ++dir) {
    const Board::WindowMasks w = board_.windowAt(stone, dir, side);
    for (int start = kWindowCentre - 4; start <= kWindowCentre; ++start) {
      const unsigned run = 0x1Fu << start;
      if ((w.blocked & run) || std::popcount(w.own & run) < 3) continue;
      for (unsigned bits = run & ~w.own; bits; bits &= bits - 1)
        zone.set(static_cast<std::size_t>(board_.stepOnBoard(stone, dir, std::countr_zero(bits) - kWindowCentre)));
    }
  }
}

bool ProofGame::replayLine(Point p, const std::vector<Point>& line, LineZone* zone) {
  // The line's owner is the side not to move; the side to move plays p first (unless kNoPoint),
  // then blocks each four (a stone of its that gives it a five point ends the line). Neither
  // side has a five point before p, so every five point made on the way runs through the stone
  // just placed: each step looks only there. With `zone`, marks every cell where a stone of the
  // side to move (one that makes no four itself) could change a step: the line's moves, every
  // five point of each four (a stone elsewhere in a four's run of five is the owner's already),
  // the empty cells of the runs through each block that one more stone would make a four, and
  // in renju the lines through every point a foul test visits. A stone outside them leaves
  // each step as it was.
  const Color d = toMove_, a = opponent(d);
  std::vector<Point> reads;
  auto legal = [&](Point x, Color c) {
    if (!board_.isEmpty(x)) return false;
    if (rule_ != Rule::Renju || c != Color::Black) return true;
    const std::size_t before = reads.size();
    const bool ok = forbiddenKind(board_, x, zone ? &reads : nullptr) == ForbiddenKind::None;
    // A white stone only takes black's runs away: it makes no new three, four or overline at x,
    // so unless the test looked past x's own lines (a double three's recursion), no white
    // stone makes x a foul.
    if (zone && c == a && reads.size() == before + 1) reads.pop_back();
    return ok;
  };
  if (zone) zone->reset();
  int placed = 0;
  Point lastOwn = kNoPoint, scratch = kNoPoint;  // the side to move's latest stone
  if (p != kNoPoint) {
    board_.place(p, d);
    ++placed;
    lastOwn = p;
  }
  bool wins = false;
  for (Point f : line) {
    if (zone) zone->set(static_cast<std::size_t>(f));
    if (!board_.isEmpty(f) || (lastOwn != kNoPoint && fivePointsThrough(board_, rule_, d, lastOwn, scratch) > 0) || !legal(f, a))
      break;
    board_.place(f, a);
    ++placed;
    Point block = kNoPoint;
    const int fives = fivePointsThrough(board_, rule_, a, f, block);
    if (zone) markFivePoints(a, f, *zone);
    if (fives >= 2 || (fives == 1 && !legal(block, d))) {
      wins = true;
      break;
    }
    if (fives == 0) break;
    board_.place(block, d);
    ++placed;
    if (zone) markFourRoom(d, block, *zone);
    lastOwn = block;
  }
  while (placed-- > 0) board_.undo();
  if (zone)
    for (Point q : reads) markLines(q, *zone);
  return wins;
}

void ProofGame::movesAgainstLine(const std::vector<Point>& line, MoveList& moves, bool everyLegalMove) {
  // A four is answered first, so it always stays; any other move must break the line. The
  // four moves come from one scan of the lines with three stones (not a pattern read per move),
  // the zone decides most other moves without a replay, and legality (a foul test for black)
  // is asked last, of the few moves that survive.
  const Color me = toMove_;
  LineZone zone;
  const bool zoned = replayLine(kNoPoint, line, &zone);
  const LineZone makesFour = fourMoveCells(me);
  auto survives = [&](Point p) {
    if (makesFour.test(static_cast<std::size_t>(p))) return true;
    if (zoned && !zone.test(static_cast<std::size_t>(p))) return false;  // the line wins as it did
    return !replayLine(p, line, nullptr);
  };
  if (!everyLegalMove) {
    moves.keepOnly(survives);
    return;
  }
  moves.clear();
  for (Point p = 0; p < board_.cellCount(); ++p)
    if (board_.isEmpty(p) && survives(p) &&
        (makesFour.test(static_cast<std::size_t>(p)) || isLegal(board_, p, me, rule_)))
      moves.push(p);
}

void ProofGame::answersToThreats(Color side, const MoveList& threats, MoveList& out, std::vector<Point>& cover) {
  // A move that makes a four forces the opponent to answer it first, so it always stays.
  // Any other move must stop every straight-four move; if one still wins, the move loses.
  // (The side has no five point here, and a non-four move gives it none.)
  out.clear();
  const Color other = opponent(side);
  const std::size_t n = static_cast<std::size_t>(threats.size());
  std::vector<bool> used(n, false);
  // Threats that stand against any move off their lines: a move more than five cells away along
  // the threat's four lines (or on none of them) changes none of the windows the threat's five
  // points are read from. Where the threat is black's under renju, a far stone may still change
  // whether the threat point is a foul: the cells the foul test read (the threat point and the
  // straight-four points its recursion visited) are kept, and a move counts as far only when it
  // is off every line window through them too.
  // Nearer, on the threat's lines, a stone stops such a threat only on the threat point or on
  // one of its five points: every other cell of a five's run of five is the threat's owner's
  // already, and a stone of the other colour neither makes nor breaks an owner's overline. Its
  // legality stands too where the foul test read no further than the threat point (a white
  // stone only takes black's runs away; it turns no line into a three or a four).
  // refutesAtOnce[i]: the cells where threat i is known to stand without playing the move out.
  std::vector<LineZone> refutesAtOnce(n);
  std::vector<Point> foulReads;
  const bool foulMatters = rule_ == Rule::Renju && other == Color::Black;
  for (std::size_t i = 0; i < n; ++i) {
    const Point t = threats[static_cast<int>(i)];
    foulReads.clear();
    if (foulMatters && forbiddenKind(board_, t, &foulReads) != ForbiddenKind::None) continue;
    board_.place(t, other);
    Point first = kNoPoint;
    const bool standsFar = fivePointsThrough(board_, rule_, other, t, first) >= 2;
    board_.undo();
    if (!standsFar) continue;
    LineZone& at = refutesAtOnce[i];
    if (foulReads.size() > 1) {
      // Off the line windows through the threat point and the cells its foul test read.
      markLines(t, at);
      for (Point q : foulReads) markLines(q, at);
      at.flip();
    } else {
      // Off its five points (and the threat point) every cell lets it stand.
      at.set();
      forEachFivePointAt(board_, t, other, rule_, [&](Point q) { return at.reset(static_cast<std::size_t>(q)), false; });
    }
    at.reset(static_cast<std::size_t>(t));
  }
  const LineZone makesFour = fourMoveCells(side);
  for (Point p = 0; p < board_.cellCount(); ++p) {
    if (!board_.isEmpty(p)) continue;
    if (makesFour.test(static_cast<std::size_t>(p))) {
      out.push(p);  // legal: findFourMoves lists legal moves only
      continue;
    }
    // (A four move the side may not play goes on below: refuted or not, it is never listed.)
    // The first threat that still wins after p refutes it (recorded only for legal moves).
    int refutedBy = -1;
    for (std::size_t i = 0; i < n && refutedBy < 0; ++i) {
      const Point t = threats[static_cast<int>(i)];
      if (refutesAtOnce[i].test(static_cast<std::size_t>(p))) refutedBy = static_cast<int>(i);
      else if (threatSurvives(side, p, t)) refutedBy = static_cast<int>(i);
    }
    if (refutedBy >= 0 && used[static_cast<std::size_t>(refutedBy)]) continue;  // legality cannot change the answer
    if (!isLegal(board_, p, side, rule_)) continue;
    if (refutedBy >= 0) used[static_cast<std::size_t>(refutedBy)] = true;
    else out.push(p);
  }
  for (std::size_t i = 0; i < n; ++i)
    if (used[i]) cover.push_back(threats[static_cast<int>(i)]);
}

}  // namespace tengen::gomoku
