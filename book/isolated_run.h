// Book work that may crash run in a clean child process: RocksDB can abort the process that reads
// a damaged table file (a properties block is parsed before its checksum is checked, and Debian's
// build keeps its assertions), and such an abort must become one line in the parent.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace tengen::book {

struct IsolatedResult {
  bool ran = false;      // false: no child could be started (no pipe or process to spare)
  bool crashed = false;  // the child died of a signal
  int signal = 0;
  int status = 0;        // its exit status otherwise
  std::string output;    // what it wrote on its standard output
};

// Runs the helper beside this executable (tengen-files-check, book/files_check_main.cpp) with
// `helperArgs` where there is one: a process executed afresh, since a forked copy of a process with
// other threads (MPI's, a sanitizer's) can inherit a lock some thread held. Else runs `work` in a
// forked copy of this process, its return value the exit status, writing its output to the fd it is
// given. The child's standard error goes to /dev/null: RocksDB's assertion text is not for users.
IsolatedResult runIsolated(const std::vector<std::string>& helperArgs, const std::function<int(int out)>& work);

// Writes all of `bytes` to `fd` (a pipe or file), retrying short writes.
void writeAllTo(int fd, const std::string& bytes);

}  // namespace tengen::book
