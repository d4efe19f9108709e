// Othello entries through the CLI: keys and trees are in the canonical orientation; answers are
// turned back to the orientation asked.
#include "cli/othello_book.h"

#include <algorithm>
#include <bit>
#include <iostream>
#include <map>

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

namespace {

// What the book says of a position, in the position's own orientation.
struct OthelloAnswer {
  bool inBook = false, verified = false, misfiled = false;
  int margin = 0;  // for the side to move (when in the book)
  std::string best, basis;
};

OthelloAnswer answerOf(const book::Book& book, const othello::Position& pos) {
  OthelloAnswer a;
  const book::OthelloKey key = book::othelloKey(pos);
  const auto bytes = book.othelloEntry(key.bytes);
  if (!bytes) return a;
  book::OthelloEntry entry;
  try {
    entry = book::decodeOthelloEntry(*bytes);
  } catch (const book::RecordError& e) {
    throw book::BookError("book " + book.dir() + ": the entry of this position: " + e.what());
  }
  // An entry counts only for the position its key names (a moved entry proves nothing here).
  if (book::othelloKey(entry.position()).bytes != key.bytes) {
    a.misfiled = true;
    return a;
  }
  a.inBook = true;
  a.verified = entry.verified();
  a.margin = entry.margin;
  a.basis = entry.basis == book::OthelloBasis::Trees      ? "proof trees"
            : entry.basis == book::OthelloBasis::Children ? "its children's entries"
                                                          : "the endgame search alone, no proof kept";
  const othello::Square s = othello::transformSquare(othello::inverseSymmetry(key.symmetry), entry.best, pos.size());
  a.best = pos.ended() ? "" : othello::squareName(s);
  return a;
}

std::string valueName(int margin, othello::Disc toMove) {
  if (margin == 0) return "draw";
  return std::string(discName(margin > 0 ? toMove : othello::opposite(toMove))) + "-wins";
}

}  // namespace

int runOthelloQuery(const Args& args) {
  if (args.positional().size() != 1) throw UsageError("give one Othello position: moves from the start or a board string");
  const OthelloGame game = othelloGame(args);
  const int n = game.size;
  const othello::Position pos = parseOthello(args.positional()[0], game);
  book::Book book(args.value("book").value_or(book::kDefaultBookDir), book::Book::Access::ReadOnly);
  const OthelloAnswer a = answerOf(book, pos);
  const std::string value = a.inBook ? valueName(a.margin, pos.toMove()) : "unknown";
  // Every legal move (or the forced pass) with its position's stored margin, for the side to move.
  struct Reply {
    std::string move;
    OthelloAnswer answer;
  };
  std::vector<Reply> replies;
  std::vector<othello::Square> moves;
  for (othello::Bitboard m = pos.moves(); m; m &= m - 1) moves.push_back(std::countr_zero(m));
  if (moves.empty() && !pos.ended()) moves.push_back(othello::kPass);
  for (const othello::Square s : moves) {
    othello::Position child = pos;
    child.play(s);
    replies.push_back({othello::squareName(s), answerOf(book, child)});
  }
  // Best first for the side to move: proved before claimed, then by margin.
  std::stable_sort(replies.begin(), replies.end(), [](const Reply& x, const Reply& y) {
    if (x.answer.inBook != y.answer.inBook) return x.answer.inBook;
    return -x.answer.margin > -y.answer.margin;
  });
  if (args.flag("json")) {
    std::string list = "[";
    for (std::size_t i = 0; i < replies.size(); ++i) {
      const auto& r = replies[i];
      JsonObject o;
      o.str("move", r.move);
      o.raw("margin", r.answer.inBook ? std::to_string(-r.answer.margin) : "null");
      o.boolean("verified", r.answer.verified);
      list += (i ? ", " : "") + o.done();
    }
    list += "]";
    std::cout << JsonObject()
                     .str("position", args.positional()[0])
                     .str("game", game.name())
                     .num("size", static_cast<long long>(n))
                     .str("to_move", discName(pos.toMove()))
                     .str("result", a.verified ? value : "unknown")
                     .raw("claimed", a.inBook && !a.verified ? jsonQuote(value) : "null")
                     .raw("margin", a.inBook ? std::to_string(a.margin) : "null")
                     .str("best_move", a.inBook ? a.best : "")
                     .boolean("in_book", a.inBook)
                     .boolean("verified", a.verified)
                     .str("basis", a.basis)
                     .raw("replies", list)
                     .done()
              << '\n';
    return 0;
  }
  std::cout << "game: " << game.name() << " " << n << "x" << n << ", " << discName(pos.toMove())
            << " to move (X black, O white, * a legal move)\n"
            << othelloDiagram(pos);
  const std::string margin = a.inBook ? std::string(a.margin > 0 ? "+" : "") + std::to_string(a.margin) : "";
  if (a.misfiled) {
    std::cout << "result: unknown (the entry under this position's key is another position's: it counts for nothing)\n";
  } else if (!a.inBook) {
    std::cout << "result: unknown (not in the book)\n";
  } else if (!a.verified) {
    std::cout << "result: unknown; claimed, unverified: " << value << " (final margin " << margin << " for "
              << discName(pos.toMove()) << ", from " << a.basis << ")\n"
              << "claimed best move: " << (a.best.empty() ? "none (the game is over)" : a.best) << '\n';
  } else {
    std::cout << "result: " << value << " (final margin " << margin << " for " << discName(pos.toMove())
              << ", proved and verified, from " << a.basis << ")\n"
              << "best move: " << (a.best.empty() ? "none (the game is over)" : a.best) << '\n';
  }
  if (!replies.empty()) {
    std::cout << "replies (margin for " << discName(pos.toMove()) << "):";
    for (const auto& r : replies) {
      std::cout << ' ' << r.move << ' ';
      if (!r.answer.inBook) std::cout << '?';
      else std::cout << (-r.answer.margin > 0 ? "+" : "") << -r.answer.margin << (r.answer.verified ? "" : " (claimed)");
      if (&r != &replies.back()) std::cout << ',';
    }
    std::cout << '\n';
  }
  return 0;
}

