// The chart: hours across, two panels (the open frontier and the root's proof number; the loser's
// replies proved, which only grows, and the jobs proved in each run), plain SVG with its own labels, no script.
#include "cli/campaign_chart.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

#include "web/board_svg.h"

namespace tengen::cli {
namespace {

std::string number(double v) {
  char text[32];
  std::snprintf(text, sizeof text, v >= 100 ? "%.0f" : "%.3g", v);
  return text;
}

// One panel: series of (hours, value) drawn as polylines, with the largest value on the axis.
struct Series {
  std::string name, colour;
  std::vector<std::pair<double, double>> points;
};

void panel(std::ostringstream& svg, int top, int height, double maxHours, const std::vector<Series>& series) {
  const int left = 70, width = 680;
  double maxValue = 1;
  for (const auto& s : series)
    for (const auto& [h, v] : s.points) maxValue = std::max(maxValue, v);
  svg << "<rect x='" << left << "' y='" << top << "' width='" << width << "' height='" << height
      << "' fill='none' stroke='#888'/>\n";
  svg << "<text x='" << left - 6 << "' y='" << top + 12 << "' text-anchor='end' font-size='11'>" << number(maxValue) << "</text>\n";
  svg << "<text x='" << left - 6 << "' y='" << top + height << "' text-anchor='end' font-size='11'>0</text>\n";
  int legend = 0;
  for (const auto& s : series) {
    svg << "<polyline fill='none' stroke='" << s.colour << "' stroke-width='2' points='";
    for (const auto& [h, v] : s.points)
      svg << number(left + width * (maxHours > 0 ? h / maxHours : 0)) << ',' << number(top + height - height * v / maxValue) << ' ';
    svg << "'/>\n";
    svg << "<text x='" << left + 8 + legend * 230 << "' y='" << top - 6 << "' font-size='12' fill='" << s.colour << "'>"
        << web::xmlText(s.name) << "</text>\n";
    ++legend;
  }
}

}  // namespace

std::string campaignChartSvg(const std::string& title, const std::vector<CampaignSample>& samples) {
  std::ostringstream svg;
  svg << "<svg xmlns='http://www.w3.org/2000/svg' width='800' height='470' font-family='sans-serif'>\n"
      << "<rect width='800' height='470' fill='white'/>\n"
      << "<text x='400' y='24' text-anchor='middle' font-size='16'>" << web::xmlText(title) << "</text>\n";
  if (samples.empty()) {
    svg << "<text x='400' y='230' text-anchor='middle' font-size='14'>no sample yet</text>\n</svg>\n";
    return svg.str();
  }
  const double maxHours = samples.back().campaignSeconds / 3600;
  Series open{"open frontier (positions)", "#c0392b", {}}, pn{"root proof number", "#2c3e50", {}},
      proved{"jobs proved (each run counted anew)", "#27ae60", {}}, replies{"", "#8e44ad", {}};
  for (const auto& s : samples) {
    const double h = s.campaignSeconds / 3600;
    open.points.push_back({h, static_cast<double>(s.openLeaves)});
    pn.points.push_back({h, static_cast<double>(std::min<std::uint32_t>(s.rootPn, 1u << 20))});
    proved.points.push_back({h, static_cast<double>(s.proven)});
    if (s.replies > 0) {
      replies.points.push_back({h, static_cast<double>(s.repliesWon)});
      replies.name = "replies proved (" + std::to_string(s.repliesWon) + " of " + std::to_string(s.replies) + ")";
    }
  }
  panel(svg, 60, 170, maxHours, {open, pn});
  if (replies.points.empty()) panel(svg, 270, 150, maxHours, {proved});
  else panel(svg, 270, 150, maxHours, {replies, proved});
  svg << "<text x='70' y='445' font-size='11'>0 h</text>\n<text x='750' y='445' text-anchor='end' font-size='11'>"
      << number(maxHours) << " h of runs</text>\n";
  const auto& last = samples.back();
  svg << "<text x='400' y='462' text-anchor='middle' font-size='11'>" << samples.size() << " samples; last: ";
  if (last.replies > 0) svg << last.repliesWon << " of " << last.replies << " replies proved, ";
  svg << last.openLeaves << " open, root pn " << last.rootPn << ", " << last.nodes << " nodes in its run</text>\n</svg>\n";
  return svg.str();
}

}  // namespace tengen::cli
