// The web view's JSON answers, apart from HTTP so they can be tested and reused: a position's
// value, best move, line, every reply's value and black's forbidden points; the openings; the
// book's figures. Bad input is an ApiError (the server's 400).
#pragma once

#include <map>
#include <stdexcept>
#include <string>

#include "book/book.h"

namespace tengen::web {

class ApiError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Parameters: position (a move list or stone lists, as the CLI takes them), rule, size, to_move.
std::string queryJson(const book::Book& book, const std::map<std::string, std::string>& params);
std::string openingsJson(const book::Book& book);
std::string statsJson(const book::Book& book);
// The page's first picture: the board of the parameters' position (the empty 15x15 board when
// there is none or it is bad), stones numbered, black's forbidden points crossed.
std::string firstBoardSvg(const std::map<std::string, std::string>& params);

}  // namespace tengen::web
