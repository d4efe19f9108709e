// The messages between the coordinator and its workers: a five-in-a-row job (one position, one
// attacker, a budget) and its answer (a proof or disproof tree, or the search's numbers), a check
// (another worker's tree to re-verify) with its verdict, a proof lent mid-job (a worker asks for a
// verified win the coordinator listed, the coordinator sends its tree), and any other game's job in
// an envelope. Encoded as a small header (magic, protocol version, kind) and a versioned
// Boost.Serialization binary archive; any size, so a large proof never overflows a buffer. The
// coordinator and workers share nothing else.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace tengen::worker {

// Bumped whenever a message's layout changes; a peer with another version is refused.
inline constexpr std::uint32_t kProtocolVersion = 7;

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

// A job of a game whose jobs run whole on one worker, with no message mid-job (Othello's): the
// game's name as `--game` spells it, and its request in the game's own encoding (worker/<game>_job.h),
// run by the worker's table of games (worker/game_jobs.h). The protocol knows no game's fields.
struct GameJob {
  std::uint64_t jobId = 0;
  std::string game;
  std::string request;
};

// Its answer: the game's reply in the game's encoding, or `error` when the worker could not run
// the job at all (no such game here, a request it could not read); then `reply` is empty.
struct GameReply {
  std::uint64_t jobId = 0;
  std::string game;
  std::string reply;
  std::string error;
};

using Message =
    std::variant<JobRequest, JobReply, StopRequest, CheckRequest, CheckReply, GameJob, GameReply, ProofWanted, ProofGiven>;

std::string encodeMessage(const Message& message);
// Throws ProtocolError on a wrong magic, another protocol version or a damaged archive.
Message decodeMessage(std::string_view bytes);

}  // namespace tengen::worker
