// `tengen verify`: re-checks stored proofs with the independent verifier, from the book's
// records alone, and marks them verified (or not).
#include <algorithm>
#include <iostream>
#include <string>
#include <unordered_set>

#include "book/book.h"
#include "book/position_key.h"
#include "book/stored_proof.h"
#include "cli/args.h"
#include "cli/book_open.h"
#include "cli/commands.h"
#include "cli/json.h"
#include "cli/othello_book.h"
#include "solver/gomoku/position.h"

namespace tengen::cli {
namespace {

using namespace tengen::gomoku;
using book::Book;

struct Tally {
  std::size_t claims = 0, positions = 0, failed = 0, unreadable = 0;
};

std::string describe(const Board& board, Color toMove, Rule rule) {
  return formatStones(board) + " (" + std::string(colorName(toMove)) + " to move, " + std::string(ruleName(rule)) +
         " " + std::to_string(board.size()) + "x" + std::to_string(board.size()) + ")";
}

// Checks one claim, marks what it covers, reports a failure. Returns whether it held.
bool checkClaim(Book& book, const Board& board, Rule rule, Color toMove, Color attacker, bool wins, Tally& tally,
                std::unordered_set<std::string>* covered) {
  const book::StoredCheck check = book::checkStoredClaim(book, board, rule, toMove, attacker);
  ++tally.claims;
  const std::string claim = std::string(colorName(attacker)) + (wins ? " wins" : " cannot win");
  if (check.ok) {
    tally.positions += check.keys.size();
    book::markVerified(book, check.keys, attacker, true);
    if (covered) covered->insert(check.keys.begin(), check.keys.end());
    return true;
  }
  ++tally.failed;
  const book::PositionKey key = book::canonicalKey(board, rule, toMove);
  book::markVerified(book, {key.bytes}, attacker, false);
  std::cerr << "tengen verify: book " << book.dir() << ": " << describe(board, toMove, rule) << ": '" << claim
            << "' failed: " << check.error << '\n';
  return false;
}

}  // namespace

int runVerify(int argc, char** argv) {
  const Args args(argc, argv, 2, commandHelp("verify"));
  if (args.positional().size() > 1) throw UsageError("give at most one position (quote it)");
  const auto opened = openBookWriter(args, Book::Access::ReadWrite);
  Book& book = *opened;
  Tally tally;

  if (!args.positional().empty()) {
    const Position pos = parsePosition(args.positional()[0], positionOptions(args));
    const auto record = book.get(book::canonicalKey(pos.board, pos.rule, pos.toMove).bytes);
    if (!record || (!record->steps[0].present && !record->steps[1].present))
      throw book::BookError("book " + book.dir() + ": no stored proof for " +
                            describe(pos.board, pos.toMove, pos.rule));
    for (Color attacker : {Color::Black, Color::White})
      if (const auto& step = record->steps[index(attacker)]; step.present)
        checkClaim(book, pos.board, pos.rule, pos.toMove, attacker, step.attackerWins, tally, nullptr);
  } else {
    // Every stored claim, fewest stones first: a claim inside a tree already checked in this
    // run is covered by that check, so most of the book is walked once.
    struct Claim {
      std::string key;
      Color attacker;
      bool wins;
    };
    std::vector<Claim> claims;
    book.forEach([&](std::string_view key, const book::BookRecord* record, const std::string& error) {
      if (!record) {
        ++tally.unreadable;
        std::cerr << "tengen verify: book " << book.dir() << ": unreadable entry: " << error << '\n';
        return true;
      }
      for (Color attacker : {Color::Black, Color::White})
        if (const auto& step = record->steps[index(attacker)]; step.present)
          claims.push_back({std::string(key), attacker, step.attackerWins});
      return true;
    });
    std::stable_sort(claims.begin(), claims.end(), [](const Claim& a, const Claim& b) { return a.key.size() < b.key.size(); });
    std::unordered_set<std::string> covered[2];
    for (const auto& c : claims) {
      if (covered[index(c.attacker)].count(c.key)) continue;
      book::DecodedKey k;
      try {
        k = book::decodeKey(c.key);
      } catch (const book::BookError& e) {
        ++tally.unreadable;
        std::cerr << "tengen verify: book " << book.dir() << ": " << e.what() << '\n';
        continue;
      }
      checkClaim(book, k.board, k.rule, k.toMove, c.attacker, c.wins, tally, &covered[index(c.attacker)]);
    }
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
