// A campaign run that stops with a few of the loser's replies open gets help: the engine names the
// winner's answer to each, each answer is proved as a campaign of its own, and the run goes again
// (the way the stalled replies of the freestyle classes and of the games' lines fell).
#include "book/book_query.h"
#include "cli/campaign.h"
#include "solver/gomoku/notation.h"
#include "solver/gomoku/threats.h"
#include "worker/shutdown.h"

namespace tengen::cli {

CampaignStepResult runHelpedCampaignStep(const Args& args, const CampaignTarget& t, DistributedRun& run,
                                         const coordinator::RunOptions& options, int helpReplies,
                                         const std::function<void(const std::string&)>& say) {
  CampaignStepResult result = runCampaignStep(args, t, run, options);
  if (result.value != gomoku::GameValue::Unknown || worker::stopRequested() || !options.splitRethink ||
      result.openReplies.empty() || result.openReplies.size() > static_cast<std::size_t>(helpReplies))
    return result;
  const int n = t.root.board.size();
  std::string movesToProved = t.text;
  if (t.via) movesToProved.append(" ").append(gomoku::formatPoint(*t.via, n));
  for (const gomoku::Point reply : result.openReplies) {
    if (worker::stopRequested()) break;
    const std::string r = gomoku::formatPoint(reply, n);
    gomoku::Position after = t.proved;
    after.board.place(reply, after.toMove);
    after.toMove = t.winner;
    const auto answer = options.splitRethink(after.board, t.winner);
    if (!answer || !gomoku::isLegal(after.board, *answer, t.winner, after.rule)) {
      say("reply " + r + ": the engine named no legal move");
      continue;
    }
    say("reply " + r + ": the engine's move " + gomoku::formatPoint(*answer, n) + ", proved on its own");
    runCampaignStep(args, campaignTarget(after, movesToProved + " " + r, t.winner, *answer), run, options);
  }
  if (!worker::stopRequested()) result = runCampaignStep(args, t, run, options);
  return result;
}

}  // namespace tengen::cli
