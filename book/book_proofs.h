// The book's proofs as the prover's known proofs: every position whose verified step proves a
// win, in each of its 8 orientations, rebuilt from the book's records when the prover first meets
// it. The new proof holds the rebuilt tree whole, so the verifier checks it again.
#pragma once

#include <memory>

#include "book/book.h"
#include "solver/gomoku/known_proofs.h"

namespace tengen::book {

// Reads the whole book once; the result reads `book` again when a proof is wanted, so the book
// must outlive it. Positions of another rule or board size are left out.
std::shared_ptr<gomoku::KnownProofs> knownProofsOf(const Book& book, gomoku::Rule rule, int size);

}  // namespace tengen::book
