// One coordinator run (coordinator.h's runCoordinator): its tree, the workers' jobs and checks,
// and what it stores. The work is split by idea: coordinator.cpp (the run and its loop),
// run_tree.cpp, run_dispatch.cpp, run_answers.cpp, run_lending.cpp and run_claims.cpp.
#pragma once

#include <chrono>
#include <cstdint>
#include <deque>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "book/book.h"
#include "book/book_proofs.h"
#include "coordinator/coordinator.h"
#include "coordinator/job_tree.h"
#include "solver/gomoku/proof_game.h"
#include "worker/gomoku_job.h"
#include "worker/protocol.h"

namespace tengen::coordinator {

using Clock = std::chrono::steady_clock;
using gomoku::GameValue;
using gomoku::ProofGame;

inline double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// A position and the question about it, for error messages.
std::string describe(const gomoku::Position& pos, Color attacker);

class Run {
 public:
  Run(book::Book& book, const gomoku::Position& root, WorkerPool& pool, const RunOptions& options)
      : book_(book),
        tree_(root, options.goal == Goal::Build ? MoveListing::AllMoves : MoveListing::Prover),
        pool_(pool),
        options_(options),
        workers_(static_cast<std::size_t>(pool.size())),
        crossCheck_(pool.size() >= 2),
        lentUpTo_(static_cast<std::size_t>(pool.size()), 0) {
    tree_.setLeastTriedFirst(options.goal == Goal::Solve && options.budgetGrowth > 1);
  }

  RunSummary run();

  // Where the attacker's opponent is to move at the root and the root was listed: its replies
  // (one a class) still open for the attacker's question.
  std::vector<gomoku::Point> openReplies() const;

  // The run's figures and its open frontier: the leaves below the root still needed for the
  // attacker's question (not answered, not settled above), the hardest first.
  RunProgress progress() const;
  // The open leaves progress() counts, the hardest first: by the nodes already spent on them, then
  // their proof numbers; each as (nodes tried, node id).
  std::vector<std::pair<std::uint64_t, int>> hardestLeaves() const;

 private:
  struct WorkerState {
    bool busy = false;
    Clock::time_point idleSince;
    double idle = 0, idleWithWork = 0;
  };
  struct InFlight {
    int node;
    Color attacker;
    int worker;
    worker::JobBudget budget;  // as sent: a job near the run's time limit gets only what is left
    bool withdrawn = false;    // its answer is no longer wanted (see withdrawMoot)
    bool pass = false;         // the attacker's win at `node` after the opponent passes (passHints)
  };
  // passHints: what is known of the attacker's win after a pass at a node (the opponent to move).
  struct Pass {
    bool answered = false;
    ProofGame::Hints hints;  // the winning moves of its proof by board hash (empty: none proved)
  };
  // The next thing to ask: a node's question, or the pass question of a node.
  struct Ask {
    int node;
    Color attacker;
    bool pass = false;
  };
  // A proof or disproof that came back from a job and waits for (or is out at) its check.
  struct Unchecked {
    InFlight job;
    std::uint64_t jobId = 0;
    worker::WireTree wire;    // as received, for the checking worker
    gomoku::ProofRecord proof;
    int checker = -1;         // the worker checking it, once sent
  };

  // ---- the tree (run_tree.cpp) ----

  // Every position up to the depth, one per symmetry class, with all its legal moves.
  void buildTree();

  // Lists a node's children and takes what the book knows of them. With passHints, at the
  // attacker's node the moves that won nearby (the pass proof's here, and the moves that won after
  // the sibling replies already proved) are asked about first: every other child starts with a
  // proof number of kUnhintedPn, so the search turns to it only once those look costlier.
  static constexpr std::uint32_t kUnhintedPn = 24;
  void expandNode(int id, Color attacker);

  // passHints: at an expanded attacker's node, the children no hint names start behind (see
  // expandNode). Again whenever a hint arrives (a pass answered, a sibling proved).
  void rankChildren(int id, Color attacker);

  // splitOracle: the engine's move at the attacker's node `id`, asked the first time only.
  std::optional<Point> engineMoveAt(int id, Color attacker);

  // splitRethink: `child`'s question came back without a proof at the largest job (or refuted);
  // at each attacker's node above it whose engine move led there, the engine thinks again, longer,
  // once a node. A move other than the first goes to the front of that node's children.
  void rethinkAbove(int child, Color attacker);

  // passHints: the attacker's nodes below `id`'s children get their hints anew (a pass answered at
  // `id`, or one of its children proved).
  void rankBelow(int id, Color attacker);

  // Takes what the book already knows about new nodes: stored answers, and the marks of jobs
  // that ran out of budget (which a search then expands, exactly as when the answer came in).
  void adopt(std::vector<int> fresh);

  // A root where the attacker's opponent moves and the book proves every reply (e.g. the last ones
  // solved apart and imported since the campaign's last run): expanded on the spot, so the backup
  // stores its step as a derived claim for the closing check, instead of a job that would first
  // rebuild every reply's proof from lent trees. Any other root is asked as a whole first (at the
  // attacker's own node one lent proof already makes its job short).
  void settleRootFromBook();

  void backup(int id, Color c);

  // A question the children settled: its step goes into the book (unverified until the end).
  void recordBackup(int id, Color c);

  // A question the rules decided when its node was expanded: a leaf with the rules' argument.
  void recordRuleLeaf(int id, Color c);

  // ---- choosing work (run_dispatch.cpp) ----

