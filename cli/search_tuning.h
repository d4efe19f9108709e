// The prover's tuning options, read alike by `solve` and `bench horizon` into their own option
// structs (gomoku::SolveOptions, bench::HorizonOptions), which share these fields' names.
#pragma once

#include "cli/args.h"
#include "solver/gomoku/solve.h"
#include "solver/proof/proof_numbers.h"

namespace tengen::cli {

// --probe-nodes, --probe-max, --sequence-threats, --reply-probes, --effort-shift, --epsilon,
// --weak-pn and --sibling-hints, each with the prover's default.
template <class Options>
void readSearchTuning(const Args& args, Options& options) {
  options.probeNodes = static_cast<std::uint64_t>(args.integer("probe-nodes", 64, 0, 1LL << 40));
  options.probeMaxNodes = static_cast<std::uint64_t>(args.integer("probe-max", 4096, 0, 1LL << 40));
  options.sequenceThreats = static_cast<std::uint64_t>(
      args.integer("sequence-threats", static_cast<long long>(gomoku::SolveOptions{}.sequenceThreats), 0, 1LL << 40));
  options.replyProbePlies = static_cast<int>(args.integer("reply-probes", 0, 0, 400));
  options.effortShift = static_cast<int>(args.integer("effort-shift", 7, 0, 30));
  options.epsilon = args.real("epsilon", proof::kDefaultEpsilon, 0, 16);
  options.weakProofPlies = static_cast<int>(args.integer("weak-pn", gomoku::SolveOptions{}.weakProofPlies, 0, 512));
  options.siblingHints = args.integer("sibling-hints", 1, 0, 1) == 1;
}

}  // namespace tengen::cli
