// `tengen campaign`: a long proof of an opening (or any position) run until it falls, stopped and
// resumed at any time (one run: campaign_step.cpp; every step of a game: campaign_line.cpp).
// `tengen campaign status` reads the log and the book without proving anything.
#include <iostream>

#include "cli/args.h"
#include "cli/campaign.h"
#include "cli/commands.h"
#include "cli/input_lines.h"
#include "cli/json.h"
#include "solver/gomoku/notation.h"
#include "solver/gomoku/openings.h"
#include "worker/shutdown.h"

namespace tengen::cli {
namespace {

using gomoku::Color;

CampaignTarget targetOf(const Args& args) {
  if (args.positional().size() != 1) throw UsageError("give the opening or position to prove, e.g. tengen campaign I13");
  const std::string text = args.positional()[0];
  const gomoku::Position root = parsePosition(text, positionOptions(args));
  std::optional<Color> winner = colorOption(args, "win");
  if (!winner)
    if (const auto o = gomoku::findOpening(text); o && !o->assessment.empty())
      winner = o->assessment == "black-wins" ? Color::Black : Color::White;
  if (!winner) throw UsageError("say whose win to prove with --win black|white (known for an opening the table assesses)");
  std::optional<gomoku::Point> via;
  if (const auto move = args.value("via")) {
    std::string error;
    via = gomoku::parsePoint(*move, root.board.size(), &error);
    if (!via) throw UsageError("--via: " + error);
  }
  return campaignTarget(root, text, *winner, via);
}

// What the book holds at the proved position, and the campaign's log, in words.
int status(const Args& args) {
  const CampaignTarget t = targetOf(args);
  const book::Book book(args.value("book").value_or(book::kDefaultBookDir), book::Book::Access::ReadOnly);
  const auto samples = samplesOf(book, t.campaign);
  const book::QueryAnswer root = book::queryBook(book, t.root);
  const book::QueryAnswer proved = book::queryBook(book, t.proved);
  const ReplyCount count = repliesOf(proved, t);
  const std::size_t replies = count.replies, won = count.won;
  const std::vector<std::string>& open = count.open;
  const int n = t.root.board.size();
  const CampaignSample* last = samples.empty() ? nullptr : &samples.back();
  if (args.flag("json")) {
    JsonObject o;
    // As the run's own JSON line: the position as given, and the move after it apart.
    o.str("campaign", t.text)
        .str("winner", gomoku::colorName(t.winner))
        .raw("via", t.via ? jsonQuote(gomoku::formatPoint(*t.via, n)) : "null")
        .str("root_result", book::valueName(root.result))
        .str("proved_position_result", book::valueName(proved.result))
        .num("replies", static_cast<long long>(replies))
        .num("replies_won", static_cast<long long>(won));
    std::string list = "[";
    for (std::size_t i = 0; i < open.size(); ++i) list += (i ? ", " : "") + jsonQuote(open[i]);
    o.raw("open_replies", list + "]");
    // One reply a class with the number of replies it stands for, as the text lists them.
    list = "[";
    for (std::size_t i = 0; i < count.openClasses.size(); ++i)
      list += (i ? ", " : "") + JsonObject()
                                    .str("move", count.openClasses[i].first)
                                    .num("replies", static_cast<long long>(count.openClasses[i].second))
                                    .done();
    o.raw("open_classes", list + "]");
    o.num("classes", static_cast<long long>(count.classes)).num("classes_won", static_cast<long long>(count.classesWon));
    o.num("samples", static_cast<long long>(samples.size()));
    if (last) {
      o.num("campaign_seconds", last->campaignSeconds)
          .num("open_leaves", static_cast<long long>(last->openLeaves))
          .num("root_pn", static_cast<long long>(last->rootPn));
    }
    std::cout << o.done() << '\n';
  } else {
    std::cout << "campaign: " << shownPosition(t.text) << (t.via ? " then " + gomoku::formatPoint(*t.via, n) : "") << ", "
              << gomoku::colorName(t.winner) << "'s win\n"
              << "root: " << book::valueName(root.result) << (root.verified ? " (verified)" : "") << "\n";
    if (t.via)
      std::cout << "after " << gomoku::formatPoint(*t.via, n) << ": " << book::valueName(proved.result)
                << (proved.verified ? " (verified)" : "") << "\n";
    std::cout << "replies: " << won << " of " << replies << " proved " << gomoku::colorName(t.winner) << " wins";
    if (count.classes < replies) std::cout << " (" << count.classesWon << " of " << count.classes << " classes under the board's symmetries)";
    if (!open.empty()) {
      // One reply a class, with the number of replies it stands for: the list a player reads.
      std::cout << "; open:";
      for (const auto& [m, size] : count.openClasses) std::cout << ' ' << m << (size > 1 ? " (" + std::to_string(size) + ")" : "");
    }
    std::cout << "\n";
    if (last) {
      std::cout << "log: " << samples.size() << " samples over " << hours(last->campaignSeconds) << " of runs; last: "
                << last->openLeaves << " open positions at the frontier, root pn " << last->rootPn << "\n";
      for (const auto& h : last->hardest) std::cout << "  hardest: " << h << "\n";
    } else {
      std::cout << "log: no sample yet (run 'tengen campaign " << shownPosition(t.text) << " --book ...')\n";
    }
  }
  writeCampaignChart(args, t, samples);
  return 0;
}


}  // namespace

int runCampaign(int argc, char** argv) {
  if (argc > 2 && std::string_view(argv[2]) == "status") {
    const Args args(argc, argv, 3, commandHelp("campaign status"));
    return status(args);
  }
  const Args args(argc, argv, 2, commandHelp("campaign"));
  if (args.flag("line")) return runCampaignLine(args);
  const CampaignTarget t = targetOf(args);
  const coordinator::RunOptions options = campaignRunOptions(args, t.proved.rule, t.proved.board.size(), t.winner);
  const Drill drill = drillOf(args);  // refused before the book is opened
  DistributedRun run(args, false, distributedGuide(args));
  const ReplyHelp help = replyHelpOf(args, 0, t.proved.rule, t.proved.board.size());
  // Flushed: a campaign runs for hours, its log often a file.
  runDrilledCampaignStep(args, t, run, options, help, drill, [&](const std::string& text) {
    (args.flag("json") ? std::cerr : std::cout) << "campaign: " << text << std::endl;
  });
  // Stopped by a signal (Ctrl-C, mpirun's SIGTERM): the book is consistent, the status says why.
  return worker::stopRequested() ? worker::stopExitStatus() : 0;
}

}  // namespace tengen::cli
