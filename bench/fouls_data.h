// Reader for the renju-fouls.tsv test data: positions with their expected forbidden points.
#pragma once

#include <string>
#include <vector>

namespace tengen::bench {

struct FoulCase {
  int line = 0;
  std::string stones;     // "BLACKS/WHITES"
  std::string forbidden;  // expected points, sorted, space separated
};

// Throws std::runtime_error naming the file when it cannot be read.
std::vector<FoulCase> loadFoulCases(const std::string& path);

}  // namespace tengen::bench
