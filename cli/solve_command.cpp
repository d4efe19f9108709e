// `tengen solve`: the value of a position (or a VCF/VCT) with best move, line and proof figures.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <sstream>

#include "book/book.h"
#include "book/book_proofs.h"
#include "book/stored_proof.h"
#include "cli/args.h"
#include "cli/game_commands.h"
#include "cli/book_open.h"
#include "cli/commands.h"
#include "cli/distributed.h"
#include "cli/hint_engine_options.h"
#include "cli/board_text.h"
#include "cli/input_lines.h"
#include "cli/json.h"
#include "cli/search_tuning.h"
#include "cli/library.h"
#include "engine/engine_hints.h"
#include "engine/external_engine.h"
#include "solver/gomoku/notation.h"
#include "solver/gomoku/solve.h"
#include "worker/shutdown.h"

namespace tengen::cli {
namespace {

using namespace tengen::gomoku;

// The search's budget as a player reads it.
std::string budgetText(double seconds, std::uint64_t nodes) {
  std::ostringstream out;
  if (seconds > 0) out << "limit " << seconds << " s";
  if (nodes > 0) out << (seconds > 0 ? " or " : "limit ") << nodes << " positions";
  if (seconds <= 0 && nodes == 0) out << "no limit (Ctrl-C stops and keeps what is proved)";
  return out.str();
}

std::size_t defaultHashMegabytes() { return std::clamp<std::size_t>(machineMemoryMegabytes() / 16, 64, 2048); }

// What the engine was asked, before and during the search.
struct HintCounts {
  int asked = 0, answered = 0, askedInSearch = 0;
  double seconds = 0;
};

// Solves one position, prints the answer and stores its proofs. In a batch a bad position gets
// an error answer and the batch goes on; returns false then.
bool solveOne(const std::string& text, const PositionOptions& popts, SolveOptions options, bool json,
              book::Book* store, bool batch, KnownProofs* known = nullptr, const HintEngineOptions* hints = nullptr) {
  Position pos;
  try {
    pos = parsePosition(text, popts);
  } catch (const PositionError& e) {
    if (!batch) throw;
    printLineError(text, e.what(), json);
    return false;
  }
  const int n = pos.board.size();
  const bool terminal = !json && isatty(STDERR_FILENO);
  // A guided proof: the engine's moves at the attacker's positions go first, named before the
  // search near the root and, with afterNodes, during it wherever the search keeps coming back.
  std::optional<engine::ExternalEngine> engine;
  HintCounts hinted;
  if (hints) {
    engine.emplace(hints->command, n, pos.rule, hints->milliseconds);
    const auto start = std::chrono::steady_clock::now();
    if (hints->plies > 0) {
      engine::EngineHintOptions o;
      o.plies = hints->plies;
      o.attacker = options.onlyAttacker;
      if (terminal) o.progress = [](int asked) { std::fprintf(stderr, "\rhints: %d positions asked   ", asked); };
      const engine::EngineHints ahead = engine::engineHints(pos, engine::oracleOf(*engine), o);
      hinted.asked = ahead.asked;
      hinted.answered = ahead.answered;
      options.hints = ahead.hints;
      if (terminal) std::fprintf(stderr, "\r%40s\r", "");
    }
    hinted.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (hints->afterNodes > 0) {
      options.oracle = [oracle = engine::oracleOf(*engine), &hinted](const Board& b, Color c) {
        const auto start = std::chrono::steady_clock::now();
        const auto move = oracle(b, c);
        hinted.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        ++hinted.asked;
        ++hinted.askedInSearch;
        if (move) ++hinted.answered;
        return move;
      };
      options.oracleAfterNodes = hints->afterNodes;
      options.oracleQuestions = hints->questions;
      options.oracleInBackground = !hints->wait;
    }
  }
  if (terminal) {
    // In a player's words: what is being proved, how far, and how long it may still take.
    const std::string budget = budgetText(options.maxSeconds, options.maxNodes);
    options.progress = [budget, start = std::chrono::steady_clock::now()](const SolveProgress& p) {
      const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      std::fprintf(stderr, "\rproving %s's win: %llu positions searched (%.0f/s), %.1f s, %s   ",
                   std::string(colorName(p.attacker)).c_str(), static_cast<unsigned long long>(p.nodes),
                   p.seconds > 0 ? p.nodes / p.seconds : 0.0, elapsed, budget.c_str());
    };
  }
  const SolveResult r = solve(pos, options);
  if (terminal && r.seconds >= 1.0) std::fprintf(stderr, "\r%80s\r", "");
  if (engine && !engine->answering())
    std::cerr << "tengen solve: warning: engine " << quoted(hints->command) << " stopped answering; its moves so far were used\n";

  std::size_t stored = 0;
  if (store) stored = book::storeSolve(*store, pos, r);
  // The next positions of a batch take this proof as a leaf too.
  if (known && r.verified)
    for (const auto& p : r.proofs)
      if (p.tree.attackerWins) known->add(pos.board, pos.toMove, p.attacker, std::make_shared<proof::ProofTree<Point>>(p.tree));

  const std::string best = r.bestMove == kNoPoint ? "" : formatPoint(r.bestMove, n);
  // --win: the asked side's win proved, disproved (it cannot force one) or not settled.
  const bool disproved = options.onlyAttacker && r.verified && !r.proofs.empty() && !r.proofs[0].tree.attackerWins;
  const std::string win = r.value != GameValue::Unknown ? "proved" : disproved ? "disproved" : "unknown";
  if (json) {
    const std::string line = jsonMoves(r.line, n);
    JsonObject o = positionJson(text, pos);
    o.str("mode", proofModeName(options.mode))
        .str("result", gameValueName(r.value));
    if (options.mode != ProofMode::Full)
      o.str("search", r.value != GameValue::Unknown ? "found" : r.noneWithinLimits ? "none" : "budget");
    if (options.onlyAttacker) o.str("win_asked", colorName(*options.onlyAttacker)).str("win", win);
    o.raw("best_move", best.empty() ? "null" : jsonQuote(best))
        .raw("line", line)
        .num("proof_nodes", static_cast<long long>(r.proofNodes))
        .num("proof_depth", static_cast<long long>(r.proofDepth))
        .num("nodes", static_cast<long long>(r.nodes))
        .num("zone_nodes", static_cast<long long>(r.zoneNodes));
    if (options.mode == ProofMode::Full) addThreatSearches(o, r.threatSearches);
    o.num("seconds", r.seconds)
        .boolean("verified", r.verified);
    if (!r.verifyError.empty()) o.str("error", r.verifyError);
    if (hints)
      o.raw("hints", JsonObject()
                         .str("engine", hints->command)
                         .num("asked", static_cast<long long>(hinted.asked))
                         .num("answered", static_cast<long long>(hinted.answered))
                         .num("asked_in_search", static_cast<long long>(hinted.askedInSearch))
                         .num("seconds", hinted.seconds)
                         .done());
    if (store) o.str("book", store->dir()).num("stored", static_cast<long long>(stored));
    if (worker::stopRequested()) o.str("stopped_by", worker::stopReason());
    std::cout << o.done() << '\n';
  } else {
    std::cout << "position: " << shownPosition(text) << '\n'
              << "rule: " << ruleName(pos.rule) << ", " << n << "x" << n << ", " << colorName(pos.toMove)
              << " to move, mode " << proofModeName(options.mode) << '\n'
              << "result: " << gameValueName(r.value);
    if (r.value == GameValue::Unknown && worker::stopRequested())
      std::cout << " (stopped by " << worker::stopReason() << ")";
    else if (disproved)
      std::cout << " (" << colorName(*options.onlyAttacker) << " cannot force a win here)";
    else if (options.mode != ProofMode::Full && r.value == GameValue::Unknown)
      std::cout << (r.noneWithinLimits ? " (no " + std::string(proofModeName(options.mode)) + " within the limits)"
                                       : " (budget ran out)");
    else if (r.value == GameValue::Unknown)
      std::cout << " (not settled within " << budgetText(options.maxSeconds, options.maxNodes)
                << ": give more --time or --nodes; --book keeps what is proved for the next run)";
    std::cout << '\n';
    if (!batch) {
      // The board as a player reads it: moves numbered, the best move, black's fouls when black is to move.
      std::vector<DiagramMark> marks;
      if (pos.toMove == Color::Black) marks = forbiddenMarks(pos.board, pos.rule);
      if (r.bestMove != kNoPoint) marks.push_back({r.bestMove, "@"});
      const bool numbered = text.find('/') == std::string::npos;
      std::cout << drawDiagram(pos.board, numbered, marks)
                << "legend: " << diagramLegend(numbered, pos.toMove == Color::Black && pos.rule == Rule::Renju, r.bestMove != kNoPoint);
    }
    if (!best.empty()) std::cout << "best move: " << best << '\n';
    if (!r.line.empty()) std::cout << "line: " << formatLine(r.line, n) << '\n';
    if (r.verified) std::cout << "proof: " << r.proofNodes << " positions, checked by the verifier\n";
    if (!r.verifyError.empty()) std::cout << "warning: " << r.verifyError << '\n';
    std::cout << "search: " << r.nodes << " nodes, " << static_cast<long long>(r.seconds > 0 ? r.nodes / r.seconds : 0)
              << " nodes/s, " << r.seconds << " s";
    if (r.zoneNodes) std::cout << " (and " << r.zoneNodes << " nodes of null-move threat searches for relevance zones)";
    std::cout << '\n';
    if (hints)
      std::cout << "hints: " << hinted.answered << " moves named by " << hints->command << " in " << hinted.asked
                << " positions (" << hinted.askedInSearch << " during the search), " << hinted.seconds << " s\n";
    if (store) std::cout << "book: " << stored << " positions stored in " << store->dir() << '\n';
  }
  std::cout.flush();
  return true;
}

}  // namespace

int runSolve(int argc, char** argv) {
  const Args args(argc, argv, 2, commandHelp("solve"));
  return gameCommandsFor(args).solve(args);
}

int solveFiveInARow(const Args& args) {
  if (distributedRequested(args)) return runDistributedSolve(args);
  // Ctrl-C stops the search where it is: the answer so far is printed (and stored), then the
  // command ends with 128 + the signal.
  worker::catchStopSignals();
  if (args.positional().size() > 1)
    throw UsageError("give one position (quote it), e.g. tengen solve \"h8 h9 i9\", or none to read standard input");
  const PositionOptions popts = positionOptions(args);
  SolveOptions options;
  if (const auto mode = args.value("mode"); mode && !parseProofMode(*mode, options.mode))
    throw UsageError("unknown mode " + quoted(*mode) + " (full, vct or vcf)");
  options.maxNodes = static_cast<std::uint64_t>(args.integer("nodes", 0, 0, 1LL << 50));
  options.maxSeconds = args.seconds("time", 0, 0, 1e9);
  options.hashMegabytes = hashMegabytes(args, defaultHashMegabytes(), 1, "--hash " + args.value("hash").value_or(""));
  options.moveLimit = static_cast<int>(args.integer("limit", 0, 0, 255));
  options.threatLimit = static_cast<int>(args.integer("threat-limit", 1, 1, 8));
  options.nullMoveNodes = static_cast<std::uint64_t>(args.integer("zone-nodes", 1000, 0, 1LL << 40));
  readSearchTuning(args, options);
  const bool json = args.flag("json");
  // One side's win only: a guided proof of a known winner need not spend half on the other side.
  options.onlyAttacker = colorOption(args, "win");
  if (options.onlyAttacker && options.mode != ProofMode::Full)
    throw UsageError("--win asks a full-value question: leave out --mode (a VCF or VCT is the side to move's)");
  const std::optional<HintEngineOptions> hintEngine = hintEngineOptions(args);
  if (hintEngine) {
    if (options.mode != ProofMode::Full) throw UsageError("--hint-engine guides full-value proofs only: leave out --mode");
    if (args.value("lines")) throw UsageError("give --lines or --hint-engine, not both");
  }
  const HintEngineOptions* hints = hintEngine ? &*hintEngine : nullptr;
  // Opened before any search so a locked or unreadable book fails at once, not after it.
  std::unique_ptr<book::Book> store;
  if (args.value("book")) store = openBookWriter(args, book::Book::Access::Create);
  book::Book* book = store.get();
  // The book's proofs are leaves of new proofs (rebuilt from it and checked again with them).
  std::shared_ptr<KnownProofs> known;
  if (book && options.mode == ProofMode::Full) options.known = known = book::knownProofsOf(*book, popts.rule, popts.size);
  options.cancel = &worker::stopFlag();
  auto stopped = [&](int status) {
    if (!worker::stopRequested()) return status;
    std::cerr << "tengen solve: stopped by " << worker::stopReason()
              << "; the positions answered so far are printed" << (book ? " and stored" : "") << '\n';
    return worker::stopExitStatus();
  };
  if (const auto file = args.value("lines")) {
    // A guided proof: every line of the library, its moves tried first for the attacker.
    if (!args.positional().empty()) throw UsageError("give a position or --lines FILE, not both");
    const book::MoveTree tree = readLibrary(*file);
    options.hints = libraryHints(tree);
    bool allGood = true, first = true;
    for (const LibraryLine& l : libraryLines(tree, popts)) {
      if (!json && !first) std::cout << '\n';
      first = false;
      if (!l.error.empty()) {
        printLineError(l.moves, l.error, json);
        allGood = false;
        continue;
      }
      allGood &= solveOne(l.moves, popts, options, json, book, true, known.get());
      if (worker::stopRequested()) break;
    }
    return stopped(allGood ? 0 : 1);
  }
  if (!args.positional().empty()) {
    solveOne(args.positional()[0], popts, options, json, book, false, known.get(), hints);
    return stopped(0);
  }
  bool first = true;
  bool allGood = true;
  promptIfTerminal("solve");
  forEachInputLine(std::cin, [&](const std::string& line) {
    if (worker::stopRequested()) return true;  // the rest of the input is left unread
    if (!json && !first) std::cout << '\n';
    first = false;
    allGood &= solveOne(line, popts, options, json, book, true, known.get(), hints);
    return true;
  });
  return stopped(allGood ? 0 : 1);
}

}  // namespace tengen::cli
