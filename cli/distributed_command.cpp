// The distributed commands: `tengen solve` under mpirun or with --workers (job-level search of
// one position), and `tengen book build` (every position a few plies deep; Othello's in
// cli/othello_commands.cpp). Both parse options,
// open the book, make the worker pool and hand over to the coordinator.
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <thread>

#include "book/book.h"
#include "book/book_query.h"
#include "cli/args.h"
#include "cli/book_open.h"
#include "cli/commands.h"
#include "cli/distributed.h"
#include "cli/hint_engine_options.h"
#include "cli/input_lines.h"
#include "cli/json.h"
#include "cli/game_commands.h"
#include "coordinator/coordinator.h"
#include "coordinator/worker_pool.h"
#include "solver/gomoku/notation.h"
#include "solver/gomoku/openings.h"
#include "worker/mpi_session.h"
#include "worker/shutdown.h"

namespace tengen::cli {

int workerCount(const Args& args) {
  return static_cast<int>(
      args.integer("workers", std::max(1, static_cast<int>(std::thread::hardware_concurrency())), 1, 1024));
}

ProgressReport progressReport(bool json, double& reportEvery) {
  if (json) return {};
  const bool terminal = isatty(STDERR_FILENO);
  reportEvery = terminal ? 1.0 : 10.0;
  return [terminal](const std::string& line, bool live) {
    if (terminal && live) std::fprintf(stderr, "\r%s\033[K", line.c_str());
    else if (terminal) std::fprintf(stderr, "\r%s\033[K\n", line.c_str());
    else std::fprintf(stderr, "%s\n", line.c_str());
    std::fflush(stderr);
  };
}

std::string fixed(double v, int digits) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", digits, v);
  return text;
}

std::string engineInJobs(const coordinator::RunSummary& s) {
  if (s.engineQuestions == 0) return {};
  return "engine in the jobs: " + std::to_string(s.engineQuestions) + (s.engineQuestions == 1 ? " question, " : " questions, ") +
         fixed(s.engineSeconds, 1) +
         " s of the jobs' " + fixed(s.workerSeconds, 1) + " s (" +
         fixed(100 * s.engineSeconds / std::max(1e-9, s.workerSeconds), 1) + "%)";
}

void addEngineInJobs(JsonObject& o, const coordinator::RunSummary& s) {
  o.num("engine_questions", static_cast<long long>(s.engineQuestions))
      .num("engine_seconds", s.engineSeconds)
      .num("worker_seconds", s.workerSeconds);
}

namespace {

using namespace tengen::gomoku;

void printSummary(const coordinator::RunSummary& s, const std::string& workers) {
  std::cout << "jobs: " << s.jobs << " (proven " << s.proven << ", disproven " << s.disproven << ", unknown "
            << s.unknown << ") on " << workers << "; " << s.answeredFromBook << " answers taken from the book, "
            << s.settledByBackup << " settled from their children"
            << (s.withdrawnJobs ? "; " + std::to_string(s.withdrawnJobs) + " withdrawn when their answers stopped mattering" : "")
            << "\n"
            << "leaves lent: " << s.winsListed << " verified wins listed to the workers, " << s.proofsLent
            << " proofs sent when their searches met them (" << s.proofsAsked << " asked)\n"
            << "search: " << s.nodes << " nodes, " << static_cast<long long>(s.seconds > 0 ? s.nodes / s.seconds : 0)
            << " nodes/s over all workers, " << s.seconds << " s; workers idle "
            << static_cast<int>(s.idleFraction * 1000) / 10.0 << "% of their time ("
            << static_cast<int>(s.idleWithWorkFraction * 1000) / 10.0 << "% while a job was waiting)\n"
            << "checks: " << (s.checkedByWorkers ? std::to_string(s.checkedByWorkers) + " answers re-verified by a worker other than their finder (" +
                                                        fixed(s.workerCheckSeconds, 2) + " s, " +
                                                        fixed(100 * s.workerCheckSeconds / std::max(1e-9, s.workerCheckSeconds + s.workerSeconds), 1) +
                                                        "% of worker time)"
                                                  : std::string("every answer re-verified by the coordinator (one worker)"))
            << "\ncoordinator: busy " << fixed(100 * s.coordinatorBusyFraction, 1) << "% of the run; " << fixed(s.checkSeconds, 2)
            << " s re-verifying answers, " << fixed(s.storeSeconds, 2) << " s storing them, " << fixed(s.finalCheckSeconds, 2)
            << " s on the closing check of " << s.claimsVerified << " derived claims"
            << (s.checkedByWorkers ? " (rebuilt here, verified on workers)" : "") << "\n"
            << "messages: " << s.messages << ", " << (s.messages ? (s.bytesSent + s.bytesReceived) / s.messages : 0)
            << " bytes each on average\n";
  if (const std::string engine = engineInJobs(s); !engine.empty()) std::cout << engine << "\n";
}

// After a run the stop request cut short: one line on where it stopped, and the exit status.
int stoppedRun(const char* command, const coordinator::RunSummary& s, const std::string& where) {
  std::cerr << "tengen " << command << ": stopped by " << worker::stopReason() << " after " << s.jobs << " jobs ("
            << s.droppedJobs << " still out were dropped); "
            << (where.empty() ? "nothing kept (no --book)"
                              : std::to_string(s.positionsStored) + " records are in " + where +
                                    ", consistent: run the same command to resume")
            << '\n';
  return worker::stopExitStatus();
}

}  // namespace

