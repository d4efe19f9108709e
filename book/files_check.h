// Opening a book's files apart from its user: every Book open first has a clean child process
// (tengen-files-check, book/files_check_main.cpp) open them, because RocksDB can abort the process
// that reads a damaged table file.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tengen::book {

// Opens the book in `dir` read-only (as a secondary instance, in `scratch`, beside a writer),
// its column families `families`, reads every table file's properties, and checks that the
// book holds every write up to `acknowledged` (TENGEN-ACKED's number), in this process.
// Returns what went wrong in one line, or an empty string.
std::string checkBookFiles(const std::string& dir, const std::string& scratch, const std::vector<std::string>& families,
                           std::optional<std::uint64_t> acknowledged);

}  // namespace tengen::book
