// Job-state marks: a versioned line of text ("v1 nodes seconds pn dn").
#include "coordinator/job_mark.h"

#include <sstream>

namespace tengen::coordinator {

std::string jobStateKey(const std::string& positionKey, gomoku::Color attacker) {
  return positionKey + (attacker == gomoku::Color::Black ? "#b" : "#w");
}

std::string encodeMark(const JobMark& m) {
  std::ostringstream out;
  out << "v1 " << m.maxNodes << ' ' << m.maxSeconds << ' ' << m.pn << ' ' << m.dn;
  return out.str();
}

std::optional<JobMark> decodeMark(const std::string& text) {
  std::istringstream in(text);
  std::string version;
  JobMark m;
  if (!(in >> version >> m.maxNodes >> m.maxSeconds >> m.pn >> m.dn) || version != "v1") return std::nullopt;
  return m;
}

bool covers(const JobMark& m, const worker::JobBudget& b) {
  const bool nodes = m.maxNodes == 0 || (b.maxNodes != 0 && m.maxNodes >= b.maxNodes);
  const bool time = m.maxSeconds <= 0 || (b.maxSeconds > 0 && m.maxSeconds >= b.maxSeconds);
  return nodes && time;
}

}  // namespace tengen::coordinator
