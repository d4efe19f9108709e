// Five-in-a-row as an AND/OR game for the proof search: one attacker, a mode (full game value,
// VCT or VCF) and an optional limit on the attacker's moves. expand() holds every pruning rule,
// each one sound for the claims the search makes (see the comments there).
#pragma once

#include <algorithm>
#include <array>
#include <bitset>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <unordered_map>
#include <utility>
#include <vector>

#include "solver/gomoku/board.h"
#include "solver/gomoku/kept_moves.h"
#include "solver/gomoku/known_proofs.h"
#include "solver/gomoku/move_list.h"
#include "solver/gomoku/move_oracle.h"
#include "solver/gomoku/pairing.h"
#include "solver/gomoku/sibling_hints.h"
#include "solver/gomoku/threat_search_counts.h"
#include "solver/gomoku/threats.h"
#include "solver/gomoku/types.h"
#include "solver/proof/game.h"
#include "solver/proof/keyed_cache.h"
#include "solver/proof/proof_tree.h"

namespace tengen::gomoku {

class NullMoveSearch;
class ThreatSequenceSearch;

enum class ProofMode : std::uint8_t { Full = 0, Vct = 1, Vcf = 2 };
std::string_view proofModeName(ProofMode m);
bool parseProofMode(std::string_view text, ProofMode& out);

class ProofGame {
 public:
  using Move = Point;

  // `moveLimit` caps the attacker's moves up to the one that makes the win unstoppable (the
  // final five is not counted, as in quintet; 0: no cap). In VCT mode a
  // move is a threat when, against a pass, the attacker wins by a VCF of at most `threatLimit`
  // moves (1: a four or a three; quintet's threat_limit).
  ProofGame(const Board& board, Color toMove, Rule rule, Color attacker, ProofMode mode, int moveLimit = 0,
            int threatLimit = 1);
  ~ProofGame();
  ProofGame(ProofGame&&) noexcept;
  ProofGame& operator=(ProofGame&&) noexcept;
  // Starts a new search from `board` (`toMove` to play, at most `moveLimit` attacker moves) with
  // the same rule, attacker, mode and threat limit. What the game keeps about positions stays:
  // their keys carry everything that changes an expansion, so positions met again cost a lookup.
  void reset(const Board& board, Color toMove, int moveLimit);

  // Full mode: whether a defender node may leave out the moves outside the zone of a win the
  // attacker has even if the defender passes (found by a threat search of up to `nodes` nodes;
  // 0 turns zones off).
  void setNullMoveBudget(std::uint64_t nodes) { nullMoveBudget_ = nodes; }
  // Full mode: the effort-aware choice (proof::SearchLimits::effortShift; 0: off) and the
  // 1+epsilon of those threat searches and the threat probes'. Set before the first search.
  void setSearchChoice(int effortShift, double epsilon) {
    effortShift_ = effortShift;
    epsilon_ = epsilon;
  }
  // Moves to try first for the attacker, by exact board hash (a library's or an engine's moves: a
  // guided proof), and to stay with while their subtrees cost less than 2^favouredShift times
  // their siblings' (see proof::SearchLimits). They change the search's order only.
  using Hints = std::unordered_map<std::uint64_t, std::vector<Point>>;
  void setHints(std::shared_ptr<const Hints> hints) { hints_ = std::move(hints); }
  // Full mode: an oracle (an engine) asked during the search for its move at the root and at an
  // attacker's node the search comes back to after spending `afterNodes` nodes below it (a node
  // that keeps costing; see noteEffort), at most `maxQuestions` times in all; its move is
  // favoured like a hint. Unlike hints fixed before the search, the questions go where the
  // search is stuck, at any depth.
  // With `background`, the questions below the root are asked on its thread and the search goes
  // on meanwhile: the answer is favoured from the node's next visit on, and a node reached while
  // a question is in flight is asked at a later visit (the root's question is waited for).
  void setOracle(MoveOracle oracle, std::uint64_t afterNodes, int maxQuestions,
                 std::shared_ptr<BackgroundOracle> background = nullptr) {
    oracle_ = std::move(oracle);
    oracleAfter_ = afterNodes;
    oracleLeft_ = maxQuestions;
    background_ = std::move(background);
  }
  // The search tells, before each expand(), the nodes it has spent below the node so far.
  void noteEffort(std::uint64_t nodes) { effort_ = nodes; }

