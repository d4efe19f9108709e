// What a player asks of the book about one position: its value, the best move and the line
// that follows through the book, and the stored value of every legal reply — all in the
// orientation the player asked in.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "book/book.h"
#include "solver/gomoku/position.h"

namespace tengen::book {

struct ReplyValue {
  gomoku::Point move;
  Value result;  // of the position after the move; unknown when the book lacks it
};

struct QueryAnswer {
  bool found = false;  // the book holds a record for the position
  Value result = Value::Unknown;
  gomoku::Point bestMove = gomoku::kNoPoint;
  std::vector<gomoku::Point> line;  // best moves followed through the book (and the final five)
  std::vector<ReplyValue> replies;  // best first for the side to move
  bool verified = false;
  std::uint32_t proofSize = 0;
  int proofDepth = 0;
  std::uint32_t pn = 0, dn = 0;  // unknown entries: numbers of the last search
  // Unknown entries: what is proved short of a value (cannotWin[c]: colour c cannot force a win).
  bool cannotWin[2] = {false, false};
};

// Throws BookError when the position's own record cannot be read; an unreadable reply record
// counts as unknown.
QueryAnswer queryBook(const Book& book, const gomoku::Position& position);

}  // namespace tengen::book
