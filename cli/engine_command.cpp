// `tengen engine` (and the same binary named pbrain-tengen): the Gomocup protocol on standard input
// and output, with the book's proven moves when a book is given.
#include <iostream>
#include <optional>

#include "book/book.h"
#include "cli/args.h"
#include "cli/commands.h"
#include "engine/gomocup.h"
#include "solver/gomoku/notation.h"

namespace tengen::cli {

int runEngine(int argc, char** argv, int first) {
  const Args args(argc, argv, first, commandHelp("engine"));
  if (!args.positional().empty()) throw UsageError("tengen engine takes no argument " + gomoku::quoted(args.positional()[0]));
  engine::EngineOptions options;
  options.hashMegabytes = hashMegabytes(args, 256, 1, "--hash");
  std::optional<book::Book> book;
  if (const auto dir = args.value("book")) {
    book.emplace(*dir, book::Book::Access::ReadOnly);
    options.book = &*book;
  }
  std::ios::sync_with_stdio(false);
  return engine::runGomocup(std::cin, std::cout, options);
}

int runEngine(int argc, char** argv) { return runEngine(argc, argv, 2); }

}  // namespace tengen::cli
