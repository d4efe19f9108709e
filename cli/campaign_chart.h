// A campaign's progress as a picture: the open frontier, the root's proof number, the loser's
// replies proved and the proved jobs over the campaign's hours, as one self-contained SVG file.
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
  // The loser's replies at the proved position and how many the book holds as the winner's
  // (0 of 0: a log written before the count was kept).
  std::uint32_t replies = 0, repliesWon = 0;
  std::vector<std::string> hardest;
};

std::string campaignChartSvg(const std::string& title, const std::vector<CampaignSample>& samples);

}  // namespace tengen::cli
