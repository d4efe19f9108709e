// Proof trees in the book: a verified solve becomes one record per position on its trees, and
// any stored result can be rebuilt into a tree from the records and re-checked by the
// independent verifier (solver/gomoku/proof_check.h).
#pragma once

#include <functional>
#include <string>
#include <utility>
#include <unordered_map>
#include <vector>

#include "book/book.h"
#include "book/position_key.h"
#include "solver/gomoku/solve.h"

namespace tengen::book {

using KeyedRecords = std::vector<std::pair<std::string, BookRecord>>;

// Records for every position on the result's proof trees (marked verified: solve() reports a
// proof only after the verifier accepted it), plus the root's search numbers when unknown.
KeyedRecords recordsFromSolve(const gomoku::Position& root, const gomoku::SolveResult& result);
// The same for one proof tree from `root` that the verifier has accepted (a proof file's).
KeyedRecords recordsFromProof(const gomoku::Position& root, const gomoku::ProofRecord& proof);

// Merges `incoming` with what the book holds. Returns the contradictions (one line each, with
// the position); when there are none, `merged` holds the records to write.
std::vector<std::string> mergeWithBook(const Book& book, const KeyedRecords& incoming, KeyedRecords& merged,
                                       MergePolicy policy = MergePolicy::Strict);

// A record holding one step the coordinator derived from positions the book already holds (its
// children): stored unverified, until `checkStoredClaim` rebuilds and checks it.
KeyedRecords recordsFromStep(const gomoku::Position& pos, gomoku::Color attacker, bool attackerWins,
                            const std::vector<gomoku::Point>& moves, const proof::Argument<gomoku::Point>& argument,
                            gomoku::Point best, std::uint32_t size, int depth);

// Merges records with the book and writes them, with the given job state, in one atomic batch.
// Throws BookError on a contradiction, writing nothing. Returns the number of records written.
// A run's own steps (verified as they are made, or before the run ends) replace unverified claims.
std::size_t storeRecords(Book& book, const KeyedRecords& incoming,
                         const std::vector<std::pair<std::string, std::string>>& jobStates = {},
                         MergePolicy policy = MergePolicy::ReplaceClaims);

// Stores a solve's proofs in one atomic batch. Throws BookError on a contradiction with the
// book, writing nothing. Returns the number of records written.
std::size_t storeSolve(Book& book, const gomoku::Position& root, const gomoku::SolveResult& result);

// One stored claim (attacker's step at a position) rebuilt and re-checked.
struct StoredCheck {
  bool ok = false;
  bool stopped = false;            // asked to stop before the check was done: neither accepted nor rejected
  std::string error;               // why the claim fails (or where it stopped): a missing or unreadable record, or the verifier's reason
  std::vector<std::string> keys;   // every position the rebuilt tree visits (but the parts handed to a PartChecked)
};
// Asked between the parts of a check that is made of parts (claim_parts.h), which can take many
// minutes: true stops it there, the claim left unchecked.
using CheckStop = std::function<bool()>;
// Given each part's keys as soon as the part passes, instead of adding them to `keys`: a caller
// that marks them there holds one part's keys at a time, not the whole claim's (the empty
// board's freestyle claim visits 36.7M positions). A part that passed is a verified claim of its
// own, whatever the parts after it show.
using PartChecked = std::function<void(const std::vector<std::string>& keys)>;
// `passScope`: where the claim is stored (position_key.h); 0 for a position of the game.
StoredCheck checkStoredClaim(const Book& book, const gomoku::Board& board, gomoku::Rule rule, gomoku::Color toMove,
                             gomoku::Color attacker, std::uint64_t passScope = 0, const CheckStop& stop = {},
                             const PartChecked& partChecked = {});

// The first half of checkStoredClaim: the claim's tree rebuilt from the records, for a verifier
// elsewhere (the coordinator sends it to a worker). `ok` false: a record is missing or unreadable.
struct StoredClaim : StoredCheck {
  proof::ProofTree<gomoku::Point> tree;
};
// Where the rebuilt tree reaches one of these positions (by the board's hash) with the attacker to
// move, it takes this move instead of the stored one when the book holds the position after it as
// the same win: a game's own moves followed (`book export --along`). A hash that collides only
// picks another proved child; the tree stays a proof the verifier checks as any other.
using PreferredMoves = std::unordered_map<std::uint64_t, gomoku::Point>;
StoredClaim rebuildStoredClaim(const Book& book, const gomoku::Board& board, gomoku::Rule rule, gomoku::Color toMove,
                               gomoku::Color attacker, std::uint64_t passScope = 0, const PreferredMoves* prefer = nullptr);

// Marks the step of `attacker` at each key verified (or not), in one batch.
void markVerified(Book& book, const std::vector<std::string>& keys, gomoku::Color attacker, bool verified);

}  // namespace tengen::book
