// `tengen verify`: re-checks stored proofs with the independent verifier, from the book's
// records alone, and marks them verified (or not).
#include <iostream>
#include <string>

#include "book/book.h"
#include "book/book_verify.h"
#include "cli/args.h"
#include "cli/book_open.h"
#include "cli/commands.h"
#include "cli/json.h"
#include "cli/othello_book.h"
#include "solver/gomoku/position.h"

namespace tengen::cli {

using namespace tengen::gomoku;
using book::Book;

int runVerify(int argc, char** argv) {
  const Args args(argc, argv, 2, commandHelp("verify"));
  if (args.positional().size() > 1) throw UsageError("give at most one position (quote it)");
  const auto opened = openBookWriter(args, Book::Access::ReadWrite);
  Book& book = *opened;
  const book::VerifyReport report = [](const std::string& line) { std::cerr << "tengen verify: " << line << '\n'; };
  book::VerifyTally tally;
  if (!args.positional().empty()) {
    const Position pos = parsePosition(args.positional()[0], positionOptions(args));
    tally = book::verifyClaimsAt(book, pos.board, pos.rule, pos.toMove, report);
  } else {
    tally = book::verifyAllClaims(book, report);
  }

  OthelloVerifyTally othelloTally;
  if (args.positional().empty()) othelloTally = verifyOthelloEntries(book);

  const bool ok = tally.failed == 0 && tally.unreadable == 0 && othelloTally.failed == 0 && othelloTally.unreadable == 0;
  if (args.flag("json"))
    std::cout << JsonObject()
                     .str("book", book.dir())
                     .num("claims_checked", static_cast<long long>(tally.claims))
                     .num("positions_checked", static_cast<long long>(tally.positions))
                     .num("failed", static_cast<long long>(tally.failed))
                     .num("unreadable", static_cast<long long>(tally.unreadable))
                     .num("othello_checked", static_cast<long long>(othelloTally.checked))
                     .num("othello_failed", static_cast<long long>(othelloTally.failed + othelloTally.unreadable))
                     .num("othello_claims", static_cast<long long>(othelloTally.claims))
                     .boolean("ok", ok)
                     .done()
              << '\n';
  else
    std::cout << "verified " << tally.claims - tally.failed << " of " << tally.claims << " stored claims ("
              << tally.positions << " positions re-checked), " << tally.failed << " failed, " << tally.unreadable
              << " unreadable, in book " << book.dir() << '\n';
  if (!args.flag("json") && othelloTally.checked + othelloTally.unreadable + othelloTally.claims > 0)
    std::cout << "verified " << othelloTally.checked - othelloTally.failed << " of "
              << othelloTally.checked + othelloTally.unreadable
              << " checkable Othello entries (proof trees, or margins from verified children); " << othelloTally.claims
              << " claims without a proof left unverified\n";
  return ok ? 0 : 1;
}

}  // namespace tengen::cli
