// The opening book: a RocksDB directory mapping canonical position keys to BookRecords, with a
// metadata column family (format version, creation, tool version). The only code in tengen that
// opens RocksDB. One writer at a time; any number of readers alongside it.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "book/book_error.h"
#include "book/book_record.h"

namespace rocksdb {
class WriteBatch;
}

namespace tengen::book {

// 1: the first books. 2: every stored value bound to its key; TENGEN-ACKED beside the files (a
// writer upgrades a format 1 book when it opens it; readers read both).
inline constexpr int kFormatVersion = 2;
inline constexpr const char* kDefaultBookDir = "./tengen-book";
std::string_view toolVersion();

struct BookMetadata {
  int formatVersion = 0;
  std::string created;       // UTC, ISO 8601
  std::string createdBy;     // tool version that created the book
};

class Book {
 public:
  enum class Access {
    ReadOnly,   // a reader beside a possible writer (RocksDB secondary instance); the book must exist
    ReadWrite,  // the one writer of an existing book; refuses when another writer has it
    Create,     // the one writer; makes a new book in a missing or empty directory
  };

  // Throws BookError with one line naming the directory and the problem: no book there, a
  // directory holding other files, another writer, a missing or damaged file of the book.
  Book(std::string dir, Access access);
  ~Book();
  Book(const Book&) = delete;
  Book& operator=(const Book&) = delete;

  // The directory as it may stand in a message (control bytes escaped, cut when very long).
  const std::string& dir() const { return name_; }
  const BookMetadata& metadata() const { return metadata_; }

  // The stored bytes under `key`, if any, as they are on disk (bound to the key, not decoded).
  // Throws BookError when the book cannot be read there.
  std::optional<std::string> getRaw(std::string_view key) const;
  // The record under `key`, settled for the key's side to move; nullopt when absent. Throws
  // RecordError when the record's bytes are damaged, BookError when the book cannot be read.
  std::optional<BookRecord> get(std::string_view key) const;

  // Many records at once (one batched read): `found` is called for each key the book holds, with
  // its index in `keys` and its record, or with null and why its bytes could not be decoded. A
  // failure of the book itself throws BookError.
  using Found = std::function<void(std::size_t index, const BookRecord* record, const std::string& damage)>;
  void getMany(const std::vector<std::string_view>& keys, const Found& found) const;

  // Writes every record in one atomic batch through the write-ahead log: after a crash the book
  // holds all of them or none.
  void write(const std::vector<std::pair<std::string, BookRecord>>& records);
  // The same, with the coordinator's job state written in the same atomic batch.
  void write(const std::vector<std::pair<std::string, BookRecord>>& records,
             const std::vector<std::pair<std::string, std::string>>& jobStates);
  // The coordinator's saved state for a job key (opaque bytes), if any.
  std::optional<std::string> jobState(std::string_view key) const;

  // Every entry in key order. `record` is null when the stored bytes cannot be read; `error`
  // then says why. Return false from the visitor to stop. A failure of the book itself (a
  // damaged file) throws BookError.
  using Visitor = std::function<bool(std::string_view key, const BookRecord* record, const std::string& error)>;
  void forEach(const Visitor& visit) const;

  // A game's entries in its own column family `family` (game_entries.h; the game's adapter
  // encodes them): the entry under `key` (RecordError when the stored value is not bound to
  // `key`), an atomic batch of them, every one in key order (`error` says why an entry's value is
  // not bound to its key; `bytes` is then empty). A book made before the game has none.
  std::optional<std::string> gameEntry(std::string_view family, std::string_view key) const;
  void writeGameEntries(std::string_view family, const std::vector<std::pair<std::string, std::string>>& entries);
  using GameEntryVisitor = std::function<bool(std::string_view key, std::string_view bytes, const std::string& error)>;
  void forEachGameEntry(std::string_view family, const GameEntryVisitor& visit) const;

  // A campaign's log (`tengen campaign`): opaque samples of where a long proof stands, under a
  // campaign's name and a time (milliseconds since the epoch), read back oldest first.
  void appendCampaignSample(std::string_view campaign, std::uint64_t at, std::string_view sample);
  void forEachCampaignSample(std::string_view campaign,
                             const std::function<bool(std::uint64_t at, std::string_view sample)>& visit) const;

  // Readers: see what the writer has written since this reader opened (and check again that
  // every file the book lists is there).
  void refresh();
  // Reads every block of every file of the book and checks its checksum. Throws BookError
  // naming the damaged file.
  void checkFiles() const;
  // Bytes of the book's files on disk.
  std::uint64_t diskBytes() const;
  // Writer only: compact everything (smaller files, faster reads).
  void compact();

 private:
  // One synced write, then counted in TENGEN-ACKED.
  void commit(rocksdb::WriteBatch& batch);
  // A format 1 book's values bound to their keys, then format 2 (its writer, at open).
  void upgrade();

  struct Impl;
  std::string dir_;   // as given, for the file system
  std::string name_;  // as shown
  Access access_;
  BookMetadata metadata_;
  std::unique_ptr<Impl> impl_;
};

}  // namespace tengen::book
