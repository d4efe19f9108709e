// A proof as a file of its own: the root position, the claim and the whole tree, so that anyone can
// re-check it with the independent verifier from the file alone (`tengen verify --proof FILE`),
// without the book it came from. Zstandard-compressed, checksummed, versioned.
#pragma once

#include <string>
#include <vector>

#include "solver/gomoku/board.h"
#include "solver/gomoku/proof_compaction.h"
#include "solver/gomoku/types.h"
#include "solver/proof/proof_tree.h"

namespace tengen::book {

struct ProofFile {
  gomoku::Rule rule = gomoku::Rule::Renju;
  gomoku::Board board{15};           // the root position
  gomoku::Color toMove = gomoku::Color::Black;
  gomoku::Color attacker = gomoku::Color::Black;
  proof::ProofTree<gomoku::Point> tree;  // attackerWins: a proof, else a disproof
  std::string note;                  // free text: what the proof is and how it was made
};

// Writes `proof` to `path` (atomically: a temporary file renamed). `level`: Zstandard's (1-22).
// Throws std::runtime_error with one line when it cannot.
void writeProofFile(const std::string& path, const ProofFile& proof, int level = 19);

// Reads a proof file. Throws std::runtime_error with one line naming the file and what is wrong
// (not a proof file, a newer format, damaged: the checksum, cut short).
ProofFile readProofFile(const std::string& path);

// The subtree after `moves` (played from the root along the tree's own edges), as a proof of its
// own position: a slice to re-check alone. Throws std::runtime_error when a move is not an edge
// of the tree there.
ProofFile sliceProof(const ProofFile& proof, const std::vector<gomoku::Point>& moves);

// The proof with every subtree the attacker wins by threats alone made one threat-sequence leaf
// (solver/gomoku/proof_compaction.h), then re-checked whole by the verifier: `proof` changes only
// when the smaller tree is accepted. Throws std::runtime_error with the verifier's reason when it
// is not (a bug: the file is left as it was). `threatsPerNode` 0 leaves the proof as it is.
gomoku::CompactionCounts compactProof(ProofFile& proof, std::uint64_t threatsPerNode);

}  // namespace tengen::book