worker::JobBudget budgetFrom(const Args& args, const char* nodesName, const char* timeName, std::uint64_t defaultNodes) {
  worker::JobBudget b;
  b.maxNodes = static_cast<std::uint64_t>(args.integer(nodesName, 0, 0, 1LL << 50));
  b.maxSeconds = args.seconds(timeName, 0, 0, 1e9);
  if (b.maxNodes == 0 && b.maxSeconds <= 0) b.maxNodes = defaultNodes;
  // In-process workers each keep a table at once; under mpirun each rank has one.
  const auto* mpi = worker::MpiSession::current();
  const bool ranks = mpi && mpi->active() && mpi->size() > 1;
  const auto tables = ranks ? 1 : static_cast<std::size_t>(workerCount(args));
  b.hashMegabytes = static_cast<std::uint32_t>(
      hashMegabytes(args, 32, tables, ranks ? "--hash" : "--workers " + std::to_string(tables) + " with --hash " +
                                                            args.value("hash").value_or("32") + " MiB each"));
  return b;
}

// The book (opened as its one writer) and the workers of a distributed run. A solve without
// --book keeps its answers in a scratch book that goes away with it: nothing is written where the
// user did not ask.
DistributedRun::DistributedRun(const Args& args, bool scratchWithoutBook, const worker::SearchGuide& guide) {
  std::string dir = args.value("book").value_or(book::kDefaultBookDir);
  if (scratchWithoutBook && !args.value("book")) {
    char tmpl[] = "/tmp/tengen-solve-XXXXXX";
    if (!mkdtemp(tmpl)) throw std::runtime_error("cannot make a scratch directory for the run's answers");
    scratch = dir = tmpl;
  }
  book = openBookWriter(args, book::Book::Access::Create, dir);
  pool = coordinator::makeWorkerPool(workerCount(args), guide);
  // Ctrl-C, SIGTERM (mpirun ending the job) or a lost launcher: stop at the next answer.
  worker::catchStopSignals();
}

DistributedRun::~DistributedRun() {
  if (pool) pool->stop();
  book.reset();
  if (!scratch.empty()) std::filesystem::remove_all(scratch);
}

coordinator::RunSummary DistributedRun::run(const Args& args, const Position& pos, coordinator::RunOptions options, bool json) {
  // A caller's own job limit (a campaign's drill) stands; else --jobs.
  if (options.maxJobs == 0) options.maxJobs = static_cast<std::uint64_t>(args.integer("jobs", 0, 0, 1LL << 50));
  options.lendProofs = args.integer("book-leaves", 1, 0, 1) == 1;
  options.stop = &worker::stopFlag();
  setReporter(options, json);
  coordinator::RunSummary s = coordinator::runCoordinator(*book, pos, *pool, options);
  // Loud, whatever the output: a damaged record is a fact about the book the user must hear.
  for (const auto& line : s.unreadableRecords)
    std::cerr << "tengen: book " << book->dir() << ": " << line << "; not used: asked again, and its new proof replaces it\n";
  return s;
}

std::string DistributedRun::where() const { return scratch.empty() ? book->dir() : std::string(); }

void readCampaignOptions(const Args& args, coordinator::RunOptions& options) {
  options.passHints = args.integer("pass-hints", 0, 0, 1) == 1;
  if (options.passHints && !options.onlyAttacker)
    throw UsageError("--pass-hints 1 needs --win C (the pass proofs are of C's win)");
  options.budgetGrowth = static_cast<int>(args.integer("job-growth", 1, 1, 64));
  options.maxJobNodes = static_cast<std::uint64_t>(args.integer("job-max-nodes", 0, 0, 1LL << 40));
  if (options.budgetGrowth > 1 && options.maxJobNodes <= options.jobBudget.maxNodes)
    throw UsageError("--job-growth needs --job-max-nodes above --job-nodes (the largest job a question gets)");
}

