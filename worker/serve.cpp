// The worker loop: jobs and checks of other workers' answers, each run by its game's runner
// (game_jobs.h), and mid-job requests for lent proofs. A message it cannot read is answered with a failed reply naming the problem
// (the coordinator then stops the run), never with a guess.
#include "worker/serve.h"

#include <cstdint>
#include <deque>

#include "worker/game_jobs.h"
#include "worker/protocol.h"

namespace tengen::worker {

std::uint64_t serveJobs(WorkerChannel& channel, SearchGuide guide) {
  std::uint64_t jobs = 0;
  GameJobs games(std::move(guide));
  // Messages that came while a job waited for a lent proof: served after it (a stop request ends
  // the loop there).
  std::deque<std::optional<std::string>> later;
  bool ending = false;  // a stop request (or the channel's end) is waiting: nobody will answer
  const ProofSource askCoordinator = [&](const ProofWanted& want) -> std::optional<WireTree> {
    if (ending) return std::nullopt;
    channel.send(encodeMessage(want));
    while (true) {
      auto bytes = channel.receive();
      if (!bytes) {
        later.push_back(std::nullopt);  // the coordinator is gone
        ending = true;
        return std::nullopt;
      }
      bool stop = false;
      try {
        Message message = decodeMessage(*bytes);
        if (auto* given = std::get_if<ProofGiven>(&message); given && given->jobId == want.jobId)
          return given->found ? std::optional<WireTree>(std::move(given->tree)) : std::nullopt;
        if (std::holds_alternative<ProofGiven>(message)) continue;  // a stale answer: nobody waits for it
        stop = std::holds_alternative<StopRequest>(message);
      } catch (const ProtocolError&) {
        // Left for the loop, which answers it with a failed reply.
      }
      later.push_back(std::move(bytes));
      ending = stop;
      if (stop) return std::nullopt;  // the run is ending: the job goes on (or stops) without the proof
    }
  };
  while (true) {
    std::optional<std::string> bytes;
    if (!later.empty()) {
      bytes = std::move(later.front());
      later.pop_front();
    } else {
      bytes = channel.receive();
    }
    if (!bytes) break;
    Message message;
    try {
      message = decodeMessage(*bytes);
    } catch (const ProtocolError& e) {
      GameReply failed;
      failed.error = std::string("worker could not read a message: ") + e.what();
      channel.send(encodeMessage(failed));
      continue;
    }
    if (std::holds_alternative<StopRequest>(message)) break;
    if (const auto* job = std::get_if<GameJob>(&message)) {
      channel.send(encodeMessage(games.run(*job, JobContext{channel.withdrawal(job->jobId), askCoordinator})));
      ++jobs;
    } else if (const auto* check = std::get_if<CheckRequest>(&message)) {
      channel.send(encodeMessage(games.check(*check)));
      ++jobs;
    }
  }
  return jobs;
}

}  // namespace tengen::worker
