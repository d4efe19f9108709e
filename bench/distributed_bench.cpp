// The distributed benchmarks. The job set is a real book build (a mix of quick and budget-bound
// jobs); the dispatch test strips the jobs down to nothing so only the coordinator's side counts.
#include "bench/distributed_bench.h"

#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <stdexcept>

#include "book/book.h"
#include "coordinator/coordinator.h"
#include "solver/gomoku/proof_check.h"
#include "worker/job.h"
#include "worker/protocol.h"

namespace tengen::bench {

std::vector<JobSetRun> runJobSetBench(const std::vector<int>& workerCounts) {
  std::vector<JobSetRun> out;
  gomoku::PositionOptions po;
  po.rule = gomoku::Rule::Freestyle;
  po.size = 6;
  const gomoku::Position root = gomoku::parsePosition("", po);
  for (int workers : workerCounts) {
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
    out.push_back({workers, s.seconds, s.jobs, s.nodes, s.idleFraction,
                   s.messages ? static_cast<double>(s.bytesSent + s.bytesReceived) / static_cast<double>(s.messages) : 0});
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
    const std::string bytes = worker::encodeMessage(worker::makeJobRequest(++sent, pos, gomoku::Color::Black, budget));
    f.requestBytes = bytes.size();
    pool.send(w, bytes);
  };
  for (int w = 0; w < pool.size() && sent < jobs; ++w) sendTo(w);
  while (received < sent) {
    const auto message = pool.receive(10.0);
    if (!message) throw std::runtime_error("dispatch bench: a worker did not answer within 10 s");
    f.replyBytes = message->second.size();
    const auto reply = std::get<worker::JobReply>(worker::decodeMessage(message->second));
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

}  // namespace tengen::bench
