// Re-checking a book's stored claims with the independent verifier and marking each verified or
// not: `tengen verify` and `tengen book repair` (which re-checks what it copied).
#pragma once

#include <cstddef>
#include <functional>
#include <string>

#include "book/book.h"
#include "book/stored_proof.h"
#include "solver/gomoku/board.h"
#include "solver/gomoku/types.h"

namespace tengen::book {

struct VerifyTally {
  std::size_t claims = 0, positions = 0, failed = 0, unreadable = 0;
  std::string stoppedAt;  // not empty: asked to stop here (before a claim, or between its parts); that claim and the rest left as they were
};

// Called with one line per failed claim or unreadable entry (without a command's prefix).
using VerifyReport = std::function<void(const std::string& line)>;

// Every stored claim, fewest stones first: a claim inside a tree already checked in this run is
// covered by that check, so most of the book is walked once. `stop` is asked before each claim
// and between the parts of a claim checked by parts; a stopped check leaves its claim unmarked
// (the parts that passed before the stop are verified claims of their own, and stay marked).
VerifyTally verifyAllClaims(Book& book, const VerifyReport& report, const CheckStop& stop = {});

// The claims stored at one position. Throws BookError when it holds none.
VerifyTally verifyClaimsAt(Book& book, const gomoku::Board& board, gomoku::Rule rule, gomoku::Color toMove,
                           const VerifyReport& report, const CheckStop& stop = {});

}  // namespace tengen::book
