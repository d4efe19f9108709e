// The benchmark cases of renju-note/quintet as tests/data keeps them (quintet-bench.tsv): one
// struct per row, for the tests that run them or start from their positions.
#pragma once

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "bench/test_data.h"

namespace tengen::gomoku::testing {

struct QuintetCase {
  std::string name, mode, attacker, verdict;
  std::string line;  // one winning line if recorded: the attacker's moves and the blocks, comma-separated
  std::string stones, tags;
  int limit = 0, threatLimit = 0;
};

inline std::vector<QuintetCase> loadQuintetCases() {
  std::ifstream in(bench::testData("quintet-bench.tsv"));
  std::vector<QuintetCase> cases;
  std::string row;
  while (std::getline(in, row)) {
    if (row.empty() || row[0] == '#') continue;
    std::vector<std::string> f;
    std::stringstream ss(row);
    for (std::string field; std::getline(ss, field, '\t');) f.push_back(field);
    if (f.size() < 9) continue;
    QuintetCase c{f[0], f[1], f[2], f[5], f[6], f[7], f[8]};
    c.limit = std::stoi(f[3]);
    c.threatLimit = f[4].empty() ? 0 : std::stoi(f[4]);
    cases.push_back(c);
  }
  return cases;
}

}  // namespace tengen::gomoku::testing
