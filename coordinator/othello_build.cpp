// The Othello book build: the tree of canonical positions is listed first (it is small: a few
// plies of Othello), the positions at the depth are handed out as jobs to idle workers, each answer
// is checked and stored at once (so a killed build resumes from the book), and the inner positions
// are given their margins from their children, deepest first, each checked by the verifier.
#include "coordinator/othello_build.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <deque>
#include <map>
#include <stdexcept>
#include <vector>

#include "book/book_error.h"
#include "book/othello_entry.h"
#include "coordinator/job_handout.h"
#include "solver/othello/split_plan.h"
#include "worker/protocol.h"

namespace tengen::coordinator {
namespace {

using Clock = std::chrono::steady_clock;
using othello::Position;
using othello::Square;

struct TreeNode {
  Position position;
  int depth = 0;
  std::vector<Square> moves;    // in this node's orientation; kPass when forced
  std::vector<int> children;    // node indices, one per move
};

// The book's entry for `p`, when one is readable and filed under p's own key; a damaged entry is
// treated as missing (the build answers the position again and writes over it).
std::optional<book::OthelloEntry> entryOf(const book::Book& book, const Position& p) {
  const book::OthelloKey key = book::othelloKey(p);
  const auto bytes = book.gameEntry(book::kOthelloFamily, key.bytes);
  if (!bytes) return std::nullopt;
  try {
    book::OthelloEntry e = book::decodeOthelloEntry(*bytes);
    if (book::othelloKey(e.position()).bytes != key.bytes) return std::nullopt;
    return e;
  } catch (const book::RecordError&) {
    return std::nullopt;
  }
}

// Every position up to `depth` plies below the root, one per symmetry class, breadth first.
std::vector<TreeNode> listTree(const Position& root, int depth) {
  std::vector<TreeNode> nodes{{root, 0, {}, {}}};
  std::map<std::string, int> index{{book::othelloKey(root).bytes, 0}};
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    if (nodes[i].depth == depth || nodes[i].position.ended()) continue;
    const Position p = nodes[i].position;
    for (const Square s : othello::movesOrPass(p)) {
      Position child = p;
      child.play(s);
      const auto [it, added] = index.emplace(book::othelloKey(child).bytes, static_cast<int>(nodes.size()));
      if (added) nodes.push_back({child, nodes[i].depth + 1, {}, {}});
      nodes[i].moves.push_back(s);
      nodes[i].children.push_back(it->second);
    }
  }
  return nodes;
}

}  // namespace

