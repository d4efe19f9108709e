// Parsing of renju-fouls.tsv: "# ..." header lines, then "stones<TAB>forbidden" per line.
#include "bench/fouls_data.h"

#include <fstream>
#include <stdexcept>

namespace tengen::bench {

std::vector<FoulCase> loadFoulCases(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::vector<FoulCase> cases;
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.empty() || line[0] == '#') continue;
    const auto tab = line.find('\t');
    if (tab == std::string::npos) throw std::runtime_error(path + ":" + std::to_string(number) + ": no tab");
    cases.push_back({number, line.substr(0, tab), line.substr(tab + 1)});
  }
  return cases;
}

}  // namespace tengen::bench
