// A campaign step left open after its help is drilled (--drill N): the run's hardest line is
// followed down to the loser's move before --drill-ply below the proved position, the winner's
// answer there (the book's or the engine's, as help picks them; without an engine, the line's own)
// is proved as a campaign of its own, helped as the step is, and each winner's move above it on
// the line is then linked from the book, up to the step, which runs again. It is how the last
// replies of game 3's plies 13 and 15 fell by hand: a run at the root spreads its nodes over every
// open leaf, a campaign rooted deep on the hardest line spends them all there.
#include <set>

#include "book/position_key.h"
#include "cli/campaign.h"
#include "solver/gomoku/notation.h"
#include "solver/gomoku/verifier_scans.h"
#include "worker/shutdown.h"

namespace tengen::cli {

namespace {

// The position after the first `count` moves of `line` (moves from t's proved position).
gomoku::Position along(const CampaignTarget& t, const std::vector<gomoku::Point>& line, std::size_t count) {
  gomoku::Position p = t.proved;
  for (std::size_t i = 0; i < count; ++i) {
    p.board.place(line[i], p.toMove);
    p.toMove = gomoku::opponent(p.toMove);
  }
  return p;
}

// The campaign proving the winner's move at odd `index` of `line` (the loser's move first), its
// root the position before that move.
CampaignTarget lineTarget(const CampaignTarget& t, const std::vector<gomoku::Point>& line, std::size_t index) {
  const int n = t.root.board.size();
  std::string text = t.text;
  if (t.via) text.append(" ").append(gomoku::formatPoint(*t.via, n));
  if (index > 0) text.append(" ").append(gomoku::formatMoves({line.begin(), line.begin() + static_cast<std::ptrdiff_t>(index)}, n));
  return campaignTarget(along(t, line, index), text, t.winner, line[index]);
}

// The position after the loser's move at even `index` of `line`, as a book key: a drill's mark.
std::string afterReplyKey(const CampaignTarget& t, const std::vector<gomoku::Point>& line, std::size_t index) {
  const gomoku::Position p = along(t, line, index + 1);
  return book::canonicalKey(p.board, p.rule, p.toMove).bytes;
}

}  // namespace

// A loser's four and the winner's block count as no plies: the block is forced, and drilled there
// the answer would be known and a level lost.
std::size_t drillReply(const CampaignTarget& t, const std::vector<gomoku::Point>& line, int ply, std::size_t from) {
  const gomoku::Color loser = gomoku::opponent(t.winner);
  gomoku::Position p = t.proved;
  std::size_t reply = from;
  int plies = 1;  // of the drilled reply below `from`, forced pairs not counted
  for (std::size_t i = 0; i < line.size(); ++i) {
    p.board.place(line[i], p.toMove);
    p.toMove = gomoku::opponent(p.toMove);
    if (i % 2 != 0 || i < from) continue;
    const bool four = !gomoku::scanFivePoints(p.board, loser, p.rule).empty();
    if (plies > ply - 1) break;
    reply = i;
    if (!four) plies += 2;
  }
  return reply;
}

Drill drillOf(const Args& args) {
  Drill d;
  d.times = static_cast<int>(args.integer("drill", 0, 0, 64));
  d.ply = static_cast<int>(args.integer("drill-ply", 4, 2, 64));
  if (d.ply % 2 != 0) throw UsageError("--drill-ply " + std::to_string(d.ply) + ": the winner's moves are at even plies below the proved position");
  d.seconds = args.seconds("drill-time", 0, 0, 1e9);
  d.jobs = static_cast<std::uint64_t>(args.integer("drill-jobs", 0, 0, 1LL << 40));
  return d;
}

CampaignStepResult runDrilledCampaignStep(const Args& args, const CampaignTarget& t, DistributedRun& run,
                                          const coordinator::RunOptions& options, const ReplyHelp& help, const Drill& drill,
                                          const std::function<void(const std::string&)>& say) {
  CampaignStepResult result = runHelpedCampaignStep(args, t, run, options, help, say);
  // Drilled only where the loser is to move at the proved position: its lines start with a reply.
  if (drill.times == 0 || t.proved.toMove == t.winner) return result;
  coordinator::RunOptions drillOptions = options;
  if (drill.seconds > 0) drillOptions.maxSeconds = drill.seconds;
  if (drill.jobs > 0) drillOptions.maxJobs = drill.jobs;
  const gomoku::GameValue win = gomoku::winFor(t.winner);
  const int n = t.root.board.size();
  std::set<std::string> drilled;  // positions this step has drilled at: a line is taken once
  // After a drill whose answer stayed open: the line on through that answer and its campaign's
  // hardest line, drilled next from `deeperFrom` on (the way the last replies of ply 13 fell).
  std::vector<gomoku::Point> deeper;
  std::size_t deeperFrom = 0;
  for (int d = 1; d <= drill.times && result.value == gomoku::GameValue::Unknown && !worker::stopRequested(); ++d) {
    // The line to drill and its loser's move before --drill-ply (or its deepest): deeper on the last
    // drill's line, else the run's hardest line not drilled yet.
    std::vector<gomoku::Point> line;
    std::size_t reply = 0;  // even: the loser's move on the line
    // Taken when drillable: without an engine the line's own answer is needed.
    const auto take = [&](const std::vector<gomoku::Point>& l, std::size_t from) {
      if (l.empty()) return false;
      const std::size_t i = drillReply(t, l, drill.ply, from);
      if ((!help.answer && i + 1 >= l.size()) || drilled.count(afterReplyKey(t, l, i))) return false;
      line = l;
      reply = i;
      return true;
    };
    if (!take(deeper, deeperFrom))
      for (const auto& l : result.hardestLines)
        if (take(l, 0)) break;
    deeper.clear();
    if (line.empty()) {
      say("drill " + std::to_string(d) + ": no line of the run's hardest left to drill");
      break;
    }
    drilled.insert(afterReplyKey(t, line, reply));
    const std::string tag = "drill " + std::to_string(d);
    const auto f = [&](std::size_t i) { return gomoku::formatPoint(line[i], n); };
    say(tag + ": the line " + gomoku::formatMoves(line, n) + "; the answer to " + f(reply) + " at ply " +
        std::to_string(reply + 1) + " proved on its own");
    const auto tagged = [&](const std::string& text) { say(tag + ", " + text); };
    ReplyHelpOutcome outcome;
    if (help.answer) {
      // At the step's own help depth: the answer's campaign is helped as the step's run was.
      const CampaignTarget parent = reply == 0 ? t : lineTarget(t, line, reply - 1);
      outcome = helpReply(args, parent, line[reply], run, drillOptions, help, help.depth, tagged);
    } else {
      const CampaignStepResult below = runHelpedCampaignStep(args, lineTarget(t, line, reply + 1), run, drillOptions, help, tagged);
      outcome = {below.value == win, line[reply + 1], below.hardestLines};
    }
    if (!outcome.proved) {
      // On through the answer last tried, along its campaign's hardest line.
      if (outcome.answer != gomoku::kNoPoint && !outcome.hardestLines.empty() && !outcome.hardestLines.front().empty()) {
        deeper.assign(line.begin(), line.begin() + static_cast<std::ptrdiff_t>(reply) + 1);
        deeper.push_back(outcome.answer);
        deeper.insert(deeper.end(), outcome.hardestLines.front().begin(), outcome.hardestLines.front().end());
        deeperFrom = reply + 2;
      }
      say(tag + ": no answer to " + f(reply) + " proved" +
          (d < drill.times ? (deeper.empty() ? "; the next drill takes another line" : "; the next drill goes on below " + gomoku::formatPoint(outcome.answer, n))
                           : ""));
      continue;
    }
    // Up the line: each winner's move above, its replies below now in the book.
    for (std::size_t i = reply; i >= 2 && !worker::stopRequested(); i -= 2) {
      say(tag + ": linking " + f(i - 1) + " at ply " + std::to_string(i));
      if (runCampaignStep(args, lineTarget(t, line, i - 1), run, drillOptions).value != win) {
        say(tag + ": " + f(i - 1) + " not proved yet; the step runs again");
        break;
      }
    }
    if (!worker::stopRequested()) result = runCampaignStep(args, t, run, options);
  }
  return result;
}

}  // namespace tengen::cli