  // Full mode: threat probes. At an attacker's node, a threat-space search (VCT of fours and
  // threes) of `firstNodes` before its moves are listed, and of twice the last budget (up to
  // `maxNodes`) each time the search comes back; a win found is the node's proof. With
  // `whileLikely`, probes stop while the search finds the attacker's win much harder to prove
  // than to refute (see noteRoot): for a side whose win is only a guess, not an expectation.
  void setThreatProbes(std::uint64_t firstNodes, std::uint64_t maxNodes, bool whileLikely = false) {
    probeFirst_ = firstNodes;
    probeMax_ = std::max(firstNodes, maxNodes);
    probesWhileLikely_ = whileLikely;
  }

  // Full mode, where threat sequences prove (threatSequencesProve): at each attacker's node whose
  // threat probe failed, a threat-space search of up to `threats` threats before its moves are
  // listed, and the same after a pass where the null-move search's VCT found no win (0: none).
  // A sequence found is the node's proof (or the zone's win), recorded as its gains
  // (kThreatSequence). Set before the first search.
  void setThreatSequences(std::uint64_t threats) { sequenceThreats_ = threats; }

  // Full mode: reply probes. At a defender's node within `plies` plies of the search's root,
  // each reply is probed at once for a threat win of the attacker (as the reply's own first
  // probe would), so the node's numbers count only the replies that survive. Where no threat
  // narrows the replies, the null-move threat search behind the relevance-zone cut runs at the
  // first visit (not only on a revisit), and without a win after a pass (the attacker's last
  // move threatens nothing) the replies are not probed. Near the root this tells at once which
  // of the attacker's moves threaten something; deeper, the probes at the attacker's nodes do
  // the same work as the search gets there. Needs threat probes; 0 turns it off.
  void setReplyProbePlies(int plies) { replyProbePlies_ = plies; }

  // Full mode: proofs found earlier, taken as leaves (their trees are grafted into the proof).
  void setKnownProofs(std::shared_ptr<const KnownProofs> known);

  // Nodes spent in those searches since the last call (the search reports them apart).
  std::uint64_t takeExtraNodes() { return std::exchange(nullMoveNodes_, 0); }
  // What the threat probes and null-move searches of this game found, and what they cost.
  const ThreatSearchCounts& threatSearchCounts() const { return counts_; }

  std::uint64_t key() const { return keyWith(board_.canonicalHash()); }
  std::uint64_t exactKey() const { return keyWith(board_.hash()); }
  std::uint64_t keyAfter(Point p) const;
  proof::ProofNumbers estimate() const;
  proof::ProofNumbers estimateAfter(Point p);
  bool attackerToMove() const { return toMove_ == attacker_; }
  // Argument kinds recorded in proofs (see proof_check.cpp for how each is re-checked).
  static constexpr int kThreatAnswers = 1;  // moves: the opponent's straight-four moves that refute the left-out moves
  static constexpr int kPairing = 2;        // moves: disjoint pairs that stop every attacker five
  static constexpr int kThreatLine = 3;     // moves: the attacker's VCF (fours, blocks forced) that refutes the left-out moves
  static constexpr int kRelevanceZone = 4;  // tree: the attacker's win after a pass; left-out moves lie outside its zone
  static constexpr int kThreatSequence = 5;  // moves: the gains of the attacker's threat-space win (threat_sequence.h); no children

  proof::Expansion expand(std::vector<proof::Child<Point>>& children, proof::Argument<Point>& argument);
  // The search proved that the attacker's move p wins where it was played: full mode tries the
  // same point early elsewhere (the history heuristic; it changes the order only).
  void noteWin(Point p);
  // Full mode: simulation as move ordering (see sibling_hints.h). The search names, before it
  // plays a defender's reply, a sibling reply already proved (kNoPoint: none); below the reply
  // the moves that won below that sibling are tried first. Off unless set (solve sets it).
  void setSiblingHints(bool on) { siblingHintsOn_ = on && mode_ == ProofMode::Full; }
  bool wantsProvenSibling() const { return siblingHintsOn_; }
  void noteProvenSibling(Point sibling) { pendingSibling_ = sibling; }
  // The root's numbers as the search stands. With probes only while the win is likely, they
  // pause while the root's proof number exceeds kLikelyWinRatio times its disproof number: a
  // search that is refuting the attacker's win would pay for every probe and gain nothing.
  void noteRoot(proof::ProofNumbers root) {
    probesWanted_ = !probesWhileLikely_ || std::uint64_t{root.pn} <= kLikelyWinRatio * std::uint64_t{root.dn};
  }
  void play(Point p);
  void undo();

