// Five-in-a-row as an AND/OR game: keys, moves, estimates, and expand(), which decides which
// moves a node needs. The cuts it applies live beside it: threat_cuts.cpp (answers to threats and
// threat lines), proof_shortcuts.cpp (pairings, relevance zones, threat probes, known proofs).
// Every left-out move is one the search can show to lose for the side that would play it; the
// verifier (proof_check.cpp) re-checks each one.
#include "solver/gomoku/proof_game.h"

#include "solver/gomoku/relevance_zone.h"
#include "solver/gomoku/rules.h"
#include "solver/gomoku/threat_sequence.h"
#include "solver/gomoku/threats.h"
#include "solver/gomoku/zobrist.h"

namespace tengen::gomoku {
namespace {

// Boards up to this size get draw-oriented estimates.
constexpr int kSmallBoard = 9;

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
      threatLimit_(std::max(1, threatLimit)), attackerMovesLeft_(moveLimit),
      rootPly_(static_cast<int>(board.history().size())) {
  // Everything that changes what a key means goes into the salt, so one table can serve many searches.
  salt_ = mix(mix(mix(mix(static_cast<std::uint64_t>(rule)) ^ static_cast<std::uint64_t>(board.size())) ^
                  static_cast<std::uint64_t>(index(attacker))) ^
              static_cast<std::uint64_t>(mode) ^ (static_cast<std::uint64_t>(threatLimit_) << 8));
}

ProofGame::~ProofGame() = default;
ProofGame::ProofGame(ProofGame&&) noexcept = default;
ProofGame& ProofGame::operator=(ProofGame&&) noexcept = default;

void ProofGame::reset(const Board& board, Color toMove, int moveLimit) {
  board_ = board;
  toMove_ = toMove;
  moveLimit_ = moveLimit;
  attackerMovesLeft_ = moveLimit;
  rootPly_ = static_cast<int>(board.history().size());
  limitReached_ = false;
  siblings_.resetPath();
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
  if (siblingHintsOn_) siblings_.push(toMove_, p, toMove_ == attacker_ ? kNoPoint : std::exchange(pendingSibling_, kNoPoint));
  if (toMove_ == attacker_) --attackerMovesLeft_;
  board_.place(p, toMove_);
  toMove_ = opponent(toMove_);
  expansions_.prefetch(exactKey());  // expand() comes next: its cache miss starts now
}

void ProofGame::undo() {
  if (siblingHintsOn_) siblings_.pop();
  board_.undo();
  toMove_ = opponent(toMove_);
  if (toMove_ == attacker_) ++attackerMovesLeft_;
}

void ProofGame::legalMoves(MoveList& out) {
  out.clear();
  for (Point p = 0; p < board_.cellCount(); ++p)
    if (board_.isEmpty(p) && isLegal(board_, p, toMove_, rule_)) out.push(p);
}

bool ProofGame::countsOpenRuns() const { return mode_ == ProofMode::Full && board_.size() <= kSmallBoard; }

ProofNumbers ProofGame::numbersAfterAttackerMove(Point move, std::uint32_t dn) const {
  // A move's shape does not depend on its own stone being down, so this reads the same before
  // and after it is played.
  return numbersAfterAttackerMove(move, threatClassOf(shapeOf(board_, move, attacker_, rule_)), dn);
}

ProofNumbers ProofGame::numbersAfterAttackerMove(Point move, std::uint8_t threatClass, std::uint32_t dn) const {
  // Proof effort grows with how little the attacker's move threatens. A point where an attacker
  // move already won elsewhere in this search is tried sooner (the history heuristic: sibling
  // lines are often won by the same moves).
  const bool wonElsewhere = wins_[static_cast<std::size_t>(move)] > 0;
  if (threatClass == 2) return {1, dn};
  if (threatClass == 1) return {wonElsewhere ? 1u : 2u, dn};
  return {wonElsewhere ? 3u : 8u, dn};
}

void ProofGame::noteWin(Point p) {
  if (mode_ != ProofMode::Full || p < 0) return;
  auto& w = wins_[static_cast<std::size_t>(p)];
  if (w < 0xFFFF) ++w;
  if (siblingHintsOn_) siblings_.noteWin(exactKey(), p);
}

void ProofGame::applySiblingHint(std::vector<proof::Child<Point>>& children) {
  // The nearest correspondence first: its position shares the most with this one.
  const SiblingHints::Deltas& deltas = siblings_.deltas();
  for (int i = 0; i < deltas.count; ++i) {
    const Point move = siblings_.winAt(keyWith(board_.hash() ^ deltas.hash[static_cast<std::size_t>(i)]));
    if (move == kNoPoint) continue;
    const auto it = std::find_if(children.begin(), children.end(), [&](const auto& c) { return c.move == move; });
    if (it == children.end()) continue;
    // First, so it wins ties with the fours the estimates rate as highly.
    std::rotate(children.begin(), it, it + 1);
    children.front().numbers = {1, 1};
    children.front().estimated = true;
    ++counts_.siblingHints;
    return;
  }
}

void ProofGame::favourHintedMoves(std::vector<proof::Child<Point>>& children) const {
  const std::vector<Point>* hinted = nullptr;
  if (hints_)
    if (const auto it = hints_->find(board_.hash()); it != hints_->end()) hinted = &it->second;
  Point named = kNoPoint;
  if (const auto it = oracleMoves_.find(exactKey()); it != oracleMoves_.end()) named = it->second;
  if (!hinted && named == kNoPoint) return;
  for (auto& c : children)
    c.favoured = c.move == named || (hinted && std::find(hinted->begin(), hinted->end(), c.move) != hinted->end());
}

void ProofGame::askOracle(bool wait) {
  if (oracleLeft_ <= 0 || (hints_ && hints_->count(board_.hash()))) return;  // named before the search
  const std::uint64_t key = exactKey();
  if (oracleMoves_.count(key)) return;
  // Busy: this node is asked at a later visit if the search is still stuck here.
  if (background_ && !wait && background_->busy()) return;
  const auto it = oracleMoves_.emplace(key, kNoPoint).first;
  --oracleLeft_;
  if (background_ && !wait) {
    background_->ask(this, key, board_, toMove_);
    return;
  }
  const auto move = background_ ? background_->askAndWait(board_, toMove_) : oracle_(board_, toMove_);
  if (move) it->second = *move;
}

void ProofGame::takeOracleAnswer() {
  if (const auto answer = background_->takeAnswer(this); answer && answer->move) oracleMoves_[answer->key] = *answer->move;
}

ProofNumbers ProofGame::estimate() const {
  // Disproof effort grows with the places the attacker could still make five (counted on small
  // boards, where draws are proved; on large ones nearly every line is open and it tells
  // nothing). The square steers the defender firmly towards the positions that fall to a
  // pairing (7x7: 12.6 s with it, 20 s with a linear count).
  if (knownWin()) return ProofNumbers::proven();
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
  if (known_ && !noKnownChildHere() && knownWin(p)) return ProofNumbers::proven();
  if (toMove_ != attacker_) return replyRefuted(p) ? ProofNumbers::proven() : ProofNumbers{1, 1};
  if (hints_)
    if (const auto it = hints_->find(board_.hash()); it != hints_->end())
      if (std::find(it->second.begin(), it->second.end(), p) != it->second.end()) return {1, 1};  // a library's move first
  return numbersAfterAttackerMove(p, 1);
}

proof::Expansion ProofGame::expand(std::vector<proof::Child<Point>>& children, proof::Argument<Point>& argument) {
  // The search comes back to a node many times (each visit expands it again); the threat
  // searches behind an expansion cost far more than a lookup, so expansions are kept.
  ++visits_;
  if (probeCredit_ < kMaxProbeCredit) ++probeCredit_;
  const std::uint64_t key = exactKey();
  if (CachedExpansion* found = expansions_.find(key)) {
    CachedExpansion& c = *found;
    if (c.decidedByLimit) limitReached_ = true;
    if (c.probeBudget > 0 && c.expansion == Expansion::Open && visits_ - c.probedAt >= 2 * c.probeBudget) {
      // An attacker's node the search came back to, after searching below it at least as long as
      // the next probe would take: a longer threat-space search. Probes so never cost much more
      // than the search they may save (where the attacker cannot win, they all fail).
      c.probeBudget = std::min(2 * c.probeBudget, probeMax_);
      c.probedAt = visits_;
      proof::Argument<Point> win;
      if (probeThreatWin(c.probeBudget, win)) {
        c.expansion = Expansion::Proven;
        c.argumentKind = 0;
        c.childCount = 0;
        c.moves.clear();
        c.tree = std::move(win.tree);
        c.treeIsNode = true;
      }
      if (c.probeBudget >= probeMax_) c.probeBudget = 0;
    }
    if (c.zoneCandidate) {
      // A defender's node the search came back to: now worth a null-move threat search. With a
      // win after a pass, only the moves in its zone are kept (the relevance-zone cut; the win
      // is recorded under a pass edge). Most nodes are visited once and never pay for it.
      c.zoneCandidate = false;
      MoveList zoneMoves;
      proof::Argument<Point> zone;
      if (movesInNullMoveZone(zoneMoves, zone)) {
        c.argumentKind = static_cast<std::int8_t>(zone.kind);
        c.tree = zone.tree;
        c.childCount = static_cast<std::uint16_t>(zoneMoves.size());
        c.moves.reset(zoneMoves.size(), false);
        for (int i = 0; i < zoneMoves.size(); ++i) c.moves.setPoint(i, zoneMoves[i]);
      }
    }
    children.clear();
    if (!c.moves.hasClasses())
      for (int i = 0; i < c.childCount; ++i) children.push_back({c.moves.point(i), {}});
    else
      for (int i = 0; i < c.childCount; ++i) {
        const Point p = c.moves.point(i);
        children.push_back({p, numbersAfterAttackerMove(p, c.moves.threatClass(i), 1), 0, true});
      }
    if (c.expansion == Expansion::Open) markKnownChildren(children);
    if (siblingHintsOn_ && c.expansion == Expansion::Open && toMove_ == attacker_) applySiblingHint(children);
    if (background_) takeOracleAnswer();
    if (oracle_ && c.expansion == Expansion::Open && toMove_ == attacker_ && effort_ >= oracleAfter_) askOracle(false);
    if (favoursMoves() && c.expansion == Expansion::Open && toMove_ == attacker_) favourHintedMoves(children);
    argument.kind = c.argumentKind;
    argument.moves.clear();
    for (int i = c.childCount; i < c.moves.size(); ++i) argument.moves.push_back(c.moves.point(i));
    argument.tree = c.tree;
    argument.treeMove = kPass;
    argument.treeIsNode = c.treeIsNode;
    return c.expansion;
  }
  zoneCandidate_ = false;
  listedAllLegal_ = false;
  probeBudget_ = 0;
  const bool limitReachedBefore = std::exchange(limitReached_, false);
  const Expansion e = expandFresh(children, argument);
  if (e == Expansion::Open) {
    if (toMove_ == attacker_) ++counts_.listedAttacker;
    else if (listedAllLegal_) ++counts_.listedDefenderOpen;
    else ++counts_.listedDefenderThreatened;
  }
  CachedExpansion& c = expansions_.slotFor(key);  // every field set below
  c.decidedByLimit = limitReached_;
  limitReached_ = limitReached_ || limitReachedBefore;
  c.expansion = e;
  c.argumentKind = static_cast<std::int8_t>(argument.kind);
  c.tree = argument.tree;
  c.treeIsNode = argument.treeIsNode;
  c.zoneCandidate = zoneCandidate_ && e == Expansion::Open;
  c.probeBudget = e == Expansion::Open && probeBudget_ < probeMax_ ? probeBudget_ : 0;
  c.probedAt = visits_;
  c.childCount = static_cast<std::uint16_t>(children.size());
  const bool withClasses = !children.empty() && children.front().estimated;
  c.moves.reset(c.childCount + static_cast<int>(argument.moves.size()), withClasses);
  for (int i = 0; i < c.childCount; ++i) {
    c.moves.setPoint(i, children[static_cast<std::size_t>(i)].move);
    if (withClasses) c.moves.setThreatClass(i, childClasses_[static_cast<std::size_t>(i)]);
  }
  for (std::size_t i = 0; i < argument.moves.size(); ++i) c.moves.setPoint(c.childCount + static_cast<int>(i), argument.moves[i]);
  if (e == Expansion::Open) markKnownChildren(children);
  if (siblingHintsOn_ && e == Expansion::Open && toMove_ == attacker_) applySiblingHint(children);
  // The search's root is listed once per search and never come back to: asked at once.
  if (oracle_ && e == Expansion::Open && toMove_ == attacker_ && static_cast<int>(board_.history().size()) == rootPly_)
    askOracle(true);
  if (favoursMoves() && e == Expansion::Open && toMove_ == attacker_) favourHintedMoves(children);
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
  if (knownWin()) {
    // Proved before: the proof is grafted here whole, and checked again with the rest.
    argument.tree = known_->find(board_.hash(), toMove_, attacker_);
    argument.treeIsNode = true;
    return Expansion::Proven;
  }
  // A game with no line left for the attacker to fill is not a win for it (full-game values).
  if (mode_ == ProofMode::Full && !hasLiveLine(board_, attacker_)) return Expansion::Disproven;

  // The attacker to move with every possible five stopped by a pairing: no win (full values).
  if (isOr && mode_ == ProofMode::Full && pairingDisproves(argument.moves)) {
    argument.kind = kPairing;
    return Expansion::Disproven;
  }

  // The attacker to move in a full game: first a threat-space sequence, checked step by step by
  // the verifier from its gains alone; it costs a node per threat where a probe pays for every
  // defender's answer, and where it proves it wins most often (see sequenceWins()).
  if (isOr && mode_ == ProofMode::Full && sequenceWins(argument)) return Expansion::Proven;
  // Then a short threat-space search, which sees the defender's fours against threes. A win
  // there is this node's proof (its tree stands in the node's place); the budget grows when the
  // search comes back (see expand()).
  if (isOr && mode_ == ProofMode::Full && probeFirst_ > 0 && probeThreatWin(probeFirst_, argument))
    return Expansion::Proven;

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
  } else if (isOr && mode_ == ProofMode::Vct && findThreatVcf(me, attackerVcfDepth(), cover)) {
    // A short VCF of the attacker's settles the node at once (quintet's cut): its line is the
    // node's proof.
    argument.tree = vcfTree(cover);
    argument.treeIsNode = true;
    cover.clear();
    return Expansion::Proven;
  } else if (isOr && mode_ == ProofMode::Vct) {
    // A threat of a VCF of two or more fours may be prepared by a move that makes no three
    // itself (its line gets its third stone from the VCF's first four): every move sharing an
    // open run of five with an attacker stone is a candidate, and the defender's node asks
    // whether it threatens.
    // A threat of a one-move VCF (threat limit 1, quintet's meaning) needs the move and two
    // stones in one open run; of a longer one, the move and one stone.
    findNearbyCells(board_, me, moves_, threatLimit_ >= 2 ? 1 : 2);
    // Against a VCF of the defender's (if the attacker passed) only fours and moves that break
    // it can win: any other move lets the defender carry it out.
    if (findThreatVcf(other, kDefenderThreatDepth, cover)) {
      movesAgainstLine(cover, moves_);
      cover.clear();
    }
    // Of those left, the legal moves (the foul test reads the shapes the order and estimates use).
    moves_.keepOnly([&](Point p) {
      MoveShape& s = shapes_[static_cast<std::size_t>(p)];
      s = shapeOf(board_, p, me, rule_);
      return isLegalWithShape(board_, p, me, rule_, s);
    });
    // The moves that build most first: the search breaks ties in their order. The shapes read
    // when the moves were listed give the order and the estimates (handed to the search with
    // the moves).
    moves_.sortByScore([&](Point p) { return shapes_[static_cast<std::size_t>(p)].potential; });
    if (estimatesByShapeAlone()) {
      if (moves_.empty()) return iLose;
      pushEstimatedChildren(children);
      return Expansion::Open;
    }
  } else {
    bool replyProbesWanted = true;
    // How long an opponent's VCF against a pass may be to cut this node's moves (0: no cut).
    const int lineDepth = isOr ? (mode_ == ProofMode::Full ? kDefenderThreatDepth : 0) : threatDepth();
    findStraightFourMoves(board_, other, rule_, threats_);
    bool lineFound = false;  // the opponent's VCF against a pass is in `cover` already
    if (!isOr && mode_ == ProofMode::Vct) {
      // A VCT defender's node: without a threat the attacker's last move is no VCT move; with
      // one, a short VCF of the defender's wins first. (Threats first: most moves the search
      // tries threaten nothing, and then the defender's VCF need not be looked for.)
      lineFound = threats_.empty() && lineDepth > 0 && findThreatVcf(other, lineDepth, cover);
      std::vector<Point> defenderLine;
      if ((threats_.empty() && !lineFound) || findThreatVcf(me, kDefenderThreatDepth, defenderLine)) {
        cover.clear();
        return Expansion::Disproven;
      }
    }
    if (!threats_.empty()) {
      // The opponent can make a straight four next move: only fours and moves that stop every
      // such threat can survive. Sound for proofs and disproofs alike.
      answersToThreats(me, threats_, moves_, cover);
      if (!cover.empty()) argument.kind = kThreatAnswers;
    } else if (lineDepth > 0 && (lineFound || findThreatVcf(other, lineDepth, cover))) {
      // A longer threat: against a pass the opponent wins by a short VCF. Fours stay; every
      // other move after which that VCF still wins is refuted by it. For the defender in full
      // mode this is the relevance-zone cut (only moves that touch the VCF can matter); for the
      // attacker it is recorded for disproof trees.
      argument.kind = kThreatLine;
      movesAgainstLine(cover, moves_, true);
    } else if (!isOr && mode_ == ProofMode::Vcf) {
      // The attacker's last move threatened nothing: it is no VCF move.
      return Expansion::Disproven;
    } else {
      legalMoves(moves_);
      listedAllLegal_ = !isOr;
      if (!isOr && mode_ == ProofMode::Full && nullMoveBudget_ > 0) {
        // The relevance-zone cut: at once near the root (where the replies are probed too),
        // deeper when the search comes back here (see expand()).
        if (probesReplies()) {
          if (movesInNullMoveZone(zoneMoves_, argument)) moves_ = zoneMoves_;
          else replyProbesWanted = false;  // the attacker threatens nothing: most replies would fail
        } else {
          zoneCandidate_ = true;
        }
      }
    }
    if (!isOr && replyProbesWanted && probesReplies()) probeReplies(moves_);
  }
  if (moves_.empty()) return iLose;
  if (isOr && estimatesByShapeAlone()) {
    // The attacker's moves' shapes, read once here rather than at every visit's estimate.
    for (Point p : moves_) shapes_[static_cast<std::size_t>(p)] = shapeOf(board_, p, me, rule_);
    // In full mode the moves that build most first, as in VCT mode: the search breaks ties
    // among equal estimates (every quiet move's) in this order, which was the board's before.
    if (mode_ == ProofMode::Full)
      moves_.sortByScore([&](Point p) { return shapes_[static_cast<std::size_t>(p)].potential; });
    pushEstimatedChildren(children);
    return Expansion::Open;
  }
  children.reserve(static_cast<std::size_t>(moves_.size()));
  for (Point p : moves_) children.push_back({p, {}});
  return Expansion::Open;
}

void ProofGame::pushEstimatedChildren(std::vector<proof::Child<Point>>& children) {
  childClasses_.clear();
  children.reserve(static_cast<std::size_t>(moves_.size()));
  for (Point p : moves_) {
    const std::uint8_t threatClass = threatClassOf(shapes_[static_cast<std::size_t>(p)]);
    childClasses_.push_back(threatClass);
    // A known win is proved at once: see markKnownChildren().
    children.push_back({p, numbersAfterAttackerMove(p, threatClass, 1), 0, true});
  }
}

void ProofGame::markKnownChildren(std::vector<proof::Child<Point>>& children) {
  if (!known_ || mode_ != ProofMode::Full) return;
  // Asked in the children's order: a loadable proof is rebuilt at its first asking, as before.
  // Fetched all at once, most fetches would find no room in the memory system and be dropped.
  constexpr std::size_t kAhead = 8;
  const Color after = opponent(toMove_);
  knownKeys_.resize(children.size());
  for (std::size_t i = 0; i < children.size(); ++i) {
    knownKeys_[i] = known_->listedKey(board_, after, attacker_, children[i].move);
    if (i < kAhead) known_->prefetch(knownKeys_[i]);
  }
  bool any = false;
  for (std::size_t i = 0; i < children.size(); ++i) {
    if (i + kAhead < children.size()) known_->prefetch(knownKeys_[i + kAhead]);
    auto& child = children[i];
    if (known_->has(board_, after, attacker_, child.move, knownKeys_[i])) {
      any = true;
      if (child.estimated) child.numbers = ProofNumbers::proven();
    }
  }
  // A child found known may have been loaded just now (a new version): a node with none left
  // the known proofs as they were.
  noKnownChildKey_ = any ? 0 : exactKey();
  noKnownChildAt_ = known_->version();
}

}  // namespace tengen::gomoku
