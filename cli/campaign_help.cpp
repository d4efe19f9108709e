// A campaign run that stops with a few of the loser's replies open gets help: the engine names the
// winner's answer to each, each answer is proved as a campaign of its own, and the run goes again
// (the way the stalled replies of the freestyle classes and of the games' lines fell); with
// --help-depth D, the campaigns of those answers are helped the same way, D levels deep; with
// --help-tries K, an answer whose campaign stays far from proved gives way to the engine's next choice;
// an answer an earlier run took more than halfway goes on before the engine is asked.
#include <algorithm>
#include <utility>

#include "book/book_query.h"
#include "cli/campaign.h"
#include "solver/gomoku/notation.h"
#include "solver/gomoku/threats.h"
#include "worker/shutdown.h"

namespace tengen::cli {

namespace {

// The winner's answer after an open reply that the book has taken furthest, when more than half
// of the loser's replies to it are proved (of the answers stored or campaigned on before): an
// engine asked again names another answer as often as not (Rapfi did, on game 3), and a run that
// starts a new answer leaves the old one's work unused.
struct AnswerInBook {
  gomoku::Point move = gomoku::kNoPoint;
  ReplyCount replies;
};
std::optional<AnswerInBook> answerInBook(const book::Book& book, const gomoku::Position& after, const std::string& text,
                                         gomoku::Color winner) {
  std::optional<AnswerInBook> best;
  const book::Value loss = book::winValue(gomoku::opponent(winner));
  for (const book::ReplyValue& a : book::queryBook(book, after).replies) {
    if (a.damaged || a.result == loss || a.result == book::Value::Draw) continue;
    // Worked on: stored (a record of its own), or the answer of an earlier campaign (its log).
    const CampaignTarget target = campaignTarget(after, text, winner, a.move);
    if (!a.found && samplesOf(book, target.campaign).empty()) continue;
    const ReplyCount count = repliesOf(book::queryBook(book, target.proved), target);
    if (2 * count.won > count.replies && (!best || count.won * best->replies.replies > best->replies.won * count.replies))
      best = AnswerInBook{a.move, count};
  }
  return best;
}

// The answers to try after one open reply: the book's (answerInBook) first, then the engine's,
// asked as they are needed. An answer that announces a win is tried before those that do not, the
// shortest win first (such answers fell in minutes where the engine's unannounced first choice
// stayed far from proved), so the engine is asked for its next choices, the ones before barred,
// until one announces a win or `help.tries` are known.
class AnswersToTry {
 public:
  AnswersToTry(const ReplyHelp& help, const gomoku::Board& board, gomoku::Color winner, std::optional<AnswerInBook> inBook)
      : help_(help), board_(board), winner_(winner), inBook_(std::move(inBook)) {
    if (inBook_) asked_.push_back(inBook_->move);
  }

  // The book's answer, once, before any other.
  std::optional<AnswerInBook> takeBooksAnswer() { return std::exchange(inBook_, std::nullopt); }

  std::optional<EngineAnswer> next() {
    const auto announced = [](const EngineAnswer& a) { return a.mateIn.has_value(); };
    while (!silent_ && static_cast<int>(asked_.size()) < help_.tries && std::none_of(waiting_.begin(), waiting_.end(), announced) &&
           !worker::stopRequested()) {
      const auto answer = help_.answer(board_, winner_, asked_);
      if (!answer) {
        silent_ = true;
        break;
      }
      asked_.push_back(answer->move);
      waiting_.push_back(*answer);
    }
    if (waiting_.empty()) return std::nullopt;
    auto pick = waiting_.begin();
    for (auto it = waiting_.begin(); it != waiting_.end(); ++it)
      if (it->mateIn && (!pick->mateIn || *it->mateIn < *pick->mateIn)) pick = it;
    const EngineAnswer chosen = *pick;
    waiting_.erase(pick);
    return chosen;
  }

