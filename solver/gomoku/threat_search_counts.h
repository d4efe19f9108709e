// Figures of the full search's own threat searches, reported with a solve's nodes: most of a
// full-value solve's time goes into them, so a change to the prover is read against them too.
#pragma once

#include <cstdint>

namespace tengen::gomoku {

// Where the full search's own threat searches went: threat probes (a VCT at an attacker's node)
// and null-move searches (a VCT after a pass, for a relevance zone), how many found a win, and
// the nodes of those that found none (most of the cost: nearly every probe fails).
// Also the attacker's moves tried first by sibling hints (sibling_hints.h), which steer what
// those searches are asked, and the positions whose moves were listed, by kind: a defender's
// position after an attacker move that threatened nothing lists every legal move (some 200 on
// 15x15), and most of those are listed once and never searched below, so their share tells
// how much of a search is the breadth of quiet attacker moves.
struct ThreatSearchCounts {
  std::uint64_t probes = 0, probeWins = 0, failedProbeNodes = 0;
  std::uint64_t zoneSearches = 0, zoneWins = 0;
  // Threat-space sequences (threat_sequence.h) looked for at the attacker's nodes, found, and
  // the threats they tried.
  std::uint64_t sequenceSearches = 0, sequenceWins = 0, sequenceThreats = 0;
  std::uint64_t siblingHints = 0;
  std::uint64_t listedAttacker = 0, listedDefenderThreatened = 0, listedDefenderOpen = 0;
  ThreatSearchCounts& operator+=(const ThreatSearchCounts& o) {
    probes += o.probes;
    probeWins += o.probeWins;
    failedProbeNodes += o.failedProbeNodes;
    zoneSearches += o.zoneSearches;
    zoneWins += o.zoneWins;
    sequenceSearches += o.sequenceSearches;
    sequenceWins += o.sequenceWins;
    sequenceThreats += o.sequenceThreats;
    siblingHints += o.siblingHints;
    listedAttacker += o.listedAttacker;
    listedDefenderThreatened += o.listedDefenderThreatened;
    listedDefenderOpen += o.listedDefenderOpen;
    return *this;
  }
};

}  // namespace tengen::gomoku
