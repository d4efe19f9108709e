// A campaign run that stops with a few of the loser's replies open gets help: the engine names the
// winner's answer to each, each answer is proved as a campaign of its own, and the run goes again
// (the way the stalled replies of the freestyle classes and of the games' lines fell); with
// --help-depth D, the campaigns of those answers are helped the same way, D levels deep.
#include "book/book_query.h"
#include "cli/campaign.h"
#include "solver/gomoku/notation.h"
#include "solver/gomoku/threats.h"
#include "worker/shutdown.h"

namespace tengen::cli {

ReplyHelp replyHelpOf(const Args& args, int defaultReplies) {
  return ReplyHelp{static_cast<int>(args.integer("reply-help", defaultReplies, 0, 64)),
                   static_cast<int>(args.integer("help-depth", 1, 1, 4))};
}

CampaignStepResult runHelpedCampaignStep(const Args& args, const CampaignTarget& t, DistributedRun& run,
                                         const coordinator::RunOptions& options, const ReplyHelp& help,
                                         const std::function<void(const std::string&)>& say) {
  CampaignStepResult result = runCampaignStep(args, t, run, options);
  if (result.value != gomoku::GameValue::Unknown || worker::stopRequested() || !options.splitRethink ||
      help.depth < 1 || result.openReplies.empty() || result.openReplies.size() > static_cast<std::size_t>(help.replies))
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
    const std::string a = gomoku::formatPoint(*answer, n);
    say("reply " + r + ": the engine's move " + a + ", proved on its own");
    // One level less below: that campaign, left with few replies open, gets the same help.
    runHelpedCampaignStep(args, campaignTarget(after, movesToProved + " " + r, t.winner, *answer), run, options,
                          ReplyHelp{help.replies, help.depth - 1},
                          [&](const std::string& text) { say("reply " + r + " " + a + ", " + text); });
  }
  if (!worker::stopRequested()) result = runCampaignStep(args, t, run, options);
  return result;
}

}  // namespace tengen::cli
