// The distributed benchmarks. The job set is a real book build (a mix of quick and budget-bound
// jobs); the dispatch test strips the jobs down to nothing so only the coordinator's side counts.
#include "bench/distributed_bench.h"

#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <stdexcept>

#include "bench/replay_pool.h"
#include "book/book.h"
#include "coordinator/coordinator.h"
#include "solver/gomoku/proof_check.h"
#include "worker/gomoku_job.h"
#include "worker/protocol.h"

namespace tengen::bench {

std::vector<JobSetRun> runJobSetBench(const std::vector<int>& workerCounts, int rounds) {
  gomoku::PositionOptions po;
  po.rule = gomoku::Rule::Freestyle;
  po.size = 6;
  const gomoku::Position root = gomoku::parsePosition("", po);
  std::vector<JobSetRun> out(workerCounts.size());
  // Rounds interleave the worker counts, so a slow spell of the machine falls on all of them;
  // each count keeps its fastest round.
  for (int round = 0; round < rounds; ++round)
    for (std::size_t i = 0; i < workerCounts.size(); ++i) {
      const int workers = workerCounts[i];
      const std::string dir = "/tmp/tengen-bench-jobs-" + std::to_string(getpid()) + "-" + std::to_string(workers);
      std::filesystem::remove_all(dir);
      coordinator::RunSummary s;
      {
        book::Book book(dir, book::Book::Access::Create);
        coordinator::RunOptions o;
        o.goal = coordinator::Goal::Build;
        o.depth = 2;
        o.jobBudget.maxNodes = 1000;
        o.jobBudget.hashMegabytes = 8;
        auto pool = coordinator::makeLocalPool(workers);
        s = coordinator::runCoordinator(book, root, *pool, o);
      }
      std::filesystem::remove_all(dir);
      if (round == 0 || s.seconds < out[i].seconds)
        out[i] = {workers, s.seconds, s.jobs, s.nodes, s.idleFraction,
                  s.messages ? static_cast<double>(s.bytesSent + s.bytesReceived) / static_cast<double>(s.messages) : 0,
                  s.coordinatorBusyFraction};
    }
  return out;
}

DispatchFigures runDispatchBench(coordinator::WorkerPool& pool, std::uint64_t jobs) {
  gomoku::PositionOptions po;
  po.rule = gomoku::Rule::Freestyle;
  const gomoku::Position pos = gomoku::parsePosition("h8 a1 i8 a2 j8 a3 k8 a4", po);  // black plays g8 or l8
  worker::JobBudget budget{100, 0, 1};
  DispatchFigures f;
  const auto start = std::chrono::steady_clock::now();
  std::uint64_t sent = 0, received = 0;
  auto sendTo = [&](int w) {
    const std::string bytes = worker::encodeMessage(worker::gameJobOf(worker::makeJobRequest(++sent, pos, gomoku::Color::Black, budget)));
    f.requestBytes = bytes.size();
    pool.send(w, bytes);
  };
  for (int w = 0; w < pool.size() && sent < jobs; ++w) sendTo(w);
  while (received < sent) {
    const auto waitStart = std::chrono::steady_clock::now();
    const auto message = pool.receive(10.0);
    f.waitSeconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - waitStart).count();
    if (!message) throw std::runtime_error("dispatch bench: a worker did not answer within 10 s");
    f.replyBytes = message->second.size();
    const auto reply = worker::jobReplyOf(std::get<worker::GameReply>(worker::decodeMessage(message->second)));
    if (reply.outcome != worker::JobOutcome::Proven) throw std::runtime_error("dispatch bench: a trivial job was not proven");
    const auto tree = worker::fromWire(reply.tree, pos.board.size());
    if (!gomoku::checkProof(pos.board, pos.toMove, pos.rule, gomoku::Color::Black, tree).ok)
      throw std::runtime_error("dispatch bench: the verifier refused a trivial proof");
    ++received;
    if (sent < jobs) sendTo(message->first);
  }
  f.jobs = received;
  f.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return f;
}

namespace {

coordinator::RunSummary runInto(const std::string& dir, coordinator::WorkerPool& pool, const ReplayScenario& scenario) {
  std::filesystem::remove_all(dir);
  coordinator::RunSummary s;
  {
    book::Book book(dir, book::Book::Access::Create);
    s = coordinator::runCoordinator(book, scenario.root, pool, scenario.options);
  }
  std::filesystem::remove_all(dir);
  return s;
}

}  // namespace

ReplayScenario buildScenario(int depth) {
  gomoku::PositionOptions po;
  po.rule = gomoku::Rule::Freestyle;
  po.size = 6;
  ReplayScenario s{"freestyle 6x6 book build, depth " + std::to_string(depth) + ", 1000 nodes a job",
                   gomoku::parsePosition("", po), {}};
  s.options.goal = coordinator::Goal::Build;
  s.options.depth = depth;
  s.options.jobBudget.maxNodes = 1000;
  s.options.jobBudget.hashMegabytes = 8;
  return s;
}

ReplayScenario renjuSolveScenario() {
  gomoku::PositionOptions po;  // renju, 15x15
  ReplayScenario s{"renju solve of the README's demo position, 2000 nodes a job",
                   gomoku::parsePosition("g12,h12,i12,f11,h11,c10,h10,k9,h8,c7,g7/j12,g11,d10,e10,f10,g10,e9,h9,i9,j9,d8", po),
                   {}};
  s.options.goal = coordinator::Goal::Solve;
  s.options.jobBudget.maxNodes = 2000;
  s.options.jobBudget.hashMegabytes = 16;
  return s;
}

std::vector<ReplayFigures> runReplayBench(const ReplayScenario& scenario, const std::vector<int>& workerCounts) {
  const std::string dir = "/tmp/tengen-bench-replay-" + std::to_string(getpid());
  RecordedAnswers answers;
  coordinator::RunSummary recorded;
  {
    auto local = coordinator::makeLocalPool(2);
    auto recording = makeRecordingPool(*local, answers);
    recorded = runInto(dir, *recording, scenario);
  }
  std::uint64_t trees = 0, treeNodes = 0, bytes = 0;
  for (const auto& [question, reply] : answers) {
    bytes += worker::encodeMessage(worker::gameReplyOf(reply)).size();
    if (reply.outcome == worker::JobOutcome::Proven || reply.outcome == worker::JobOutcome::Disproven) {
      ++trees;
      treeNodes += reply.tree.nodes.size();
    }
  }
  // A question the recorded run never asked is answered "unknown" at once; a solve could ask it
  // again and again, so the replay stops after four times the recorded jobs.
  ReplayScenario bounded = scenario;
  bounded.options.maxJobs = 4 * answers.size() + 100;
  std::vector<ReplayFigures> out;
  for (int workers : workerCounts) {
    ReplayPool replay(workers, answers);
    const coordinator::RunSummary s = runInto(dir, replay, bounded);
    ReplayFigures f;
    f.recordedJobs = answers.size();
    f.recordSeconds = recorded.seconds;
    f.meanTreeNodes = trees ? static_cast<double>(treeNodes) / static_cast<double>(trees) : 0;
    f.meanReplyBytes = answers.empty() ? 0 : static_cast<double>(bytes) / static_cast<double>(answers.size());
    f.workers = workers;
    f.answers = replay.answered();
    f.misses = replay.misses();
    f.checks = replay.checks();
    f.seconds = s.seconds;
    f.coordinatorSeconds = s.seconds - replay.workerSeconds() - s.checkSeconds - s.finalCheckSeconds;
    f.storeSeconds = s.storeSeconds;
    out.push_back(f);
  }
  return out;
}

}  // namespace tengen::bench
