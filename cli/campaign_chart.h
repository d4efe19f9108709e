// A campaign's progress as a picture: the open frontier, the proved jobs and the root's proof
// number over the campaign's hours, as one self-contained SVG file.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tengen::cli {

// One sample of a campaign's log (written by `tengen campaign`, read by `campaign status`).
struct CampaignSample {
  std::uint64_t at = 0;          // when, in milliseconds since the epoch
  double campaignSeconds = 0;    // the campaign's time so far, every run counted
  std::uint64_t nodes = 0, jobs = 0, proven = 0, unknown = 0;  // the run's own so far
  std::uint32_t rootPn = 1, rootDn = 1;
  std::uint64_t openLeaves = 0, treeNodes = 0;
  std::vector<std::string> hardest;
};

std::string campaignChartSvg(const std::string& title, const std::vector<CampaignSample>& samples);

}  // namespace tengen::cli
