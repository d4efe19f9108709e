// A run's choice of work: the next question (most-proving leaf, or the sweep of a book build),
// its job's budget and hints, and which idle worker gets a job or a check.
#include "coordinator/run.h"

#include <algorithm>

#include "solver/gomoku/zobrist.h"

namespace tengen::coordinator {

bool Run::rootDecided() const {
  const Node& r = tree_.node(0);
  if (options_.onlyAttacker) return r.question[gomoku::index(*options_.onlyAttacker)].numbers.solved();
  const Question& mine = r.question[gomoku::index(r.toMove)];
  const Question& theirs = r.question[gomoku::index(gomoku::opponent(r.toMove))];
  return mine.numbers.isProven() || theirs.numbers.isProven() ||
         (mine.numbers.isDisproven() && theirs.numbers.isDisproven());
}

GameValue Run::rootValue() const {
  const Node& r = tree_.node(0);
  if (options_.onlyAttacker)
    return r.question[gomoku::index(*options_.onlyAttacker)].numbers.isProven() ? gomoku::winFor(*options_.onlyAttacker)
                                                                               : GameValue::Unknown;
  const Color me = r.toMove, other = gomoku::opponent(me);
  if (r.question[gomoku::index(me)].numbers.isProven()) return gomoku::winFor(me);
  if (r.question[gomoku::index(other)].numbers.isProven()) return gomoku::winFor(other);
  if (r.question[gomoku::index(me)].numbers.isDisproven() && r.question[gomoku::index(other)].numbers.isDisproven())
    return GameValue::Draw;
  return GameValue::Unknown;
}

bool Run::limitReached() {
  if (options_.maxJobs && summary_.jobs + answering_ + inFlight_.size() >= options_.maxJobs) {
    summary_.stoppedBy = "job limit";
    return true;
  }
  if (options_.goal == Goal::Solve && options_.maxSeconds > 0 && since(start_) >= options_.maxSeconds) {
    summary_.stoppedBy = "time limit";
    return true;
  }
  if (options_.goal == Goal::Solve && options_.maxNodes > 0 && summary_.nodes + nodesInFlight() >= options_.maxNodes) {
    summary_.stoppedBy = "node limit";
    return true;
  }
  return false;
}

std::uint64_t Run::nodesInFlight() const {
  std::uint64_t n = 0;
  for (const auto& [id, job] : inFlight_) n += job.budget.maxNodes;
  return n;
}

bool Run::askAgain(std::uint64_t nodes) const {
  return options_.goal == Goal::Solve && options_.budgetGrowth > 1 && nodes > 0 && nodes < options_.maxJobNodes;
}

std::pair<int, Point> Run::passAbove(int id, Color attacker) const {
  for (int child = id, v = tree_.node(id).parents.empty() ? -1 : tree_.node(id).parents[0]; v >= 0;
       child = v, v = tree_.node(v).parents.empty() ? -1 : tree_.node(v).parents[0]) {
    if (tree_.node(v).toMove == attacker) continue;
    const auto& path = tree_.node(child).path;
    if (path.size() != tree_.node(v).path.size() + 1) return {-1, gomoku::kNoPoint};
    return {v, path.back()};
  }
  return {-1, gomoku::kNoPoint};
}

std::optional<Run::Ask> Run::nextQuestion() {
  if (options_.goal == Goal::Solve) {
    if (rootDecided()) return std::nullopt;
    const Node& r = tree_.node(0);
    // The side to move's win first; once that is disproved, the opponent's.
    if (r.question[gomoku::index(attacker_)].numbers.isDisproven()) attacker_ = gomoku::opponent(r.toMove);
    int leaf = tree_.selectLeaf(0, attacker_);
    // Every open leaf is out (at the start: the root alone): rather than leave a worker idle,
    // expand the most-proving leaf in flight and ask about its children meanwhile. Its own job
    // still answers it; whichever settles it first wins, and both are checked.
    while (leaf < 0) {
      const int running = tree_.selectLeaf(0, attacker_, true);
      if (running < 0) return std::nullopt;
      expandNode(running, attacker_);
      const Question& q = tree_.node(running).question[gomoku::index(attacker_)];
      if (q.fixed && !q.recorded) recordRuleLeaf(running, attacker_);
      backup(running, attacker_);
      withdrawMoot();
      if (rootDecided()) return std::nullopt;
      leaf = tree_.selectLeaf(0, attacker_);
    }
    if (options_.passHints && options_.onlyAttacker) {
      // The pass question of the node above first: its answer goes with the leaf's job. While
      // it is out, the leaf waits (the pass proof makes most of them cheap).
      const int above = passAbove(leaf, attacker_).first;
      if (above >= 0 && !passes_.count(above)) return Ask{above, attacker_, true};
      if (above >= 0 && !passes_[above].answered) return std::nullopt;
    }
    return Ask{leaf, attacker_};
  }
  // A sweep question goes out when it is open; the opponent's win only once the side to
  // move's is answered without a win (deferred until then).
  auto readiness = [&](const std::pair<int, Color>& item) {
    const Node& n = tree_.node(item.first);
    const Question& q = n.question[gomoku::index(item.second)];
    const Question& mine = n.question[gomoku::index(n.toMove)];
    if (q.solved() || q.asked || q.pending || (item.second != n.toMove && mine.numbers.isProven())) return -1;
    if (item.second != n.toMove && !mine.solved() && !mine.asked) return 0;
    return 1;
  };
  for (std::size_t i = 0; i < deferred_.size(); ++i) {
    const int r = readiness(deferred_[i]);
    if (r == 0) continue;
    const auto item = deferred_[i];
    deferred_.erase(deferred_.begin() + static_cast<std::ptrdiff_t>(i));
    if (r == 1) return Ask{item.first, item.second};
    --i;
  }
  while (sweepAt_ < sweep_.size()) {
    const auto item = sweep_[sweepAt_++];
    const int r = readiness(item);
    if (r == 1) return Ask{item.first, item.second};
    if (r == 0) deferred_.push_back(item);
  }
  return std::nullopt;
}

void Run::markBusy(std::size_t w) {
  WorkerState& ws = workers_[w];
  const double waited = since(ws.idleSince);
  ws.idle += waited;
  ws.idleWithWork += std::min(waited, since(lastProgressAt_));  // since work could last have gone out
  ws.busy = true;
  idle_.erase(w);
}

bool Run::dispatchCheck(std::size_t w) {
  for (auto it = toCheck_.begin(); it != toCheck_.end(); ++it) {
    if (it->job.worker == static_cast<int>(w)) continue;
    Unchecked item = std::move(*it);
    toCheck_.erase(it);
    const std::uint64_t checkId = ++lastCheckId_;
    const gomoku::Position pos = tree_.position(item.job.node);
    const std::string bytes = worker::encodeMessage(
        worker::makeCheckRequest(checkId, worker::makeJobRequest(item.jobId, pos, item.job.attacker, {}), std::move(item.wire)));
    item.wire = {};
    summary_.bytesSent += bytes.size();
    ++summary_.messages;
    markBusy(w);
    item.checker = static_cast<int>(w);
    checksOut_.emplace(checkId, std::move(item));
    pool_.send(static_cast<int>(w), bytes);
    return true;
  }
  return false;
}

void Run::dispatch() {
  bool questions = true;
  for (auto next = idle_.begin(); next != idle_.end();) {
    const std::size_t w = *next++;  // markBusy(w) erases w: step past it first
    // Checks go first: the proofs waiting for them are the run's progress.
    if (dispatchCheck(w)) continue;
    if (!questions) {
      if (toCheck_.empty()) break;
      continue;
    }
    const auto question = limitReached() ? std::nullopt : nextQuestion();
    if (!question) {
      questions = false;
      continue;
    }
    const auto [id, c, pass] = *question;
    const std::uint64_t jobId = ++lastJobId_;
    worker::JobBudget budget = options_.jobBudget;
    if (pass) {
      passes_[id];  // asked: its answer is awaited
      ++summary_.passJobs;
      // One pass question serves every job below its node: it gets the largest job.
      if (budget.maxNodes > 0) budget.maxNodes = std::max(budget.maxNodes, options_.maxJobNodes);
    } else {
      Question& q = tree_.node(id).question[gomoku::index(c)];
      q.pending = true;
      if (id == 0 && options_.rootJobBudget && !q.asked) budget = *options_.rootJobBudget;
      if (q.triedNodes > 0 && budget.maxNodes > 0)
        budget.maxNodes = std::min<std::uint64_t>(options_.maxJobNodes,
                                                  q.triedNodes * static_cast<std::uint64_t>(options_.budgetGrowth));
    }
    if (options_.goal == Goal::Solve && options_.maxSeconds > 0) {
      // --time bounds the whole run: no job may outlast it.
      const double left = std::max(0.01, options_.maxSeconds - since(start_));
      if (budget.maxSeconds <= 0 || budget.maxSeconds > left) budget.maxSeconds = left;
    }
    if (options_.goal == Goal::Solve && options_.maxNodes > 0) {
      // So does a node budget for the whole run.
      const std::uint64_t left = options_.maxNodes - std::min(options_.maxNodes, summary_.nodes + nodesInFlight());
      if (budget.maxNodes == 0 || budget.maxNodes > left) budget.maxNodes = std::max<std::uint64_t>(1, left);
    }
    gomoku::Position position = tree_.position(id);
    if (pass) position.toMove = c;  // the opponent passed
    worker::JobRequest request = worker::makeJobRequest(jobId, position, c, budget);
    request.checkHere = !crossCheck_ && !pass;  // another worker checks the answer (a pass's: nobody)
    if (!pass && options_.passHints) attachHints(request, id, c);
    if (knownRun_) {
      // The wins listed since this worker's last job go with this one.
      request.knownRun = knownRun_;
      request.knownWins.assign(lendable_.begin() + static_cast<std::ptrdiff_t>(lentUpTo_[w]), lendable_.end());
      lentUpTo_[w] = lendable_.size();
    }
    const std::string bytes = worker::encodeMessage(worker::gameJobOf(request));
    summary_.bytesSent += bytes.size();
    ++summary_.messages;
    markBusy(w);
    inFlight_[jobId] = {id, c, static_cast<int>(w), budget, false, pass};
    pool_.send(static_cast<int>(w), bytes);
  }
}

void Run::attachHints(worker::JobRequest& request, int id, Color attacker) {
  const auto [above, move] = passAbove(id, attacker);
  if (above < 0) return;
  const auto it = passes_.find(above);
  if (it == passes_.end() || it->second.hints.empty()) return;
  const std::uint64_t delta = gomoku::zobristKey(gomoku::opponent(attacker), move);
  request.hints.reserve(it->second.hints.size());
  for (const auto& [hash, moves] : it->second.hints)
    request.hints.push_back({hash ^ delta, static_cast<worker::WireCell>(moves.front())});
  ++summary_.hintedJobs;
}

}  // namespace tengen::coordinator
