// Samples: random legal games stopped at a chosen number of empties, solved exactly (or by the
// selective search far from the end). Fit:
// stochastic gradient descent on the squared error, in a fixed order, then rounded to 1/16 disc.
#include "solver/othello/evaluation_fit.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cmath>
#include <random>
#include <sstream>
#include <thread>

#include "solver/othello/endgame.h"
#include "solver/othello/evaluation.h"

namespace tengen::othello {
namespace {

// Sample i's position: a random game from the start (its own seed, so threads do not matter),
// stopped at its empties; a game that ends before is started again.
Position samplePosition(int n, std::uint64_t seed, int empties) {
  std::mt19937_64 rng(seed);
  for (;;) {
    Position p = Position::start(n);
    while (std::popcount(p.empty()) > empties && !p.ended()) {
      Bitboard m = p.moves();
      if (!m) {
        p.play(kPass);
        continue;
      }
      for (int skip = static_cast<int>(rng() % std::popcount(m)); skip > 0; --skip) m &= m - 1;
      p.play(std::countr_zero(m));
    }
    if (!p.ended() && p.moves()) return p;
  }
}

double rms(double sum, std::size_t count) { return count ? std::sqrt(sum / count) : 0; }

}  // namespace

std::vector<FitSample> makeFitSamples(const FitOptions& o) {
  std::vector<FitSample> out(o.samples);
  std::atomic<int> next{0}, done{0};
  const auto work = [&] {
    EndgameSolver solver(18);
    solver.setFarEvaluation(false);  // the labels are the near weights' alone, whatever far ones are committed
    if (o.selective) solver.setSelectiveGuess({0, EndgameSolver::SelectiveGuess{}.margin});  // ProbCut from any root
    for (int j; (j = next++) < o.samples;) {
      const int i = o.first + j;
      const int empties = o.minEmpties + i % (o.maxEmpties - o.minEmpties + 1);
      const Position p = samplePosition(o.size, o.seed * 0x9E3779B97F4A7C15ull + i, empties);
      int margin;
      if (o.selective) {
        solver.clear();  // its guesses depend on what the table holds: each sample from an empty one
        margin = solver.guess(p);
      } else {
        margin = solver.solve(p).margin;
      }
      out[j] = {p.mine(), p.theirs(), margin};
      const int d = ++done;
      if (o.progress && d % (o.selective ? 50 : 1000) == 0) o.progress(d);
    }
  };
  std::vector<std::thread> threads;
  for (int t = 1; t < o.threads; ++t) threads.emplace_back(work);
  work();
  for (auto& t : threads) t.join();
  return out;
}

FittedTable fitEvaluation(const std::vector<FitSample>& samples, const FitOptions& o) {
  const int n = o.size;
  // Where the fit starts, and what its decay pulls rare patterns back to: zero, or the start's weights.
  std::vector<double> edge0(edgePatterns(n)), corner0(kCornerPatterns), diagonal0(diagonalPatterns(n));
  double mobility = 0, potential = 0, bias = 0;
  if (const EvaluationWeights* w = o.start) {
    const auto discs = [](const std::int16_t* from, std::vector<double>& to) {
      for (std::size_t i = 0; i < to.size(); ++i) to[i] = from[i] / 16.0;
    };
    discs(w->edge, edge0);
    discs(w->corner, corner0);
    discs(w->diagonal, diagonal0);
    mobility = w->mobility / 16.0;
    potential = w->potential / 16.0;
    bias = w->bias / 16.0;
  }
  std::vector<double> edge = edge0, corner = corner0, diagonal = diagonal0;
  std::vector<EvaluationFeatures> features;
  for (const FitSample& s : samples) features.push_back(evaluationFeatures(s.mine, s.theirs, n));
  const auto predict = [&](const EvaluationFeatures& f) {
    double v = bias + mobility * f.mobility + potential * f.potential;
    for (int i : f.edges) v += edge[i];
    for (int i : f.corners) v += corner[i];
    for (int i : f.diagonals) v += diagonal[i];
    return v;
  };
  std::vector<std::size_t> train;
  for (std::size_t i = 0; i < samples.size(); ++i)
    if (i % 10 != 9) train.push_back(i);
  std::mt19937_64 rng(o.seed);
  for (int epoch = 0; epoch < o.epochs; ++epoch) {
    std::shuffle(train.begin(), train.end(), rng);
    const double rate = 0.01 / (1 + epoch * 0.2);
    for (std::size_t i : train) {
      const EvaluationFeatures& f = features[i];
      const double err = predict(f) - samples[i].margin;
      const double g = rate * err, shrink = 1 - rate * o.decay;  // keeps rare patterns near where they started
      bias -= g * 0.1;
      mobility -= g * f.mobility * 0.01;
      potential -= g * f.potential * 0.01;
      for (int k : f.edges) edge[k] = edge0[k] + (edge[k] - edge0[k]) * shrink - g;
      for (int k : f.corners) corner[k] = corner0[k] + (corner[k] - corner0[k]) * shrink - g;
      for (int k : f.diagonals) diagonal[k] = diagonal0[k] + (diagonal[k] - diagonal0[k]) * shrink - g;
    }
  }
  FittedTable t;
  t.size = n;
  const auto sixteenths = [](double v) { return static_cast<std::int16_t>(std::clamp(std::lround(v * 16), -30000l, 30000l)); };
  for (double v : edge) t.edge.push_back(sixteenths(v));
  for (double v : corner) t.corner.push_back(sixteenths(v));
  for (double v : diagonal) t.diagonal.push_back(sixteenths(v));
  t.mobility = sixteenths(mobility);
  t.potential = sixteenths(potential);
  t.bias = sixteenths(bias);
  // Errors of the rounded table, as the search will read it.
  EvaluationWeights w{n, t.edge.data(), t.corner.data(), t.diagonal.data(), t.mobility, t.potential, t.bias};
  double trainSum = 0, heldSum = 0, baseSum = 0;
  std::size_t held = 0;
  for (std::size_t i = 0; i < samples.size(); ++i) {
    const double err = evaluate(w, features[i]) / 16.0 - samples[i].margin;
    (i % 10 == 9 ? heldSum : trainSum) += err * err;
    if (i % 10 == 9) {
      ++held;
      baseSum += double(samples[i].margin) * samples[i].margin;
    }
  }
  t.trainError = rms(trainSum, samples.size() - held);
  t.heldOutError = rms(heldSum, held);
  t.baselineError = rms(baseSum, held);
  return t;
}

std::string weightsSource(const std::vector<FittedTable>& tables, const std::string& madeBy, const std::string& names) {
  std::ostringstream out;
  out << "// Generated by " << madeBy << "\n// (solver/othello/evaluation_fit.h). Do not edit: fit again.\n";
  const auto array = [&](const std::string& name, const std::vector<std::int16_t>& v) {
    out << "const std::int16_t " << name << "[" << v.size() << "] = {";
    for (std::size_t i = 0; i < v.size(); ++i) out << (i % 24 == 0 ? "\n" : "") << v[i] << ",";
    out << "\n};\n";
  };
  for (const FittedTable& t : tables) {
    out << "// " << t.size << "x" << t.size << ": rms error " << t.heldOutError << " discs on held-out samples (" << t.baselineError
        << " guessing 0), " << t.trainError << " on the fitted ones.\n";
    const std::string s = std::to_string(t.size);
    array("k" + names + "Edge" + s, t.edge);
    array("k" + names + "Corner" + s, t.corner);
    array("k" + names + "Diagonal" + s, t.diagonal);
  }
  out << "inline const EvaluationWeights kFitted" << names << "Weights[] = {\n";
  for (const FittedTable& t : tables) {
    const std::string s = std::to_string(t.size), k = "k" + names;
    out << "    {" << s << ", " << k << "Edge" << s << ", " << k << "Corner" << s << ", " << k << "Diagonal" << s << ", " << t.mobility << ", " << t.potential
        << ", " << t.bias << "},\n";
  }
  if (tables.empty()) out << "    {},\n";
  out << "};\n";
  return out.str();
}

}  // namespace tengen::othello
