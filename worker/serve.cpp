// The worker loop: jobs for the prover and checks of other workers' answers. A message it cannot read is answered with a failed reply naming the problem
// (the coordinator then stops the run), never with a guess.
#include "worker/serve.h"

#include <cstdint>

#include "worker/job.h"
#include "worker/othello_job.h"
#include "worker/protocol.h"

namespace tengen::worker {

std::uint64_t serveJobs(WorkerChannel& channel) {
  std::uint64_t jobs = 0;
  JobRunner runner;
  while (auto bytes = channel.receive()) {
    Message message;
    try {
      message = decodeMessage(*bytes);
    } catch (const ProtocolError& e) {
      JobReply failed;
      failed.outcome = JobOutcome::Failed;
      failed.error = std::string("worker could not read a message: ") + e.what();
      channel.send(encodeMessage(failed));
      continue;
    }
    if (std::holds_alternative<StopRequest>(message)) break;
    if (const auto* job = std::get_if<JobRequest>(&message)) {
      channel.send(encodeMessage(runner.run(*job, channel.withdrawal(job->jobId))));
      ++jobs;
    } else if (const auto* othelloJob = std::get_if<OthelloJobRequest>(&message)) {
      channel.send(encodeMessage(runOthelloJob(*othelloJob)));
      ++jobs;
    } else if (const auto* check = std::get_if<CheckRequest>(&message)) {
      channel.send(encodeMessage(runCheck(*check)));
      ++jobs;
    }
  }
  return jobs;
}

}  // namespace tengen::worker
