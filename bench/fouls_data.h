// Reader for the shared renju-fouls.tsv test data: positions with their expected forbidden points.
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

// Where the shared test data lives in this build (../shared/testdata beside the source tree).
std::string sharedTestdata(const std::string& file);

}  // namespace tengen::bench
