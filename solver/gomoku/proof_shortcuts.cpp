// Where a node is settled or narrowed by a search of its own: pairing strategies (a disproof),
// relevance zones (the defender's moves that can matter against a win after a pass), threat
// probes (a VCT at an attacker's node) and proofs known from before (grafted whole).
#include "solver/gomoku/pairing.h"
#include "solver/gomoku/proof_game.h"
#include "solver/gomoku/relevance_zone.h"
#include "solver/gomoku/rules.h"
#include "solver/gomoku/symmetry.h"
#include "solver/gomoku/threat_sequence.h"
#include "solver/gomoku/threats.h"
#include "solver/gomoku/zobrist.h"

namespace tengen::gomoku {
namespace {

// Backtracking steps for one pairing search: enough to settle nearly every 7x7 position either
// way (the matching bound in pairing.cpp refutes most failures in a few steps).
constexpr int kPairingSteps = 100'000;

}  // namespace

NullMoveSearch& ProofGame::nullMove() {
  if (!nullMove_) {
    nullMove_ = std::make_unique<NullMoveSearch>(32, effortShift_, epsilon_);
    nullMove_->setSequenceThreats(sequenceThreats_);
  }
  return *nullMove_;
}

bool ProofGame::movesInNullMoveZone(MoveList& out, proof::Argument<Point>& argument) {
  if (nullMoveBudget_ == 0 || mode_ != ProofMode::Full) return false;
  const auto win = nullMove().find(board_, rule_, attacker_, nullMoveBudget_, nullMoveNodes_);
  ++counts_.zoneSearches;
  if (!win) return false;
  ++counts_.zoneWins;
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

void ProofGame::probeReplies(const MoveList& replies) {
  // Most replies to a threat lose to a win by threats: each reply's first probe runs now, and a
  // win found is kept for the reply (see replyRefuted).
  const std::uint64_t ownProbe = probeBudget_;  // this node's own probe budget stays as it was
  proof::Argument<Point> win;
  for (Point r : replies) {
    play(r);
    probeThreatWin(probeFirst_, win);
    undo();
  }
  probeBudget_ = ownProbe;
}

bool ProofGame::replyRefuted(Point p) const {
  // The key the attacker's node after p is kept under (exactKey() there: a defender's move
  // leaves the attacker's moves left as they are).
  // Off, no lookup: estimateAfter() asks this for every defender's reply.
  return replyProbePlies_ > 0 && !threatWins_.empty() &&
         threatWins_.count(keyFor(board_.hash() ^ zobristKey(toMove_, p), opponent(toMove_), attackerMovesLeft_)) > 0;
}

bool ProofGame::probeThreatWin(std::uint64_t budget, proof::Argument<Point>& argument) {
  const std::uint64_t key = exactKey();
  std::shared_ptr<const proof::ProofTree<Point>> win;
  if (const auto it = threatWins_.find(key); it != threatWins_.end()) {
    win = it->second;
  } else {
    probeBudget_ = budget;
    // Probes live on credit: a node of it for each node the search visits, more for each win, a
    // probe's nodes taken off. Where the attacker cannot win they all fail and soon stop, costing
    // about what the search itself does; where it wins, every win pays for the next probes.
    if (probeCredit_ <= 0 || !probesWanted_) return false;
    std::uint64_t used = 0;
    win = nullMove().findWin(board_, rule_, attacker_, budget, used);
    nullMoveNodes_ += used;
    probeCredit_ -= static_cast<std::int64_t>(used);
    ++counts_.probes;
    if (!win) {
      counts_.failedProbeNodes += used;
      return false;
    }
    ++counts_.probeWins;
    probeCredit_ += kProbeWinCredit;
    // Kept apart from the expansion cache, so a proof can always be rebuilt.
    if (threatWins_.size() >= kMaxThreatWins) threatWins_.clear();
    threatWins_[key] = win;
  }
  argument.tree = std::move(win);
  argument.treeIsNode = true;
  return true;
}

bool ProofGame::sequenceWins(proof::Argument<Point>& argument) {
  // Apart from the probes' credit both ways: charged for their threats they starved the probes
  // (the first freestyle game's ply 26: 375,623 nodes against 70,356 uncharged), and paying into
  // it for their wins they kept probes running that won nothing (h8 o8 g7 o9, 150,000 nodes:
  // 136,071 probes, none won, 90% of the threat searches' nodes, beside 35,712 sequence wins).
  // They pause with the probes on a side whose win looks unlikely.
  if (sequenceThreats_ == 0 || !threatSequencesProve(rule_) || !probesWanted_) return false;
  if (!sequences_) sequences_ = std::make_unique<ThreatSequenceSearch>();
  std::vector<Point> gains = sequences_->find(board_, attacker_, rule_, sequenceThreats_);
  ++counts_.sequenceSearches;
  counts_.sequenceThreats += sequences_->nodes();
  if (gains.empty()) return false;
  ++counts_.sequenceWins;
  argument.kind = kThreatSequence;
  argument.moves = std::move(gains);
  return true;
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

void ProofGame::setKnownProofs(std::shared_ptr<const KnownProofs> known) {
  if (known && (known->rule() != rule_ || known->size() != board_.size())) known = nullptr;
  known_ = std::move(known);
  expansions_.clear();
}

}  // namespace tengen::gomoku
