// Reading what can still be read from a damaged book, for `tengen book repair`; the damaged book
// is never changed. Its files are copied to a scratch folder, where RocksDB's repairer rebuilds the
// copy from the write-ahead logs' readable records and the tables it can read whole; a table it
// cannot read whole is then read on its own from both ends, up to its damage. Reading a damaged
// file can crash RocksDB, so every read runs in a child process (isolated_run.h).
#pragma once

#include <map>
#include <string>
#include <vector>

namespace tengen::book {

// The book's column families salvage reads, by their names: these three, and each game's with
// entries of its own (game_entries.h).
inline constexpr const char* kSalvagedPositions = "positions";
inline constexpr const char* kSalvagedMetadata = "metadata";
inline constexpr const char* kSalvagedJobs = "jobs";

struct Salvage {
  // Every value read, as stored (bound to its key), by family, then key. Where sources disagree,
  // the repaired book's view wins over a lone table's.
  std::map<std::string, std::map<std::string, std::string>> values;
  // What could not be read, one line each, for the user: a damaged part of a log or a table.
  std::vector<std::string> lost;
  // A lost stretch of a table's positions, as the keys on either side of it ("" at an end).
  struct LostRange {
    std::string file, after, before;
  };
  std::vector<LostRange> lostPositions;
};

// Everything readable in the book at `dir`, which may be damaged in any way. `scratch`: an empty
// directory of the caller's for the copy. Throws BookError only when `dir` holds no book files at all.
Salvage salvageBook(const std::string& dir, const std::string& scratch);

// The child's side (tengen-files-check salvage-db COPY | salvage-table FILE): streams what it
// reads to `out`. Returns the exit status.
int salvageDatabaseTo(const std::string& copy, int out);
int salvageTableTo(const std::string& file, int out);

}  // namespace tengen::book
