// The coordinator's loop: pick questions (most-proving leaves, or a depth-limited sweep), send
// them as jobs, take answers as they come, have each proof checked by a worker other than its
// finder (or check it here when there is only one worker), store and back them up. Unanswered
// jobs leave a job-state mark beside the book's records. The parts of a run: coordinator/run.h.
#include "coordinator/coordinator.h"

#include <algorithm>
#include <cstdio>
#include <random>

#include "coordinator/run.h"
#include "solver/gomoku/notation.h"

namespace tengen::coordinator {

RunSummary Run::run() {
  start_ = Clock::now();
  for (std::size_t w = 0; w < workers_.size(); ++w) {
    workers_[w].idleSince = start_;
    idle_.insert(w);
  }
  if (options_.goal == Goal::Build) buildTree();
  else adopt({0});
  attacker_ = options_.onlyAttacker.value_or(tree_.root().toMove);
  if (options_.goal == Goal::Solve) settleRootFromBook();
  if (options_.lendProofs) {
    // Any number but 0 names the run; workers keep one run's wins across its jobs.
    std::random_device seed;
    knownRun_ = (static_cast<std::uint64_t>(seed()) << 32 | seed()) | 1;
    const gomoku::Position root = tree_.position(0);
    addLendable(book::provedWinsOf(book_, root.rule, root.board.size(), &root.board));
  }
  loop();
  const auto checkStart = Clock::now();
  verifyStored();
  summary_.finalCheckSeconds = since(checkStart);
  summary_.value = rootValue();
  summary_.rootSettled = summary_.value != GameValue::Unknown;
  summary_.seconds = since(start_);
  summary_.treeNodes = tree_.size();
  summary_.openReplies = openReplies();
  for (const auto& [tried, id] : hardestLeaves()) {
    if (summary_.hardestLines.size() == 8) break;
    if (!tree_.node(id).path.empty()) summary_.hardestLines.push_back(tree_.node(id).path);
  }
  double idle = 0, idleWithWork = 0;
  for (auto& w : workers_) {
    if (!w.busy) w.idle += since(w.idleSince);
    idle += w.idle;
    idleWithWork += w.idleWithWork;
  }
  const double capacity = summary_.seconds * static_cast<double>(workers_.size());
  summary_.idleFraction = capacity > 0 ? idle / capacity : 0;
  summary_.idleWithWorkFraction = capacity > 0 ? idleWithWork / capacity : 0;
  summary_.coordinatorBusyFraction =
      summary_.seconds > 0 ? std::max(0.0, 1.0 - summary_.waitSeconds / summary_.seconds) : 0;
  report(false);
  if (options_.sample) options_.sample(progress());
  return summary_;
}

std::vector<gomoku::Point> Run::openReplies() const {
  std::vector<gomoku::Point> open;
  const Node& root = tree_.node(0);
  const int a = gomoku::index(attacker_);
  if (root.toMove == attacker_ || !root.question[a].expanded || root.question[a].solved()) return open;
  std::vector<bool> listed(tree_.size(), false);
  for (const Edge& e : root.edges) {
    if (listed[static_cast<std::size_t>(e.child)]) continue;
    listed[static_cast<std::size_t>(e.child)] = true;
    if (tree_.node(e.child).question[a].numbers.pn != 0) open.push_back(e.move);
  }
  return open;
}

std::vector<std::pair<std::uint64_t, int>> Run::hardestLeaves() const {
  const int a = gomoku::index(attacker_);
  const std::vector<bool> open = tree_.stillOpen(attacker_);
  std::vector<std::pair<std::uint64_t, int>> leaves;  // (tried nodes, id)
  for (std::size_t id = 0; id < open.size(); ++id) {
    if (!open[id]) continue;
    const Question& q = tree_.node(static_cast<int>(id)).question[a];
    if (q.expanded && !tree_.node(static_cast<int>(id)).edges.empty()) continue;
    leaves.push_back({q.triedNodes, static_cast<int>(id)});
  }
  std::sort(leaves.begin(), leaves.end(), [&](const auto& x, const auto& y) {
    if (x.first != y.first) return x.first > y.first;
    return tree_.node(x.second).question[a].numbers.pn > tree_.node(y.second).question[a].numbers.pn;
  });
  return leaves;
}

RunProgress Run::progress() const {
  RunProgress p;
  p.seconds = since(start_);
  p.nodes = summary_.nodes;
  p.jobs = summary_.jobs;
  p.proven = summary_.proven;
  p.unknown = summary_.unknown;
  p.treeNodes = tree_.size();
  const int a = gomoku::index(attacker_);
  const ProofNumbers rn = tree_.node(0).question[a].numbers;
  p.rootPn = rn.pn;
  p.rootDn = rn.dn;
  const std::vector<std::pair<std::uint64_t, int>> leaves = hardestLeaves();
  p.openLeaves = leaves.size();
  const int n = tree_.root().board.size();
  for (std::size_t i = 0; i < leaves.size() && i < 8; ++i) {
    const Node& v = tree_.node(leaves[i].second);
    std::string line = v.path.empty() ? "(the root)" : gomoku::formatMoves(v.path, n);
    line += " (" + std::string(gomoku::colorName(v.toMove)) + " to move; pn " + std::to_string(v.question[a].numbers.pn);
    if (leaves[i].first) line += ", " + std::to_string(leaves[i].first) + " nodes tried";
    p.hardest.push_back(line + ")");
  }
  return p;
}

void Run::loop() {
  lastReport_ = lastProgressAt_ = lastSample_ = Clock::now();
  summary_.stoppedBy = "done";
  while (true) {
    if (options_.stop && options_.stop->load()) {
      summary_.stoppedBy = "interrupted";
      summary_.droppedJobs = inFlight_.size() + checksOut_.size() + toCheck_.size();
      for (const auto& [jobId, job] : inFlight_) pool_.withdraw(job.worker, jobId);
      break;
    }
    dispatch();
    if (inFlight_.empty() && checksOut_.empty() && toCheck_.empty()) break;
    // At most a fifth of a second between looks at the stop request.
    const double wait = std::clamp(options_.reportEvery - since(lastReport_), 0.01, 0.2);
    const auto waitStart = Clock::now();
    auto message = pool_.receive(wait);
    summary_.waitSeconds += since(waitStart);
    if (message) receiveMessage(message->first, message->second);
    if (since(lastReport_) >= options_.reportEvery) {
      report(true);
      lastReport_ = Clock::now();
    }
    if (options_.sample && since(lastSample_) >= options_.sampleEvery) {
      options_.sample(progress());
      lastSample_ = Clock::now();
    }
  }
  if (options_.goal == Goal::Solve && rootDecided() && summary_.stoppedBy == "done") summary_.stoppedBy = "settled";
}

void Run::report(bool live) {
  if (!options_.report) return;
  const Node& r = tree_.node(0);
  const ProofNumbers rn = r.question[gomoku::index(attacker_)].numbers;
  const double s = since(start_);
  // In words: what is proved, how the jobs went, how far the root is, time against the limit.
  std::string limit = "no limit (Ctrl-C stops and keeps what is proved)";
  if (options_.goal == Goal::Solve && options_.maxSeconds > 0) limit = "limit " + std::to_string(static_cast<long long>(options_.maxSeconds)) + " s";
  else if (options_.maxJobs > 0) limit = "limit " + std::to_string(options_.maxJobs) + " jobs";
  const std::string what = options_.goal == Goal::Build ? "building the book" : "proving " + std::string(gomoku::colorName(attacker_)) + "'s win";
  // The root's proof and disproof numbers: how many open positions at least stand between it and
  // a proof, or a refutation.
  const std::string root = rn.pn == 0                  ? "proved"
                           : rn.pn >= proof::kInfinity ? "refuted"
                                                       : "at least " + std::to_string(rn.pn) + (rn.pn == 1 ? " open position" : " open positions") + " to prove, " +
                                                             std::to_string(rn.dn) + " to refute";
  char line[400];
  std::snprintf(line, sizeof line,
                "%s: %llu jobs done (%llu proved, %llu disproved, %llu unsettled), %zu running | root: %s | "
                "%.0f positions/s | %.1f s, %s",
                what.c_str(), static_cast<unsigned long long>(summary_.jobs),
                static_cast<unsigned long long>(summary_.proven), static_cast<unsigned long long>(summary_.disproven),
                static_cast<unsigned long long>(summary_.unknown), inFlight_.size(),
                root.c_str(), s > 0 ? summary_.nodes / s : 0.0, s, limit.c_str());
  options_.report(line, live);
}

std::string describe(const gomoku::Position& pos, Color attacker) {
  return gomoku::formatStones(pos.board) + " (" + std::string(gomoku::colorName(pos.toMove)) + " to move; " +
         std::string(gomoku::colorName(attacker)) + "'s win)";
}

RunSummary runCoordinator(book::Book& book, const gomoku::Position& root, WorkerPool& pool, const RunOptions& options) {
  return Run(book, root, pool, options).run();
}

}  // namespace tengen::coordinator
