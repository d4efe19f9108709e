// Benchmark of the renju forbidden-point scan over the shared test positions.
#pragma once

#include <string>

namespace tengen::bench {

struct FoulScanFigures {
  int positions = 0;
  int rounds = 0;
  double parseSeconds = 0;  // parsing and board building, all rounds
  double scanSeconds = 0;   // full forbidden-point scans, all rounds
  long long forbiddenFound = 0;
};

FoulScanFigures runFoulScanBench(const std::string& path, int rounds);

}  // namespace tengen::bench
