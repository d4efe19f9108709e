// Worker pools for measuring the coordinator alone: one that records a real run's answers, and one
// that plays them back at once (and accepts every check), so only the coordinator's work is timed.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>

#include "coordinator/worker_pool.h"
#include "worker/gomoku_job.h"
#include "worker/protocol.h"

namespace tengen::bench {

// A job's answers by its question (the stones, the side to move and the attacker; not its id).
using RecordedAnswers = std::map<std::string, worker::JobReply>;

// Passes everything to `inner` and keeps each job's answer in `answers`.
std::unique_ptr<coordinator::WorkerPool> makeRecordingPool(coordinator::WorkerPool& inner, RecordedAnswers& answers);

// `workers` simulated workers that answer each job with its recorded answer (a question never
// recorded gets Unknown with no nodes, counted in misses()) and accept each check at once.
class ReplayPool : public coordinator::WorkerPool {
 public:
  ReplayPool(int workers, const RecordedAnswers& answers);
  ~ReplayPool() override;
  int size() const override;
  std::string describe() const override;
  void send(int worker, std::string bytes) override;
  std::optional<std::pair<int, std::string>> receive(double timeoutSeconds) override;
  void stop() override {}

  std::uint64_t answered() const;
  std::uint64_t misses() const;
  std::uint64_t checks() const;
  // Time spent inside this pool playing the workers' part (decoding requests, encoding answers):
  // to be taken off the coordinator's time.
  double workerSeconds() const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace tengen::bench