  // Whether some node was decided by the move limit alone (a longer limit might change it).
  bool limitReached() const { return limitReached_; }

  const Board& board() const { return board_; }
  Board& board() { return board_; }
  Color toMove() const { return toMove_; }
  Color attacker() const { return attacker_; }
  Rule rule() const { return rule_; }
  ProofMode mode() const { return mode_; }

 private:
  bool limited() const { return moveLimit_ > 0; }
  // Whether estimates count the attacker's open runs of five (full values on small boards).
  bool countsOpenRuns() const;
  // Estimated numbers once the attacker has played `move` (disproof number `dn`); with the
  // move's threat class given, its shape is not read again.
  proof::ProofNumbers numbersAfterAttackerMove(Point move, std::uint32_t dn) const;
  // What that estimate reads of the move's shape (shapeOf, for the attacker): 2 a four, 1 a three, 0 neither.
  static std::uint8_t threatClassOf(const MoveShape& s) { return s.fours > 0 ? 2 : s.threes > 0 ? 1 : 0; }
  proof::ProofNumbers numbersAfterAttackerMove(Point move, std::uint8_t threatClass, std::uint32_t dn) const;
  // Whether an attacker's move's estimate is numbersAfterAttackerMove(move, threat class, 1) alone
  // (no library hints or open-run counts; a known win is proved): expand() can give it with the
  // move, and the expansion cache keeps the class (the history counts are read again at each visit).
  bool estimatesByShapeAlone() const { return !hints_ && !countsOpenRuns(); }
  // How long a VCF against a pass may be to cut the defender's moves (0: no such cut): the
  // threat limit in VCT mode, a fixed depth in full mode.
  int threatDepth() const {
    if (mode_ == ProofMode::Full) return kFullModeThreatDepth;
    if (mode_ != ProofMode::Vct || threatLimit_ < 2) return 0;
    // A threat the attacker has no moves left to carry out threatens nothing within the limit.
    return limited() ? std::min(threatLimit_, attackerMovesLeft_) : threatLimit_;
  }
  // Three fours, not two: the longer VCF cuts the defender's replies where the shorter finds
  // nothing (the horizon walk: Yusei proved at ply 39 instead of 46, Suigetsu 2 at 25 instead of 27).
  static constexpr int kFullModeThreatDepth = 3;
  // How long a VCF of the attacker's to move may be to settle a VCT node without its moves.
  int attackerVcfDepth() const {
    const int depth = std::max(2, threatLimit_);
    return limited() ? std::min(depth, attackerMovesLeft_) : depth;
  }
  // How long a defender's VCF against a pass may be to cut the attacker's moves.
  static constexpr int kDefenderThreatDepth = 2;
  std::uint64_t keyWith(std::uint64_t boardHash) const { return keyFor(boardHash, toMove_, attackerMovesLeft_); }
  std::uint64_t keyFor(std::uint64_t boardHash, Color toMove, int movesLeft) const;
  // Moves of `side` that keep it alive against the opponent's straight-four moves `threats`:
  // every legal move not refuted by one of them. The refuting threats go to `cover`.
  void answersToThreats(Color side, const MoveList& threats, MoveList& out, std::vector<Point>& cover);
  // A VCF of at most `depth` moves for `owner` if its opponent passed now, ending in two five
  // points (or one the opponent may not block): the owner's moves.
  // (lastFour, lastBlock: the four and block just played on the way, if any.)
  bool findThreatVcf(Color owner, int depth, std::vector<Point>& line, Point lastFour = kNoPoint,
                     Point lastBlock = kNoPoint);
  // The proof tree of the side to move's VCF `line` (as findThreatVcf gives it) played from
  // here: its fours and the forced blocks.
  std::shared_ptr<const proof::ProofTree<Point>> vcfTree(const std::vector<Point>& line);
  // Replays the VCF `line` of the side not to move after the side to move plays p (kNoPoint:
  // nothing): whether it still wins, and with `zone` the cells the replay read (see the source).
  using LineZone = std::bitset<kMaxCells>;
  bool replayLine(Point p, const std::vector<Point>& line, LineZone* zone);
  void markLines(Point q, LineZone& zone) const;
  // replayLine's zone: the owner's five points with its stone on f (all of them), and the cells
  // where one more stone of side's makes a four through its `stone`.
  void markFivePoints(Color owner, Point f, LineZone& zone) const;
  // The side's legal moves that make a four or a five.
  LineZone fourMoveCells(Color side);
  void markFourRoom(Color side, Point stone, LineZone& zone) const;
  // Keeps of `moves` (empty cells; with `everyLegalMove`, of all the side to move's legal moves,
  // in point order) those that survive the opponent's VCF `line`: fours, and moves after which it
  // no longer wins. (Without `everyLegalMove`, legality is the caller's to ask.)
  void movesAgainstLine(const std::vector<Point>& line, MoveList& moves, bool everyLegalMove = false);
  // Every legal move of the side to move, in point order.
  void legalMoves(MoveList& out);
  // The defender's moves inside the zone of the attacker's win after a pass, with that win in
  // `argument`; false when no such win was found.
  bool movesInNullMoveZone(MoveList& out, proof::Argument<Point>& argument);
  // Whether a pairing strategy stops the attacker here (not where black must answer in renju).
  bool pairingDisproves(std::vector<Point>& pairs) const;
  // The pairing search's answer for the board (read without `asEmpty`, an attacker stone), kept.
  PairingAnswer pairingAnswer(Point asEmpty, std::vector<Point>& pairs) const;
  // Whether the opponent's `threat` still wins after `side` plays p.
  bool threatSurvives(Color side, Point p, Point threat);

