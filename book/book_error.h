// The book's error types: a sentence naming the book or record and what is wrong.
#pragma once

#include <stdexcept>

namespace tengen::book {

// What every line about a damaged book ends with: the way out.
inline constexpr const char* kRepairHint = "'tengen book repair' copies what can be read into a new book";

// The book as a whole cannot be used or trusted: missing, locked, damaged files, failed I/O.
class BookError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Another process holds the book's writer lock.
class BookLockedError : public BookError {
 public:
  BookLockedError(const std::string& what, long holder) : BookError(what), holder_(holder) {}
  long holder() const { return holder_; }  // its process id

 private:
  long holder_;
};

// One record's bytes cannot be read (its checksum or archive is bad); the rest of the book is
// sound, and that record counts as damaged, never as absent.
class RecordError : public BookError {
 public:
  using BookError::BookError;
};

}  // namespace tengen::book
