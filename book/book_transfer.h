// Moving entries between books: the JSON Lines interchange form (export), reading it back, and
// merging entries from another book, a JSON Lines file or a proof file (import).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "book/book.h"
#include "book/proof_file.h"
#include "book/stored_proof.h"

namespace tengen::book {

// One entry as one line of JSON: position (BLACKS/WHITES in the book's orientation), to_move,
// rule, size, result, best_move, verified, proof figures, and each stored proof step.
std::string entryToJson(std::string_view key, const BookRecord& record);
// The inverse. Throws BookError saying what is wrong with the line.
std::pair<std::string, BookRecord> entryFromJson(std::string_view line);

struct ImportReport {
  std::size_t read = 0;     // entries offered
  std::size_t written = 0;  // records written (each merged with what the book held)
  std::vector<std::string> contradictions;  // when any: nothing was written
};

// Merges entries into `book`: a proven step fills in what the book lacks, numbers refresh
// unknown entries, and a contradiction between two proofs is reported, never overwritten: then
// nothing at all is written. Imported steps are marked unverified until `tengen verify` re-checks
// them. Records are written deepest first, in batches, so every stored step's continuation is in
// the book before the step itself, even if the import is killed midway.
ImportReport importEntries(Book& book, const KeyedRecords& entries);

// A proof file (proof_file.h) stored in a book as one record per position of its tree, so that
// the book answers queries on it and searches build on it. Two steps, so that a refused file
// never touches (or creates) a book: checkProofFile has the independent verifier re-check the
// whole file and turns its tree into records marked verified (throws BookError with one line
// when the verifier refuses it); storeCheckedProof writes them in one atomic batch (throws
// BookError when a record contradicts the book; nothing is written then).
struct CheckedProof {
  std::size_t positions = 0;  // distinct positions the verifier checked
  KeyedRecords records;
};
CheckedProof checkProofFile(const ProofFile& proof);
std::size_t storeCheckedProof(Book& book, const CheckedProof& proof);  // records written (merged)

struct ProofImport {
  std::size_t positions = 0;  // distinct positions the verifier checked
  std::size_t written = 0;    // records written (each merged with what the book held)
};
ProofImport importProofFile(Book& book, const ProofFile& proof);  // the two steps in one

}  // namespace tengen::book
