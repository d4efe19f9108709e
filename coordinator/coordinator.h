// The coordinator: grows a JobTree over the opening tree, hands its questions to workers as jobs,
// has every answer re-checked by the independent verifier in a worker other than its finder (here
// when there is one worker), stores it in the book at once (with the job state, so a killed run
// resumes where it stopped) and backs up the numbers.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "book/book.h"
#include "coordinator/worker_pool.h"
#include "solver/gomoku/move_oracle.h"
#include "solver/gomoku/position.h"
#include "solver/gomoku/solve.h"
#include "worker/gomoku_job.h"

namespace tengen::coordinator {

// Where a Solve run stands, for a campaign's log and chart (RunOptions::sample).
struct RunProgress {
  double seconds = 0;                      // since this run started
  std::uint64_t nodes = 0, jobs = 0, proven = 0, unknown = 0;
  std::uint32_t rootPn = 1, rootDn = 1;    // the root's numbers for the attacker
  std::uint64_t openLeaves = 0;            // the open frontier: unanswered leaves still needed
  std::uint64_t treeNodes = 0;
  // The hardest open leaves (by the nodes already spent on them, then their proof numbers): each
  // as its moves from the root, and what was tried.
  std::vector<std::string> hardest;
};

enum class Goal {
  Solve,  // the root's game value by job-level proof-number search (leaves grow until settled)
  Build,  // a value for every position up to `depth` plies below the root, one job each
};

struct RunOptions {
  Goal goal = Goal::Solve;
  int depth = 0;                 // Build: plies below the root
  worker::JobBudget jobBudget;   // per job
  // Solve: the root's first job, when it should differ (a single search proves more with its
  // nodes than jobs splitting them: under a run's node budget the root's first job can hold most
  // of it while the other workers start on its children).
  std::optional<worker::JobBudget> rootJobBudget;
  std::uint64_t maxJobs = 0;     // whole run (0: none)
  double maxSeconds = 0;         // whole run, Solve only (0: none)
  std::uint64_t maxNodes = 0;    // whole run, Solve only: prover nodes over all jobs (0: none)
  // Solve only: ask just whether this colour can force a win at the root (the value is its win,
  // or unknown), instead of the root's full value.
  std::optional<gomoku::Color> onlyAttacker;
  std::function<void(const std::string& line, bool live)> report;  // progress; live lines overwrite
  // When set and raised (Ctrl-C, the launcher gone), the run stops at its next safe point: what is
  // stored stays stored, jobs and checks still out are dropped (a rerun asks them again).
  const std::atomic<bool>* stop = nullptr;
  double reportEvery = 1.0;      // seconds between progress reports
  // Solve: where the run stands, every sampleEvery seconds and once at its end.
  std::function<void(const RunProgress&)> sample;
  double sampleEvery = 60;
  // Workers take verified wins as leaves of their searches: the book's at the start and the run's
  // own proofs as they are stored, each tree sent when a worker's search meets its position.
  bool lendProofs = true;
  // Solve with onlyAttacker: at each node where the attacker's opponent is to move, the attacker's
  // win after a pass there is proved first (one job), and its winning moves go with every job
  // below the node as hints (simulation, solver/gomoku/simulation_hints.h), translated by the
  // opponent's stone that stands where the pass was: most replies far from the fight then fall in
  // a few thousand nodes. Hints order the searches only; every answer is verified as before.
  bool passHints = false;
  // passHints: an engine's move at each attacker's node the run expands (a reply whose jobs came
  // back unknown up to maxJobNodes), asked once a node and ranked with the hints, so its child is
  // asked first; empty: none. Orders the jobs only.
  gomoku::MoveOracle splitOracle;
  // splitOracle: the same engine given more time, asked once more at an attacker's node whose
  // engine move came back without a proof at maxJobNodes (unknown, or refuted); where it names
  // another move, that child is asked first. Empty: never. Orders the jobs only.
  gomoku::MoveOracle splitRethink;
  // Solve: an unknown job is asked again with growth times its budget (nodes) until a job of
  // maxJobNodes came back unknown, and only then expanded (1: expanded at once, as before).
  int budgetGrowth = 1;
  std::uint64_t maxJobNodes = 0;
};

struct RunSummary {
  gomoku::GameValue value = gomoku::GameValue::Unknown;  // the root's
  bool rootSettled = false;
  std::uint64_t jobs = 0, proven = 0, disproven = 0, unknown = 0;
  std::uint64_t answeredFromBook = 0;  // questions the book (or its job state) already answered
  std::uint64_t settledByBackup = 0;   // questions settled from their children
  std::uint64_t winsListed = 0;        // verified wins workers could take as leaves
  std::uint64_t proofsAsked = 0, proofsLent = 0;  // trees workers asked for mid-job, and got
  std::uint64_t nodes = 0;             // prover nodes over all workers
  double seconds = 0;
  double workerSeconds = 0;            // time workers spent in jobs (their own clocks)
  // The workers' outside engines (--hint-engine) within the jobs counted in workerSeconds:
  // questions, and seconds spent on them (the splits' engine is the coordinator's: splitQuestions).
  std::uint64_t engineQuestions = 0;
  double engineSeconds = 0;
  double checkSeconds = 0;             // coordinator time re-verifying answers (one worker only)
  double workerCheckSeconds = 0;       // worker time re-verifying other workers' answers
  std::uint64_t checkedByWorkers = 0;  // answers checked by a worker other than their finder
  double waitSeconds = 0;              // coordinator time waiting for a message
  double coordinatorBusyFraction = 0;  // 1 - waitSeconds / seconds
  double storeSeconds = 0;             // coordinator time merging and writing to the book
  double finalCheckSeconds = 0;        // the closing re-verification of derived claims
  double idleFraction = 0;             // worker time without a job, over workers x elapsed
  double idleWithWorkFraction = 0;     // the same, counted only while a job was there to send
  std::size_t treeNodes = 0;
  std::uint64_t messages = 0, bytesSent = 0, bytesReceived = 0;
  std::uint64_t positionsStored = 0;
  std::uint64_t claimsVerified = 0;
  bool rootClaimChecked = false;       // the root's own derived claim rebuilt whole and re-checked in this run
  std::uint64_t droppedJobs = 0;       // interrupted: jobs and checks that were still out
  std::uint64_t withdrawnJobs = 0;     // jobs whose answers stopped mattering while they ran
  std::uint64_t passJobs = 0, passesProven = 0;  // passHints: the pass questions asked, proved
  std::uint64_t hintedJobs = 0;        // jobs sent with a pass proof's moves as hints
  std::uint64_t splitQuestions = 0;    // splitOracle: nodes it was asked about
  std::uint64_t splitRethinks = 0, splitRethinksChanged = 0;  // splitRethink: asked, and named another move
  std::uint64_t jobsAskedAgain = 0;    // budgetGrowth: unknown answers asked again, larger
  // The root's replies (one a class, in the root's frame) not proved the attacker's at the end,
  // where the attacker's opponent is to move there and the root was listed; else none.
  std::vector<gomoku::Point> openReplies;
  // Solve: the hardest open leaves below the root at the end (as RunProgress::hardest, at most 8),
  // each as its moves from the root.
  std::vector<std::vector<gomoku::Point>> hardestLines;
  // Records the run could not read (damaged, or stored under another key): never taken as an
  // answer; their questions were asked again, and a new proof's write replaces them. One line each.
  std::vector<std::string> unreadableRecords;
  std::string stoppedBy;  // "settled", "done", "job limit", "time limit", "node limit", "interrupted"
};

// Throws BookError / std::runtime_error with one line when a worker fails, the verifier refuses
// an answer or the book contradicts one; everything stored before that stays stored.
RunSummary runCoordinator(book::Book& book, const gomoku::Position& root, WorkerPool& pool, const RunOptions& options);

}  // namespace tengen::coordinator
