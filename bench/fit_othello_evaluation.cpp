// Regenerates solver/othello/evaluation_weights.inc, the 6x6 and 8x8 tables: fit_othello_evaluation
// [--samples N] [--threads T] [--seed S] > solver/othello/evaluation_weights.inc (progress on stderr).
// --far fits the weights for positions far from the end (solver/othello/evaluation_far_weights.inc),
// starting from the near ones: fit_othello_evaluation --far --size 8 --empties 19-24 --labels
// selective --seed 2 [--samples N] --save bench/othello_far_samples > solver/othello/evaluation_far_weights.inc
// (the samples made so far are committed there). --epochs E (30) and --decay D (0.01): the fit's
// passes over the samples, and how hard it pulls rare patterns back to where they started.
// --size 6|8 one board only; --empties A-B the samples' empties (10-18); --labels selective their
// margins from the selective search instead of exact solves (for positions far from the end).
// --save F keeps the solved samples in F-6.txt and F-8.txt (one "mine theirs margin" line each,
// the discs in hex), appended 10,000 at a time (200 with selective labels); a run with --save goes on from the samples F
// already holds (samples are numbered; a last line cut off by a kill is dropped), so a cut-off run
// loses at most a block and a larger --samples adds to a smaller one's. --load F fits those instead of solving again (a fit takes
// seconds, the solving hours), for trying fits on the same samples.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "solver/othello/evaluation_fit.h"

namespace {

std::string samplesFile(const std::string& prefix, int size) { return prefix + "-" + std::to_string(size) + ".txt"; }

bool appendSamples(const std::string& path, const std::vector<tengen::othello::FitSample>& samples) {
  std::ofstream out(path, std::ios::app);
  for (const auto& s : samples) out << std::hex << s.mine << " " << s.theirs << std::dec << " " << s.margin << "\n";
  return static_cast<bool>(out);
}

// How a samples file read: every line whole, or a last line cut off without its newline (a run
// killed while writing; the whole lines before it are kept), or a line that is not a sample.
enum class SamplesRead { Missing, Whole, CutOff, Damaged };

// Appends the file's samples to `samples`; `wholeBytes` is where its whole lines end.
SamplesRead loadSamples(const std::string& path, std::vector<tengen::othello::FitSample>& samples, std::uintmax_t& wholeBytes) {
  std::ifstream in(path);
  if (!in) return SamplesRead::Missing;
  wholeBytes = 0;
  for (std::string line; std::getline(in, line);) {
    if (in.eof()) return SamplesRead::CutOff;  // no newline after it
    std::istringstream fields(line);
    tengen::othello::FitSample s;
    if (!(fields >> std::hex >> s.mine >> s.theirs >> std::dec >> s.margin) || !(fields >> std::ws).eof()) return SamplesRead::Damaged;
    samples.push_back(s);
    wholeBytes += line.size() + 1;
  }
  return SamplesRead::Whole;
}

}  // namespace

