// Solving a five-in-a-row position: the game value (or a VCF/VCT) with its proof tree, checked
// by the independent verifier before it is reported as proven.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "solver/gomoku/position.h"
#include "solver/gomoku/proof_game.h"
#include "solver/proof/proof_tree.h"
#include "solver/proof/transposition_table.h"

namespace tengen::gomoku {

enum class GameValue : std::uint8_t { BlackWins = 0, WhiteWins = 1, Draw = 2, Unknown = 3 };
std::string_view gameValueName(GameValue v);
inline GameValue winFor(Color c) { return c == Color::Black ? GameValue::BlackWins : GameValue::WhiteWins; }

struct SolveProgress {
  std::uint64_t nodes = 0;
  double seconds = 0;
  Color attacker = Color::Black;  // whose win is being searched
  std::uint32_t pn = 0, dn = 0;   // the root's numbers in that search
};

struct SolveOptions {
  ProofMode mode = ProofMode::Full;
  std::uint64_t maxNodes = 0;  // 0: no node limit
  double maxSeconds = 0;       // 0: no time limit
  std::size_t hashMegabytes = 64;
  int moveLimit = 0;           // VCF/VCT: attacker moves up to the unstoppable threat (the five not counted; 0: none)
  int threatLimit = 1;         // VCT: threats are short VCFs of at most this many moves (1: fours, threes)
  // Full mode: the node budget of each null-move threat search behind a relevance-zone cut at a
  // defender's node (0: no zones).
  std::uint64_t nullMoveNodes = 1000;
  // Full mode: threat probes at the attacker's nodes (a VCT of fours and threes before the moves
  // are listed; a win is the node's proof): the first probe's nodes, doubled each time the search
  // comes back, up to the last (0: no probes).
  std::uint64_t probeNodes = 64;
  std::uint64_t probeMaxNodes = 4096;
  // Full mode, under freestyle and exact five: threat-space sequences at the attacker's nodes
  // (ProofGame::setThreatSequences), the threats each search may try (0: none).
  std::uint64_t sequenceThreats = 300;
  // Full mode: reply probes (see ProofGame::setReplyProbePlies) at the defender's nodes within
  // this many plies of the root (0: none). Off by default: on the opening lines they prove some
  // positions much earlier and lose others the plain search proves (see the README's horizon).
  int replyProbePlies = 0;
  // Full mode: the effort-aware choice at the attacker's nodes (proof::SearchLimits::effortShift):
  // a move is picked by its proof number plus the nodes spent below it / 2^effortShift (0: plain
  // df-pn, by proof number alone).
  int effortShift = 7;
  // Full mode: the 1+epsilon of every search (proof::SearchLimits::epsilon), the threat probes'
  // and zone searches' too; VCF and VCT questions keep the search's own.
  double epsilon = proof::kDefaultEpsilon;
  // Full mode: weak proof numbers at the defender's nodes within this many plies of each
  // full-value search's root (proof::SearchLimits::weakProofPlies; 0: none). Two: the replies to
  // the root's moves (the horizon walk: Yusei proved at ply 43, never within 1M nodes by the
  // sum; 1.07x the nodes where both proved, against 1.31x weak everywhere).
  int weakProofPlies = 2;
  // Full mode: sibling hints (simulation as move ordering, sibling_hints.h): below a defender's
  // reply, the attacker's moves that won below a proven sibling reply are tried first.
  bool siblingHints = true;
  // Full mode: ask only whether this side can force a win. The answer is a proof or a disproof
  // tree in `proofs` (value says the win only when proven), or rootNumbers when unsettled.
  std::optional<Color> onlyAttacker;
  std::function<void(const SolveProgress&)> progress;
  // Full mode: the attacker's moves to try first, by exact board hash (a guided proof).
  std::shared_ptr<const ProofGame::Hints> hints;
  // Full mode: an oracle asked during each search at its root and at the attacker's nodes it comes
  // back to after spending `oracleAfterNodes` nodes below them, at most `oracleQuestions` times a search; its
  // moves are favoured as hints are (ProofGame::setOracle). Its time counts in maxSeconds.
  MoveOracle oracle;
  std::uint64_t oracleAfterNodes = 256;
  int oracleQuestions = 0;
  // Asks below the root on a thread of its own while the search goes on (the root's question is
  // waited for): faster when the oracle is slow, but what is favoured then depends on timing.
  bool oracleInBackground = false;
  // Full mode: proofs found earlier, taken as leaves of the new proof (their trees are copied in
  // and checked again with it).
  std::shared_ptr<const KnownProofs> known;
  // A table to reuse (cleared first, so results do not depend on earlier searches) instead of
  // allocating one of hashMegabytes: saves a worker the page faults of a fresh table per job.
  proof::TranspositionTable* table = nullptr;
  // Whether the verifier checks the trees here. Only a distributed worker whose answer another
  // process will check turns this off; then `verified` stays false and the trees are unchecked.
  bool checkProofs = true;
  // When set and raised, every search stops at once as if out of budget (the value is then
  // unknown, or what was already proved and checked).
  const std::atomic<bool>* cancel = nullptr;
};

// One proof or disproof behind a result, with the attacker it is about.
struct ProofRecord {
  Color attacker = Color::Black;
  proof::ProofTree<Point> tree;
};

struct SolveResult {
  GameValue value = GameValue::Unknown;
  // VCF/VCT: whether the search finished without finding one ("none within the limits").
  bool noneWithinLimits = false;
  Point bestMove = kNoPoint;
  std::vector<Point> line;  // principal line from the position, the final five included
  std::size_t proofNodes = 0;
  int proofDepth = 0;        // plies to the end of the proof along its longest line
  std::uint64_t nodes = 0;      // of the proof searches (what --nodes bounds)
  std::uint64_t zoneNodes = 0;  // of the null-move threat searches behind relevance zones (bounded by --time)
  ThreatSearchCounts threatSearches;  // full mode: the probes and null-move searches inside zoneNodes
  double seconds = 0;
  bool verified = false;     // every tree behind the value passed the verifier here
  std::string verifyError;   // set when a proof failed the verifier (then value is Unknown)
  std::vector<ProofRecord> proofs;
  // Full mode, value unknown: the root numbers of the side to move's win search (kept in a book).
  std::optional<proof::ProofNumbers> rootNumbers;
};

SolveResult solve(const Position& position, const SolveOptions& options);

}  // namespace tengen::gomoku
