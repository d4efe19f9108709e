// `tengen openings`: the 26 canonical renju openings, what the literature says of them, and with a
// book, what the book has proved of each (the position after the third move, white to move).
#include <iostream>
#include <optional>

#include "book/book.h"
#include "book/book_query.h"
#include "cli/args.h"
#include "cli/commands.h"
#include "cli/json.h"
#include "solver/gomoku/notation.h"
#include "solver/gomoku/openings.h"
#include "solver/gomoku/position.h"

namespace tengen::cli {

int runOpenings(int argc, char** argv) {
  const Args args(argc, argv, 2, commandHelp("openings"));
  if (!args.positional().empty()) throw UsageError("tengen openings takes no argument " + gomoku::quoted(args.positional()[0]));
  const bool json = args.flag("json");
  std::optional<book::Book> store;
  if (const auto dir = args.value("book")) store.emplace(*dir, book::Book::Access::ReadOnly);
  if (!json) std::cout << (store ? "code  name        moves       literature    book\n" : "code  name        moves       literature\n");
  for (const gomoku::Opening& o : gomoku::openings()) {
    const std::string literature = o.assessment.empty() ? "-" : std::string(o.assessment);
    std::optional<book::QueryAnswer> a;
    if (store) a = book::queryBook(*store, gomoku::parsePosition(o.moves, gomoku::PositionOptions{}));
    if (json) {
      JsonObject j;
      j.str("code", o.code).str("name", o.name).str("moves", o.moves);
      j.raw("literature", o.assessment.empty() ? "null" : jsonQuote(o.assessment));
      if (a) {
        j.str("book_result", book::valueName(a->result));
        if (a->claimed != a->result) j.str("book_claimed", book::valueName(a->claimed));
        if (a->result != book::Value::Unknown) j.num("proof_size", static_cast<long long>(a->proofSize));
      }
      std::cout << j.done() << '\n';
      continue;
    }
    std::string line = std::string(o.code);
    line.resize(6, ' ');
    line += o.name;
    line.resize(18, ' ');
    line += o.moves;
    line.resize(30, ' ');
    line += literature;
    line.resize(44, ' ');
    if (a) {
      if (!a->found) line += "not in the book";
      else if (a->result != book::Value::Unknown)
        line += std::string(book::valueName(a->result)) + " (verified, proof of " + std::to_string(a->proofSize) + " positions)";
      else if (a->claimed != book::Value::Unknown)
        line += "unknown; claimed, unverified: " + std::string(book::valueName(a->claimed));
      else
        line += "unknown";
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    std::cout << line << '\n';
  }
  if (!json)
    std::cout << "\nliterature: the decided openings of the renju literature (the project's seed table); '-' where it\n"
                 "says nothing. A position may start with a code or a name: tengen solve \"D4 j10\".\n";
  return 0;
}

}  // namespace tengen::cli