OthelloVerifyTally verifyOthelloEntries(book::Book& book) {
  OthelloVerifyTally tally;
  struct Read {
    book::OthelloEntry entry;
    std::string error;         // "" when verified
    bool decided = false;
  };
  std::map<std::string, Read> entries;
  book.forEachOthello([&](std::string_view key, std::string_view bytes, const std::string& error) {
    try {
      if (!error.empty()) throw book::RecordError(error);
      entries[std::string(key)].entry = book::decodeOthelloEntry(bytes);
    } catch (const book::RecordError& e) {
      ++tally.unreadable;
      std::cerr << "tengen verify: book " << book.dir() << ": unreadable Othello entry: " << e.what() << '\n';
    }
    return true;
  });
  auto misfiled = [](const std::string& key, const book::OthelloEntry& e) { return book::othelloKey(e.position()).bytes != key; };
  // Proof trees stand alone; endgame-search claims have nothing to check.
  for (auto& [key, r] : entries) {
    if (r.entry.basis == book::OthelloBasis::Children) continue;
    r.decided = true;
    if (r.entry.basis == book::OthelloBasis::Search) {
      r.error = "a claim of the endgame search (no proof kept)";
      ++tally.claims;
      continue;
    }
    r.error = book::checkOthelloEntry(r.entry);
    if (r.error.empty() && misfiled(key, r.entry)) r.error = "stored under another position's key";
    ++tally.checked;
    if (!r.error.empty()) ++tally.failed;
  }
  // Margins from children: checked once every child is decided, deepest first by repetition.
  auto lookup = [&](bool verifiedOnly) {
    return [&entries, verifiedOnly](const othello::Position& child) -> std::optional<book::OthelloEntry> {
      const auto it = entries.find(book::othelloKey(child).bytes);
      if (it == entries.end() || (verifiedOnly && (!it->second.decided || !it->second.error.empty()))) return std::nullopt;
      return it->second.entry;
    };
  };
  for (bool progress = true; progress;) {
    progress = false;
    for (auto& [key, r] : entries) {
      if (r.decided || !book::checkOthelloChildren(r.entry, lookup(true)).empty()) continue;
      r.decided = progress = true;
      r.error = misfiled(key, r.entry) ? "stored under another position's key" : "";
      ++tally.checked;
      if (!r.error.empty()) ++tally.failed;
    }
  }
  for (auto& [key, r] : entries) {
    if (r.decided) continue;
    // Consistent with its children, but some child is a claim or missing: a claim itself.
    r.error = book::checkOthelloChildren(r.entry, lookup(false));
    ++tally.checked;
    if (r.error.empty()) {
      r.error = "a child is a claim, not a proof";
      ++tally.claims;
      --tally.checked;
    } else {
      ++tally.failed;
    }
  }
  std::vector<std::pair<std::string, std::string>> rewrites;
  for (auto& [key, r] : entries) {
    const bool failed = !r.error.empty() && r.entry.basis == book::OthelloBasis::Trees;
    const bool inconsistent = !r.error.empty() && r.entry.basis == book::OthelloBasis::Children && r.error != "a child is a claim, not a proof";
    if (failed || inconsistent)
      std::cerr << "tengen verify: book " << book.dir() << ": Othello " << r.entry.size << "x" << r.entry.size
                << " entry (margin " << r.entry.margin << ") failed: " << r.error << '\n';
    const std::uint16_t revision = r.error.empty() ? book::kOthelloVerifierRevision : 0;
    if (r.entry.verifiedBy != revision) {
      r.entry.verifiedBy = revision;
      rewrites.emplace_back(key, book::encodeOthelloEntry(r.entry));
    }
  }
  if (!rewrites.empty()) book.writeOthello(rewrites);
  return tally;
}

}  // namespace tengen::cli
