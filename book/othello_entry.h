// An Othello book entry: a position's exact final margin, its best move and what shows the margin,
// in the position's canonical orientation: the two proof trees ("at least m" proved, "at least
// m + 1" disproved), kept whole so `tengen verify` can re-check them with the plain-rules verifier;
// or the position's children, every one an entry of the book (a book build's inner positions); or
// only the endgame solver's search (a claim: too large a proof to keep, never verified).
// Entries live in the book's own "othello" column family, apart from renju and gomoku keys.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "book/game_entries.h"
#include "solver/othello/board.h"
#include "solver/othello/prove.h"
#include "solver/proof/proof_tree.h"

namespace tengen::book {

// Bump when the Othello verifier is fixed: entries checked by an older revision count as claims.
inline constexpr int kOthelloVerifierRevision = 1;

// What shows an entry's margin.
enum class OthelloBasis : std::uint8_t {
  Trees = 0,     // both proof trees are in the entry
  Children = 1,  // every legal move's (or the forced pass's) position has an entry; none at the end of the game
  Search = 2,    // the endgame solver's value alone: a claim, never verified
};

struct OthelloKey {
  std::string bytes;
  int symmetry = 0;  // carries the position as given onto the stored orientation
};
OthelloKey othelloKey(const othello::Position& p);

struct OthelloEntry {
  int size = 8;
  std::uint64_t black = 0, white = 0;  // the canonical orientation
  bool whiteToMove = false;
  othello::Scoring scoring = othello::Scoring::MostDiscs;
  OthelloBasis basis = OthelloBasis::Trees;
  int margin = 0;                      // exact, for the side to move
  int best = othello::kPass;           // in the canonical orientation (kPass: none or a pass)
  proof::ProofTree<othello::Square> atLeast, notAbove;  // basis Trees
  std::uint16_t verifiedBy = 0;        // the verifier revision that re-checked what shows the margin
  std::string toolVersion;

  othello::Position position() const;
  bool verified() const { return verifiedBy == kOthelloVerifierRevision; }
};

// The entry for a proved margin of `p` (proof.proved must hold), turned to the canonical orientation.
OthelloEntry othelloEntryOf(const othello::Position& p, const othello::MarginProof& proof, othello::Square best);
// An entry of `p` shown by `basis` (Children or Search), no trees; `best` in p's orientation.
OthelloEntry othelloEntryOf(const othello::Position& p, int margin, othello::Square best, OthelloBasis basis);
// Re-checks both trees with the plain-rules verifier; "" when they hold, else why not. An entry
// of another basis is refused here (see checkOthelloChildren).
std::string checkOthelloEntry(const OthelloEntry& entry);
// Re-checks a Children entry: the plain-rules verifier lists the legal moves (or the forced pass)
// and the end of the game itself; every child must have an entry that `verifiedChild` returns
// (one this verifier has accepted), and the margin must be the best of the children's, negated.
// At the end of the game the margin must be the final count. "" when it holds, else why not.
using VerifiedOthelloLookup = std::function<std::optional<OthelloEntry>(const othello::Position&)>;
std::string checkOthelloChildren(const OthelloEntry& entry, const VerifiedOthelloLookup& verifiedChild);

class Book;

// Writes `entry` (of position `p`) under p's key, in one atomic write.
void storeOthelloEntry(Book& book, const othello::Position& p, const OthelloEntry& entry);

// What the book holds for a position, turned to the position's own orientation.
struct OthelloAnswer {
  bool inBook = false, verified = false;
  bool misfiled = false;  // an entry under this key names another position: it counts for nothing
  int margin = 0;         // for the side to move (when in the book)
  othello::Square best = othello::kPass;  // kPass: none, or a pass
  OthelloBasis basis = OthelloBasis::Trees;
};
// Throws BookError naming the book when the entry is unreadable.
OthelloAnswer lookUpOthello(const Book& book, const othello::Position& p);

// Re-checks every Othello entry of `book` with the plain-rules verifier (its trees, or its margin
// against its children's verified entries) and marks it verified (or not). Each unreadable entry
// and each failure goes to `report`, one line each (without a command's prefix). Claims (margins
// of the endgame search, or above one) are left unverified and counted, not failed.
GameVerifyTally verifyOthelloEntries(Book& book, const std::function<void(const std::string& line)>& report);

// Othello's entries as the book and its tools see them (game_entries.h): the "othello" family.
inline constexpr const char* kOthelloFamily = "othello";
const GameEntries& othelloEntries();

// Bytes with a format byte and a checksum; decode throws RecordError on any damage.
std::string encodeOthelloEntry(const OthelloEntry& entry);
OthelloEntry decodeOthelloEntry(std::string_view bytes);

}  // namespace tengen::book
