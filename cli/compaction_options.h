// --compact-threats, as `book export --format proof` and `verify --proof --compact` read it, and
// the words that say what compaction did.
#pragma once

#include <cstdint>
#include <string>

#include "cli/args.h"
#include "solver/gomoku/proof_compaction.h"

namespace tengen::cli {

// Threats a node's threat-space search may try when a proof is compacted (0: not compacted).
std::uint64_t compactThreats(const Args& args);

// ", compacted by threat sequences from N positions" when it made the tree smaller, else "".
std::string compactionNote(const gomoku::CompactionCounts& counts);

}  // namespace tengen::cli
