// The book's own account of what it acknowledged: a small file beside RocksDB's (TENGEN-ACKED)
// that holds the sequence number of the last write the book told its caller was done. RocksDB
// recovers a write-ahead log cut short at a record's edge, or a manifest that lost its last
// edits, without a word; an open that finds fewer writes than this file names knows some are lost.
#pragma once

#include <cstdint>
#include <mutex>
#include <optional>
#include <string>

namespace tengen::book {

inline constexpr const char* kAcknowledgedFile = "TENGEN-ACKED";

class AcknowledgedWrites {
 public:
  // The sequence number the file in `dir` names: nullopt when there is no such file. Throws
  // BookError ("book <shown>: damaged: ...") when the file is there but neither of its two
  // slots can be read.
  static std::optional<std::uint64_t> read(const std::string& dir, const std::string& shown);

  // The writer's handle: opens the file, creating it (and syncing the directory) with `sequence`
  // when it is missing. Throws BookError when the file cannot be made.
  AcknowledgedWrites(const std::string& dir, const std::string& shown, std::uint64_t sequence);
  ~AcknowledgedWrites();
  AcknowledgedWrites(const AcknowledgedWrites&) = delete;
  AcknowledgedWrites& operator=(const AcknowledgedWrites&) = delete;

  // After a write was acknowledged: the book holds writes up to `sequence`. Never goes back.
  // `durable` also syncs the file (at a clean close).
  void record(std::uint64_t sequence, bool durable = false);

 private:
  std::string shown_;
  int fd_ = -1;
  std::mutex mutex_;
  std::uint64_t sequence_ = 0;
  std::uint64_t generation_ = 0;  // which slot holds the newest value: generation % 2
};

}  // namespace tengen::book
