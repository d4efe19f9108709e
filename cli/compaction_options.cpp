// Reading --compact-threats and saying what a compaction did.
#include "cli/compaction_options.h"

namespace tengen::cli {

namespace {
// Enough for the sequences a proof's forcing lines hold (h8-a1's proof: 117,865 positions at 2,000,
// 117,804 at 100,000), cheap enough that compaction costs about what a verification does.
constexpr long long kDefaultCompactThreats = 2000;
}  // namespace

std::uint64_t compactThreats(const Args& args) {
  return static_cast<std::uint64_t>(args.integer("compact-threats", kDefaultCompactThreats, 0, 100000000));
}

std::string compactionNote(const gomoku::CompactionCounts& counts) {
  if (counts.after >= counts.before) return "";
  return ", compacted by threat sequences from " + std::to_string(counts.before) + " positions";
}

}  // namespace tengen::cli
