// Times parsing and the full forbidden-point scan separately, so the rules engine's own speed shows.
#include "bench/foul_scan_bench.h"

#include <chrono>
#include <vector>

#include "bench/fouls_data.h"
#include "solver/gomoku/position.h"
#include "solver/gomoku/rules.h"

namespace tengen::bench {

FoulScanFigures runFoulScanBench(const std::string& path, int rounds) {
  using Clock = std::chrono::steady_clock;
  const auto cases = loadFoulCases(path);
  FoulScanFigures f;
  f.positions = static_cast<int>(cases.size());
  f.rounds = rounds;
  gomoku::PositionOptions options;
  options.toMove = gomoku::Color::Black;
  for (int r = 0; r < rounds; ++r) {
    const auto t0 = Clock::now();
    std::vector<gomoku::Position> positions;
    positions.reserve(cases.size());
    for (const auto& c : cases) positions.push_back(gomoku::parsePosition(c.stones, options));
    const auto t1 = Clock::now();
    for (auto& p : positions) f.forbiddenFound += static_cast<long long>(gomoku::forbiddenPoints(p.board, p.rule).size());
    const auto t2 = Clock::now();
    f.parseSeconds += std::chrono::duration<double>(t1 - t0).count();
    f.scanSeconds += std::chrono::duration<double>(t2 - t1).count();
  }
  return f;
}

}  // namespace tengen::bench
