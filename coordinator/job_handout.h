// Independent jobs handed to idle workers, one job a worker at a time, and each answer matched
// back to the job its worker was sent: the dispatch of runs whose jobs do not talk to the
// coordinator mid-search and travel in the GameJob envelope (Othello's book build and split solve).
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include "coordinator/worker_pool.h"
#include "worker/protocol.h"

namespace tengen::coordinator {

class JobHandout {
 public:
  // `run` names the run in errors ("build", "solve").
  JobHandout(WorkerPool& pool, std::string run)
      : pool_(pool), run_(std::move(run)), jobOf_(static_cast<std::size_t>(pool.size()), kIdle),
        sentAt_(static_cast<std::size_t>(pool.size())) {}

  // A worker without a job, or -1.
  int idle() const {
    for (std::size_t w = 0; w < jobOf_.size(); ++w)
      if (jobOf_[w] == kIdle) return static_cast<int>(w);
    return -1;
  }
  std::size_t out() const { return out_; }

  // `job` (its jobId) to `worker`, which must be idle.
  void send(int worker, worker::GameJob job) {
    jobOf_[static_cast<std::size_t>(worker)] = job.jobId;
    sentAt_[static_cast<std::size_t>(worker)] = Clock::now();
    ++out_;
    pool_.send(worker, worker::encodeMessage(std::move(job)));
  }

  struct Answer {
    int worker = 0;
    std::uint64_t job = 0;
    worker::GameReply reply;  // the game decodes it
    double roundTrip = 0;  // seconds from sending the job to its answer
  };
  // The next answer, waiting at most `seconds` (nullopt: none came); its worker is idle again.
  // Throws std::runtime_error naming the worker (and the worker's reason, when it gave one) when a
  // message is no answer to the job it holds.
  std::optional<Answer> receive(double seconds) {
    auto message = pool_.receive(seconds);
    if (!message) return std::nullopt;
    const int w = message->first;
    worker::Message decoded = worker::decodeMessage(message->second);
    auto* reply = std::get_if<worker::GameReply>(&decoded);
    if (!reply || w < 0 || w >= static_cast<int>(jobOf_.size()) || jobOf_[static_cast<std::size_t>(w)] == kIdle ||
        reply->jobId != jobOf_[static_cast<std::size_t>(w)])
      throw std::runtime_error("worker " + std::to_string(w) + " sent an answer to no job of this " + run_ +
                               (reply && !reply->error.empty() ? ": " + reply->error : ""));
    Answer a{w, reply->jobId, std::move(*reply),
             std::chrono::duration<double>(Clock::now() - sentAt_[static_cast<std::size_t>(w)]).count()};
    jobOf_[static_cast<std::size_t>(w)] = kIdle;
    --out_;
    return a;
  }

 private:
  using Clock = std::chrono::steady_clock;
  static constexpr std::uint64_t kIdle = ~std::uint64_t{0};

  WorkerPool& pool_;
  std::string run_;
  std::vector<std::uint64_t> jobOf_;  // each worker's job (kIdle: none)
  std::vector<Clock::time_point> sentAt_;
  std::size_t out_ = 0;
};

}  // namespace tengen::coordinator
