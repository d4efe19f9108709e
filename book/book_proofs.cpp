// Listing the book's proved positions for the prover, and rebuilding one on demand.
#include "book/book_proofs.h"

#include "book/position_key.h"
#include "solver/gomoku/symmetry.h"

namespace tengen::book {
namespace {

// The verified wins one record holds (none when its key is damaged or of another game).
void winsOfRecord(std::string_view key, const BookRecord& record, gomoku::Rule rule, int size,
                  const gomoku::Board* below, std::vector<ProvedWin>& out) {
  DecodedKey decoded;
  try {
    decoded = decodeKey(key);
  } catch (const BookError&) {
    return;
  }
  // A win after a pass belongs to its zone node's proof, not to the game's positions.
  if (decoded.rule != rule || decoded.board.size() != size || decoded.passScope) return;
  if (below && !gomoku::holdsImageOf(decoded.board, *below)) return;
  for (gomoku::Color attacker : {gomoku::Color::Black, gomoku::Color::White}) {
    const ProofStep* step = record.provedStep(gomoku::index(attacker));
    if (step && step->attackerWins) out.push_back({decoded.board.canonicalHash(), decoded.toMove, attacker});
  }
}

}  // namespace

std::vector<ProvedWin> provedWinsOf(const Book& book, gomoku::Rule rule, int size, const gomoku::Board* below) {
  std::vector<ProvedWin> out;
  book.forEach([&](std::string_view key, const BookRecord* record, const std::string&) {
    if (record) winsOfRecord(key, *record, rule, size, below, out);  // a damaged record proves nothing
    return true;
  });
  return out;
}

std::vector<ProvedWin> provedWinsIn(const KeyedRecords& records, gomoku::Rule rule, int size) {
  std::vector<ProvedWin> out;
  for (const auto& [key, record] : records) winsOfRecord(key, record, rule, size, nullptr, out);
  return out;
}

std::shared_ptr<const gomoku::KnownProofs::Tree> provedWinTree(const Book& book, const gomoku::Board& board,
                                                               gomoku::Rule rule, gomoku::Color toMove,
                                                               gomoku::Color attacker) {
  try {
    const auto record = book.get(canonicalKey(board, rule, toMove).bytes);
    const ProofStep* step = record ? record->provedStep(gomoku::index(attacker)) : nullptr;
    if (!step || !step->attackerWins) return nullptr;
    StoredClaim claim = rebuildStoredClaim(book, board, rule, toMove, attacker);
    if (!claim.ok || !claim.tree.attackerWins || claim.tree.nodes.empty()) return nullptr;
    return std::make_shared<gomoku::KnownProofs::Tree>(std::move(claim.tree));
  } catch (const BookError&) {
    return nullptr;  // an unreadable book proves nothing; the search goes on without it
  }
}

std::shared_ptr<gomoku::KnownProofs> knownProofsOf(const Book& book, gomoku::Rule rule, int size) {
  return knownProofsOf(book, provedWinsOf(book, rule, size), rule, size);
}

std::shared_ptr<gomoku::KnownProofs> knownProofsOf(const Book& book, const std::vector<ProvedWin>& wins, gomoku::Rule rule,
                                                   int size) {
  auto known = std::make_shared<gomoku::KnownProofs>(rule, size);
  for (const ProvedWin& w : wins) known->addLoadable(w.canonicalHash, w.toMove, w.attacker);
  const Book* source = &book;
  known->setLoader([source, rule](const gomoku::Board& board, gomoku::Color toMove, gomoku::Color attacker) {
    return provedWinTree(*source, board, rule, toMove, attacker);
  });
  return known;
}

}  // namespace tengen::book