worker::SearchGuide distributedGuide(const Args& args) {
  const auto hints = hintEngineOptions(args);
  if (!hints) return {};
  if (hints->plies > 0) throw UsageError("a distributed solve asks the engine during its jobs' searches only: leave out --hint-plies");
  return searchGuideOf(*hints);
}

worker::SearchGuide workerGuideFrom(int argc, char** argv) {
  if (argc < 2) return {};
  const std::string_view command = argv[1];
  try {
    if (command == "solve") return distributedGuide(Args(argc, argv, 2, commandHelp("solve")));
    if (command == "campaign") return distributedGuide(Args(argc, argv, 2, commandHelp("campaign")));
    if (command == "bench") {
      const Args args(argc, argv, 2, commandHelp("bench"));
      if (args.positional().size() == 1 && args.positional()[0] == "horizon") return distributedGuide(args);
    }
  } catch (...) {
  }
  return {};
}

bool distributedRequested(const Args& args) {
  const auto* mpi = worker::MpiSession::current();
  return args.value("workers").has_value() || (mpi && mpi->active() && mpi->size() > 1);
}

int runDistributedSolve(const Args& args) {
  if (args.positional().size() != 1) throw UsageError("a distributed solve takes one position, e.g. tengen solve --workers 2 \"h8 h9 i9\"");
  if (args.value("mode") && *args.value("mode") != "full") throw UsageError("a distributed solve proves full game values only (--mode full)");
  if (args.value("nodes")) throw UsageError("a distributed solve budgets each job: use --job-nodes N (and --time S for the whole run)");
  const std::string text = args.positional()[0];
  const Position pos = parsePosition(text, positionOptions(args));
  const bool json = args.flag("json");
  coordinator::RunOptions options;
  options.goal = coordinator::Goal::Solve;
  options.onlyAttacker = colorOption(args, "win");
  options.jobBudget = budgetFrom(args, "job-nodes", "job-time", 20000);
  options.maxSeconds = args.seconds("time", 0, 0, 1e9);
  readCampaignOptions(args, options);
  DistributedRun run(args, true, distributedGuide(args));
  const coordinator::RunSummary s = run.run(args, pos, options, json);
  const book::Book& book = *run.book;
  const coordinator::WorkerPool* pool = run.pool.get();

  const book::QueryAnswer a = book::queryBook(book, pos);
  const int n = pos.board.size();
  const std::string best = a.bestMove == kNoPoint || s.value == GameValue::Unknown ? "" : formatPoint(a.bestMove, n);
  const std::vector<Point> line = s.value == GameValue::Unknown ? std::vector<Point>{} : a.line;
  if (json) {
    const std::string lineJson = jsonMoves(line, n);
    JsonObject o = positionJson(text, pos);
    o.str("result", gameValueName(s.value))
        .raw("best_move", best.empty() ? "null" : jsonQuote(best))
        .raw("line", lineJson)
        .num("proof_nodes", static_cast<long long>(a.proofSize))
        .num("nodes", static_cast<long long>(s.nodes))
        .num("seconds", s.seconds)
        .num("workers", static_cast<long long>(pool->size()))
        .num("jobs", static_cast<long long>(s.jobs))
        .num("proofs_lent", static_cast<long long>(s.proofsLent))
        .num("idle", s.idleFraction)
        .str("stopped_by", s.stoppedBy);
    if (const auto engine = args.value("hint-engine")) {
      o.str("hint_engine", *engine);
      addEngineInJobs(o, s);
    }
    if (run.where().empty()) o.raw("book", "null");
    else o.str("book", run.where());
    std::cout << o.done() << '\n';
  } else {
    std::cout << "position: " << shownPosition(text) << '\n'
              << "rule: " << ruleName(pos.rule) << ", " << n << "x" << n << ", " << colorName(pos.toMove)
              << " to move, distributed over " << pool->describe() << '\n'
              << "result: " << gameValueName(s.value)
              << (s.rootSettled ? ""
                                : " (stopped by " + s.stoppedBy +
                                      ": run the same command again to go on from what the book holds, or give more --time or --jobs)")
              << '\n';
    if (!best.empty()) std::cout << "best move: " << best << '\n';
    if (!line.empty()) std::cout << "line: " << formatLine(line, n) << '\n';
    if (s.rootSettled)
      std::cout << "proof: " << a.proofSize << " positions in the book; every answer checked by the verifier on arrival"
                << (s.claimsVerified ? ", and " + std::to_string(s.claimsVerified) +
                                           (s.claimsVerified == 1 ? " derived claim" : " derived claims") +
                                           " re-verified from the book's records"
                                     : std::string())
                << '\n';
    printSummary(s, pool->describe());
    if (const auto engine = args.value("hint-engine"))
      std::cout << "hints: each worker asked its own " << *engine << " during its jobs' searches\n";
    if (run.where().empty())
      std::cout << "book: none kept (give --book DIR to keep the proof and resume the run)\n";
    else
      std::cout << "book: " << s.positionsStored << " records written to " << run.where() << '\n';
  }
  std::cout.flush();
  if (s.stoppedBy == "interrupted") return stoppedRun("solve", s, run.where());
  return 0;
}

