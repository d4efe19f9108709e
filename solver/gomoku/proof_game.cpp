// The pruning rules of five-in-a-row proofs. Every left-out move is one the search can show to
// lose for the side that would play it; the verifier (proof_check.cpp) re-checks each one.
#include "solver/gomoku/proof_game.h"

#include "solver/gomoku/pairing.h"
#include "solver/gomoku/relevance_zone.h"
#include "solver/gomoku/rules.h"
#include "solver/gomoku/symmetry.h"
#include "solver/gomoku/threats.h"
#include "solver/gomoku/zobrist.h"

namespace tengen::gomoku {
namespace {

// Boards up to this size get draw-oriented estimates.
constexpr int kSmallBoard = 9;
// Backtracking steps for one pairing search: enough to settle nearly every 7x7 position either
// way (the matching bound in pairing.cpp refutes most failures in a few steps).
constexpr int kPairingSteps = 100'000;

using proof::Expansion;
using proof::ProofNumbers;

std::uint64_t mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

}  // namespace

std::string_view proofModeName(ProofMode m) {
  switch (m) {
    case ProofMode::Full: return "full";
    case ProofMode::Vct: return "vct";
    case ProofMode::Vcf: return "vcf";
  }
  return "?";
}

bool parseProofMode(std::string_view text, ProofMode& out) {
  for (ProofMode m : {ProofMode::Full, ProofMode::Vct, ProofMode::Vcf})
    if (text == proofModeName(m)) {
      out = m;
      return true;
    }
  return false;
}

ProofGame::ProofGame(const Board& board, Color toMove, Rule rule, Color attacker, ProofMode mode, int moveLimit,
                     int threatLimit)
    : board_(board), rule_(rule), attacker_(attacker), toMove_(toMove), mode_(mode), moveLimit_(moveLimit),
      threatLimit_(std::max(1, threatLimit)), attackerMovesLeft_(moveLimit) {
  // Everything that changes what a key means goes into the salt, so one table can serve many searches.
  salt_ = mix(mix(mix(mix(static_cast<std::uint64_t>(rule)) ^ static_cast<std::uint64_t>(board.size())) ^
                  static_cast<std::uint64_t>(index(attacker))) ^
              static_cast<std::uint64_t>(mode) ^ (static_cast<std::uint64_t>(threatLimit_) << 8));
}

ProofGame::~ProofGame() = default;
ProofGame::ProofGame(ProofGame&&) noexcept = default;
ProofGame& ProofGame::operator=(ProofGame&&) noexcept = default;

void ProofGame::setNarrowThreats(bool narrow) {
  // A narrow search's disproofs are no disproofs of the wide one: their keys must differ.
  if (narrow != narrowThreats_) salt_ = mix(salt_ ^ 0x6e6172726f77ull);
  narrowThreats_ = narrow;
  expansions_.clear();
}

std::uint64_t ProofGame::keyFor(std::uint64_t boardHash, Color toMove, int movesLeft) const {
  std::uint64_t k = boardHash ^ salt_;
  if (toMove == Color::White) k ^= 0x5bd1e9955bd1e995ull;
  if (limited()) k ^= mix(0x1000 + static_cast<std::uint64_t>(movesLeft));
  return k;
}

std::uint64_t ProofGame::keyAfter(Point p) const {
  return keyFor(board_.canonicalHashAfter(p, toMove_), opponent(toMove_),
                attackerMovesLeft_ - (toMove_ == attacker_ ? 1 : 0));
}

void ProofGame::play(Point p) {
  if (toMove_ == attacker_) --attackerMovesLeft_;
  board_.place(p, toMove_);
  toMove_ = opponent(toMove_);
}

void ProofGame::undo() {
  board_.undo();
  toMove_ = opponent(toMove_);
  if (toMove_ == attacker_) ++attackerMovesLeft_;
}

int ProofGame::threatFivePoints(Color owner, Point threat, Point& first) const {
  // Five points of the threat's lines, up to two (two or more cannot all be blocked).
  const LinePattern* table = linePatternTable(needsExactFive(rule_, owner));
  first = kNoPoint;
  int count = 0;
  for (int dir = 0; dir < kDirections && count < 2; ++dir) {
    unsigned bits = table[board_.windowKeyAt(threat, dir, owner)].fivePoints;
    while (bits && count < 2) {
      const int cell = __builtin_ctz(bits);
      bits &= bits - 1;
      const Point q = board_.step(threat, dir, cell - kWindowCentre);
      if (q == first) continue;
      if (first == kNoPoint) first = q;
      ++count;
    }
  }
  return count;
}

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
    const int count = threatFivePoints(other, threat, first);
    wins = count >= 2 || (count == 1 && !isLegal(board_, first, side, rule_));
    board_.undo();
  }
  board_.undo();
  return wins;
}

