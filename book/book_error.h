// The one error type of the book: a sentence naming the book or record and what is wrong.
#pragma once

#include <stdexcept>

namespace tengen::book {

class BookError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace tengen::book
