// `tengen bench`: prints speed figures for later comparison as ratios.
#include <unistd.h>

#include <algorithm>
#include <array>
#include <filesystem>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <map>
#include <memory>
#include <vector>

#include "bench/book_bench.h"
#include "solver/gomoku/notation.h"
#include "bench/distributed_bench.h"
#include "bench/foul_scan_bench.h"
#include "bench/horizon_bench.h"
#include "bench/othello_bench.h"
#include "bench/fouls_data.h"
#include "bench/test_data.h"
#include "book/book.h"
#include "book/book_proofs.h"
#include "bench/solve_bench.h"
#include "cli/args.h"
#include "cli/commands.h"
#include "cli/distributed.h"
#include "cli/hint_engine_options.h"
#include "cli/json.h"
#include "cli/search_tuning.h"
#include "coordinator/worker_pool.h"
#include "engine/engine_hints.h"
#include "engine/external_engine.h"
#include "worker/mpi_session.h"

namespace tengen::cli {

namespace {

int benchSolve(bool json) {
  std::uint64_t nodes = 0;
  double seconds = 0;
  for (const auto& f : bench::runSolveBench()) {
    nodes += f.nodes;
    seconds += f.seconds;
    if (json)
      std::cout << JsonObject()
                       .str("bench", "solve")
                       .str("position", f.name)
                       .str("result", f.result)
                       .num("nodes", static_cast<long long>(f.nodes))
                       .num("seconds", f.seconds)
                       .num("nodes_per_s", f.nodes / std::max(f.seconds, 1e-9))
                       .done()
                << '\n';
    else
      std::printf("%-36s %-11s %10llu nodes %8.3f s %10.0f nodes/s\n", f.name.c_str(), f.result.c_str(),
                  static_cast<unsigned long long>(f.nodes), f.seconds, f.nodes / std::max(f.seconds, 1e-9));
  }
  if (json)
    std::cout << JsonObject()
                     .str("bench", "solve")
                     .str("position", "total")
                     .num("nodes", static_cast<long long>(nodes))
                     .num("seconds", seconds)
                     .num("nodes_per_s", nodes / std::max(seconds, 1e-9))
                     .done()
              << '\n';
  else
    std::printf("%-36s %-11s %10llu nodes %8.3f s %10.0f nodes/s\n", "total", "",
                static_cast<unsigned long long>(nodes), seconds, nodes / std::max(seconds, 1e-9));
  return 0;
}

int benchBook(const Args& args) {
  const auto entries = static_cast<std::uint64_t>(args.integer("entries", 1000000, 1000, 100000000));
  const auto queries = static_cast<std::uint64_t>(args.integer("queries", 200000, 1000, 100000000));
  const bool keep = args.value("dir").has_value();
  const std::string dir = args.value("dir").value_or("/tmp/tengen-bench-book-" + std::to_string(getpid()));
  if (std::filesystem::exists(dir)) throw UsageError(gomoku::quoted(dir, 200) + " exists; the book benchmark writes a new book");
  const auto f = bench::runBookBench(dir, entries, queries, keep);
  const double hit = f.queries / f.hitSeconds, canonical = f.queries / f.canonicalSeconds, miss = f.queries / f.missSeconds;
  const double perEntry = static_cast<double>(f.diskBytes) / static_cast<double>(f.entries);
  if (args.flag("json")) {
    std::cout << JsonObject()
                     .str("bench", "book")
                     .num("entries", static_cast<long long>(f.entries))
                     .num("fill_seconds", f.fillSeconds)
                     .num("entries_written_per_s", f.entries / f.fillSeconds)
                     .num("disk_bytes", static_cast<long long>(f.diskBytes))
                     .num("bytes_per_entry", perEntry)
                     .num("hit_queries_per_s", hit)
                     .num("oriented_queries_per_s", canonical)
                     .num("miss_queries_per_s", miss)
                     .num("batch_positions", static_cast<long long>(f.batchPositions))
                     .num("batch_replies_per_position", static_cast<double>(f.batchReplies) / std::max<std::uint64_t>(1, f.batchPositions))
                     .num("batch_positions_per_s", f.batchPositions / f.batchSeconds)
                     .num("batch_threads", static_cast<long long>(f.batchThreads))
                     .num("batch_positions_per_s_threaded", f.batchPositions / f.batchSecondsThreaded)
                     .done()
              << '\n';
  } else {
    std::printf("book: %llu entries written in %.2f s (%.0f entries/s), %llu bytes on disk (%.1f bytes/entry)\n",
                static_cast<unsigned long long>(f.entries), f.fillSeconds, f.entries / f.fillSeconds,
                static_cast<unsigned long long>(f.diskBytes), perEntry);
    std::printf("  point queries, stored key:                 %10.0f queries/s\n", hit);
    std::printf("  point queries, board in any orientation:   %10.0f queries/s (canonical key + get)\n", canonical);
    std::printf("  point queries, absent key:                 %10.0f queries/s\n", miss);
    std::printf("  batch queries (value, line, every reply):  %10.0f positions/s on 1 thread, %.0f on %d threads "
                "(%llu positions, %.0f replies each)\n",
                f.batchPositions / f.batchSeconds, f.batchPositions / f.batchSecondsThreaded, f.batchThreads,
                static_cast<unsigned long long>(f.batchPositions),
                static_cast<double>(f.batchReplies) / std::max<std::uint64_t>(1, f.batchPositions));
  }
  return 0;
}

int benchDistributed(const Args& args) {
  const bool json = args.flag("json");
  const bool quick = args.flag("quick");
  const auto jobs = static_cast<std::uint64_t>(args.integer("jobs", 20000, 10, 100000000));
  // Dispatch capacity: through MPI ranks when run under mpirun, and through in-process workers
  // (2, and 64 sharing the cores as simulated workers).
  std::vector<std::pair<std::string, std::unique_ptr<coordinator::WorkerPool>>> pools;
  if (const auto* mpi = worker::MpiSession::current(); mpi && mpi->active() && mpi->size() > 1)
    pools.emplace_back("mpi", coordinator::makeWorkerPool(1));
  pools.emplace_back("threads", coordinator::makeLocalPool(2));
  if (!quick) pools.emplace_back("threads", coordinator::makeLocalPool(64));
  for (auto& [kind, pool] : pools) {
    const auto f = bench::runDispatchBench(*pool, jobs);
    pool->stop();
    if (json)
      std::cout << JsonObject()
                       .str("bench", "dispatch")
                       .str("transport", kind)
                       .num("workers", static_cast<long long>(pool->size()))
                       .num("jobs", static_cast<long long>(f.jobs))
                       .num("seconds", f.seconds)
                       .num("jobs_per_s", f.jobs / f.seconds)
                       .num("coordinator_busy", f.busyFraction())
                       .num("request_bytes", static_cast<long long>(f.requestBytes))
                       .num("reply_bytes", static_cast<long long>(f.replyBytes))
                       .done()
                << '\n';
    else
      std::printf("dispatch (%s, %d workers): %llu trivial jobs in %.2f s = %.0f jobs/s, coordinator busy %.0f%%; "
                  "request %zu bytes, reply %zu bytes\n",
                  kind.c_str(), pool->size(), static_cast<unsigned long long>(f.jobs), f.seconds, f.jobs / f.seconds,
                  f.busyFraction() * 100, f.requestBytes, f.replyBytes);
  }
  if (quick) return 0;
  // The coordinator's capacity for real answers: a recorded build replayed by simulated workers.
  const int replayDepth = static_cast<int>(args.integer("depth", 3, 1, 6));
  // A build asks the same questions whatever the worker count; a solve's questions follow its
  // answers' order, so a solve is replayed only as it was recorded (2 workers).
  const std::vector<std::pair<bench::ReplayScenario, std::vector<int>>> replays = {
      {bench::buildScenario(replayDepth), {2, 64, 1000}}, {bench::renjuSolveScenario(), {2}}};
  for (const auto& [scenario, workerCounts] : replays)
  for (const auto& r : bench::runReplayBench(scenario, workerCounts)) {
    if (json)
      std::cout << JsonObject()
                       .str("bench", "coordinator-replay")
                       .str("run", scenario.name)
                       .num("workers", static_cast<long long>(r.workers))
                       .num("answers", static_cast<long long>(r.answers))
                       .num("misses", static_cast<long long>(r.misses))
                       .num("checks", static_cast<long long>(r.checks))
                       .num("mean_tree_nodes", r.meanTreeNodes)
                       .num("mean_reply_bytes", r.meanReplyBytes)
                       .num("recorded_build_seconds", r.recordSeconds)
                       .num("seconds", r.seconds)
                       .num("coordinator_seconds", r.coordinatorSeconds)
                       .num("store_seconds", r.storeSeconds)
                       .num("answers_per_s", r.answersPerSecond())
                       .num("us_per_answer", r.answers ? 1e6 * r.coordinatorSeconds / r.answers : 0)
                       .done()
                << '\n';
    else
      std::printf("coordinator replay (%s, recorded in %.1f s; %d simulated workers): %llu answers (%.0f tree nodes, "
                  "%.0f bytes each; %llu not recorded), %llu checks accepted unchecked; coordinator %.2f s (book %.2f s) "
                  "= %.0f answers/s, %.0f us an answer\n",
                  scenario.name.c_str(), r.recordSeconds, r.workers, static_cast<unsigned long long>(r.answers), r.meanTreeNodes,
                  r.meanReplyBytes, static_cast<unsigned long long>(r.misses), static_cast<unsigned long long>(r.checks),
                  r.coordinatorSeconds, r.storeSeconds, r.answersPerSecond(),
                  r.answers ? 1e6 * r.coordinatorSeconds / r.answers : 0);
  }
  const int rounds = static_cast<int>(args.integer("rounds", 3, 1, 100));
  const auto runs = bench::runJobSetBench({1, 2}, rounds);
  for (const auto& r : runs) {
    const double speedup = runs.front().seconds / r.seconds;
    if (json)
      std::cout << JsonObject()
                       .str("bench", "job-set")
                       .num("workers", static_cast<long long>(r.workers))
                       .num("jobs", static_cast<long long>(r.jobs))
                       .num("nodes", static_cast<long long>(r.nodes))
                       .num("seconds", r.seconds)
                       .num("speedup", speedup)
                       .num("idle", r.idleFraction)
                       .num("coordinator_busy", r.coordinatorBusy)
                       .num("rounds", static_cast<long long>(rounds))
                       .num("bytes_per_message", r.bytesPerMessage)
                       .done()
                << '\n';
    else
      std::printf("job set (freestyle 6x6 book build, depth 2, 1000 nodes a job; fastest of %d), %d worker%s: %llu jobs, "
                  "%llu nodes, %.2f s, speedup %.2fx, idle %.1f%%, coordinator busy %.0f%%, %.0f bytes/message\n",
                  rounds, r.workers, r.workers == 1 ? "" : "s", static_cast<unsigned long long>(r.jobs),
                  static_cast<unsigned long long>(r.nodes), r.seconds, speedup, r.idleFraction * 100,
                  r.coordinatorBusy * 100, r.bytesPerMessage);
  }
  return 0;
}

// One position tried by the horizon bench, as a progress line on stderr (`where`: "ply 13", say).
void printStep(const bench::HorizonGame& g, const bench::HorizonStep& s, const std::string& where) {
  char hints[48] = "";
  if (s.hintSeconds > 0) std::snprintf(hints, sizeof hints, ", hints %.1f s", s.hintSeconds);
  std::fprintf(stderr, "  %s %s %s: %-9s %9llu nodes (+%llu zone) %7.2f s%s%s%s%s\n", g.opening.c_str(), g.name.c_str(),
               where.c_str(), s.result.c_str(), static_cast<unsigned long long>(s.nodes),
               static_cast<unsigned long long>(s.zoneNodes), s.seconds, hints,
               s.proofNodes ? (", proof " + std::to_string(s.proofNodes) + " nodes").c_str() : "",
               s.proofsLent.value_or(0) ? (", " + std::to_string(*s.proofsLent) + " lent").c_str() : "",
               s.error.empty() ? "" : ("  ERROR: " + s.error).c_str());
}

// The same step's figures as JSON fields.
JsonObject& addStep(JsonObject& o, const bench::HorizonStep& s) {
  o.str("result", s.result).num("nodes", static_cast<long long>(s.nodes))
      .num("zone_nodes", static_cast<long long>(s.zoneNodes)).num("seconds", s.seconds)
      .num("proof_nodes", static_cast<long long>(s.proofNodes));
  if (s.threatSearches) addThreatSearches(o, *s.threatSearches);
  if (s.proofsLent) o.num("proofs_lent", static_cast<long long>(*s.proofsLent));
  if (s.hintSeconds > 0) o.num("hint_seconds", s.hintSeconds);
  if (!s.error.empty()) o.str("error", s.error);
  return o;
}

// bench horizon --replies: the loser's every reply at one ply of one line (or, with the winner to
// move there, the winner's moves near the stones), and where the nodes went.
int benchReplies(const bench::HorizonGame& game, int ply, const std::string& then, const bench::HorizonOptions& options,
                 bool json) {
  // The position's name in the lines printed: "ply 13" or "ply 13 then e9".
  const std::string where = "ply " + std::to_string(ply) + (then.empty() ? "" : " then " + then);
  const auto set = bench::runReplies(game, ply, then, options, [json, &where, &game](const bench::ReplyStep& r) {
    const char* key = r.winnerMove ? "move" : "reply";
    if (json) {
      JsonObject o;
      o.str("bench", "horizon-replies").str("opening", game.opening).str("name", game.name).str(key, r.reply);
      std::cout << addStep(o, r.step).done() << '\n' << std::flush;
    } else {
      printStep(game, r.step, where + ", " + key + " " + r.reply);
    }
  });
  const auto& replies = set.steps;
  // The figures that tell a wall from a slope: how many replies fall cheaply, and which do not.
  int proved = 0, errors = 0;
  std::uint64_t nodes = 0, zoneNodes = 0;
  double seconds = 0;
  std::array<int, 8> decades{};  // proved replies by nodes: under 10, 100, ..., 10^7, more
  std::vector<std::uint64_t> provedNodes;
  std::string open;  // replies not proved, with their results
  for (const auto& r : replies) {
    nodes += r.step.nodes;
    zoneNodes += r.step.zoneNodes;
    seconds += r.step.seconds;
    if (!r.step.error.empty()) ++errors;
    if (r.step.result == "proved") {
      ++proved;
      provedNodes.push_back(r.step.nodes);
      std::size_t d = 0;
      for (std::uint64_t n = r.step.nodes; n >= 10 && d + 1 < decades.size(); n /= 10) ++d;
      ++decades[d];
    } else {
      if (!open.empty()) open += ' ';
      open += r.reply;
      if (r.step.result != "unknown") open += "(" + r.step.result + ")";
    }
  }
  std::sort(provedNodes.begin(), provedNodes.end());
  const std::uint64_t median = provedNodes.empty() ? 0 : provedNodes[provedNodes.size() / 2];
  std::string histogram;
  for (int count : decades) {
    if (!histogram.empty()) histogram += ' ';
    histogram += std::to_string(count);
  }
  // Whose moves were tried: the loser's replies, or the winner's moves (each proved is a win).
  const gomoku::Color toMove = set.winnerMoves ? game.winner : gomoku::opponent(game.winner);
  const char* tried = set.winnerMoves ? "moves" : "replies";
  if (json) {
    JsonObject o;
    o.str("bench", "horizon-replies").str("opening", game.opening).str("name", game.name);
    o.num("ply", static_cast<long long>(ply));
    if (!then.empty()) o.str("then", then);
    std::cout << o.str("to_move", std::string(gomoku::colorName(toMove)))
                     .num(tried, static_cast<long long>(replies.size()))
                     .num("proved", static_cast<long long>(proved))
                     .str("not_proved", open)
                     .num("median_proved_nodes", static_cast<long long>(median))
                     .str("proved_by_decade", histogram)
                     .num("nodes", static_cast<long long>(nodes))
                     .num("zone_nodes", static_cast<long long>(zoneNodes))
                     .num("seconds", seconds)
                     .num("errors", static_cast<long long>(errors))
                     .done()
              << '\n';
  } else {
    std::printf("%s %s, %s (%s to move): %zu %s, %d proved (median %llu nodes; by nodes under 10, 100, ..., "
                "10^7, more: %s), not proved: %s; %llu nodes (+%llu zone), %.1f s, %d errors\n",
                game.opening.c_str(), game.name.c_str(), where.c_str(), std::string(gomoku::colorName(toMove)).c_str(),
                replies.size(), set.winnerMoves ? "moves within two cells of a stone" : tried, proved,
                static_cast<unsigned long long>(median), histogram.c_str(),
                open.empty() ? "none" : open.c_str(), static_cast<unsigned long long>(nodes),
                static_cast<unsigned long long>(zoneNodes), seconds, errors);
  }
  return errors ? 1 : 0;
}

int benchHorizon(const Args& args) {
  const bool json = args.flag("json");
  const std::string file = args.value("file").value_or(bench::testData("opening-lines.jsonl"));
  gomoku::Rule rule = gomoku::Rule::Renju;
  if (const auto named = args.value("rule"); named && !gomoku::parseRule(*named, rule))
    throw UsageError("unknown rule " + gomoku::quoted(*named) + " (renju, freestyle or standard)");
  std::vector<bench::HorizonGame> games = bench::loadHorizonGames(file, rule);
  if (const auto only = args.value("lines")) {
    // 1-based line numbers of the file, comma separated.
    std::vector<bench::HorizonGame> picked;
    std::size_t at = 0;
    while (at <= only->size()) {
      const std::size_t end = std::min(only->find(',', at), only->size());
      const std::string word = only->substr(at, end - at);
      char* stop = nullptr;
      const long k = std::strtol(word.c_str(), &stop, 10);
      if (word.empty() || *stop != '\0' || k < 1 || k > static_cast<long>(games.size()))
        throw UsageError("option '--lines' takes line numbers from 1 to " + std::to_string(games.size()) + ", not " +
                         gomoku::quoted(word));
      picked.push_back(games[static_cast<std::size_t>(k - 1)]);
      at = end + 1;
    }
    games = picked;
  }
  bench::HorizonOptions options;
  const bool budgetGiven = args.value("nodes") || args.value("time");
  options.maxNodes = static_cast<std::uint64_t>(args.integer("nodes", budgetGiven ? 0 : 1'000'000, 0, 1LL << 50));
  options.maxSeconds = args.seconds("time", 60, 0, 1e9);
  options.hashMegabytes = hashMegabytes(args, 512, 1, "--hash");
  options.startAtPly = static_cast<int>(args.integer("start", 0, 0, 400));
  options.stopAtPly = static_cast<int>(args.integer("stop", options.stopAtPly, 0, 400));
  if (options.startAtPly > 0 && options.stopAtPly > options.startAtPly)
    throw UsageError("option '--stop' (" + std::to_string(options.stopAtPly) + ") is after '--start' (" +
                     std::to_string(options.startAtPly) + "): the walk goes from --start back to --stop");
  // A walk starts at the position before a game's final five at the latest: a game too short
  // for --stop would walk nothing.
  if (!args.flag("replies"))
    for (const auto& g : games)
      if (g.plies - 1 < options.stopAtPly)
        throw UsageError("option '--stop' (" + std::to_string(options.stopAtPly) + ") is after the last position " +
                         g.opening + " " + g.name + "'s walk can try (ply " + std::to_string(g.plies - 1) + ", the position before its last move)");
  // Through the coordinator and its workers (in-process threads, or the ranks under mpirun).
  std::unique_ptr<coordinator::WorkerPool> pool;
  std::string scratch;
  // The workers stop and the scratch books go however the run ends (usage errors included).
  struct Cleanup {
    std::unique_ptr<coordinator::WorkerPool>& pool;
    const std::string& scratch;
    ~Cleanup() {
      if (pool) pool->stop();
      std::error_code ignored;
      if (!scratch.empty()) std::filesystem::remove_all(scratch, ignored);
    }
  } cleanup{pool, scratch};
  options.reuse = args.flag("reuse");
  // A book's verified wins as leaves of every search (the opening knowledge a walk may lean on).
  std::unique_ptr<const book::Book> knownBook;
  std::map<gomoku::Rule, std::vector<book::ProvedWin>> knownWins;
  if (const auto dir = args.value("book")) {
    if (distributedRequested(args))
      throw UsageError("--book goes with the walk in one process, not with --workers or mpirun (each position gets a scratch book there)");
    knownBook = std::make_unique<const book::Book>(*dir, book::Book::Access::ReadOnly);
    options.knownAtStart = [&knownBook, &knownWins](gomoku::Rule r) {
      auto listed = knownWins.find(r);
      if (listed == knownWins.end()) listed = knownWins.emplace(r, book::provedWinsOf(*knownBook, r, gomoku::kDefaultSize)).first;
      return book::knownProofsOf(*knownBook, listed->second, r, gomoku::kDefaultSize);
    };
  }
  readSearchTuning(args, options);
  options.bookLeaves = args.integer("book-leaves", 1, 0, 1) == 1;
  if (distributedRequested(args)) {
    // Guided: each worker asks an engine of its own during its jobs' searches.
    pool = coordinator::makeWorkerPool(static_cast<int>(args.integer("workers", 2, 1, 1024)), distributedGuide(args));
    // One search proves more with its nodes than jobs splitting them: the root's first job holds
    // the position's budget but one job for each other worker, which start on its children.
    char dir[] = "/tmp/tengen-horizon-XXXXXX";
    if (!mkdtemp(dir)) throw std::runtime_error("cannot make a scratch directory for the books");
    scratch = dir;
    const auto jobNodes = static_cast<std::uint64_t>(
        args.integer("job-nodes", std::max<long long>(1000, static_cast<long long>(options.maxNodes / (4 * pool->size()))), 1,
                     1LL << 50));
    const std::uint64_t others = jobNodes * static_cast<std::uint64_t>(pool->size() - 1);
    const std::uint64_t rootJobNodes = options.maxNodes > others ? std::max(jobNodes, options.maxNodes - others) : jobNodes;
    options.prove = bench::distributedProver(*pool, options, jobNodes, rootJobNodes, scratch);
  }
  // A guided walk: an engine's moves for the winner at each position, as `solve --hint-engine`.
  std::unique_ptr<engine::ExternalEngine> hintEngine;
  if (const auto hints = hintEngineOptions(args); hints && !pool) {
    // The engine plays by the walk's rule (told once, at its start): one rule for all the lines.
    for (const auto& g : games)
      if (g.rule != games.front().rule)
        throw UsageError("a guided walk in one process takes lines of one rule (the engine is told it once): " +
                         g.opening + " " + g.name + " is " + std::string(gomoku::ruleName(g.rule)) + ", " +
                         games.front().opening + " " + games.front().name + " " + std::string(gomoku::ruleName(games.front().rule)));
    hintEngine = std::make_unique<engine::ExternalEngine>(hints->command, gomoku::kDefaultSize,
                                                          games.empty() ? gomoku::Rule::Renju : games.front().rule,
                                                          hints->milliseconds);
    if (const int plies = hints->plies; plies > 0)
      options.hintsFor = [&hintEngine, plies](const gomoku::Position& pos, gomoku::Color winner) {
        engine::EngineHintOptions o;
        o.plies = plies;
        o.attacker = winner;
        return std::shared_ptr<const gomoku::ProofGame::Hints>(engine::engineHints(pos, engine::oracleOf(*hintEngine), o).hints);
      };
    if (hints->afterNodes > 0) {
      options.oracle = engine::oracleOf(*hintEngine);
      options.oracleAfterNodes = hints->afterNodes;
      options.oracleQuestions = hints->questions;
      options.oracleInBackground = !hints->wait;
    }
  }
  options.missesToStop = static_cast<int>(args.integer("misses", 3, 1, 400));
  options.onStep = [json](const bench::HorizonGame& g, const bench::HorizonStep& s) {
    if (!json) printStep(g, s, "ply " + std::to_string(s.ply));
  };
  if (args.value("then") && !args.flag("replies"))
    throw UsageError("--then goes with --replies: the moves played after --start PLY before the replies are tried");
  if (args.flag("replies")) {
    if (games.size() != 1 || options.startAtPly == 0)
      throw UsageError("--replies needs one line (--lines K) and the ply whose replies to try (--start PLY)");
    try {
      return benchReplies(games[0], options.startAtPly, args.value("then").value_or(""), options, json);
    } catch (const std::invalid_argument& e) {
      throw UsageError(std::string("--replies: ") + e.what());
    }
  }
  int errors = 0;
  std::uint64_t nodes = 0;
  double seconds = 0;
  std::vector<int> afterOpening;
  for (const auto& g : games) {
    const bench::HorizonLine line = bench::runHorizon(g, options);
    errors += line.errors;
    nodes += line.nodes;
    seconds += line.seconds;
    if (line.earliest >= 0) afterOpening.push_back(line.earliest - 3);
    std::size_t proofNodes = 0;
    for (const auto& s : line.steps)
      if (s.ply == line.earliest) proofNodes = s.proofNodes;
    if (json) {
      std::string steps = "[";
      for (const auto& s : line.steps) {
        JsonObject o;
        o.num("ply", static_cast<long long>(s.ply));
        steps += (steps.size() > 1 ? ", " : "") + addStep(o, s).done();
      }
      std::cout << JsonObject()
                       .str("bench", "horizon")
                       .str("opening", g.opening)
                       .str("rule", gomoku::ruleName(g.rule))
                       .str("name", g.name)
                       .str("winner", gomoku::colorName(g.winner))
                       .num("plies", static_cast<long long>(g.plies))
                       .num("earliest_ply", static_cast<long long>(line.earliest))
                       .num("proof_nodes", static_cast<long long>(proofNodes))
                       .num("nodes", static_cast<long long>(line.nodes))
                       .num("zone_nodes", static_cast<long long>(line.zoneNodes))
                       .num("seconds", line.seconds)
                       .num("errors", static_cast<long long>(line.errors))
                       .raw("steps", steps + "]")
                       .done()
                << '\n';
    } else {
      std::printf("%-4s %-9s %-5s %3d plies: earliest proved ply %3d (%s), proof %zu nodes, %llu nodes, %.1f s%s\n",
                  g.opening.c_str(), g.name.c_str(), std::string(gomoku::colorName(g.winner)).c_str(), g.plies,
                  line.earliest, line.earliest >= 0 ? (std::to_string(line.earliest - 3) + " after the opening").c_str() : "none",
                  proofNodes, static_cast<unsigned long long>(line.nodes), line.seconds,
                  line.errors ? (", " + std::to_string(line.errors) + " ERRORS").c_str() : "");
    }
    std::fflush(stdout);
  }
  std::sort(afterOpening.begin(), afterOpening.end());
  const double median = afterOpening.empty() ? -1
                        : afterOpening.size() % 2 ? afterOpening[afterOpening.size() / 2]
                                                  : (afterOpening[afterOpening.size() / 2 - 1] + afterOpening[afterOpening.size() / 2]) / 2.0;
  if (json)
    std::cout << JsonObject()
                     .str("bench", "horizon")
                     .str("position", "total")
                     .num("lines", static_cast<long long>(games.size()))
                     .num("median_plies_after_opening", median)
                     .num("nodes", static_cast<long long>(nodes))
                     .num("seconds", seconds)
                     .num("errors", static_cast<long long>(errors))
                     .done()
              << '\n';
  else
    std::printf("total: %zu lines, median %.1f plies after the opening, %llu nodes, %.1f s, %d errors\n", games.size(),
                median, static_cast<unsigned long long>(nodes), seconds, errors);
  return errors ? 1 : 0;
}

// The exact Othello endgame solver on the FForum problems: each problem's margin against the
// published one, nodes and time; exit 1 when any margin differs.
int benchOthello(const Args& args) {
  const bool json = args.flag("json");
  const std::string file = args.value("file").value_or(bench::testData("othello-ffo-1-19.obf"));
  const bool prove = args.flag("prove");
  const std::string method = args.value("method").value_or("null-window");
  if (method != "null-window" && method != "dfpn") throw UsageError("--method is null-window or dfpn");
  std::uint64_t nodes = 0, proofNodes = 0, treeNodes = 0;
  double seconds = 0, proofSeconds = 0;
  // A problem stopped at --time is reported unfinished: not wrong, and its time counts as spent.
  const double maxSeconds = args.seconds("time", 0, 0, 1e9);
  int wrong = 0, unfinished = 0, differing = 0;
  const bool replies = args.flag("replies");
  const auto solved = bench::runOthelloBench(file, prove, method == "dfpn" ? othello::ProofMethod::Dfpn : othello::ProofMethod::NullWindow,
                                             maxSeconds, replies);
  for (const auto& s : solved) {
    nodes += s.nodes;
    seconds += s.seconds;
    proofNodes += s.proofNodes;
    proofSeconds += s.proofSeconds;
    treeNodes += s.treeNodes;
    const bool right = s.margin == s.expected && s.bestScoresBest && (!prove || s.proved);
    unfinished += !s.finished;
    differing += s.finished && !s.repliesDiffering.empty();
    wrong += s.finished && !right;
    if (json) {
      JsonObject o;
      o.str("bench", "othello-endgame").num("problem", static_cast<long long>(s.number)).num("empties", static_cast<long long>(s.empties));
      if (s.finished) o.str("best", s.best).num("margin", static_cast<long long>(s.margin));
      o.num("expected", static_cast<long long>(s.expected))
          .boolean("finished", s.finished)
          .num("nodes", static_cast<long long>(s.nodes))
          .num("seconds", s.seconds);
      if (s.finished)
        o.raw("proved", prove ? (s.proved ? "true" : "false") : "null")
            .num("tree_nodes", static_cast<long long>(s.treeNodes))
            .num("proof_seconds", s.proofSeconds);
      if (s.finished && replies) {
        std::string wrongList = "[";
        for (std::size_t i = 0; i < s.repliesDiffering.size(); ++i) wrongList += (i ? ", " : "") + jsonQuote(s.repliesDiffering[i]);
        o.boolean("replies_finished", s.repliesFinished)
            .num("replies_checked", static_cast<long long>(s.repliesChecked))
            .raw("replies_differing", wrongList + "]")
            .num("replies_nodes", static_cast<long long>(s.repliesNodes))
            .num("replies_seconds", s.repliesSeconds);
      }
      std::cout << o.done() << '\n';
    } else if (!s.finished)
      std::printf("FFO #%-2d %2d empties: not finished in %g s (published %+3d), %llu nodes, %.3f s\n", s.number, s.empties,
                  maxSeconds, s.expected, static_cast<unsigned long long>(s.nodes), s.seconds);
    else
      std::printf("FFO #%-2d %2d empties: %s %+3d (published %+3d)%s, %llu nodes, %.3f s%s\n", s.number, s.empties,
                  s.best.c_str(), s.margin, s.expected, right ? "" : "  WRONG", static_cast<unsigned long long>(s.nodes),
                  s.seconds,
                  prove ? (std::string("; ") + (s.proved ? "proved and verified" : "NOT PROVED") + ", trees of " +
                           std::to_string(s.treeNodes) + " nodes, " + std::to_string(s.proofSeconds).substr(0, 5) + " s")
                              .c_str()
                        : "");
    if (s.finished && replies) {
      if (!s.repliesFinished) std::printf("        replies: not finished in %g s\n", maxSeconds);
      else if (s.repliesDiffering.empty())
        std::printf("        replies: all %d listed moves as published, %llu nodes, %.3f s\n", s.repliesChecked,
                    static_cast<unsigned long long>(s.repliesNodes), s.repliesSeconds);
      else {
        std::printf("        replies: %zu of %d listed moves DIFFER from the file:", s.repliesDiffering.size(), s.repliesChecked);
        for (const auto& w : s.repliesDiffering) std::printf(" %s;", w.c_str());
        std::printf("\n");
      }
    }
  }
  if (json)
    std::cout << JsonObject()
                     .str("bench", "othello-endgame-total")
                     .num("problems", static_cast<long long>(solved.size()))
                     .num("wrong", static_cast<long long>(wrong))
                     .num("unfinished", static_cast<long long>(unfinished))
                     .raw("replies_differ", replies ? std::to_string(differing) : "null")
                     .num("nodes", static_cast<long long>(nodes))
                     .num("seconds", seconds)
                     .num("nodes_per_s", seconds > 0 ? nodes / seconds : 0)
                     .str("proof_method", prove ? method : "")
                     .num("proof_nodes", static_cast<long long>(proofNodes))
                     .num("tree_nodes", static_cast<long long>(treeNodes))
                     .num("proof_seconds", proofSeconds)
                     .done()
              << '\n';
  else {
    char limit[128] = "";
    if (unfinished) std::snprintf(limit, sizeof limit, ", %d not finished in %g s", unfinished, maxSeconds);
    if (replies) std::snprintf(limit + std::strlen(limit), sizeof limit - std::strlen(limit), ", %d with replies differing from the file", differing);
    std::printf("total: %zu problems, %d wrong%s, %llu nodes, %.2f s, %.1f million nodes/s\n", solved.size(), wrong, limit,
                static_cast<unsigned long long>(nodes), seconds, seconds > 0 ? nodes / seconds / 1e6 : 0);
    if (prove)
      std::printf("proofs (%s): %llu nodes, trees of %llu nodes in all, %.2f s with the verifier\n", method.c_str(),
                  static_cast<unsigned long long>(proofNodes), static_cast<unsigned long long>(treeNodes), proofSeconds);
  }
  return wrong || differing ? 1 : 0;
}

}  // namespace

int runBench(int argc, char** argv) {
  const Args args(argc, argv, 2, commandHelp("bench"));
  if (args.positional().size() == 1 && args.positional()[0] == "horizon") return benchHorizon(args);
  if (args.positional().size() == 1 && args.positional()[0] == "solve") return benchSolve(args.flag("json"));
  if (args.positional().size() == 1 && args.positional()[0] == "book") return benchBook(args);
  if (args.positional().size() == 1 && args.positional()[0] == "distributed") return benchDistributed(args);
  if (args.positional().size() == 1 && args.positional()[0] == "othello") return benchOthello(args);
  if (args.positional().size() != 1 || args.positional()[0] != "fouls")
    throw UsageError("give one of fouls, solve, book, distributed, horizon, othello; see 'tengen help bench'");
  const std::string file = args.value("file").value_or(bench::testData("renju-fouls.tsv"));
  const int rounds = static_cast<int>(args.integer("rounds", 20, 1, 100000));
  const auto f = bench::runFoulScanBench(file, rounds);
  const double total = static_cast<double>(f.positions) * f.rounds;
  const double scanRate = total / f.scanSeconds;
  const double fullRate = total / (f.scanSeconds + f.parseSeconds);
  if (args.flag("json")) {
    std::cout << JsonObject()
                     .str("bench", "fouls")
                     .num("positions", static_cast<long long>(f.positions))
                     .num("rounds", static_cast<long long>(f.rounds))
                     .num("scan_positions_per_s", scanRate)
                     .num("parse_and_scan_positions_per_s", fullRate)
                     .num("forbidden_found", f.forbiddenFound)
                     .done()
              << '\n';
  } else {
    std::cout << "foul scan: " << f.positions << " positions x " << f.rounds << " rounds\n"
              << "  scan only:        " << static_cast<long long>(scanRate) << " positions/s\n"
              << "  parse + scan:     " << static_cast<long long>(fullRate) << " positions/s\n"
              << "  forbidden points: " << f.forbiddenFound / f.rounds << " per round\n";
  }
  return 0;
}

}  // namespace tengen::cli