OthelloBuildSummary runOthelloBuild(book::Book& book, const Position& root, WorkerPool& pool,
                                    const OthelloBuildOptions& options) {
  const auto start = Clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  OthelloBuildSummary summary;
  const std::vector<TreeNode> nodes = listTree(root, options.depth);
  summary.positions = nodes.size();
  std::vector<std::optional<book::OthelloEntry>> entries(nodes.size());

  // The questions: positions at the depth the book cannot answer yet. A verified entry, or the
  // endgame search's claim (a proof too large to keep), is taken as it is; anything else is asked.
  std::deque<int> queue;
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    entries[i] = entryOf(book, nodes[i].position);
    const bool usable = entries[i] && (entries[i]->verified() || entries[i]->basis == book::OthelloBasis::Search);
    if (usable) ++summary.fromBook;
    else entries[i].reset();
    const bool leaf = nodes[i].children.empty();
    if (leaf && !usable && !nodes[i].position.ended()) queue.push_back(static_cast<int>(i));
  }

  // Hand the jobs out, one per idle worker, and take each answer as it comes.
  JobHandout handout(pool, "build");
  double lastReport = 0;
  const std::size_t total = queue.size();
  auto stopped = [&] { return options.stop && options.stop->load(); };
  auto handOut = [&] {
    for (int w; !queue.empty() && (w = handout.idle()) >= 0;) {
      const int i = queue.front();
      queue.pop_front();
      handout.send(w, worker::gameJobOf(worker::makeOthelloJob(static_cast<std::uint64_t>(i),
                                                                nodes[static_cast<std::size_t>(i)].position, options.budget)));
    }
  };
  while ((!queue.empty() || handout.out() > 0) && !stopped()) {
    handOut();
    auto answer = handout.receive(0.2);
    if (options.report && elapsed() - lastReport >= options.reportEvery) {
      lastReport = elapsed();
      options.report("othello build: " + std::to_string(summary.jobs) + " of " + std::to_string(total) +
                         " jobs answered, " + std::to_string(handout.out()) + " out, " +
                         std::to_string(static_cast<int>(lastReport)) + " s",
                     true);
    }
    if (!answer) continue;
    const int w = answer->worker;
    const auto i = static_cast<std::size_t>(answer->job);
    const worker::OthelloJobReply decoded = worker::othelloReplyOf(answer->reply);
    const worker::OthelloJobReply* reply = &decoded;
    // The worker gets its next job before this answer is checked: the check (a third of the
    // work when proofs fit) runs while the worker searches again.
    if (!stopped()) handOut();
    ++summary.jobs;
    summary.nodes += reply->nodes;
    summary.workerSeconds += reply->seconds;
    const Position& p = nodes[i].position;
    switch (reply->outcome) {
      case worker::JobOutcome::Failed:
        throw std::runtime_error("worker " + std::to_string(w) + " failed an Othello job: " + reply->error);
      case worker::JobOutcome::Unknown:
      case worker::JobOutcome::Cancelled:
        ++summary.unknown;
        continue;
      default:
        break;
    }
    const Square best = reply->best;
    if (best != othello::kPass && !(p.moves() & othello::bit(best)))
      throw std::runtime_error("worker " + std::to_string(w) + " answered with a move that is not legal");
    book::OthelloEntry entry;
    if (reply->hasProof) {
      // The proof is believed only once the plain-rules verifier has re-checked both trees.
      const auto checkStart = Clock::now();
      othello::MarginAnswer taken = worker::othelloAnswerOf(*reply);
      othello::MarginProof proof;
      proof.proved = true;
      proof.margin = taken.margin;
      proof.atLeast = std::move(taken.atLeast);
      proof.notAbove = std::move(taken.notAbove);
      entry = book::othelloEntryOf(p, proof, best);
      const std::string error = book::checkOthelloEntry(entry);
      summary.checkSeconds += std::chrono::duration<double>(Clock::now() - checkStart).count();
      if (!error.empty())
        throw std::runtime_error("the verifier refused worker " + std::to_string(w) + "'s proof of margin " +
                                 std::to_string(reply->margin) + ": " + error);
      entry.verifiedBy = book::kOthelloVerifierRevision;
      ++summary.proved;
    } else {
      entry = book::othelloEntryOf(p, reply->margin, best, book::OthelloBasis::Search);  // a claim
      ++summary.claimed;
    }
    book::storeOthelloEntry(book, p, entry);
    entries[i] = entry;
  }
  if (stopped()) {
    summary.stoppedBy = "interrupted";
    summary.seconds = elapsed();
    return summary;
  }

  // The inner positions and finished games, deepest first: a margin from the children's, checked
  // by the verifier against verified children (a claim below makes a claim above).
  const book::VerifiedOthelloLookup verifiedChild = [&](const Position& child) -> std::optional<book::OthelloEntry> {
    auto e = entryOf(book, child);
    if (e && e->verified()) return e;
    return std::nullopt;
  };
  for (std::size_t k = nodes.size(); k-- > 0;) {
    const TreeNode& node = nodes[k];
    const bool over = node.position.ended();
    if (!over && node.children.empty()) continue;      // a leaf: answered by its job, or left unknown
    if (entries[k] && entries[k]->verified()) continue;  // already proved
    int margin = over ? node.position.finalMargin() : -1000;
    Square best = othello::kPass;
    bool complete = true;
    for (std::size_t c = 0; c < node.children.size(); ++c) {
      const auto& child = entries[static_cast<std::size_t>(node.children[c])];
      if (!child) {
        complete = false;
        break;
      }
      if (-child->margin > margin) {
        margin = -child->margin;
        best = node.moves[c];
      }
    }
    if (!complete) continue;
    book::OthelloEntry entry = book::othelloEntryOf(node.position, margin, best, book::OthelloBasis::Children);
    const auto checkStart = Clock::now();
    if (book::checkOthelloChildren(entry, verifiedChild).empty()) {
      entry.verifiedBy = book::kOthelloVerifierRevision;
      ++summary.derivedVerified;
    }
    summary.checkSeconds += std::chrono::duration<double>(Clock::now() - checkStart).count();
    ++summary.derived;
    book::storeOthelloEntry(book, node.position, entry);
    entries[k] = entry;
  }
  if (entries[0]) {
    summary.rootMargin = entries[0]->margin;
    summary.rootVerified = entries[0]->verified();
  }
  summary.seconds = elapsed();
  return summary;
}

}  // namespace tengen::coordinator

