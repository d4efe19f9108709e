// Regenerates solver/othello/evaluation_weights.inc, the 6x6 and 8x8 tables: fit_othello_evaluation
// [--samples N] [--threads T] [--seed S] > solver/othello/evaluation_weights.inc (progress on stderr).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include "solver/othello/evaluation_fit.h"

int main(int argc, char** argv) {
  tengen::othello::FitOptions o;
  std::string made = "fit_othello_evaluation";
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    const long value = std::strtol(argv[i + 1], nullptr, 10);
    if (flag == "--samples" && value > 10) o.samples = static_cast<int>(value);
    else if (flag == "--threads" && value > 0) o.threads = static_cast<int>(value);
    else if (flag == "--seed" && value >= 0) o.seed = static_cast<std::uint64_t>(value);
    else {
      std::cerr << "fit_othello_evaluation: bad option " << flag << " " << argv[i + 1] << "\n";
      return 2;
    }
    if (flag != "--threads") made += " " + flag + " " + argv[i + 1];
  }
  std::vector<tengen::othello::FittedTable> tables;
  for (int size : {6, 8}) {
    o.size = size;
    o.progress = [&](int done) { std::cerr << "\r" << size << "x" << size << ": " << done << " of " << o.samples << " positions solved" << std::flush; };
    const auto samples = tengen::othello::makeFitSamples(o);
    std::cerr << "\n";
    tables.push_back(tengen::othello::fitEvaluation(samples, o));
    std::cerr << size << "x" << size << ": rms error " << tables.back().heldOutError << " discs held out (" << tables.back().baselineError
              << " guessing 0), " << tables.back().trainError << " fitted\n";
  }
  std::cout << tengen::othello::weightsSource(tables, made);
  return 0;
}
