// Othello entries through the CLI: keys and trees are in the canonical orientation; answers are
// turned back to the orientation asked.
#include "cli/othello_book.h"

#include <iostream>

#include "book/book_error.h"
#include "book/othello_entry.h"
#include "cli/commands.h"
#include "cli/json.h"
#include "cli/othello_solve.h"
#include "solver/othello/symmetry.h"

namespace tengen::cli {
namespace {

const char* discName(othello::Disc d) { return d == othello::Disc::Black ? "black" : "white"; }

}  // namespace

void storeOthelloProof(book::Book& book, const othello::Position& p, const othello::MarginProof& proof,
                       othello::Square best) {
  book::OthelloEntry entry = book::othelloEntryOf(p, proof, best);
  entry.verifiedBy = book::kOthelloVerifierRevision;
  book.writeOthello({{book::othelloKey(p).bytes, book::encodeOthelloEntry(entry)}});
}

int runOthelloQuery(const Args& args) {
  if (args.positional().size() != 1) throw UsageError("give one Othello position: moves from the start or a board string");
  const int n = static_cast<int>(args.integer("size", 8, 4, 8));
  if (n != 4 && n != 6 && n != 8) throw UsageError("--size for Othello is 4, 6 or 8");
  const othello::Position pos = parseOthello(args.positional()[0], n);
  book::Book book(args.value("book").value_or(book::kDefaultBookDir), book::Book::Access::ReadOnly);
  const book::OthelloKey key = book::othelloKey(pos);
  const auto bytes = book.othelloEntry(key.bytes);
  std::optional<book::OthelloEntry> entry;
  if (bytes) {
    try {
      entry = book::decodeOthelloEntry(*bytes);
    } catch (const book::RecordError& e) {
      throw book::BookError("book " + book.dir() + ": the entry of this position: " + e.what());
    }
  }
  // An entry counts only for the position its key names (a moved entry proves nothing here).
  const bool verified = entry && entry->verified() && book::othelloKey(entry->position()).bytes == key.bytes;
  std::string result = "unknown", best;
  if (verified) {
    const othello::Disc winner = entry->margin > 0 ? pos.toMove() : othello::opposite(pos.toMove());
    result = entry->margin == 0 ? "draw" : std::string(discName(winner)) + "-wins";
    const othello::Square s = othello::transformSquare(othello::inverseSymmetry(key.symmetry), entry->best, n);
    best = pos.ended() ? "" : othello::squareName(s);
  }
  if (args.flag("json")) {
    std::cout << JsonObject()
                     .str("position", args.positional()[0])
                     .str("game", "othello")
                     .num("size", static_cast<long long>(n))
                     .str("to_move", discName(pos.toMove()))
                     .str("result", result)
                     .raw("margin", verified ? std::to_string(entry->margin) : "null")
                     .str("best_move", best)
                     .boolean("in_book", entry.has_value())
                     .boolean("verified", verified)
                     .done()
              << '\n';
    return 0;
  }
  std::cout << "game: othello " << n << "x" << n << ", " << discName(pos.toMove()) << " to move\n";
  if (!entry) {
    std::cout << "result: unknown (not in the book)\n";
  } else if (!verified) {
    std::cout << "result: unknown; in the book but not verified here (run tengen verify)\n";
  } else {
    std::cout << "result: " << result << " (final margin " << (entry->margin > 0 ? "+" : "") << entry->margin << " for "
              << discName(pos.toMove()) << ", proved and verified)\n"
              << "best move: " << (best.empty() ? "none (the game is over)" : best) << '\n';
  }
  return 0;
}

OthelloVerifyTally verifyOthelloEntries(book::Book& book) {
  OthelloVerifyTally tally;
  std::vector<std::pair<std::string, std::string>> rewrites;
  book.forEachOthello([&](std::string_view key, std::string_view bytes) {
    book::OthelloEntry entry;
    try {
      entry = book::decodeOthelloEntry(bytes);
    } catch (const book::RecordError& e) {
      ++tally.unreadable;
      std::cerr << "tengen verify: book " << book.dir() << ": unreadable Othello entry: " << e.what() << '\n';
      return true;
    }
    ++tally.checked;
    std::string error = book::checkOthelloEntry(entry);
    if (error.empty() && book::othelloKey(entry.position()).bytes != key) error = "stored under another position's key";
    const std::uint16_t revision = error.empty() ? book::kOthelloVerifierRevision : 0;
    if (!error.empty()) {
      ++tally.failed;
      std::cerr << "tengen verify: book " << book.dir() << ": Othello " << entry.size << "x" << entry.size
                << " entry (margin " << entry.margin << ") failed: " << error << '\n';
    }
    if (entry.verifiedBy != revision) {
      entry.verifiedBy = revision;
      rewrites.emplace_back(std::string(key), book::encodeOthelloEntry(entry));
    }
    return true;
  });
  if (!rewrites.empty()) book.writeOthello(rewrites);
  return tally;
}

}  // namespace tengen::cli