  bool rootDecided() const;
  GameValue rootValue() const;
  bool limitReached();  // the run's --jobs, --time or node budget
  std::uint64_t nodesInFlight() const;

  // Whether a job that came back unknown with `nodes` is asked again, larger (budgetGrowth).
  bool askAgain(std::uint64_t nodes) const;

  // passHints: the nearest node at or above `id`, along its first path, where the attacker's
  // opponent is to move and whose own children lead to `id` (the pass there stands for the
  // stone `id`'s path puts on it), with the move from it; -1 when none.
  std::pair<int, Point> passAbove(int id, Color attacker) const;

  // The next question to send, or nullopt when none can go out now.
  std::optional<Ask> nextQuestion();

  void markBusy(std::size_t w);

  // Sends worker `w` the oldest proof waiting for a check that it did not find itself.
  bool dispatchCheck(std::size_t w);

  // Gives each idle worker (lowest index first) a check or a question. Only the idle workers are
  // visited, and once no question can go out only checks are looked for: with a thousand workers
  // one answer costs a few steps here, not a pass over every worker.
  void dispatch();

  // The pass proof's winning moves above this node, moved onto it by the opponent's stone that
  // stands where the pass was.
  void attachHints(worker::JobRequest& request, int id, Color attacker);

  // ---- answers (run_answers.cpp) ----

  struct Accepted {
    InFlight job;
    worker::JobReply reply;
  };

  void freeWorker(int w);

  // Counts a worker's message and decodes it; a damaged or foreign one names the worker.
  worker::Message decodeFrom(const std::string& who, const std::string& bytes);

  // Takes a message off the wire, checks it answers what this worker was sent, frees the worker
  // and hands the answer on: the worker gets new work before the answer's own (slower) handling.
  void receiveMessage(int workerIndex, const std::string& bytes);

  void apply(const Accepted& accepted);

  // A pass question's answer: a proof gives hints (never stored: it only orders searches).
  void applyPass(const InFlight& job, const worker::JobReply& reply);

  // A checked proof: into the book, marked verified, and backed up the tree.
  void storeProof(const InFlight& job, gomoku::ProofRecord proof);

  // Solve: jobs whose answers can no longer change the root (their node settled, or every node
  // above it) are withdrawn, so the run ends, or their workers move on, without waiting for them.
  void withdrawMoot();

  // ---- lending proofs (run_lending.cpp) ----

  void addLendable(const std::vector<book::ProvedWin>& wins);

  // A worker's search met a listed win: its tree from the book, in the orientation asked (or none,
  // when the book cannot give it). The worker waits for the answer, so every request gets one.
  // Returns false when the message is something else.
  bool lendProof(int workerIndex, const worker::Message& message);

  // ---- the loop (coordinator.cpp) ----

  void loop();
  void report(bool live);

  // ---- the closing check (run_claims.cpp) ----

  // Rebuilds every stored step the coordinator derived (not a job's own checked tree) from the
  // book's records, has the independent verifier check it, root first, then marks it verified.
  // A claim whose tree lies inside one already checked needs no check of its own. With two or
  // more workers the checks run on the workers, while the coordinator rebuilds the next trees;
  // with one, here. Stopped (Ctrl-C, polled between claims and between a claim's parts): the
  // claims not yet checked stay claims.
  void verifyStored();

  struct ClaimCheck {
    std::uint64_t checkId;
    int node;
    Color attacker;
    std::vector<std::string> keys;
    std::string request;
    int checker;
  };

  bool stopping() const { return options_.stop && options_.stop->load(); }

  // Sends waiting claim checks to idle workers, then takes one verdict (waiting up to `wait` s).
  void awaitClaimChecks(double wait);

  book::Book& book_;
  JobTree tree_;
  WorkerPool& pool_;
  RunOptions options_;
  RunSummary summary_;
  std::vector<WorkerState> workers_;
  std::set<std::size_t> idle_;  // workers without a job or check, in index order
  std::deque<ClaimCheck> claimChecks_;                       // derived claims' trees waiting for a worker
  std::unordered_map<std::uint64_t, ClaimCheck> claimsOut_;  // ... and out at one
  std::unordered_map<std::uint64_t, InFlight> inFlight_;
  std::uint64_t lastJobId_ = 0;
  const bool crossCheck_;             // proofs are checked by another worker (two or more workers)
  std::deque<Unchecked> toCheck_;     // proofs waiting for a worker to check them
  std::unordered_map<std::uint64_t, Unchecked> checksOut_;
  std::uint64_t lastCheckId_ = 0;
  std::size_t answering_ = 0;  // answers accepted but not yet applied
  Color attacker_ = Color::Black;
  std::vector<std::pair<int, Color>> sweep_;
  std::size_t sweepAt_ = 0;
  std::vector<std::pair<int, Color>> deferred_;
  std::vector<std::pair<int, Color>> backedUp_;
  std::uint64_t knownRun_ = 0;                // 0: no proofs lent
  std::vector<worker::KnownWin> lendable_;    // every win listed so far, in listing order
  std::vector<std::size_t> lentUpTo_;         // per worker: how many of them it was sent
  std::unordered_map<int, Pass> passes_;      // passHints: by node, once asked
  std::unordered_map<int, Point> winningMove_;  // passHints: the attacker's move at nodes it proved won
  std::unordered_map<int, std::optional<Point>> engineMove_;  // splitOracle: its answer by node
  std::unordered_set<int> rethought_;                         // splitRethink: nodes asked again
  Clock::time_point start_, lastReport_, lastProgressAt_, lastSample_;
};

}  // namespace tengen::coordinator
