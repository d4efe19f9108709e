// An Othello book entry: a position's exact final margin, its best move and the two proof trees
// behind the margin ("at least m" proved, "at least m + 1" disproved), kept whole in the position's
// canonical orientation so `tengen verify` can re-check them with the plain-rules verifier.
// Entries live in the book's own "othello" column family, apart from renju and gomoku keys.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "solver/othello/board.h"
#include "solver/othello/prove.h"
#include "solver/proof/proof_tree.h"

namespace tengen::book {

// Bump when the Othello verifier is fixed: entries checked by an older revision count as claims.
inline constexpr int kOthelloVerifierRevision = 1;

struct OthelloKey {
  std::string bytes;
  int symmetry = 0;  // carries the position as given onto the stored orientation
};
OthelloKey othelloKey(const othello::Position& p);

struct OthelloEntry {
  int size = 8;
  std::uint64_t black = 0, white = 0;  // the canonical orientation
  bool whiteToMove = false;
  int margin = 0;                      // exact, for the side to move
  int best = othello::kPass;           // in the canonical orientation (kPass: none or a pass)
  proof::ProofTree<othello::Square> atLeast, notAbove;
  std::uint16_t verifiedBy = 0;        // the verifier revision that re-checked both trees
  std::string toolVersion;

  othello::Position position() const;
  bool verified() const { return verifiedBy == kOthelloVerifierRevision; }
};

// The entry for a proved margin of `p` (proof.proved must hold), turned to the canonical orientation.
OthelloEntry othelloEntryOf(const othello::Position& p, const othello::MarginProof& proof, othello::Square best);
// Re-checks both trees with the plain-rules verifier; "" when they hold, else why not.
std::string checkOthelloEntry(const OthelloEntry& entry);

// Bytes with a format byte and a checksum; decode throws RecordError on any damage.
std::string encodeOthelloEntry(const OthelloEntry& entry);
OthelloEntry decodeOthelloEntry(std::string_view bytes);

}  // namespace tengen::book
