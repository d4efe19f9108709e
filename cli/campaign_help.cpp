// A campaign run that stops with a few of the loser's replies open gets help: the engine names the
// winner's answer to each, each answer is proved as a campaign of its own, and the run goes again
// (the way the stalled replies of the freestyle classes and of the games' lines fell); with
// --help-depth D, the campaigns of those answers are helped the same way, D levels deep; with
// --help-tries K, an answer whose campaign stays far from proved gives way to the engine's next choice.
#include "book/book_query.h"
#include "cli/campaign.h"
#include "solver/gomoku/notation.h"
#include "solver/gomoku/threats.h"
#include "worker/shutdown.h"

namespace tengen::cli {

ReplyHelp replyHelpOf(const Args& args, int defaultReplies, gomoku::Rule rule, int boardSize) {
  ReplyHelp help{static_cast<int>(args.integer("reply-help", defaultReplies, 0, 64)),
                 static_cast<int>(args.integer("help-depth", 1, 1, 4)), static_cast<int>(args.integer("help-tries", 1, 1, 8)), {}};
  if (const auto hints = hintEngineOptions(args); hints && help.replies > 0) {
    HintEngineOptions longer = *hints;
    longer.milliseconds = rethinkMilliseconds(args, *hints);
    if (longer.milliseconds > 0) help.answer = nextMoveOracleOf(longer, rule, boardSize);
  }
  return help;
}

CampaignStepResult runHelpedCampaignStep(const Args& args, const CampaignTarget& t, DistributedRun& run,
                                         const coordinator::RunOptions& options, const ReplyHelp& help,
                                         const std::function<void(const std::string&)>& say) {
  CampaignStepResult result = runCampaignStep(args, t, run, options);
  if (result.value != gomoku::GameValue::Unknown || worker::stopRequested() || !help.answer || help.depth < 1 ||
      result.openReplies.empty() || result.openReplies.size() > static_cast<std::size_t>(help.replies))
    return result;
  const int n = t.root.board.size();
  std::string movesToProved = t.text;
  if (t.via) movesToProved.append(" ").append(gomoku::formatPoint(*t.via, n));
  for (const gomoku::Point reply : result.openReplies) {
    const std::string r = gomoku::formatPoint(reply, n);
    gomoku::Position after = t.proved;
    after.board.place(reply, after.toMove);
    after.toMove = t.winner;
    std::vector<gomoku::Point> tried;
    while (static_cast<int>(tried.size()) < help.tries && !worker::stopRequested()) {
      const auto answer = help.answer(after.board, t.winner, tried);
      if (!answer) {
        say("reply " + r + ": the engine named no " + (tried.empty() ? "legal move" : "other legal move"));
        break;
      }
      tried.push_back(*answer);
      const std::string a = gomoku::formatPoint(*answer, n);
      say("reply " + r + ": the engine's " + (tried.size() == 1 ? "move " : "next move ") + a + ", proved on its own");
      // One level less below: that campaign, left with few replies open, gets the same help.
      const CampaignStepResult below =
          runHelpedCampaignStep(args, campaignTarget(after, movesToProved + " " + r, t.winner, *answer), run, options,
                                ReplyHelp{help.replies, help.depth - 1, help.tries, help.answer},
                                [&](const std::string& text) { say("reply " + r + " " + a + ", " + text); });
      // A move left with more replies open than help takes, with its replies not yet listed, or
      // refuted, gives way to the next.
      const bool close = below.value == gomoku::GameValue::Unknown && !below.openReplies.empty() &&
                         below.openReplies.size() <= static_cast<std::size_t>(help.replies);
      if (below.value == gomoku::winFor(t.winner) || close) break;
    }
  }
  if (!worker::stopRequested()) result = runCampaignStep(args, t, run, options);
  return result;
}

}  // namespace tengen::cli
