// tengen-files-check: book work in a clean child process (book/isolated_run.h); not meant to be run
// by hand. `check DIR SCRATCH ACKED FAMILY...`, run by every Book open first: opens the book's
// files, reads every table and checks that the book holds every write up to ACKED (a sequence
// number, or - for none), then exits 0, or 3 with the reason on standard output; if RocksDB aborts
// on a damaged file, the parent sees the signal instead. `salvage-db COPY` and `salvage-table FILE`:
// `tengen book repair`'s reading of a damaged book (book_salvage.h), streamed on standard output.
#include <iostream>
#include <string>
#include <vector>

#include "book/book_salvage.h"
#include "book/files_check.h"

int main(int argc, char** argv) {
  if (argc == 3 && std::string(argv[1]) == "salvage-db") return tengen::book::salvageDatabaseTo(argv[2], 1);
  if (argc == 3 && std::string(argv[1]) == "salvage-table") return tengen::book::salvageTableTo(argv[2], 1);
  if (argc < 6 || std::string(argv[1]) != "check") {
    std::cerr << "usage: tengen-files-check check DIR SCRATCH ACKED FAMILY... (run by tengen when it opens a book)\n";
    return 2;
  }
  const std::vector<std::string> families(argv + 5, argv + argc);
  std::string error;
  try {
    std::optional<std::uint64_t> acknowledged;
    if (std::string(argv[4]) != "-") acknowledged = std::stoull(argv[4]);
    error = tengen::book::checkBookFiles(argv[2], argv[3], families, acknowledged);
  } catch (const std::exception& e) {
    error = e.what();
  }
  if (error.empty()) return 0;
  std::cout << error << std::flush;
  return 3;
}