  Board board_;
  Rule rule_;
  Color attacker_;
  Color toMove_;
  ProofMode mode_;
  int moveLimit_;
  int threatLimit_;
  int attackerMovesLeft_;
  int rootPly_;  // stones on the board at the search's root
  std::uint64_t salt_;
  bool limitReached_ = false;
  MoveList fives_, threats_, moves_, fours_;
  std::array<MoveShape, kMaxCells> shapes_{};  // the VCT attacker's candidate moves' shapes, by point
  std::vector<std::uint8_t> childClasses_;  // expandFresh()'s children's threat classes, when it gave estimates
  // expand() without the cache.
  proof::Expansion expandFresh(std::vector<proof::Child<Point>>& children, proof::Argument<Point>& argument);
  // The attacker's moves_ as children with their estimates, from their shapes in shapes_.
  void pushEstimatedChildren(std::vector<proof::Child<Point>>& children);
  // Expansions by exact key: the children's moves, then the argument's. Two cache lines, most
  // of them the moves (a hit reads no heap block unless the list is long).
  struct alignas(64) CachedExpansion {
    std::shared_ptr<const proof::ProofTree<Point>> tree;
    std::uint64_t probeBudget = 0;  // the last threat probe's budget (0: no more probes)
    std::uint64_t probedAt = 0;     // visits_ at that probe
    proof::Expansion expansion = proof::Expansion::Open;
    std::int8_t argumentKind = 0;
    bool treeIsNode = false;
    bool zoneCandidate = false;   // every legal move kept: a null-move search may narrow them
    bool decidedByLimit = false;  // disproved for want of attacker moves (see limitReached())
    std::uint16_t childCount = 0;
    KeptMoves moves;  // threat classes: the children's, when expand() gave their estimates
  };
  static_assert(sizeof(CachedExpansion) == 128);
  static constexpr std::size_t kMaxExpansions = 1 << 18;  // slots (32 MiB at most)
  proof::KeyedCache<CachedExpansion> expansions_{kMaxExpansions};
  // Pairing answers by canonical board hash (pairs in the canonical image); the attacker is
  // fixed per game.
  struct KeptPairing {
    PairingAnswer answer = PairingAnswer::Unknown;
    std::vector<Point> pairs;
  };
  static constexpr std::size_t kMaxPairings = 1 << 18;
  mutable std::unordered_map<std::uint64_t, KeptPairing> pairings_;
  // Null-move threat searches, made on first use.
  std::unique_ptr<NullMoveSearch> nullMove_;
  NullMoveSearch& nullMove();  // made at its first use
  int effortShift_ = 0;
  double epsilon_ = proof::kDefaultEpsilon;
  std::uint64_t nullMoveBudget_ = 0;
  bool zoneCandidate_ = false;  // set by expandFresh()
  bool listedAllLegal_ = false;  // set by expandFresh(): a defender's node facing no threat
  std::uint64_t probeBudget_ = 0;  // set by expandFresh(): the budget of the probe made there
  std::uint64_t probeFirst_ = 0, probeMax_ = 0;
  std::uint64_t sequenceThreats_ = 0;
  std::unique_ptr<ThreatSequenceSearch> sequences_;  // made at its first use
  // Whether a threat-space sequence wins for the attacker to move: then `argument` holds it.
  bool sequenceWins(proof::Argument<Point>& argument);
  std::uint64_t visits_ = 0;  // expand() calls: the search's nodes, as the game sees them
  // Probe nodes the game may still spend (see probeThreatWin): one more per visit, kProbeWinCredit
  // more per probe that wins, never more than kMaxProbeCredit banked.
  static constexpr std::int64_t kMaxProbeCredit = 1 << 20;
  static constexpr std::int64_t kProbeWinCredit = 2048;
  std::int64_t probeCredit_ = 4096;
  static constexpr std::uint64_t kLikelyWinRatio = 4;
  bool probesWhileLikely_ = false;
  bool probesWanted_ = true;  // see noteRoot()
  // Whether the attacker to move wins by threats within `budget` nodes (or did before): then
  // `argument` holds the win as the node's own tree.
  bool probeThreatWin(std::uint64_t budget, proof::Argument<Point>& argument);
  // Whether this node is a defender's whose replies are probed at once (see setReplyProbePlies).
  bool probesReplies() const {
    return mode_ == ProofMode::Full && probeFirst_ > 0 &&
           static_cast<int>(board_.history().size()) - rootPly_ < replyProbePlies_;
  }
  // Probes the attacker's win after each of the defender's `replies` (see replyRefuted).
  void probeReplies(const MoveList& replies);
  MoveList zoneMoves_;
  // Whether a probe found the attacker's win after the defender's move p (the side to move's).
  bool replyRefuted(Point p) const;
  int replyProbePlies_ = 0;
  static constexpr std::size_t kMaxThreatWins = 1 << 18;
  std::unordered_map<std::uint64_t, std::shared_ptr<const proof::ProofTree<Point>>> threatWins_;
  std::shared_ptr<const Hints> hints_;
  MoveOracle oracle_;
  std::uint64_t oracleAfter_ = 0;
  std::uint64_t effort_ = 0;  // see noteEffort()
  int oracleLeft_ = 0;
  std::unordered_map<std::uint64_t, Point> oracleMoves_;  // by exactKey(); kNoPoint: asked, no move
  std::shared_ptr<BackgroundOracle> background_;
  // Asks the oracle at this attacker's node unless it was asked here before or has no questions
  // left; in the background unless `wait` (see setOracle).
  void askOracle(bool wait);
  // Takes a background question's answer, if one came.
  void takeOracleAnswer();
  bool favoursMoves() const { return hints_ || !oracleMoves_.empty(); }
  std::shared_ptr<const KnownProofs> known_;
  std::array<std::uint16_t, kMaxCells> wins_{};  // noteWin() counts per point
  // Whether a proof is known for the side to move's position after p (kNoPoint: as it stands).
  // Inline: it is asked for every child listed, and without known proofs it must cost nothing.
  bool knownWin(Point p = kNoPoint) const {
    // After p the opponent of the side to move is to play.
    return known_ && mode_ == ProofMode::Full &&
           known_->has(board_, p == kNoPoint ? toMove_ : opponent(toMove_), attacker_, p);
  }
  // Asks the known proofs about every child of the node just expanded, with each asking's cache
  // miss fetched a few children ahead (asked one by one, as estimateAfter() did, they cost a
  // tenth of a campaign worker's time). The handed children found known get proved numbers;
  // estimateAfter() asks again only where some child was known.
  void markKnownChildren(std::vector<proof::Child<Point>>& children);
  // Whether the node on the board is the one markKnownChildren() last found with no known child,
  // and the known proofs are as they were then.
  bool noKnownChildHere() const {
    return noKnownChildKey_ == exactKey() && noKnownChildAt_ == known_->version();
  }
  std::vector<std::uint64_t> knownKeys_;  // markKnownChildren(): the children's keys, computed once
  std::uint64_t noKnownChildKey_ = 0;
  std::uint32_t noKnownChildAt_ = 0;
  std::uint64_t nullMoveNodes_ = 0;
  ThreatSearchCounts counts_;
  bool siblingHintsOn_ = false;
  Point pendingSibling_ = kNoPoint;
  SiblingHints siblings_;
  // Puts the attacker's move that won at a corresponding position below a proven sibling reply
  // first among `children`, with the estimate of a move expected to win.
  void applySiblingHint(std::vector<proof::Child<Point>>& children);
  // Marks the hinted moves and the oracle's among `children` favoured (proof::SearchLimits::favouredShift).
  void favourHintedMoves(std::vector<proof::Child<Point>>& children) const;
};

}  // namespace tengen::gomoku
