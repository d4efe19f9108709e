// Listing the book's proved positions for the prover, and rebuilding one on demand.
#include "book/book_proofs.h"

#include "book/position_key.h"
#include "book/stored_proof.h"
#include "solver/gomoku/symmetry.h"

namespace tengen::book {

std::shared_ptr<gomoku::KnownProofs> knownProofsOf(const Book& book, gomoku::Rule rule, int size) {
  using gomoku::Color;
  auto known = std::make_shared<gomoku::KnownProofs>(rule, size);
  book.forEach([&](std::string_view key, const BookRecord* record, const std::string&) {
    if (!record) return true;  // a damaged record proves nothing
    DecodedKey decoded;
    try {
      decoded = decodeKey(key);
    } catch (const BookError&) {
      return true;
    }
    if (decoded.rule != rule || decoded.board.size() != size) return true;
    for (Color attacker : {Color::Black, Color::White}) {
      const ProofStep* step = record->provedStep(gomoku::index(attacker));
      if (!step || !step->attackerWins) continue;
      for (int sym = 0; sym < 8; ++sym)
        known->addLoadable(gomoku::applySymmetry(sym, decoded.board).hash(), decoded.toMove, attacker);
    }
    return true;
  });
  const Book* source = &book;
  known->setLoader([source, rule](const gomoku::Board& board, Color toMove, Color attacker)
                       -> std::shared_ptr<const gomoku::KnownProofs::Tree> {
    StoredClaim claim;
    try {
      claim = rebuildStoredClaim(*source, board, rule, toMove, attacker);
    } catch (const BookError&) {
      return nullptr;  // an unreadable book proves nothing; the search goes on without it
    }
    if (!claim.ok || !claim.tree.attackerWins) return nullptr;
    return std::make_shared<gomoku::KnownProofs::Tree>(std::move(claim.tree));
  });
  return known;
}

}  // namespace tengen::book
