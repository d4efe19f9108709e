// The games with entries of their own: the one list the book and its tools loop over.
#include "book/game_entries.h"

#include "book/othello_entry.h"

namespace tengen::book {

const std::vector<const GameEntries*>& gameEntryKinds() {
  static const std::vector<const GameEntries*> kinds = {&othelloEntries()};
  return kinds;
}

const GameEntries* gameEntriesIn(std::string_view family) {
  for (const GameEntries* kind : gameEntryKinds())
    if (family == kind->family) return kind;
  return nullptr;
}

}  // namespace tengen::book
