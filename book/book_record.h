// What the book keeps for one position: its value for the side to move, the best move, and the
// step each stored proof takes there, so any stored result can be rebuilt and re-verified.
// Moves are cell indices in the canonical frame of the position's key (position_key.h).
//
// The book's one trust rule lives here: a step counts as proved only when this installation's
// verifier (its current revision) re-checked it. `result`, `bestMove` and `provedStep` see only
// such steps; every consumer reads values through them. Unverified steps are claims: `claimed`
// says what they would give, and nothing may report it as a value.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tengen::book {

using Cell = std::int16_t;
inline constexpr Cell kNoCell = -1;
// A pass edge of a proof step (a relevance zone's win after the defender passes): no cell.
inline constexpr Cell kPassCell = -2;

// Game values for the side to move, stated for colours (the same order as gomoku::GameValue).
enum class Value : std::uint8_t { BlackWins = 0, WhiteWins = 1, Draw = 2, Unknown = 3 };

// The piece of one proof tree (attacker wins) or disproof tree (attacker does not win) that
// sits at this position: its children and the recorded argument for what it leaves out.
struct ProofStep {
  bool present = false;
  bool attackerWins = false;
  std::vector<Cell> moves;          // the tree's children: one winning move, or every reply kept
  int argumentKind = 0;             // the game's argument kind (0: none)
  std::vector<Cell> argumentMoves;  // the moves that support the argument
  Cell best = kNoCell;              // the move to play here along this tree, if any
  std::uint32_t size = 0;           // distinct positions in the tree from here, this one included
  std::uint16_t depth = 0;          // plies to the end of the tree along its longest line
  // The revision of the independent verifier that re-checked this step (0: never checked).
  std::uint16_t verifiedBy = 0;

  // Re-checked by this installation's verifier: the only way a step counts as proved.
  bool verified() const;
  void markVerified(bool yes);
};

struct BookRecord {
  // Derived from the verified steps by settle(): the proved value and the move to play for the
  // side to move. Unknown unless a verified step proves it.
  Value result = Value::Unknown;
  Cell bestMove = kNoCell;
  // Derived from every present step, verified or not: what the record claims. A hint at most.
  Value claimed = Value::Unknown;
  // steps[c]: about colour c's win (0 black, 1 white). A draw is both disproved.
  std::array<ProofStep, 2> steps{};
  // Unknown entries: the root numbers of the last unfinished search for the side to move's win.
  std::uint32_t pn = 1, dn = 1;
  std::string toolVersion;  // the tengen that last wrote this record

  bool verified() const;  // every present step verified (false when none)
  // Colour c's step when it is present and verified: the only step that proves anything.
  const ProofStep* provedStep(int colour) const;
  const ProofStep* decisiveStep(int toMove) const;  // the verified step behind result/bestMove, if any
};

// Recomputes result, bestMove (verified steps) and claimed (all steps). toMove: 0 black, 1 white.
void settle(BookRecord& record, int toMove);

// How a merge treats a stored step that no verifier has checked and that the incoming step
// disagrees with.
enum class MergePolicy {
  Strict,         // a contradiction, unless the incoming step is verified (imports)
  ReplaceClaims,  // the incoming step replaces it: a run's own step, verified before the run ends
};

// Merges `incoming` into `into` (steps it lacks; newer numbers for unknown entries). A verified
// step replaces an unverified claim, even one it contradicts: the claim was never proved. Returns
// a description of the contradiction instead, leaving `into` unchanged, when two verified steps
// disagree, when an unverified incoming step disagrees with a verified one, or (Strict) when two
// unverified steps disagree.
std::optional<std::string> mergeRecord(BookRecord& into, const BookRecord& incoming, int toMove,
                                       MergePolicy policy = MergePolicy::Strict);

// The stored form: a format byte, a CRC-32 of the rest, then a versioned Boost.Serialization
// binary archive. decodeRecord throws RecordError on any damage, and settles the record for the
// side to move (the stored result is never trusted).
std::string encodeRecord(const BookRecord& record);
BookRecord decodeRecord(std::string_view bytes, int toMove);

std::string_view valueName(Value v);
bool parseValue(std::string_view text, Value& out);

}  // namespace tengen::book
