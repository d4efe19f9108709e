// tengen command-line entry point: picks the subcommand and turns errors into one line and a status.
#include <cstring>
#include <iostream>
#include <string_view>

#include "cli/args.h"
#include "cli/commands.h"
#include "coordinator/worker_pool.h"
#include "solver/gomoku/notation.h"
#include "solver/gomoku/position.h"
#include "worker/mpi_session.h"

namespace {

constexpr std::string_view kUsage = R"(tengen - proves renju and gomoku openings

usage: tengen COMMAND [ARGS] [OPTIONS]

commands:
  fouls [POSITION]   black's forbidden points (renju); reads positions from stdin without POSITION
  solve POSITION     prove the position's value (or a VCF/VCT) and print the proof's line
                       --mode full|vct|vcf  --nodes N  --time SECONDS  --hash MB  --limit MOVES
                       --book DIR  store the proof (every position on it) in a book
                     distributed (under mpirun, or with --workers N): job-level proof-number search,
                     every answer stored in the book (default ./tengen-book) as it comes; rerun to resume
                       --workers N (default: cores)  --job-nodes N (default 20000) | --job-time S
                       --time S (whole run)  --jobs N  --hash MB (per job, default 32)
  query [POSITION]   what the book holds: value, best move, line, every reply's value
                       --book DIR (default ./tengen-book); reads positions from stdin without POSITION
  book build ROOT    a value for every position up to --depth D plies below ROOT, one job each
                       --nodes N (default 20000) | --time S per position; --workers N; --jobs N;
                       --book DIR; rerun the same command to resume after an interruption
  book init          make a new, empty book (--book DIR: a missing or empty directory)
  book stats         entries by result, rule, size and depth; bytes on disk
                       --check  also read every block of every file and check its checksum
  book export        every entry as JSON Lines (--format jsonl) on standard output
  book import SOURCE merge another book directory or an exported .jsonl file (- for stdin);
                     imported proofs are claims until 'tengen verify' re-checks them
  verify [POSITION]  re-check stored proofs with the independent verifier and mark them verified
  bench fouls        forbidden-point scan speed over the repo's test positions (tests/data)
  bench solve        prover speed (nodes/s) on a fixed set of positions
  bench book         book point queries/s and bytes per entry (--entries N, default 1000000)

positions:
  a move list, black first:   "h8 h9 i9"   (spaces or commas; checked as a legal game)
  or stone lists:             "h8,i9/h9"   (BLACKS/WHITES; "/" alone is the empty board)
  coordinates: columns a.. from the left, rows 1.. from the bottom (h8 is the centre of 15x15)

options shared by position commands:
  --rule renju|freestyle|standard   (default renju)
  --size N                          board size 5..20 (default 15)
  --to-move black|white             override the side implied by the stone counts
  --json                            one JSON object per line

game values assume no passes (like the published renju proofs); a draw means neither side can
force a win. A result is reported proven only after the independent verifier accepts its proof;
a book entry no verifier of this installation has checked is shown as "claimed, unverified".
--nodes and --time bound the search; rebuilding and verifying a found proof comes after them.

exit status: 0 success, 1 some batch input failed or a book problem, 2 bad command line or position
)";

struct Command {
  std::string_view name;
  int (*run)(int, char**);
};
constexpr Command kCommands[] = {
    {"fouls", tengen::cli::runFouls},
    {"solve", tengen::cli::runSolve},
    {"bench", tengen::cli::runBench},
    {"query", tengen::cli::runQuery},
    {"book", tengen::cli::runBook},
    {"verify", tengen::cli::runVerify},
};

}  // namespace

int runCommand(int argc, char** argv);

int main(int argc, char** argv) {
  // Launched by mpirun: rank 0 runs the command as coordinator, the other ranks serve its jobs.
  tengen::worker::MpiSession mpi(&argc, &argv);
  if (mpi.active() && mpi.rank() != 0) {
    try {
      tengen::worker::runMpiWorker();
    } catch (const std::exception& e) {
      std::cerr << "tengen worker rank " << mpi.rank() << ": " << e.what() << '\n';
      mpi.abort(1);
    }
    return 0;
  }
  const int status = runCommand(argc, argv);
  // A coordinator that failed may have jobs still out: end every rank rather than wait for them.
  if (mpi.active() && status == 1) mpi.abort(1);
  tengen::coordinator::releaseMpiWorkers();
  return status;
}

int runCommand(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << kUsage;
    return 2;
  }
  const std::string_view name = argv[1];
  if (name == "help" || name == "--help" || name == "-h") {
    std::cout << kUsage;
    return 0;
  }
  for (const auto& command : kCommands) {
    if (command.name != name) continue;
    try {
      return command.run(argc, argv);
    } catch (const tengen::cli::UsageError& e) {
      std::cerr << "tengen " << name << ": " << e.what() << '\n';
      return 2;
    } catch (const tengen::gomoku::PositionError& e) {
      std::cerr << "tengen " << name << ": bad position: " << e.what() << '\n';
      return 2;
    } catch (const std::exception& e) {
      std::cerr << "tengen " << name << ": " << e.what() << '\n';
      return 1;
    }
  }
  std::cerr << "tengen: unknown command " << tengen::gomoku::quoted(name) << " (try 'tengen help')\n";
  return 2;
}
