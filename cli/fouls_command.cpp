// `tengen fouls`: black's forbidden points of a position, drawn or as JSON Lines; batch from stdin.
#include <iostream>
#include <string>

#include "cli/args.h"
#include "cli/board_text.h"
#include "cli/commands.h"
#include "cli/input_lines.h"
#include "cli/json.h"
#include "solver/gomoku/notation.h"
#include "solver/gomoku/rules.h"

namespace tengen::cli {
namespace {

using namespace tengen::gomoku;


void printJson(const std::string& text, const Position& pos, const std::vector<ForbiddenPoint>& fouls) {
  std::string list = "[";
  for (std::size_t i = 0; i < fouls.size(); ++i) {
    if (i) list += ", ";
    list += JsonObject()
                .str("point", formatPoint(fouls[i].point, pos.board.size()))
                .str("kind", forbiddenKindName(fouls[i].kind))
                .done();
  }
  list += "]";
  std::cout << JsonObject().str("position", text).raw("forbidden", list).done() << '\n';
}

void printText(const std::string& text, const Position& pos, const std::vector<ForbiddenPoint>& fouls) {
  const int n = pos.board.size();
  const bool numbered = text.find('/') == std::string::npos;
  std::cout << "position: " << shownPosition(text) << '\n'
            << "rule: " << ruleName(pos.rule) << ", " << n << "x" << n << ", " << colorName(pos.toMove)
            << " to move\n"
            << drawDiagram(pos.board, numbered, forbiddenMarks(pos.board, pos.rule)) << "forbidden to black:";
  if (fouls.empty()) std::cout << " none";
  for (const auto& f : fouls) std::cout << ' ' << formatPoint(f.point, n) << " (" << forbiddenKindName(f.kind) << ')';
  std::cout << "\nlegend: " << diagramLegend(numbered, pos.rule == Rule::Renju, false);
}

// Answers one position; returns false (after reporting) when the position is bad.
bool answer(const std::string& text, const PositionOptions& options, bool json, bool batch) {
  try {
    Position pos = parsePosition(text, options);
    const auto fouls = forbiddenPoints(pos.board, pos.rule);
    json ? printJson(text, pos, fouls) : printText(text, pos, fouls);
    return true;
  } catch (const PositionError& e) {
    if (!batch) throw;
    printLineError(text, e.what(), json);
    return false;
  }
}

}  // namespace

int runFouls(int argc, char** argv) {
  const Args args(argc, argv, 2, commandHelp("fouls"));
  const PositionOptions options = positionOptions(args);
  const bool json = args.flag("json");
  if (args.positional().size() > 1)
    throw UsageError("give the position as one argument (quote it), or none to read standard input");
  if (!args.positional().empty()) {
    answer(args.positional()[0], options, json, false);
    return 0;
  }
  // Batch: one position a line; blank lines and # comments are skipped.
  bool first = true;
  promptIfTerminal("fouls");
  const bool allGood = forEachInputLine(std::cin, [&](const std::string& line) {
    if (!json && !first) std::cout << '\n';
    first = false;
    return answer(line, options, json, true);
  });
  return allGood ? 0 : 1;
}

}  // namespace tengen::cli
