// `tengen campaign GAME --line`: a game's line proved back from its end. Each position where the
// winner is to move is a campaign through the game's own move there, deepest first, so that each
// step's tree finds the deeper steps' proofs in the book; a step that stops with a few of the
// loser's replies open gets the engine's help (campaign_help.cpp).
#include <algorithm>
#include <iostream>

#include "book/book_query.h"
#include "cli/campaign.h"
#include "cli/input_lines.h"
#include "cli/json.h"
#include "solver/gomoku/notation.h"
#include "solver/gomoku/verifier_scans.h"
#include "worker/shutdown.h"

namespace tengen::cli {
namespace {

using gomoku::Color;
using gomoku::Point;
using gomoku::Position;

// Every step of the line, deepest first: the positions after `from` plies or more where the winner
// is to move, each with the game's next move. A move that makes the winner's five needs no step
// (the position before it is won by the rules). The game is parsed whole first: a bad move
// anywhere is refused before any work.
std::vector<CampaignTarget> stepsOf(const std::string& text, const gomoku::PositionOptions& options, Color winner,
                                    std::size_t from) {
  gomoku::GameLine game;
  try {
    game = gomoku::parseGameLine(text, options);
  } catch (const gomoku::PositionError& e) {
    throw gomoku::PositionError(std::string("--line, ") + e.what());
  }
  if (game.moves.empty()) throw UsageError("--line: give the game's moves, e.g. \"h8 i9 g9 g8 f10\"");
  if (from >= game.moves.size())
    throw UsageError("--line-from " + std::to_string(from) + ": the game has " + std::to_string(game.moves.size()) + " moves");
  std::vector<CampaignTarget> steps;
  for (std::size_t ply = game.moves.size(); ply-- > from;) {
    const Position& root = game.before[ply];
    const Point move = game.moves[ply];
    if (root.toMove != winner) continue;
    const auto fives = gomoku::scanFivePoints(root.board, winner, root.rule);
    if (std::find(fives.begin(), fives.end(), move) != fives.end()) continue;
    const std::vector<Point> before(game.moves.begin(), game.moves.begin() + static_cast<std::ptrdiff_t>(ply));
    steps.push_back(campaignTarget(root, gomoku::formatMoves(before, root.board.size()), winner, move));
  }
  if (steps.empty()) throw UsageError("--line: " + std::string(gomoku::colorName(winner)) + " has no move to prove in the game after ply " + std::to_string(from));
  return steps;
}

bool provedAfter(const book::Book& book, const CampaignTarget& t) {
  const book::QueryAnswer a = book::queryBook(book, t.proved);
  return a.verified && a.result == book::winValue(t.winner);
}

}  // namespace

int runCampaignLine(const Args& args) {
  if (args.positional().size() != 1) throw UsageError("--line: give the game, e.g. tengen campaign \"h8 i9 g9 ...\" --line --win black");
  if (args.value("via")) throw UsageError("--line takes each move of the game as its step's --via: leave out --via");
  const auto winner = colorOption(args, "win");
  if (!winner) throw UsageError("--line: say whose win the game shows with --win black|white");
  const auto from = static_cast<std::size_t>(args.integer("line-from", 0, 0, 1000));
  const std::vector<CampaignTarget> steps = stepsOf(args.positional()[0], positionOptions(args), *winner, from);
  const ReplyHelp help = replyHelpOf(args, 4, steps.front().root.rule, steps.front().root.board.size());
  const Drill drill = drillOf(args);
  const coordinator::RunOptions options =
      campaignRunOptions(args, steps.front().root.rule, steps.front().root.board.size(), *winner);
  DistributedRun run(args, false, distributedGuide(args));
  const book::Book& book = *run.book;
  const bool json = args.flag("json");
  const int n = steps.front().root.board.size();
  const auto plyOf = [](const CampaignTarget& t) { return t.root.board.stoneCount() + 1; };
  // Flushed: a line runs for hours, its log often a file.
  auto say = [&](const std::string& text) { (json ? std::cerr : std::cout) << "line: " << text << std::endl; };

  std::size_t done = 0;
  for (const CampaignTarget& t : steps) {
    const std::string step = "ply " + std::to_string(plyOf(t)) + " (" + gomoku::formatPoint(*t.via, n) + ")";
    say(step + ": " + (provedAfter(book, t) ? "proved by an earlier run; linking" : "proving"));
    const CampaignStepResult result =
        runDrilledCampaignStep(args, t, run, options, help, drill, [&](const std::string& text) { say(step + ", " + text); });
    if (result.value == gomoku::GameValue::Unknown) break;
    ++done;
  }
  const bool whole = done == steps.size();
  const int shallowest = steps.back().root.board.stoneCount();
  if (whole)
    say("every step proved: " + std::string(gomoku::colorName(*winner)) + " wins the position after " + std::to_string(shallowest) +
        " moves and every later one of the game, through the game's own moves, verified");
  else
    say("ply " + std::to_string(plyOf(steps[done])) + " is open; " + std::to_string(done) + " of " + std::to_string(steps.size()) +
        " steps proved (run the same command again to go on)");
  if (json)
    std::cout << JsonObject()
                     .str("line", args.positional()[0])
                     .str("winner", gomoku::colorName(*winner))
                     .num("from_ply", static_cast<long long>(shallowest))
                     .num("steps", static_cast<long long>(steps.size()))
                     .num("steps_proved", static_cast<long long>(done))
                     .raw("open_at_ply", whole ? "null" : std::to_string(plyOf(steps[done])))
                     .done()
              << '\n';
  return worker::stopRequested() ? worker::stopExitStatus() : 0;
}

}  // namespace tengen::cli
