// The worker's table of games that come in the envelope. A game is added by its adapter and one
// line here.
#include "worker/game_jobs.h"

#include <array>
#include <string>

#include "worker/othello_job.h"

namespace tengen::worker {
namespace {

constexpr std::array kRunners{GameJobRunner{kOthelloGame, runOthelloGameJob}};

}  // namespace

GameReply runGameJob(const GameJob& job) {
  for (const GameJobRunner& runner : kRunners)
    if (runner.game == job.game) return runner.run(job);
  return GameReply{job.jobId, job.game, {}, "this worker runs no jobs of the game \"" + job.game + "\""};
}

}  // namespace tengen::worker
