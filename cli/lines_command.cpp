// `tengen lines import FILE`: a RenLib library's or an SGF file's tree as lines to prove, one move
// list per line (each checked as a game under the rule), for `tengen solve` or `solve --lines`.
#include <algorithm>
#include <iostream>

#include "cli/args.h"
#include "cli/commands.h"
#include "cli/json.h"
#include "cli/library.h"
#include "solver/gomoku/notation.h"

namespace tengen::cli {
namespace {

// A comment as one line: its line breaks as " / ".
std::string oneLine(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '\r') continue;
    if (c == '\n') out += " / ";
    else out += c;
  }
  return out;
}

}  // namespace

int runLines(int argc, char** argv) {
  const std::string what = argc > 2 ? argv[2] : "";
  if (what == "--help" || what == "-h") throw HelpRequested{&commandHelp("lines import"), ""};
  if (what != "import") throw UsageError("unknown lines command " + gomoku::quoted(what) + " (import)");
  const Args args(argc, argv, 3, commandHelp("lines import"));
  if (args.positional().size() != 1) throw UsageError("give one library: tengen lines import FILE.lib|FILE.sgf");
  const book::MoveTree tree = readLibrary(args.positional()[0]);
  const bool json = args.flag("json");
  std::size_t bad = 0;
  for (const LibraryLine& l : libraryLines(tree, positionOptions(args))) {
    if (!l.error.empty()) {
      ++bad;
      std::cerr << "tengen lines import: left out \"" << l.moves << "\": " << l.error << '\n';
      continue;
    }
    if (json) {
      JsonObject o;
      o.str("position", l.moves).num("plies", static_cast<long long>(std::count(l.moves.begin(), l.moves.end(), ' ') + 1));
      if (!l.comment.empty()) o.str("comment", l.comment);
      std::cout << o.done() << '\n';
    } else {
      // The file's comment on a line of its own before the moves: `tengen solve` skips # lines.
      if (!l.comment.empty()) std::cout << "# " << gomoku::printable(oneLine(l.comment)) << '\n';
      std::cout << l.moves << '\n';
    }
  }
  std::cerr << "tengen lines import: " << tree.nodes.size() - 1 << " moves in the tree" << (bad ? ", " + std::to_string(bad) + " lines left out" : "") << '\n';
  return bad ? 1 : 0;
}

}  // namespace tengen::cli
