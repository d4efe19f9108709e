// `tengen bench`: prints speed figures for later comparison as ratios.
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <cstdio>
#include <iostream>
#include <memory>
#include <vector>

#include "bench/book_bench.h"
#include "solver/gomoku/notation.h"
#include "bench/distributed_bench.h"
#include "bench/foul_scan_bench.h"
#include "bench/fouls_data.h"
#include "bench/test_data.h"
#include "bench/solve_bench.h"
#include "cli/args.h"
#include "cli/commands.h"
#include "cli/json.h"
#include "coordinator/worker_pool.h"
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
  const auto jobs = static_cast<std::uint64_t>(args.integer("jobs", 20000, 10, 100000000));
  // Dispatch capacity: through MPI ranks when run under mpirun, and through in-process workers.
  std::vector<std::pair<std::string, std::unique_ptr<coordinator::WorkerPool>>> pools;
  if (const auto* mpi = worker::MpiSession::current(); mpi && mpi->active() && mpi->size() > 1)
    pools.emplace_back("mpi", coordinator::makeWorkerPool(1));
  pools.emplace_back("threads", coordinator::makeLocalPool(2));
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
                       .num("request_bytes", static_cast<long long>(f.requestBytes))
                       .num("reply_bytes", static_cast<long long>(f.replyBytes))
                       .done()
                << '\n';
    else
      std::printf("dispatch (%s, %d workers): %llu trivial jobs in %.2f s = %.0f jobs/s; request %zu bytes, reply %zu bytes\n",
                  kind.c_str(), pool->size(), static_cast<unsigned long long>(f.jobs), f.seconds, f.jobs / f.seconds,
                  f.requestBytes, f.replyBytes);
  }
  if (args.flag("quick")) return 0;
  const auto runs = bench::runJobSetBench({1, 2});
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
                       .num("bytes_per_message", r.bytesPerMessage)
                       .done()
                << '\n';
    else
      std::printf("job set (freestyle 6x6 book build, depth 2, 1000 nodes a job), %d worker%s: %llu jobs, %llu nodes, "
                  "%.2f s, speedup %.2fx, idle %.1f%%, %.0f bytes/message\n",
                  r.workers, r.workers == 1 ? "" : "s", static_cast<unsigned long long>(r.jobs),
                  static_cast<unsigned long long>(r.nodes), r.seconds, speedup, r.idleFraction * 100, r.bytesPerMessage);
  }
  return 0;
}

}  // namespace

int runBench(int argc, char** argv) {
  const Args args(argc, argv, 2,
                  {{"file", true}, {"rounds", true}, {"entries", true}, {"queries", true}, {"dir", true}, {"jobs", true},
                   {"quick", false}, {"json", false}});
  if (args.positional().size() == 1 && args.positional()[0] == "solve") return benchSolve(args.flag("json"));
  if (args.positional().size() == 1 && args.positional()[0] == "book") return benchBook(args);
  if (args.positional().size() == 1 && args.positional()[0] == "distributed") return benchDistributed(args);
  if (args.positional().size() != 1 || args.positional()[0] != "fouls")
    throw UsageError(
        "usage: tengen bench fouls [--file renju-fouls.tsv] [--rounds N] | solve | book [--entries N] [--queries N] "
        "[--dir D] | distributed [--jobs N] [--quick] (each with --json)");
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
