// The worker's table of games. A game is added by its adapter and one line here.
#include "worker/game_jobs.h"

#include <array>

#include "worker/gomoku_job.h"
#include "worker/othello_job.h"

namespace tengen::worker {
namespace {

struct GameJobKind {
  std::string_view game;  // the envelope's name for it
  std::unique_ptr<GameJobRunner> (*make)(const SearchGuide& guide);
};

constexpr std::array kGames{GameJobKind{kFiveInARowGame, makeFiveInARowRunner},
                            GameJobKind{kOthelloGame, makeOthelloRunner}};

std::string noSuchGame(std::string_view game) {
  return "this worker runs no jobs of the game \"" + std::string(game) + "\"";
}

}  // namespace

GameJobs::GameJobs(SearchGuide guide) : guide_(std::move(guide)) {}
GameJobs::~GameJobs() = default;

GameJobRunner* GameJobs::runnerFor(std::string_view game) {
  if (const auto it = runners_.find(game); it != runners_.end()) return it->second.get();
  for (const GameJobKind& kind : kGames)
    if (kind.game == game) return runners_.emplace(std::string(game), kind.make(guide_)).first->second.get();
  return nullptr;
}

GameReply GameJobs::run(const GameJob& job, const JobContext& context) {
  if (GameJobRunner* runner = runnerFor(job.game)) return runner->run(job, context);
  return GameReply{job.jobId, job.game, {}, noSuchGame(job.game)};
}

CheckReply GameJobs::check(const CheckRequest& request) {
  if (GameJobRunner* runner = runnerFor(request.job.game)) return runner->check(request);
  CheckReply refused;
  refused.checkId = request.checkId;
  refused.error = noSuchGame(request.job.game);
  return refused;
}

}  // namespace tengen::worker
