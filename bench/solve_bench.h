// Benchmark of the prover on a fixed set of positions: nodes, seconds and nodes per second.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tengen::bench {

struct SolveFigure {
  std::string name;
  std::string result;
  std::uint64_t nodes = 0;
  double seconds = 0;
};

// Runs every fixed position once, single-threaded, with a fixed table size.
std::vector<SolveFigure> runSolveBench();

}  // namespace tengen::bench