 private:
  const ReplyHelp& help_;
  const gomoku::Board& board_;
  gomoku::Color winner_;
  std::optional<AnswerInBook> inBook_;  // not yet tried
  std::vector<gomoku::Point> asked_;   // barred from the next question (the book's answer too)
  std::vector<EngineAnswer> waiting_;  // asked, not yet tried, in the engine's order
  bool silent_ = false;                // the engine named no further move
};

}  // namespace

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

ReplyHelpOutcome helpReply(const Args& args, const CampaignTarget& t, gomoku::Point reply, DistributedRun& run,
                           const coordinator::RunOptions& options, const ReplyHelp& help, int depthBelow,
                           const std::function<void(const std::string&)>& say) {
  ReplyHelpOutcome outcome;
  const int n = t.root.board.size();
  std::string movesToProved = t.text;
  if (t.via) movesToProved.append(" ").append(gomoku::formatPoint(*t.via, n));
  const std::string r = gomoku::formatPoint(reply, n);
  gomoku::Position after = t.proved;
  after.board.place(reply, after.toMove);
  after.toMove = t.winner;
  AnswersToTry answers(help, after.board, t.winner, answerInBook(*run.book, after, movesToProved + " " + r, t.winner));
  int fromEngine = 0;
  for (int tried = 0; tried < help.tries && !worker::stopRequested(); ++tried) {
    gomoku::Point move = gomoku::kNoPoint;
    if (const auto inBook = answers.takeBooksAnswer()) {
      move = inBook->move;
      say("reply " + r + ": the book's move " + gomoku::formatPoint(move, n) + " (" + std::to_string(inBook->replies.won) + " of " +
          std::to_string(inBook->replies.replies) + " replies proved), proved on its own");
    } else {
      const auto answer = answers.next();
      if (!answer) {
        say("reply " + r + ": the engine named no " + (fromEngine == 0 ? "legal move" : "other legal move"));
        break;
      }
      move = answer->move;
      say("reply " + r + ": the engine's " + (fromEngine++ == 0 ? "move " : "next move ") + gomoku::formatPoint(move, n) +
          ", proved on its own" + (answer->mateIn ? " (it announced a win in " + std::to_string(*answer->mateIn) + ")" : ""));
    }
    const std::string a = gomoku::formatPoint(move, n);
    const CampaignStepResult below =
        runHelpedCampaignStep(args, campaignTarget(after, movesToProved + " " + r, t.winner, move), run, options,
                              ReplyHelp{help.replies, depthBelow, help.tries, help.answer},
                              [&](const std::string& text) { say("reply " + r + " " + a + ", " + text); });
    // A move left with more replies open than help takes, with its replies not yet listed, or
    // refuted, gives way to the next.
    const bool close = below.value == gomoku::GameValue::Unknown && !below.openReplies.empty() &&
                       below.openReplies.size() <= static_cast<std::size_t>(help.replies);
    outcome = {below.value == gomoku::winFor(t.winner), move, below.hardestLines};
    if (outcome.proved) return outcome;
    // Said apart from the run's "replies:" line, which counts the book's proved replies: this
    // counts the run's tree, which behind a relevance zone lists only the zone's replies.
    say("reply " + r + " " + a + ": " +
        (below.value != gomoku::GameValue::Unknown ? "not " + std::string(gomoku::colorName(t.winner)) + "'s win"
         : below.openReplies.empty()               ? std::string("its replies not yet listed in the run's tree")
                                                   : std::to_string(below.openReplies.size()) + " of its replies open in the run's tree") +
        (close ? ", kept" : (tried + 1 < help.tries ? ", gives way to the next" : "")));
    if (close) break;
  }
  return outcome;
}

CampaignStepResult runHelpedCampaignStep(const Args& args, const CampaignTarget& t, DistributedRun& run,
                                         const coordinator::RunOptions& options, const ReplyHelp& help,
                                         const std::function<void(const std::string&)>& say) {
  CampaignStepResult result = runCampaignStep(args, t, run, options);
  if (result.value != gomoku::GameValue::Unknown || worker::stopRequested() || !help.answer || help.depth < 1 ||
      result.openReplies.empty() || result.openReplies.size() > static_cast<std::size_t>(help.replies))
    return result;
  // One level less below: an answer's campaign, left with few replies open, gets the same help.
  bool anyProved = false;
  for (const gomoku::Point reply : result.openReplies)
    if (!worker::stopRequested()) anyProved |= helpReply(args, t, reply, run, options, help, help.depth - 1, say).proved;
  // Again only when help proved an answer: with none proved, the run would search the same tree
  // for its whole time again (game 3 at ply 15 below e12: 300 s for the same 52 jobs, twice).
  if (worker::stopRequested()) return result;
  if (!anyProved) {
    say("no answer proved by the help; the run is not repeated");
    return result;
  }
  return runCampaignStep(args, t, run, options);
}

}  // namespace tengen::cli
