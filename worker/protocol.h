// The messages between the coordinator and its workers: a job (one position, one attacker, a
// budget) and its answer (a proof or disproof tree, or the search's numbers), a check (another
// worker's tree to re-verify) with its verdict, and a proof lent mid-job (a worker asks for a
// verified win the coordinator listed, the coordinator sends its tree). Encoded as a small
// header (magic, protocol version, kind) and a versioned Boost.Serialization binary archive; any
// size, so a large proof never overflows a buffer. The coordinator and workers share nothing else.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace tengen::worker {

// Bumped whenever a message's layout changes; a peer with another version is refused.
inline constexpr std::uint32_t kProtocolVersion = 6;

class ProtocolError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

using WireCell = std::int16_t;

// A proof tree as sent: nodes[0] is the root; children point at node indices (checked when the
// tree is read back with fromWire, worker/job.h).
struct WireTree {
  struct Node {
    std::vector<WireCell> moves;        // children's moves
    std::vector<std::int32_t> targets;  // children's node indices (same length as moves)
    std::int32_t argumentKind = 0;
    std::vector<WireCell> argumentMoves;
    std::int32_t depth = 0;
  };
  bool attackerWins = true;
  std::vector<Node> nodes;
};

// A verified win the coordinator can lend: the position's canonical hash
// (gomoku::Board::canonicalHash), the side to move and the winner (gomoku::Color each).
struct KnownWin {
  std::uint64_t canonicalHash = 0;
  std::uint8_t toMove = 0, attacker = 0;
};

// A move to try first at the attacker's node whose board has this (exact) hash: a hint.
struct WireHint {
  std::uint64_t boardHash = 0;
  WireCell move = -1;
};

// What to prove: whether `attacker` can force a win from the position, within the budget.
struct JobRequest {
  std::uint64_t jobId = 0;
  std::uint8_t rule = 0;  // gomoku::Rule
  std::uint8_t size = 15;
  std::vector<WireCell> black, white;  // the stones
  std::uint8_t toMove = 0;             // gomoku::Color
  std::uint8_t attacker = 0;           // gomoku::Color
  std::uint64_t maxNodes = 0;          // 0: none
  double maxSeconds = 0;               // 0: none
  std::uint32_t hashMegabytes = 32;
  // Whether the worker re-checks its own tree before answering. Off when another worker will
  // check it (a CheckRequest): one verification a proof, never in the process that found it.
  bool checkHere = true;
  // Verified wins the job may take as leaves, asking for each tree when its search meets one
  // (ProofWanted). A worker keeps the wins of one run across its jobs: `knownRun` names the run
  // (0: none for this job), `knownWins` adds to what this worker was sent before in the same run.
  std::uint64_t knownRun = 0;
  std::vector<KnownWin> knownWins;
  // Moves to try first (simulation: what won in a proof of a position next to this one). They
  // change the search's order only.
  std::vector<WireHint> hints;
};

// Cancelled: the worker was told to stop (a signal) before the job's budget was spent; the job
// says nothing about the position.
enum class JobOutcome : std::uint8_t { Proven = 0, Disproven = 1, Unknown = 2, Failed = 3, Cancelled = 4 };

struct JobReply {
  std::uint64_t jobId = 0;
  JobOutcome outcome = JobOutcome::Unknown;
  WireTree tree;                 // Proven / Disproven: the tree, already checked by the worker
  std::uint32_t pn = 1, dn = 1;  // Unknown: the root's numbers when the budget ran out
  std::uint64_t nodes = 0;
  double seconds = 0;
  std::string error;             // Failed: why (a bad position, a rejected proof)
};

// Tells a worker to finish.
struct StopRequest {};

// Re-verify a tree another worker sent as its answer to `job` (whose id it keeps).
struct CheckRequest {
  std::uint64_t checkId = 0;
  JobRequest job;  // the position and the attacker (the budget is unused)
  WireTree tree;
};

struct CheckReply {
  std::uint64_t checkId = 0;
  bool accepted = false;
  std::string error;  // not accepted: the verifier's reason, or why the request could not be read
  double seconds = 0;
};

// Mid-job, from a worker: the tree of a listed win, for `job`'s position (its stones, side to
// move and attacker; the budget unused) as the worker's search met it.
struct ProofWanted {
  std::uint64_t jobId = 0;  // the job whose search asks
  JobRequest position;
};

// The answer: the proof in the position's own orientation, or found = false.
struct ProofGiven {
  std::uint64_t jobId = 0;
  bool found = false;
  WireTree tree;
};

// An Othello position's exact final margin for the side to move: the endgame solver's value, and
// its proof ("at least m" proved, "at least m + 1" disproved) when df-pn finds it within
// `proofNodes` (0: no proof asked).
struct OthelloJobRequest {
  std::uint64_t jobId = 0;
  std::uint8_t size = 8;
  std::uint64_t black = 0, white = 0;
  bool whiteToMove = false;
  bool fewestWins = false;  // anti-Othello
  double maxSeconds = 0;    // the endgame search (0: none)
  std::uint64_t proofNodes = 0;
  std::uint32_t hashMegabytes = 32;
  // A split solve's sibling test: the margin is wanted exactly only below this; at or above it a
  // lower bound is the answer (kNoCeiling: always exact).
  std::int32_t ceiling = kNoCeiling;
  static constexpr std::int32_t kNoCeiling = 1000;
  bool wantLine = false;  // an exact margin comes with its perfect line
};

struct OthelloJobReply {
  std::uint64_t jobId = 0;
  JobOutcome outcome = JobOutcome::Unknown;  // Proven: margin exact (proved too when hasProof)
  std::int32_t margin = 0;
  std::int16_t best = -1;  // -1: a pass, or the game is over
  bool lowerBound = false;  // the margin reached the job's ceiling: only "at least margin" is known
  std::vector<std::int16_t> line;  // an exact margin's perfect line from the job's position
  bool hasProof = false;
  WireTree atLeast, notAbove;  // a lower bound's proof is atLeast alone
  std::uint64_t nodes = 0;
  double seconds = 0;
  std::string error;
};

using Message = std::variant<JobRequest, JobReply, StopRequest, CheckRequest, CheckReply, OthelloJobRequest,
                             OthelloJobReply, ProofWanted, ProofGiven>;

std::string encodeMessage(const Message& message);
// Throws ProtocolError on a wrong magic, another protocol version or a damaged archive.
Message decodeMessage(std::string_view bytes);

}  // namespace tengen::worker
