// The book's proofs as the prover's known proofs: every position whose verified step proves a
// win, listed once for its 8 orientations and rebuilt from the book's records (in the orientation
// the prover met) when first wanted. The new proof holds the rebuilt tree whole, so the verifier
// checks it again. The coordinator lends the same proofs to its workers (listing, then trees on
// request).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "book/book.h"
#include "book/stored_proof.h"
#include "solver/gomoku/known_proofs.h"

namespace tengen::book {

// A verified win: the position's canonical hash (gomoku::Board::canonicalHash), who is to move
// and who wins.
struct ProvedWin {
  std::uint64_t canonicalHash = 0;
  gomoku::Color toMove = gomoku::Color::Black;
  gomoku::Color attacker = gomoku::Color::Black;
};

// Every verified win the book holds for this rule and board size (reads the whole book); with
// `below`, only those a search from that board can meet (its stones in some orientation), so a
// campaign's workers are not asked about the rest of a large book at every position they list.
std::vector<ProvedWin> provedWinsOf(const Book& book, gomoku::Rule rule, int size,
                                    const gomoku::Board* below = nullptr);
// The verified wins among records (a checked proof's, as stored).
std::vector<ProvedWin> provedWinsIn(const KeyedRecords& records, gomoku::Rule rule, int size);

// The proof of `attacker`'s win with `toMove` to play on `board`, rebuilt from the book in the
// board's orientation: nullptr unless the book holds a verified win there and can rebuild it.
std::shared_ptr<const gomoku::KnownProofs::Tree> provedWinTree(const Book& book, const gomoku::Board& board,
                                                               gomoku::Rule rule, gomoku::Color toMove,
                                                               gomoku::Color attacker);

// Reads the whole book once; the result reads `book` again when a proof is wanted, so the book
// must outlive it. Positions of another rule or board size are left out.
std::shared_ptr<gomoku::KnownProofs> knownProofsOf(const Book& book, gomoku::Rule rule, int size);
// The same from wins listed earlier by provedWinsOf(book, rule, size): a fresh set each call, so
// proofs added to one (a horizon walk's line) stay out of the next.
std::shared_ptr<gomoku::KnownProofs> knownProofsOf(const Book& book, const std::vector<ProvedWin>& wins, gomoku::Rule rule,
                                                   int size);

}  // namespace tengen::book
