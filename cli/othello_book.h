// Othello in the book from the command line: storing a proved margin, `query --game othello`,
// and the Othello part of `tengen verify` (cli/othello_book.cpp).
#pragma once

#include <cstddef>

#include "book/book.h"
#include "cli/args.h"
#include "solver/othello/prove.h"

namespace tengen::cli {

// Stores the proved margin of `p` with both trees (marked verified: the prover's run checked them).
void storeOthelloProof(book::Book& book, const othello::Position& p, const othello::MarginProof& proof,
                       othello::Square best);

int runOthelloQuery(const Args& args);

struct OthelloVerifyTally {
  std::size_t checked = 0, failed = 0, unreadable = 0;
  std::size_t claims = 0;  // margins with nothing to check (the endgame search's, or above one)
};
// Re-checks every Othello entry with the plain-rules verifier (its trees, or its margin against
// its children's verified entries) and marks it verified (or not); failures go to standard error,
// one line each. Claims are left unverified and counted, not failed.
OthelloVerifyTally verifyOthelloEntries(book::Book& book);

}  // namespace tengen::cli
