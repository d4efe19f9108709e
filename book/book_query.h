// What a player asks of the book about one position: its value, the best move and the line
// that follows through the book, and the stored value of every legal reply — all in the
// orientation the player asked in. Values are what verified steps prove (book_record.h); what an
// unverified record claims is reported apart, as a claim.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "book/book.h"
#include "solver/gomoku/position.h"

namespace tengen::book {

// The value that says `c` wins.
inline Value winValue(gomoku::Color c) { return c == gomoku::Color::Black ? Value::BlackWins : Value::WhiteWins; }

struct ReplyValue {
  gomoku::Point move;
  Value result;   // proved value of the position after the move; unknown when the book lacks it
  Value claimed;  // what the record there claims, verified or not (equals result when verified)
  bool damaged = false;  // the record there cannot be read
  bool found = false;    // the book holds a record there (readable or not)
};

struct QueryAnswer {
  bool found = false;  // the book holds a record for the position
  Value result = Value::Unknown;   // proved by verified steps
  Value claimed = Value::Unknown;  // what the record's steps claim, verified or not
  gomoku::Point bestMove = gomoku::kNoPoint;
  std::vector<gomoku::Point> line;  // best moves followed through the book (and the final five)
  std::vector<ReplyValue> replies;  // best first for the side to move
  bool verified = false;
  std::uint32_t proofSize = 0;
  int proofDepth = 0;
  std::uint32_t pn = 0, dn = 0;  // unknown entries: numbers of the last search
  // Unknown entries: what is proved short of a value (cannotWin[c]: colour c cannot force a win).
  bool cannotWin[2] = {false, false};
  // Where the side that just moved cannot force a win because a position one of its stones
  // earlier (that side to move) is proved so: the stone, else kNoPoint. With the position's own
  // proof that the side to move cannot win either, the value is a draw.
  gomoku::Point derivedFrom = gomoku::kNoPoint;
  // The side to move completes a five at once (bestMove): a win by the rules, which the book
  // need not hold (a stored proof ends where the five can no longer be stopped).
  bool fiveNow = false;
};

// Throws RecordError when the position's own record cannot be read, BookError when the book
// cannot be read; a reply whose record is damaged is marked so.
QueryAnswer queryBook(const Book& book, const gomoku::Position& position);

// What an answer says, in words: "black wins (verified, proof of 120 positions)", "white cannot
// win (verified)", "claimed black-wins, not verified", "unknown", "not in the book".
std::string describeAnswer(const QueryAnswer& answer);

}  // namespace tengen::book