int main(int argc, char** argv) {
  tengen::othello::FitOptions o;
  std::string save, load;
  bool seedGiven = false;
  std::vector<int> sizes{6, 8};
  // --far: the far weights (solver/othello/evaluation_far_weights.inc), fitted from the near ones.
  bool far = false;
  std::vector<char*> args(argv, argv + argc);
  if (const auto it = std::find(args.begin() + 1, args.end(), std::string("--far")); it != args.end()) {
    far = true;
    args.erase(it);
  }
  argc = static_cast<int>(args.size());
  argv = args.data();
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    const long value = std::strtol(argv[i + 1], nullptr, 10);
    int low = 0, high = 0;
    if (flag == "--save") save = argv[i + 1];
    else if (flag == "--empties" && std::sscanf(argv[i + 1], "%d-%d", &low, &high) == 2 && 1 <= low && low <= high && high <= 60) {
      o.minEmpties = low;
      o.maxEmpties = high;
    } else if (flag == "--labels" && (std::strcmp(argv[i + 1], "exact") == 0 || std::strcmp(argv[i + 1], "selective") == 0))
      o.selective = std::strcmp(argv[i + 1], "selective") == 0;
    else if (flag == "--size" && (value == 6 || value == 8)) sizes = {static_cast<int>(value)};
    else if (flag == "--load") load = argv[i + 1];
    else if (flag == "--samples" && value > 10) o.samples = static_cast<int>(value);
    else if (flag == "--threads" && value > 0) o.threads = static_cast<int>(value);
    else if (flag == "--seed" && value >= 0) o.seed = static_cast<std::uint64_t>(value);
    else if (flag == "--decay" && std::strtod(argv[i + 1], nullptr) >= 0) o.decay = std::strtod(argv[i + 1], nullptr);
    else if (flag == "--epochs" && value >= 0 && argv[i + 1][0] != 0) o.epochs = static_cast<int>(value);
    else {
      std::cerr << "fit_othello_evaluation: bad option " << flag << " " << argv[i + 1] << "\n";
      return 2;
    }
    seedGiven |= flag == "--seed";
  }
  std::vector<tengen::othello::FittedTable> tables;
  for (int size : sizes) {
    o.size = size;
    o.start = far ? tengen::othello::fittedWeights(size) : nullptr;
    std::vector<tengen::othello::FitSample> samples;
    if (!load.empty()) {
      std::uintmax_t whole = 0;
      const std::string path = samplesFile(load, size);
      const SamplesRead read = loadSamples(path, samples, whole);
      if (read != SamplesRead::Whole || samples.empty()) {
        std::cerr << "fit_othello_evaluation: "
                  << (read == SamplesRead::Missing ? "cannot read samples from " + path
                      : read == SamplesRead::Whole ? path + " holds no samples"
                                                   : path + " line " + std::to_string(samples.size() + 1) + " is not a whole sample (mine theirs margin)")
                  << "\n";
        return 1;
      }
      o.samples = static_cast<int>(samples.size());
    } else if (save.empty()) {
      o.progress = [&](int done) { std::cerr << "\r" << size << "x" << size << ": " << done << " of " << o.samples << " positions solved" << std::flush; };
      samples = tengen::othello::makeFitSamples(o);
      std::cerr << "\n";
    } else {
      // Going on from what the file holds; only its first --samples lines are fitted.
      const std::string path = samplesFile(save, size);
      std::uintmax_t whole = 0;
      const SamplesRead read = loadSamples(path, samples, whole);
      if (read == SamplesRead::Damaged) {
        std::cerr << "fit_othello_evaluation: " << path << " line " << samples.size() + 1 << " is not a sample (mine theirs margin)\n";
        return 1;
      }
      if (read == SamplesRead::CutOff) {
        std::error_code ec;
        std::filesystem::resize_file(path, whole, ec);
        if (ec) {
          std::cerr << "fit_othello_evaluation: cannot cut " << path << " to its whole lines: " << ec.message() << "\n";
          return 1;
        }
        std::cerr << path << ": its last line was cut off; going on from its " << samples.size() << " whole lines\n";
      }
      const int wanted = o.samples;
      tengen::othello::FitOptions block = o;
      while (static_cast<int>(samples.size()) < wanted) {
        block.first = static_cast<int>(samples.size());
        block.samples = std::min(o.selective ? 200 : 10000, wanted - block.first);
        block.progress = [&](int done) { std::cerr << "\r" << size << "x" << size << ": " << block.first + done << " of " << wanted << " positions solved" << std::flush; };
        const auto more = tengen::othello::makeFitSamples(block);
        if (!appendSamples(path, more)) {
          std::cerr << "\nfit_othello_evaluation: cannot write " << path << "\n";
          return 1;
        }
        samples.insert(samples.end(), more.begin(), more.end());
      }
      std::cerr << "\n";
      samples.resize(wanted);
    }
    tables.push_back(tengen::othello::fitEvaluation(samples, o));
    std::cerr << size << "x" << size << ": rms error " << tables.back().heldOutError << " discs held out (" << tables.back().baselineError
              << " guessing 0), " << tables.back().trainError << " fitted\n";
  }
  // How to make these tables again (a loaded sample file was made with its count and seed).
  std::string made = "fit_othello_evaluation --samples " + std::to_string(o.samples);
  if (seedGiven) made += " --seed " + std::to_string(o.seed);
  if (sizes.size() == 1) made += " --size " + std::to_string(sizes[0]);
  if (o.minEmpties != tengen::othello::FitOptions{}.minEmpties || o.maxEmpties != tengen::othello::FitOptions{}.maxEmpties)
    made += " --empties " + std::to_string(o.minEmpties) + "-" + std::to_string(o.maxEmpties);
  if (o.selective) made += " --labels selective";
  if (o.decay != tengen::othello::FitOptions{}.decay) made += " --decay " + std::to_string(o.decay);
  if (o.epochs != tengen::othello::FitOptions{}.epochs) made += " --epochs " + std::to_string(o.epochs);
  if (far) made = "fit_othello_evaluation --far" + made.substr(made.find(' '));
  std::cout << tengen::othello::weightsSource(tables, made, far ? "Far" : "");
  return 0;
}
