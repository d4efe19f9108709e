// `tengen diagram POSITION`: the board as players print it: the text diagram, or with --svg a
// picture (stones numbered, black's forbidden points with their kind, the opening's name).
#include <iostream>
#include <string>

#include "book/whole_file.h"
#include "cli/args.h"
#include "cli/board_text.h"
#include "cli/commands.h"
#include "cli/input_lines.h"
#include "solver/gomoku/notation.h"
#include "solver/gomoku/openings.h"
#include "solver/gomoku/position.h"
#include "web/board_svg.h"

namespace tengen::cli {

int runDiagram(int argc, char** argv) {
  const Args args(argc, argv, 2, commandHelp("diagram"));
  if (args.positional().size() != 1) throw UsageError("give one position (quote it), e.g. tengen diagram \"h8 h9 i9\"");
  const std::string text = args.positional()[0];
  const gomoku::Position pos = parsePosition(text, positionOptions(args));
  const int n = pos.board.size();
  const bool numbered = text.find('/') == std::string::npos;
  const bool fouls = pos.toMove == gomoku::Color::Black && pos.rule == gomoku::Rule::Renju;
  const std::vector<DiagramMark> marks = fouls ? forbiddenMarks(pos.board, pos.rule) : std::vector<DiagramMark>{};
  std::string title = args.value("title").value_or("");
  if (title.empty()) {
    if (const auto o = gomoku::openingOf(pos.board)) title = std::string(o->code) + " " + std::string(o->name) + ": ";
    title += std::string(gomoku::ruleName(pos.rule)) + " " + std::to_string(n) + "x" + std::to_string(n) + ", " +
             std::string(gomoku::colorName(pos.toMove)) + " to move";
  }
  std::string legend = diagramLegend(numbered, fouls, false);
  legend.pop_back();  // its line break
  if (const auto file = args.value("svg")) {
    // The picture's own legend: numbers and crosses rather than the text's X1 and #3.
    std::string caption = numbered ? "the numbers: the order of play" : "";
    if (fouls && !marks.empty())
      caption += std::string(caption.empty() ? "" : "; ") + "crosses: black's forbidden points (3 double-three, 4 double-four, 6 overline)";
    book::writeWholeFile(*file, web::boardSvg(pos.board, numbered, marks, title, caption));
    std::cout << "wrote " << gomoku::printable(*file) << ": " << title << '\n';
    return 0;
  }
  std::cout << title << '\n' << drawDiagram(pos.board, numbered, marks) << "legend: " << legend << '\n';
  return 0;
}

}  // namespace tengen::cli