int runBookBuild(int argc, char** argv) {
  const Args args(argc, argv, 3, commandHelp("book build"));
  return gameCommandsFor(args).bookBuild(args);
}

int buildFiveInARowBook(const Args& args) {
  // The roots: one position, or the named openings (renju 15x15).
  std::vector<std::string> roots;
  gomoku::PositionOptions popts = positionOptions(args);
  if (const auto names = args.value("openings")) {
    if (!args.positional().empty()) throw UsageError("give a root position or --openings, not both");
    if (popts.rule != Rule::Renju || popts.size != kDefaultSize)
      throw UsageError("--openings are renju openings on 15x15");
    if (*names == "all") {
      for (const auto& o : gomoku::openings()) roots.emplace_back(o.code);
    } else {
      std::size_t at = 0;
      while (at <= names->size()) {
        const std::size_t end = std::min(names->find(',', at), names->size());
        const std::string name = names->substr(at, end - at);
        const auto opening = gomoku::findOpening(name);
        if (!opening) throw UsageError("no opening " + gomoku::quoted(name) + " (see tengen openings)");
        roots.emplace_back(opening->code);
        at = end + 1;
      }
    }
  } else if (args.positional().size() == 1) {
    roots.push_back(args.positional()[0]);
  } else {
    throw UsageError("give the position to grow the book from, e.g. tengen book build \"h8\" --depth 2 (\"\" for the empty board), or --openings");
  }
  if (!args.value("depth")) throw UsageError("give --depth D: how many plies below the root to cover");
  std::vector<Position> positions;
  for (const auto& r : roots) positions.push_back(parsePosition(r, popts));  // every root checked before any work
  const bool json = args.flag("json");
  coordinator::RunOptions options;
  options.goal = coordinator::Goal::Build;
  options.depth = static_cast<int>(args.integer("depth", 1, 0, 8));
  options.jobBudget = budgetFrom(args, "nodes", "time", 20000);
  DistributedRun run(args, false);
  const book::Book& book = *run.book;
  const coordinator::WorkerPool* pool = run.pool.get();
  for (std::size_t i = 0; i < roots.size(); ++i) {
    const std::string& text = roots[i];
    const Position& pos = positions[i];
    const coordinator::RunSummary s = run.run(args, pos, options, json);
    if (json) {
      JsonObject o;
      o.str("position", text)
          .str("rule", ruleName(pos.rule))
          .num("size", static_cast<long long>(pos.board.size()))
          .num("depth", static_cast<long long>(options.depth))
          .num("positions", static_cast<long long>(s.treeNodes))
          .str("result", gameValueName(s.value))
          .num("jobs", static_cast<long long>(s.jobs))
          .num("proven", static_cast<long long>(s.proven))
          .num("disproven", static_cast<long long>(s.disproven))
          .num("unknown", static_cast<long long>(s.unknown))
          .num("from_book", static_cast<long long>(s.answeredFromBook))
          .num("proofs_lent", static_cast<long long>(s.proofsLent))
          .num("nodes", static_cast<long long>(s.nodes))
          .num("seconds", s.seconds)
          .num("workers", static_cast<long long>(pool->size()))
          .num("idle", s.idleFraction)
          .str("stopped_by", s.stoppedBy)
          .str("book", book.dir());
      std::cout << o.done() << '\n';
    } else {
      if (i) std::cout << '\n';
      std::cout << "book build: " << (text.empty() ? "(empty board)" : text) << ", " << ruleName(pos.rule) << " "
                << pos.board.size() << "x" << pos.board.size() << ", depth " << options.depth << ": " << s.treeNodes
                << " positions (one per symmetry class)\n"
                << "root: " << gameValueName(s.value) << '\n';
      printSummary(s, pool->describe());
      std::cout << "book: " << s.positionsStored << " records written to " << book.dir() << "; stopped: " << s.stoppedBy
                << '\n';
      if (s.unknown > 0)
        std::cout << "hint: " << s.unknown << " jobs ended unsettled within their budget; run again with a larger --nodes "
                  << "or --time a position (what is proved is kept and not searched again)\n";
    }
    std::cout.flush();
    if (s.stoppedBy == "interrupted") return stoppedRun("book build", s, book.dir());
  }
  return 0;
}

}  // namespace tengen::cli
