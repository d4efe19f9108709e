// Games whose book entries live apart from five-in-a-row's records, each in a column family of
// its own: what the book and its tools (stats, verify, repair, salvage) ask of one, so that none
// of them names a game. Each such game's adapter (book/othello_entry.cpp) fills one GameEntries;
// gameEntryKinds() lists them, the one place that does.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace tengen::book {

class Book;

// What `tengen verify` found among a game's entries.
struct GameVerifyTally {
  std::size_t checked = 0, failed = 0, unreadable = 0;
  std::size_t claims = 0;  // values with nothing to check (a search's, or resting on one): not failed
};

// One entry as the book's statistics see it.
struct GameEntrySummary {
  std::string variant;  // "othello 6x6", "anti-othello 4x4"
  bool verified = false;
};

struct GameEntries {
  // The column family, and the prefix of the game's fields in JSON ("othello": "othello_entries").
  const char* family;
  // The game in a sentence ("Othello": "3 Othello entries").
  const char* title;
  // What verify re-checks of them, for its summary line ("proof trees, or margins from verified children").
  const char* checkedBy;
  // Throws RecordError when `bytes` (an entry's payload, its key binding removed) is damaged.
  GameEntrySummary (*summarize)(std::string_view bytes);
  // Re-checks every entry with the game's verifier and marks it verified (or not); each unreadable
  // entry and each failure goes to `report`, one line each.
  GameVerifyTally (*verifyAll)(Book& book, const std::function<void(const std::string& line)>& report);
};

// Every game with entries of its own, in the order a new book makes their families.
const std::vector<const GameEntries*>& gameEntryKinds();
// The game whose entries live in `family`, or nullptr.
const GameEntries* gameEntriesIn(std::string_view family);

}  // namespace tengen::book
