// The Gomocup (Piskvork) engine protocol over a pair of streams, with Yixin-Board's YXBOARD and
// YXSHOWFORBID: START, RESTART, INFO, BEGIN, TURN, BOARD ... DONE, TAKEBACK, ABOUT, END.
// Coordinates are "x,y" from the top-left corner, 0-based, as the protocol defines them.
#pragma once

#include <cstddef>
#include <istream>
#include <ostream>

#include "book/book.h"

namespace tengen::engine {

struct EngineOptions {
  const book::Book* book = nullptr;  // the proven moves to play, when it knows the position
  std::size_t hashMegabytes = 256;
};

// Answers commands from `in` until END or the end of input. Returns the exit status (0).
int runGomocup(std::istream& in, std::ostream& out, const EngineOptions& options);

}  // namespace tengen::engine
