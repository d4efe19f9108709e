// `tengen book repair`: every readable value of a damaged book copied into a new book, with an
// account of what could not be kept. The damaged book is never changed (book_salvage.h reads it).
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "book/book.h"

namespace tengen::book {

struct RepairReport {
  std::size_t records = 0;    // positions' records copied
  std::map<std::string, std::size_t> gameEntries;  // by game family (game_entries.h): entries copied
  std::size_t jobStates = 0;  // the coordinator's saved job states copied
  std::size_t unreadable = 0; // values read whose bytes are damaged or not bound to their key: left out
  std::vector<std::string> lost;  // what could not be kept, one line each, for the user
};

// Copies what can be read of the book at `damaged` into `into`, a new book. Steps keep the
// verified mark they had; the caller re-checks them (book_verify.h), since a proof's positions
// may be among what was lost. Throws BookError when `damaged` holds no book files.
RepairReport repairBook(const std::string& damaged, Book& into);

}  // namespace tengen::book
