// Five-in-a-row's jobs (the adapter of solver/gomoku to the worker): the request and reply and
// their place in the protocol's envelope, building a request from a position, the position back
// from a request (checked, since it came over the wire), proof trees to and from their wire form,
// running one job with the prover, and re-verifying another worker's answer.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "solver/gomoku/known_proofs.h"
#include "solver/gomoku/position.h"
#include "solver/gomoku/solve.h"
#include "solver/proof/proof_tree.h"
#include "worker/game_jobs.h"
#include "worker/protocol.h"
#include "worker/search_guide.h"

namespace tengen::worker {

// The game's name in the envelope (as `--game` spells it).
inline constexpr std::string_view kFiveInARowGame = "gomoku";

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

struct JobReply {
  std::uint64_t jobId = 0;
  JobOutcome outcome = JobOutcome::Unknown;
  WireTree tree;                 // Proven / Disproven: the tree, already checked by the worker
  std::uint32_t pn = 1, dn = 1;  // Unknown: the root's numbers when the budget ran out
  std::uint64_t nodes = 0;
  double seconds = 0;
  std::string error;             // Failed: why (a bad position, a rejected proof)
  // The worker's outside engine (--hint-engine) during the job: questions asked and seconds spent
  // on them. On a hard position the engine's thinking can be most of a job's time.
  std::uint32_t engineQuestions = 0;
  double engineSeconds = 0;
};

struct JobBudget {
  std::uint64_t maxNodes = 0;  // 0: none
  double maxSeconds = 0;       // 0: none
  std::uint32_t hashMegabytes = 32;
};

JobRequest makeJobRequest(std::uint64_t jobId, const gomoku::Position& position, gomoku::Color attacker,
                          const JobBudget& budget);
// Another worker's answer to `job`, to re-verify.
CheckRequest makeCheckRequest(std::uint64_t checkId, const JobRequest& job, WireTree tree);
// Throws ProtocolError when the request does not describe a playable position.
gomoku::Position jobPosition(const JobRequest& job);

WireTree toWire(const proof::ProofTree<gomoku::Point>& tree);
// Throws ProtocolError when a move is off the board.
proof::ProofTree<gomoku::Point> fromWire(const WireTree& wire, int boardSize);

// To and from the envelope. Reading throws ProtocolError when the envelope holds another game's
// job or a body that is not five-in-a-row's; a reply whose worker could not run the job comes back
// Failed with the worker's reason.
GameJob gameJobOf(const JobRequest& job);
JobRequest jobRequestOf(const GameJob& job);
GameReply gameReplyOf(const JobReply& reply);
JobReply jobReplyOf(const GameReply& reply);

// Runs jobs one after another with one transposition table, reallocated only when a job asks
// for another size (and cleared before every job, so each answer depends on its job and the
// verified wins lent to it). The wins a run lists are kept across its jobs, with the trees
// already fetched; a job of another run (or none) starts them afresh.
class JobRunner {
 public:
  JobRunner() = default;
  explicit JobRunner(SearchGuide guide) : guide_(std::move(guide)) {}

  // Never throws; a bad job comes back as JobOutcome::Failed. With `withdrawn`, the job stops when
  // it is raised (and comes back Cancelled) instead of at a stop request. Without `source` the
  // job's listed wins are not used.
  JobReply run(const JobRequest& job, const std::atomic<bool>* withdrawn = nullptr, ProofSource source = {});

 private:
  std::shared_ptr<const gomoku::KnownProofs> lentProofs(const JobRequest& job, ProofSource source);
  // The guide's oracle for the job's game (made on the first job of that game); empty unguided.
  const gomoku::MoveOracle& oracleFor(const gomoku::Position& pos);

  SearchGuide guide_;
  gomoku::MoveOracle oracle_;
  int oracleGame_ = -1;  // rule and size the oracle was made for

  std::unique_ptr<proof::TranspositionTable> table_;
  std::uint32_t tableMegabytes_ = 0;
  std::shared_ptr<gomoku::KnownProofs> known_;
  std::uint64_t knownRun_ = 0;
  ProofSource source_;  // the running job's
  std::uint64_t jobId_ = 0;
};

// One job with a table of its own.
JobReply runJob(const JobRequest& job);

// Runs the independent verifier over a CheckRequest's tree. Never throws: a request that does not
// describe a position and a tree is not accepted, with the reason.
CheckReply runCheck(const CheckRequest& request);

// The worker's runner for five-in-a-row's jobs (worker/game_jobs.h): a JobRunner with `guide`.
std::unique_ptr<GameJobRunner> makeFiveInARowRunner(const SearchGuide& guide);

}  // namespace tengen::worker
