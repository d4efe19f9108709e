// The messages between the coordinator and its workers, naming no game's fields: a job in an
// envelope (the game's name and its request, encoded by the game's adapter in worker/) and its
// answer, a check (another worker's tree to re-verify) with its verdict, and a proof lent mid-job (a
// worker asks for a verified win the coordinator listed, the coordinator sends its tree). Encoded as
// a small header (magic, protocol version, kind) and a versioned Boost.Serialization binary
// archive; any size, so a large proof never overflows a buffer. The coordinator and workers share
// nothing else.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace tengen::worker {

// Bumped whenever a message's layout changes; a peer with another version is refused.
inline constexpr std::uint32_t kProtocolVersion = 8;

class ProtocolError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

using WireCell = std::int16_t;

// A proof tree as sent: nodes[0] is the root; children point at node indices (checked when the
// tree is read back with fromWire, worker/gomoku_job.h).
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

// A job: the game's name as `--game` spells it ("gomoku" for five-in-a-row, "othello"), and its
// request in the game's own encoding (worker/gomoku_job.h, worker/othello_job.h), run by the worker's
// table of games (worker/game_jobs.h).
struct GameJob {
  std::uint64_t jobId = 0;
  std::string game;
  std::string request;
};

// Cancelled: the worker was told to stop (a signal) before the job's budget was spent; the job
// says nothing about the position.
enum class JobOutcome : std::uint8_t { Proven = 0, Disproven = 1, Unknown = 2, Failed = 3, Cancelled = 4 };

// A job's answer: the game's reply in the game's encoding, or `error` when the worker could not run
// the job at all (no such game here, a request it could not read, a message it could not decode);
// then `reply` is empty.
struct GameReply {
  std::uint64_t jobId = 0;
  std::string game;
  std::string reply;
  std::string error;
};

// Tells a worker to finish.
struct StopRequest {};

// Re-verify a tree another worker sent as its answer to `job` (whose id it keeps; its budget unused).
struct CheckRequest {
  std::uint64_t checkId = 0;
  GameJob job;
  WireTree tree;
};

struct CheckReply {
  std::uint64_t checkId = 0;
  bool accepted = false;
  std::string error;  // not accepted: the verifier's reason, or why the request could not be read
  double seconds = 0;
};

// Mid-job, from a worker: the tree of a listed win, for the position the worker's search met (a
// request of the job's game naming that position and its attacker; the budget unused).
struct ProofWanted {
  std::uint64_t jobId = 0;  // the job whose search asks
  GameJob position;
};

// The answer: the proof in the position's own orientation, or found = false.
struct ProofGiven {
  std::uint64_t jobId = 0;
  bool found = false;
  WireTree tree;
};

using Message = std::variant<GameJob, GameReply, StopRequest, CheckRequest, CheckReply, ProofWanted, ProofGiven>;

std::string encodeMessage(const Message& message);
// Throws ProtocolError on a wrong magic, another protocol version or a damaged archive.
Message decodeMessage(std::string_view bytes);

}  // namespace tengen::worker
