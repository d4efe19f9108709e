// The proof horizon of known games: walking back from a game's final five, the earliest ply at
// which the prover proves the known winner's win. The yardstick of every change to the prover.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "solver/gomoku/known_proofs.h"
#include "solver/gomoku/solve.h"
#include "solver/gomoku/threat_search_counts.h"
#include "solver/gomoku/types.h"

namespace tengen::bench {

// One game of a JSON Lines file: {"opening", "name", "winner", "moves"} (RIF moves from h8), and
// "rule" (renju, freestyle or standard) where the game is not renju.
struct HorizonGame {
  std::string opening, name;
  gomoku::Color winner = gomoku::Color::Black;
  gomoku::Rule rule = gomoku::Rule::Renju;
  std::string moves;  // as written
  int plies = 0;      // moves in the game
};
// Throws std::runtime_error naming the file and line when it cannot be read. `rule`: the rule of
// the lines that name none.
std::vector<HorizonGame> loadHorizonGames(const std::string& path, gomoku::Rule rule = gomoku::Rule::Renju);

// One position tried: the one after `ply` moves.
struct HorizonStep {
  int ply = 0;
  std::string result;      // "proved", "unknown", "disproved" (the winner cannot force a win)
  std::uint64_t nodes = 0;      // the proof searches' nodes (what maxNodes bounds)
  std::uint64_t zoneNodes = 0;  // the null-move threat searches' nodes (bounded by the time limit)
  // The single-process prover's threat searches (not counted through the coordinator).
  std::optional<gomoku::ThreatSearchCounts> threatSearches;
  // Through the coordinator: proofs its workers' searches took from the book as leaves.
  std::optional<std::uint64_t> proofsLent;
  double seconds = 0;
  std::size_t proofNodes = 0;
  int proofDepth = 0;
  std::string error;       // a verifier rejection or a contradiction with the known winner
  double hintSeconds = 0;  // a guided walk: the time its questions took (those during the search also in `seconds`)
};

struct HorizonLine {
  HorizonGame game;
  int earliest = -1;  // the earliest ply proved (-1: none)
  std::vector<HorizonStep> steps;
  std::uint64_t nodes = 0, zoneNodes = 0;
  double seconds = 0;
  int errors = 0;     // release-blocking: verifier rejections and contradictions
};

struct HorizonOptions {
  std::uint64_t maxNodes = 1'000'000;  // per position (0: none)
  double maxSeconds = 60;              // per position (0: none)
  std::size_t hashMegabytes = 512;
  int missesToStop = 3;                // consecutive positions not proved
  int stopAtPly = 3;                   // the opening: nothing earlier is tried
  int startAtPly = 0;                  // the first position tried (0: the one before the final five)
  // Each proof found on a line is kept and taken as a leaf by the proofs of earlier positions
  // of that line (as a book built backwards from a game grows); false: every position alone.
  bool reuse = false;
  std::uint64_t probeNodes = 64, probeMaxNodes = 4096;  // threat probes (see gomoku::SolveOptions)
  int replyProbePlies = 0;                              // reply probes (see gomoku::SolveOptions)
  std::uint64_t sequenceThreats = gomoku::SolveOptions{}.sequenceThreats;  // threat-space sequences (see gomoku::SolveOptions)
  int effortShift = 7;                                  // the effort-aware choice (see gomoku::SolveOptions)
  double epsilon = proof::kDefaultEpsilon;              // full-mode 1+epsilon (see gomoku::SolveOptions)
  int weakProofPlies = gomoku::SolveOptions{}.weakProofPlies;  // weak proof numbers (see gomoku::SolveOptions)
  bool siblingHints = true;                             // sibling hints (see gomoku::SolveOptions)
  bool bookLeaves = true;  // distributed: workers take the book's verified wins as leaves
  // Proves a position another way (the distributed solver); empty: the single-process prover.
  // Gets the moves so far (RIF, from h8), the winner and the game's rule; returns the step's figures.
  std::function<HorizonStep(const std::string& moves, gomoku::Color winner, gomoku::Rule rule)> prove;
  // A guided walk: the single-process prover's hints for the winner at each position (an
  // engine's moves: engine/engine_hints.h); empty: none.
  std::function<std::shared_ptr<const gomoku::ProofGame::Hints>(const gomoku::Position&, gomoku::Color winner)> hintsFor;
  // A guided walk: the oracle asked during each search (see gomoku::SolveOptions::oracle); empty: none.
  gomoku::MoveOracle oracle;
  std::uint64_t oracleAfterNodes = 256;
  int oracleQuestions = 0;
  bool oracleInBackground = false;  // see gomoku::SolveOptions::oracleInBackground
  // The proofs each line starts with, by the line's rule (a book's verified wins, taken as leaves
  // and grafted in, so each proof is still checked whole); empty: none.
  std::function<std::shared_ptr<gomoku::KnownProofs>(gomoku::Rule)> knownAtStart;
  // The proofs a search takes as leaves (set by runHorizon for each line: knownAtStart's, else a
  // fresh set when reusing); reusing adds each proof found to them.
  std::shared_ptr<gomoku::KnownProofs> known;
  std::function<void(const HorizonGame&, const HorizonStep&)> onStep;  // progress
};

// Walks one game back from its end.
HorizonLine runHorizon(const HorizonGame& game, const HorizonOptions& options);

// Where a walk stalls with the loser to move, the wall is the replies: each must be refuted. This
// asks, after `ply` moves of `game` and then the moves `then` (space separated, may be empty),
// whether the winner forces a win after each legal move of the loser, one at a time with the
// options' budget, in board order. With the winner to move there instead, it asks the same after
// each of the winner's legal moves within two cells of a stone (`winnerMoves`): which of them win,
// and at what cost (a move farther away leaves the loser a free move). Each step's ply counts
// the stones after the move; `reply` names the move. Throws std::invalid_argument when the game
// has no such ply or `then` does not continue it with a position in play.
struct ReplyStep {
  std::string reply;
  bool winnerMove = false;  // the winner's move, not the loser's reply
  HorizonStep step;
};
struct ReplySet {
  std::vector<ReplyStep> steps;
  bool winnerMoves = false;  // the steps are the winner's moves, not the loser's replies
};
ReplySet runReplies(const HorizonGame& game, int ply, const std::string& then, const HorizonOptions& options,
                    const std::function<void(const ReplyStep&)>& onReply = {});

}  // namespace tengen::bench

namespace tengen::coordinator {
class WorkerPool;
}

namespace tengen::bench {

// A prover for HorizonOptions::prove that asks the coordinator, with `pool`'s workers, only
// whether the winner forces a win, within the options' node and time budgets for the whole run
// (the root's first job `rootJobNodes` nodes with the options' table, the others `jobNodes`), each
// position in a fresh book under `scratchDir`.
std::function<HorizonStep(const std::string&, gomoku::Color, gomoku::Rule)> distributedProver(coordinator::WorkerPool& pool,
                                                                               const HorizonOptions& options,
                                                                               std::uint64_t jobNodes, std::uint64_t rootJobNodes,
                                                                               const std::string& scratchDir);

}  // namespace tengen::bench
