// The games whose jobs come to a worker in the protocol's GameJob envelope, each run by its
// adapter (worker/othello_job.h): the one list that names them, so the worker loop names none.
#pragma once

#include <string_view>

#include "worker/protocol.h"

namespace tengen::worker {

struct GameJobRunner {
  std::string_view game;  // the envelope's name for it
  // Never throws: a request it cannot read comes back with GameReply::error set.
  GameReply (*run)(const GameJob& job);
};

// Runs the job with its game's runner. Never throws: a game this worker does not know comes back
// with GameReply::error naming it.
GameReply runGameJob(const GameJob& job);

}  // namespace tengen::worker
