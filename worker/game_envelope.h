// A game's job request and reply in and out of the protocol's envelope (GameJob, GameReply): what
// every game's adapter in worker/ does the same way, with its own types and names.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "worker/message_body.h"
#include "worker/protocol.h"

namespace tengen::worker {

// One game's requests and replies in and out of the envelope: its name there (as `--game` spells
// it) and its title in errors ("an Othello" job 7). Reading checks the envelope is this game's and
// the body that job's, and throws ProtocolError naming the job otherwise; a reply whose worker
// could not run the job reads as a failed one with the worker's reason.
template <class Request, class Reply>
struct GameCodec {
  std::string_view game;
  std::string_view title;

  GameJob wrap(const Request& request) const { return GameJob{request.jobId, std::string(game), encodeBody(request)}; }
  GameReply wrap(const Reply& reply) const { return GameReply{reply.jobId, std::string(game), encodeBody(reply), {}}; }
  Request request(const GameJob& job) const { return body<Request>(job.jobId, job.game, job.request); }
  Reply reply(const GameReply& reply) const {
    if (reply.error.empty()) return body<Reply>(reply.jobId, reply.game, reply.reply);
    Reply failed;
    failed.jobId = reply.jobId;
    failed.outcome = JobOutcome::Failed;
    failed.error = reply.error;
    return failed;
  }
  // Runs an envelope's job with `work` (Request -> Reply); a request that cannot be read comes
  // back as GameReply::error.
  template <class Work>
  GameReply run(const GameJob& job, Work work) const {
    Request read;
    try {
      read = request(job);
    } catch (const ProtocolError& e) {
      return GameReply{job.jobId, job.game, {}, e.what()};
    }
    return wrap(work(read));
  }

 private:
  template <class T>
  T body(std::uint64_t jobId, const std::string& envelopeGame, const std::string& bytes) const {
    const std::string job = std::string(title) + " job " + std::to_string(jobId);
    if (envelopeGame != game)
      throw ProtocolError("job " + std::to_string(jobId) + " is of the game \"" + envelopeGame + "\", not " + job);
    T value;
    try {
      value = decodeBody<T>(bytes);
    } catch (const std::exception& e) {
      throw ProtocolError(job + " damaged: " + e.what());
    }
    if (value.jobId != jobId) throw ProtocolError(job + ": its body names job " + std::to_string(value.jobId));
    return value;
  }
};

}  // namespace tengen::worker