namespace tengen::coordinator {

OthelloSplitSummary runOthelloSplit(const Position& root, WorkerPool& pool, const OthelloSplitOptions& options) {
  const auto start = Clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  auto seconds = [](Clock::time_point from) { return std::chrono::duration<double>(Clock::now() - from).count(); };
  othello::SplitPlan plan(root, options.levels, options.budget.proofNodes > 0);
  OthelloSplitSummary summary;
  summary.workers = pool.size();
  JobHandout handout(pool, "solve");
  double lastReport = 0;
  auto stopped = [&] { return options.stop && options.stop->load(); };
  while (!stopped()) {
    for (int w; (w = handout.idle()) >= 0;) {
      const auto job = plan.next();
      if (!job) break;
      worker::OthelloJobRequest request = worker::makeOthelloJob(job->id, job->position, options.budget);
      request.ceiling = job->ceiling;
      request.wantLine = true;
      handout.send(w, worker::gameJobOf(request));
    }
    if (handout.out() == 0) break;  // nothing out and nothing to hand out: settled, or an answer was unknown
    auto answer = handout.receive(0.2);
    if (options.report && elapsed() - lastReport >= options.reportEvery) {
      lastReport = elapsed();
      options.report("othello split: " + std::to_string(plan.counts().jobs) + " jobs answered for " +
                         std::to_string(plan.counts().moves) + " moves, " + std::to_string(handout.out()) + " out, " +
                         std::to_string(static_cast<int>(lastReport)) + " s",
                     true);
    }
    if (!answer) continue;
    const int w = answer->worker;
    const worker::OthelloJobReply reply = worker::othelloReplyOf(answer->reply);
    summary.nodes += reply.nodes;
    summary.workerSeconds += reply.seconds;
    summary.dispatchSeconds += std::max(0.0, answer->roundTrip - reply.seconds);
    if (reply.outcome == worker::JobOutcome::Failed)
      throw std::runtime_error("worker " + std::to_string(w) + " failed an Othello job: " + reply.error);
    const auto checkStart = Clock::now();
    const std::string refused = plan.take(answer->job, worker::othelloAnswerOf(reply));
    summary.checkSeconds += seconds(checkStart);
    if (!refused.empty())
      throw std::runtime_error("the verifier refused worker " + std::to_string(w) + "'s proof for move " +
                               plan.pathOf(answer->job) + ": " + refused);
  }
  const othello::SplitCounts& counts = plan.counts();
  summary.moves = counts.moves;
  summary.splitPositions = counts.positions;
  summary.jobs = counts.jobs;
  summary.exactJobs = counts.exactJobs;
  summary.boundJobs = counts.boundJobs;
  summary.unknown = counts.unknown;
  summary.seconds = elapsed();
  if (stopped()) {
    summary.stoppedBy = "interrupted";
    return summary;
  }
  if (!plan.settled()) return summary;
  summary.exact = true;
  summary.margin = plan.margin();
  summary.best = plan.best();
  summary.line = plan.line();
  if (options.budget.proofNodes > 0) {
    const auto checkStart = Clock::now();
    summary.proof = plan.rootProof();  // composed as the answers came; checked whole here
    summary.proof.seconds = seconds(checkStart);
    summary.checkSeconds += summary.proof.seconds;
  }
  summary.seconds = elapsed();
  return summary;
}

}  // namespace tengen::coordinator
