// Benchmark of the book: fills a book with synthetic entries, then times point queries from
// one process and measures bytes per entry on disk.
#pragma once

#include <cstdint>
#include <string>

namespace tengen::bench {

struct BookFigures {
  std::uint64_t entries = 0;
  double fillSeconds = 0;
  std::uint64_t diskBytes = 0;
  std::uint64_t queries = 0;
  double hitSeconds = 0;       // get + decode of stored keys
  double canonicalSeconds = 0; // canonical key of a board in a random orientation, then get + decode
  double missSeconds = 0;      // get of keys the book does not hold
  // Batch queries as `tengen query` answers them (value, line, every legal reply's value), over
  // positions the book holds: on one thread, and on `batchThreads` threads sharing the book.
  std::uint64_t batchPositions = 0;
  std::uint64_t batchReplies = 0;  // replies listed, over all positions of one pass
  double batchSeconds = 0;
  int batchThreads = 1;
  double batchSecondsThreaded = 0;
};

// `dir` must not exist; the book is left there for inspection unless `keep` is false.
BookFigures runBookBench(const std::string& dir, std::uint64_t entries, std::uint64_t queries, bool keep);

}  // namespace tengen::bench