bool ProofGame::findThreatVcf(Color owner, int depth, std::vector<Point>& line) {
  if (depth <= 0) return false;
  // Neither side has a five point here (the node was not decided), so every five point made
  // on the way runs through the stone just placed: each step looks only there.
  const Color d = opponent(owner);
  MoveList fours;
  findFourMoves(board_, owner, rule_, fours);
  for (Point f : fours) {
    board_.place(f, owner);
    Point block = kNoPoint, counter = kNoPoint;
    const int fives = threatFivePoints(owner, f, block);
    bool wins = fives >= 2 || (fives == 1 && !isLegal(board_, block, d, rule_));
    std::vector<Point> rest;
    if (!wins && fives == 1 && depth > 1) {
      board_.place(block, d);  // the forced block; a block that makes a four ends this line
      wins = threatFivePoints(d, block, counter) == 0 && findThreatVcf(owner, depth - 1, rest);
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

void ProofGame::markLines(Point q, LineZone& zone) const {
  // Every cell a window read at q covers: five cells each way along the four lines.
  for (int dir = 0; dir < kDirections; ++dir)
    for (int k = -kWindowCentre; k <= kWindowCentre; ++k) {
      const int c = board_.col(q) + k * kDirCol[dir], r = board_.row(q) + k * kDirRow[dir];
      if (board_.onBoard(c, r)) zone.set(static_cast<std::size_t>(board_.point(c, r)));
    }
}

bool ProofGame::replayLine(Point p, const std::vector<Point>& line, LineZone* zone) {
  // The line's owner is the side not to move; the side to move plays p first (unless kNoPoint),
  // then blocks each four (a stone of its that gives it a five point ends the line). Neither
  // side has a five point before p, so every five point made on the way runs through the stone
  // just placed: each step looks only there. With `zone`, marks the cells the replay reads: the
  // lines through the line's moves and blocks, and in renju every point a foul test visits. A
  // stone of the side to move outside them leaves each step as it was.
  const Color d = toMove_, a = opponent(d);
  std::vector<Point> reads;
  auto legal = [&](Point x, Color c) {
    if (!board_.isEmpty(x)) return false;
    return !(rule_ == Rule::Renju && c == Color::Black) ||
           forbiddenKind(board_, x, zone ? &reads : nullptr) == ForbiddenKind::None;
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
    if (zone) markLines(f, *zone);
    if (!board_.isEmpty(f) || (lastOwn != kNoPoint && threatFivePoints(d, lastOwn, scratch) > 0) || !legal(f, a))
      break;
    board_.place(f, a);
    ++placed;
    Point block = kNoPoint;
    const int fives = threatFivePoints(a, f, block);
    if (fives >= 2 || (fives == 1 && !legal(block, d))) {
      wins = true;
      break;
    }
    if (fives == 0) break;
    if (zone) markLines(block, *zone);
    board_.place(block, d);
    ++placed;
    lastOwn = block;
  }
  while (placed-- > 0) board_.undo();
  if (zone)
    for (Point q : reads) markLines(q, *zone);
  return wins;
}

void ProofGame::movesAgainstLine(const std::vector<Point>& line, MoveList& candidates) {
  // A four is answered first, so it always stays; any other move must break the line.
  const Color me = toMove_;
  LineZone zone;
  const bool zoned = replayLine(kNoPoint, line, &zone);
  candidates.keepOnly([&](Point p) {
    if (shapeOf(board_, p, me, rule_).fours > 0) return true;
    if (zoned && !zone.test(static_cast<std::size_t>(p))) return false;  // the line wins as it did
    return !replayLine(p, line, nullptr);
  });
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
  // points are read from. Not where the threat is black's under renju: there a far stone may
  // still change whether the threat point is a foul.
  std::vector<bool> standsFar(n, false);
  if (!(rule_ == Rule::Renju && other == Color::Black))
    for (std::size_t i = 0; i < n; ++i) {
      board_.place(threats[static_cast<int>(i)], other);
      Point first = kNoPoint;
      standsFar[i] = threatFivePoints(other, threats[static_cast<int>(i)], first) >= 2;
      board_.undo();
    }
  auto onThreatLines = [&](Point p, Point t) {
    const int dc = board_.col(p) - board_.col(t), dr = board_.row(p) - board_.row(t);
    const int ac = dc < 0 ? -dc : dc, ar = dr < 0 ? -dr : dr;
    return (dc == 0 || dr == 0 || ac == ar) && std::max(ac, ar) <= kWindowCentre;
  };
  for (Point p = 0; p < board_.cellCount(); ++p) {
    if (!board_.isEmpty(p)) continue;
    const MoveShape shape = shapeOf(board_, p, side, rule_);
    if (shape.fours > 0) {
      if (isLegal(board_, p, side, rule_)) out.push(p);
      continue;
    }
    // The first threat that still wins after p refutes it (recorded only for legal moves).
    int refutedBy = -1;
    for (std::size_t i = 0; i < n && refutedBy < 0; ++i) {
      const Point t = threats[static_cast<int>(i)];
      if (p != t && standsFar[i] && !onThreatLines(p, t)) refutedBy = static_cast<int>(i);
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

void ProofGame::legalMoves(MoveList& out) {
  out.clear();
  for (Point p = 0; p < board_.cellCount(); ++p)
    if (board_.isEmpty(p) && isLegal(board_, p, toMove_, rule_)) out.push(p);
}

bool ProofGame::movesInNullMoveZone(MoveList& out, proof::Argument<Point>& argument) {
  if (nullMoveBudget_ == 0 || mode_ != ProofMode::Full) return false;
  if (!nullMove_) nullMove_ = std::make_unique<NullMoveSearch>();
  const auto win = nullMove_->find(board_, rule_, attacker_, nullMoveBudget_, nullMoveNodes_);
  if (!win) return false;
  out.clear();
  for (Point p = 0; p < board_.cellCount(); ++p)
    if (win->zone.test(static_cast<std::size_t>(p)) && board_.isEmpty(p) && isLegal(board_, p, toMove_, rule_))
      out.push(p);
  argument.kind = kRelevanceZone;
  argument.moves.clear();
  argument.tree = win->tree;
  argument.treeMove = kPass;
  return true;
}

bool ProofGame::countsOpenRuns() const { return mode_ == ProofMode::Full && board_.size() <= kSmallBoard; }

ProofNumbers ProofGame::numbersAfterAttackerMove(Point move, std::uint32_t dn) const {
  // Proof effort grows with how little the attacker's move threatens. A move's shape does not
  // depend on its own stone being down, so this reads the same before and after it is played.
  const MoveShape s = shapeOf(board_, move, attacker_, rule_);
  if (s.fours > 0) return {1, dn};
  if (s.threes > 0) return {2, dn};
  return {8, dn};
}

ProofNumbers ProofGame::estimate() const {
  // Disproof effort grows with the places the attacker could still make five (counted on small
  // boards, where draws are proved; on large ones nearly every line is open and it tells
  // nothing). The square steers the defender firmly towards the positions that fall to a
  // pairing (7x7: 12.6 s with it, 20 s with a linear count).
  std::uint32_t dn = 1;
  if (countsOpenRuns()) {
    const std::uint32_t live = static_cast<std::uint32_t>(board_.liveWindows(attacker_));
    dn += live * live / 64;
  }
  if (toMove_ == attacker_ || board_.history().empty()) return {1, dn};
  return numbersAfterAttackerMove(board_.history().back().point, dn);
}

ProofNumbers ProofGame::estimateAfter(Point p) {
  // The count of open runs changes with the move: play it.
  if (countsOpenRuns()) {
    play(p);
    const ProofNumbers n = estimate();
    undo();
    return n;
  }
  if (toMove_ != attacker_) return ProofNumbers{1, 1};
  if (hints_)
    if (const auto it = hints_->find(board_.hash()); it != hints_->end())
      if (std::find(it->second.begin(), it->second.end(), p) != it->second.end()) return {1, 1};  // a library's move first
  return numbersAfterAttackerMove(p, 1);
}

bool ProofGame::pairingDisproves(std::vector<Point>& pairs) const {
  // A black defender in renju might find the partner cell forbidden: no pairing there.
  if (rule_ == Rule::Renju && attacker_ == Color::White) return false;
  // Worth trying only once few places to make five are left; the step cap bounds the cost.
  if (board_.liveWindows(attacker_) > 96) return false;
  pairs.clear();
  const auto& history = board_.history();
  const Point lastOwn = history.size() >= 2 && history[history.size() - 2].color == attacker_
                            ? history[history.size() - 2].point
                            : kNoPoint;
  // Fewer attacker stones never hurt a pairing: none on the board without the attacker's last
  // stone means none here. That board is the same for every attacker move before a given
  // defender reply, so siblings share one search (or find it kept).
  if (lastOwn != kNoPoint && pairingAnswer(lastOwn, pairs) == PairingAnswer::None) return false;
  pairs.clear();
  return pairingAnswer(kNoPoint, pairs) == PairingAnswer::Found;
}

PairingAnswer ProofGame::pairingAnswer(Point asEmpty, std::vector<Point>& pairs) const {
  // The search meets a board many times, and its mirror images too: the answer is kept for the
  // canonical image (pairs mapped there and back by the symmetry that reaches it). With
  // `asEmpty` (an attacker stone) the board is read without that stone: its hashes toggled.
  const bool lifted = asEmpty != kNoPoint;
  const int sym = lifted ? board_.canonicalSymmetryAfter(asEmpty, attacker_) : board_.canonicalSymmetry();
  const std::uint64_t key = lifted ? board_.canonicalHashAfter(asEmpty, attacker_) : board_.canonicalHash();
  const int n = board_.size();
  if (auto it = pairings_.find(key); it != pairings_.end()) {
    for (Point q : it->second.pairs) pairs.push_back(applySymmetry(inverseSymmetry(sym), q, n));
    return it->second.answer;
  }
  const PairingAnswer answer = findPairing(board_, attacker_, kPairingSteps, pairs, asEmpty);
  if (pairings_.size() >= kMaxPairings) pairings_.clear();
  KeptPairing& kept = pairings_[key];
  kept.answer = answer;
  for (Point q : pairs) kept.pairs.push_back(applySymmetry(sym, q, n));
  return answer;
}

proof::Expansion ProofGame::expand(std::vector<proof::Child<Point>>& children, proof::Argument<Point>& argument) {
  // The search comes back to a node many times (each visit expands it again); the threat
  // searches behind an expansion cost far more than a lookup, so expansions are kept.
  const std::uint64_t key = exactKey();
  if (auto it = expansions_.find(key); it != expansions_.end()) {
    CachedExpansion& c = it->second;
    if (c.zoneCandidate) {
      // A defender's node the search came back to: now worth a null-move threat search. With a
      // win after a pass, only the moves in its zone are kept (the relevance-zone cut; the win
      // is recorded under a pass edge). Most nodes are visited once and never pay for it.
      c.zoneCandidate = false;
      MoveList zoneMoves;
      proof::Argument<Point> zone;
      if (movesInNullMoveZone(zoneMoves, zone)) {
        c.argumentKind = zone.kind;
        c.tree = zone.tree;
        c.childCount = zoneMoves.size();
        c.points.assign(zoneMoves.begin(), zoneMoves.end());
      }
    }
    children.clear();
    for (int i = 0; i < c.childCount; ++i) children.push_back({c.points[static_cast<std::size_t>(i)], {}});
    argument.kind = c.argumentKind;
    argument.moves.assign(c.points.begin() + c.childCount, c.points.end());
    argument.tree = c.tree;
    argument.treeMove = kPass;
    return c.expansion;
  }
  zoneCandidate_ = false;
  const Expansion e = expandFresh(children, argument);
  if (expansions_.size() >= kMaxExpansions) expansions_.clear();
  CachedExpansion& c = expansions_[key];
  c.expansion = e;
  c.argumentKind = argument.kind;
  c.tree = argument.tree;
  c.zoneCandidate = zoneCandidate_ && e == Expansion::Open;
  c.childCount = static_cast<int>(children.size());
  c.points.reserve(children.size() + argument.moves.size());
  for (const auto& child : children) c.points.push_back(child.move);
  c.points.insert(c.points.end(), argument.moves.begin(), argument.moves.end());
  return e;
}

proof::Expansion ProofGame::expandFresh(std::vector<proof::Child<Point>>& children, proof::Argument<Point>& argument) {
  children.clear();
  argument = {};
  std::vector<Point>& cover = argument.moves;
  const Color me = toMove_, other = opponent(me);
  const bool isOr = me == attacker_;
  const Expansion iWin = isOr ? Expansion::Proven : Expansion::Disproven;
  const Expansion iLose = isOr ? Expansion::Disproven : Expansion::Proven;

  // A limited search has no attacker moves left: the attack failed within its limit. (A win
  // made unstoppable by the last allowed move still counts, as in quintet's limits: the final
  // five is not counted.)
  if (isOr && limited() && attackerMovesLeft_ <= 0) {
    limitReached_ = true;
    return Expansion::Disproven;
  }
  if (hasFivePoint(board_, me, rule_)) return iWin;
  if (board_.full()) return Expansion::Disproven;  // a draw: the attacker did not win
  // A game with no line left for the attacker to fill is not a win for it (full-game values).
  if (mode_ == ProofMode::Full && !hasLiveLine(board_, attacker_)) return Expansion::Disproven;

  // The attacker to move with every possible five stopped by a pairing: no win (full values).
  if (isOr && mode_ == ProofMode::Full && pairingDisproves(argument.moves)) {
    argument.kind = kPairing;
    return Expansion::Disproven;
  }

  moves_.clear();
  findFivePoints(board_, other, rule_, fives_);
  if (!fives_.empty()) {
    // The opponent threatens five: block it or lose. Two five points cannot both be blocked.
    if (fives_.size() >= 2 || !isLegal(board_, fives_[0], me, rule_)) return iLose;
    const Point block = fives_[0];
    // A VCF attacker must keep making fours while it blocks. A VCT attacker may block with any
    // move: the defender's node then asks whether a threat (old or new) still stands.
    if (isOr && mode_ == ProofMode::Vcf && shapeOf(board_, block, me, rule_).fours == 0) return Expansion::Disproven;
    moves_.push(block);
  } else if (!isOr && limited() && attackerMovesLeft_ <= 0) {
    // Whatever the attacker threatens now (a three, a longer VCF) needs one more move to make
    // the win unstoppable, and the limit has none left: the attack failed within its limit.
    limitReached_ = true;
    return Expansion::Disproven;
  } else if (isOr && mode_ == ProofMode::Vcf) {
    // Restricting the attacker is sound for proofs only: a disproof here means "no VCF".
    findFourMoves(board_, me, rule_, moves_);
  } else if (isOr && mode_ == ProofMode::Vct) {
    // A threat of a VCF of two or more fours may be prepared by a move that makes no three
    // itself (its line gets its third stone from the VCF's first four): every move sharing an
    // open run of five with an attacker stone is a candidate, and the defender's node asks
    // whether it threatens.
    // A threat of a one-move VCF (threat limit 1, quintet's meaning) needs the move and two
    // stones in one open run; of a longer one, the move and one stone.
    findNearbyMoves(board_, me, rule_, moves_, threatLimit_ >= 2 && !narrowThreats_ ? 1 : 2);
    // Against a VCF of the defender's (if the attacker passed) only fours and moves that break
    // it can win: any other move lets the defender carry it out.
    if (findThreatVcf(other, kDefenderThreatDepth, cover)) {
      movesAgainstLine(cover, moves_);
      cover.clear();
    }
  } else {
    // How long an opponent's VCF against a pass may be to cut this node's moves (0: no cut).
    const int lineDepth = isOr ? (mode_ == ProofMode::Full ? kDefenderThreatDepth : 0) : threatDepth();
    findStraightFourMoves(board_, other, rule_, threats_);
    if (!threats_.empty()) {
      // The opponent can make a straight four next move: only fours and moves that stop every
      // such threat can survive. Sound for proofs and disproofs alike.
      answersToThreats(me, threats_, moves_, cover);
      if (!cover.empty()) argument.kind = kThreatAnswers;
    } else if (lineDepth > 0 && findThreatVcf(other, lineDepth, cover)) {
      // A longer threat: against a pass the opponent wins by a short VCF. Fours stay; every
      // other move after which that VCF still wins is refuted by it. For the defender in full
      // mode this is the relevance-zone cut (only moves that touch the VCF can matter); for the
      // attacker it is recorded for disproof trees.
      argument.kind = kThreatLine;
      legalMoves(moves_);
      movesAgainstLine(cover, moves_);
    } else if (!isOr && mode_ != ProofMode::Full) {
      // The attacker's last move threatened nothing: it is no VCF/VCT move.
      return Expansion::Disproven;
    } else {
      legalMoves(moves_);
      // The relevance-zone cut may narrow these later (see expand()).
      zoneCandidate_ = !isOr && mode_ == ProofMode::Full && nullMoveBudget_ > 0;
    }
  }
  if (moves_.empty()) return iLose;
  children.reserve(static_cast<std::size_t>(moves_.size()));
  for (Point p : moves_) children.push_back({p, {}});
  return Expansion::Open;
}

}  // namespace tengen::gomoku
