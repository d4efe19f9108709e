// What `tengen campaign` on one position and `tengen campaign --line` (every step of a game)
// share: the target of a run, the loser's replies counted, the log's samples, and one run.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "book/book.h"
#include "book/book_query.h"
#include "cli/args.h"
#include "cli/campaign_chart.h"
#include "cli/distributed.h"
#include "cli/hint_engine_options.h"
#include "solver/gomoku/position.h"

namespace tengen::cli {

// What a campaign proves: the root, the winner, and the winner's move at the root when the
// winner is to move there (the campaign then proves the position after it).
struct CampaignTarget {
  gomoku::Position root;
  std::string text;  // as the user gave it
  gomoku::Color winner = gomoku::Color::Black;
  std::optional<gomoku::Point> via;
  gomoku::Position proved;  // root, or root after `via`
  std::string campaign;     // the log's name: the proved position's book key
};

// Throws UsageError when `via` is given where the winner is not to move or on a taken point, or
// is missing where the winner is to move.
CampaignTarget campaignTarget(const gomoku::Position& root, std::string text, gomoku::Color winner,
                              std::optional<gomoku::Point> via);

// The loser's replies at the proved position, and how many the book holds as the winner's; the
// same counted by class (replies whose positions are mirror images of each other are one).
struct ReplyCount {
  std::uint32_t replies = 0, won = 0;
  std::vector<std::string> open;
  std::uint32_t classes = 0, classesWon = 0;
  std::vector<std::pair<std::string, int>> openClasses;  // a reply of each open class, and its size
};
ReplyCount repliesOf(const book::QueryAnswer& proved, const CampaignTarget& t);

std::vector<CampaignSample> samplesOf(const book::Book& book, const std::string& campaign);
std::string hours(double seconds);

// The coordinator's options from the campaign's command line (--time, the job sizes, the engine at
// the splits, made for `rule` and `boardSize`); throws UsageError.
coordinator::RunOptions campaignRunOptions(const Args& args, gomoku::Rule rule, int boardSize, gomoku::Color winner);
// --split-rethink-ms: how long the engine thinks where its quick move failed, and about the
// winner's answer to an open reply (--reply-help).
int rethinkMilliseconds(const Args& args, const HintEngineOptions& hints);
// --chart: the campaign's progress drawn from its samples.
void writeCampaignChart(const Args& args, const CampaignTarget& t, const std::vector<CampaignSample>& samples);

// One run of the campaign on `t` with `run`'s book and workers, reported on standard output as
// `tengen campaign` reports it (--json: one line).
struct CampaignStepResult {
  gomoku::GameValue value = gomoku::GameValue::Unknown;  // the root's: the winner's once linked and verified
  std::vector<gomoku::Point> openReplies;  // the loser's replies still open at the proved position (one a class)
  std::vector<std::vector<gomoku::Point>> hardestLines;  // the run's hardest open leaves, moves from the proved position
};
CampaignStepResult runCampaignStep(const Args& args, const CampaignTarget& t, DistributedRun& run,
                                   coordinator::RunOptions options);

// How a campaign run left with few of the loser's replies open is helped (--reply-help N,
// --help-depth D, --help-tries K): at most `replies` open reply classes, `depth` levels of help
// below, and up to `tries` of the engine's moves after a reply, each next one asked with the
// ones before barred.
struct ReplyHelp {
  int replies = 0;
  int depth = 1;
  int tries = 1;
  NextMoveOracle answer;  // the engine (--hint-engine, thinking --split-rethink-ms); empty: no help
};
ReplyHelp replyHelpOf(const Args& args, int defaultReplies, gomoku::Rule rule, int boardSize);

// runCampaignStep, then, when it stopped with at most `help.replies` of the loser's reply classes
// open and help has an engine, the engine's move after each open reply proved as a campaign of
// its own (helped in turn, one level less deep) and the run made again; a move whose campaign
// was left with more replies open than help could take, or lost, gives way to the engine's next
// choice (help.tries moves in all). `say` tells each help.
CampaignStepResult runHelpedCampaignStep(const Args& args, const CampaignTarget& t, DistributedRun& run,
                                         const coordinator::RunOptions& options, const ReplyHelp& help,
                                         const std::function<void(const std::string&)>& say);

// The winner's answers after the loser's `reply` at t's proved position, as help tries them (the
// book's, then the engine's, help.tries in all), each proved as a campaign of its own helped
// `depthBelow` levels deep, until one is the winner's win or is left close (at most help.replies
// open) or refuted. Needs help.answer (an engine). The outcome: whether an answer was proved, and
// the last answer tried with its campaign's hardest lines (kNoPoint: none tried).
struct ReplyHelpOutcome {
  bool proved = false;
  gomoku::Point answer = gomoku::kNoPoint;
  std::vector<std::vector<gomoku::Point>> hardestLines;
};
ReplyHelpOutcome helpReply(const Args& args, const CampaignTarget& t, gomoku::Point reply, DistributedRun& run,
                           const coordinator::RunOptions& options, const ReplyHelp& help, int depthBelow,
                           const std::function<void(const std::string&)>& say);

// How a step still open after its help is drilled (--drill N, --drill-ply P, --drill-time S,
// --drill-jobs J): up to `times` drills, each taking a line to the loser's move before ply `ply`
// below where it starts (a loser's four and its block not counted; a shorter line: its last),
// proving the winner's answer there as help does (helpReply; without an engine, the line's own
// move), each run `seconds` and `jobs` when set (else --time and --jobs), then linking each
// winner's move above it on the line from the book and running the step again. The line: the
// run's hardest not drilled yet; after a drill whose answer stayed open, that answer's campaign's
// hardest line, drilled from below the answer (campaign_drill.cpp).
struct Drill {
  int times = 0;
  int ply = 4;
  double seconds = 0;
  std::uint64_t jobs = 0;
};
Drill drillOf(const Args& args);  // throws UsageError
// The index in `line` (moves from t's proved position, the loser's first) of the loser's move a
// drill at `ply` answers: even, at least `from` (even), the deepest before `ply` plies below `from`,
// fours and their blocks not counted.
std::size_t drillReply(const CampaignTarget& t, const std::vector<gomoku::Point>& line, int ply, std::size_t from = 0);
CampaignStepResult runDrilledCampaignStep(const Args& args, const CampaignTarget& t, DistributedRun& run,
                                          const coordinator::RunOptions& options, const ReplyHelp& help, const Drill& drill,
                                          const std::function<void(const std::string&)>& say);

// `tengen campaign GAME --line`: every position of the game where the winner is to move, proved
// through the game's own move there, deepest first (campaign_line.cpp).
int runCampaignLine(const Args& args);

}  // namespace tengen::cli
