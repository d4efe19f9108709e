// A book's contents in figures: entries by result, by rule and size, by depth (stones on the
// board), how many are verified or unreadable, and the bytes on disk.
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "book/book.h"

namespace tengen::book {

struct BookStats {
  std::uint64_t entries = 0;
  std::uint64_t verified = 0;
  std::uint64_t claimedUnverified = 0;  // entries holding a step no verifier of this installation checked
  std::uint64_t unreadable = 0;
  // Proved values only: "black-wins", ..., "one-side-cannot-win", "unknown".
  std::map<std::string, std::uint64_t> byResult;
  std::map<std::string, std::uint64_t> byRule;    // "renju 15x15", ...
  std::map<int, std::uint64_t> byDepth;           // stones on the board
  std::uint64_t diskBytes = 0;
  // Each game with entries of its own (game_entries.h), by its family: how many, verified,
  // unreadable (the rest are claims), their stored bytes, by variant ("othello 6x6").
  struct GameCounts {
    std::uint64_t entries = 0, verified = 0, unreadable = 0, bytes = 0;
    std::map<std::string, std::uint64_t> byVariant;
  };
  std::map<std::string, GameCounts> games;  // every registered game, with or without entries
  std::uint64_t unreadableGameEntries() const;
};

// One walk over every entry. With `checkFiles`, every block of every file is read and its
// checksum checked first (Book::checkFiles).
BookStats collectStats(const Book& book, bool checkFiles = false);

}  // namespace tengen::book
