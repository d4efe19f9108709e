// One scan over the book to count its entries.
#include "book/book_stats.h"

#include "book/game_entries.h"
#include "book/position_key.h"

namespace tengen::book {

BookStats collectStats(const Book& book, bool checkFiles) {
  if (checkFiles) book.checkFiles();
  BookStats s;
  book.forEach([&](std::string_view key, const BookRecord* record, const std::string&) {
    ++s.entries;
    if (!record) {
      ++s.unreadable;
      return true;
    }
    try {
      const DecodedKey k = decodeKey(key);
      s.byRule[std::string(gomoku::ruleName(k.rule)) + " " + std::to_string(k.board.size()) + "x" +
               std::to_string(k.board.size())]++;
      s.byDepth[k.board.stoneCount()]++;
    } catch (const BookError&) {
      ++s.unreadable;
      return true;
    }
    // An unknown entry inside a draw's disproof still proves one side cannot win: count it apart.
    const bool bounded = record->result == Value::Unknown && (record->provedStep(0) || record->provedStep(1));
    s.byResult[bounded ? "one-side-cannot-win" : std::string(valueName(record->result))]++;
    if (record->verified()) ++s.verified;
    for (const auto& step : record->steps)
      if (step.present && !step.verified()) {
        ++s.claimedUnverified;
        break;
      }
    return true;
  });
  for (const GameEntries* kind : gameEntryKinds()) {
    BookStats::GameCounts& g = s.games[kind->family];
    book.forEachGameEntry(kind->family, [&](std::string_view key, std::string_view bytes, const std::string& error) {
      ++g.entries;
      g.bytes += key.size() + bytes.size();
      if (!error.empty()) {
        ++g.unreadable;
        return true;
      }
      try {
        const GameEntrySummary e = kind->summarize(bytes);
        if (e.verified) ++g.verified;
        ++g.byVariant[e.variant];
      } catch (const RecordError&) {
        ++g.unreadable;
      }
      return true;
    });
  }
  s.diskBytes = book.diskBytes();
  return s;
}

std::uint64_t BookStats::unreadableGameEntries() const {
  std::uint64_t n = 0;
  for (const auto& [family, g] : games) n += g.unreadable;
  return n;
}

}  // namespace tengen::book
