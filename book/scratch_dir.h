// The private scratch directory a book open needs (RocksDB's secondary instance and the files
// check write their logs there), held under a lock while it is in use, so that a later open can
// remove the ones left behind by processes that died without cleaning up (kill -9, MPI_Abort).
#pragma once

#include <filesystem>
#include <string>

namespace tengen::book {

class ScratchDir {
 public:
  // A new directory "tengen-reader-XXXXXX" under `parent` (empty: the system's temporary
  // directory, $TMPDIR or /tmp), locked until destroyed. Sweeps `parent` first (see below).
  // Throws BookError when it cannot be made.
  explicit ScratchDir(std::filesystem::path parent = {});
  ~ScratchDir();  // removes the directory
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;

  const std::string& path() const { return path_; }

 private:
  std::string path_;
  int lockFd_ = -1;  // the open lock file: its flock lasts as long as this process holds it
};

// Removes the scratch directories under `parent` that no live process holds: those whose lock
// file can be locked. One without a lock file (being made now, or left by an older tengen) is
// left alone. Returns how many were removed.
int sweepAbandonedScratchDirs(const std::filesystem::path& parent);

}  // namespace tengen::book
