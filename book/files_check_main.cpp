// tengen-files-check DIR SCRATCH FAMILY...: the child every Book open runs first. Opens the book's
// files and reads every table, then exits 0, or 3 with the reason on standard output; if RocksDB
// aborts on a damaged file, the parent sees the signal instead. Not meant to be run by hand.
#include <iostream>
#include <string>
#include <vector>

#include "book/files_check.h"

int main(int argc, char** argv) {
  if (argc < 4) {
    std::cerr << "usage: tengen-files-check DIR SCRATCH FAMILY... (run by tengen when it opens a book)\n";
    return 2;
  }
  const std::vector<std::string> families(argv + 3, argv + argc);
  std::string error;
  try {
    error = tengen::book::checkBookFiles(argv[1], argv[2], families);
  } catch (const std::exception& e) {
    error = e.what();
  }
  if (error.empty()) return 0;
  std::cout << error << std::flush;
  return 3;
}
