// A game's job request and reply in and out of the protocol's envelope (GameJob, GameReply): what
// every game's adapter in worker/ does the same way, with its own types and names.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "worker/message_body.h"
#include "worker/protocol.h"

namespace tengen::worker {

// An envelope's body as game `game`'s `T` (a request or reply with a jobId), after checking the
// envelope is that game's and the body that job's. Throws ProtocolError naming the job otherwise.
template <class T>
T gameBodyOf(std::string_view game, std::string_view title, std::uint64_t jobId, const std::string& envelopeGame,
             const std::string& body) {
  const std::string job = std::string(title) + " job " + std::to_string(jobId);
  if (envelopeGame != game)
    throw ProtocolError("job " + std::to_string(jobId) + " is of the game \"" + envelopeGame + "\", not " + job);
  T value;
  try {
    value = decodeBody<T>(body);
  } catch (const std::exception& e) {
    throw ProtocolError(job + " damaged: " + e.what());
  }
  if (value.jobId != jobId) throw ProtocolError(job + ": its body names job " + std::to_string(value.jobId));
  return value;
}

// A game's reply from its envelope: the body, or a failed reply carrying the worker's reason when
// the worker could not run the job. Throws as gameBodyOf.
template <class Reply>
Reply gameReplyBodyOf(std::string_view game, std::string_view title, const GameReply& reply) {
  if (reply.error.empty()) return gameBodyOf<Reply>(game, title, reply.jobId, reply.game, reply.reply);
  Reply failed;
  failed.jobId = reply.jobId;
  failed.outcome = JobOutcome::Failed;
  failed.error = reply.error;
  return failed;
}

// Runs an envelope's job: `read` (the game's envelope reader) then `run`, whose reply goes back in
// the game's envelope (`wrap`). A request that cannot be read comes back as GameReply::error.
template <class Read, class Run, class Wrap>
GameReply runEnvelope(const GameJob& job, Read read, Run run, Wrap wrap) {
  decltype(read(job)) request;
  try {
    request = read(job);
  } catch (const ProtocolError& e) {
    return GameReply{job.jobId, job.game, {}, e.what()};
  }
  return wrap(run(request));
}

}  // namespace tengen::worker
