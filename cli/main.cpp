// tengen command-line entry point: picks the subcommand and turns errors into one line and a status.
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string_view>

#include "cli/args.h"
#include "cli/commands.h"
#include "cli/distributed.h"
#include "cli/help.h"
#include "cli/run_guarded.h"
#include "coordinator/worker_pool.h"
#include "solver/gomoku/notation.h"
#include "solver/gomoku/position.h"
#include "worker/mpi_session.h"
#include "worker/shutdown.h"

namespace {

struct Command {
  std::string_view name;
  int (*run)(int, char**);
};
constexpr Command kCommands[] = {
    {"fouls", tengen::cli::runFouls},   {"solve", tengen::cli::runSolve},   {"bench", tengen::cli::runBench},
    {"query", tengen::cli::runQuery},   {"book", tengen::cli::runBook},     {"verify", tengen::cli::runVerify},
    {"openings", tengen::cli::runOpenings}, {"engine", tengen::cli::runEngine}, {"lines", tengen::cli::runLines},
    {"serve", tengen::cli::runServe},   {"campaign", tengen::cli::runCampaign}, {"diagram", tengen::cli::runDiagram},
};

// " (did you mean 'solve'?)" for a command name near a real one, else nothing.
std::string didYouMean(std::string_view name) {
  std::vector<std::string_view> names;
  for (const auto& c : tengen::cli::allCommands()) names.push_back(c.name);
  const auto near = tengen::gomoku::closestWord(name, names);
  return near ? " (did you mean '" + std::string(*near) + "'?)" : "";
}

// `tengen help [COMMAND [SUBCOMMAND]]`.
int help(int argc, char** argv) {
  if (argc <= 2) {
    tengen::cli::printOverview(std::cout);
    return 0;
  }
  std::string name = argv[2];
  if (argc > 3) name += std::string(" ") + argv[3];
  const tengen::cli::CommandHelp* command = tengen::cli::findCommand(name);
  if (!command && tengen::cli::printGroupHelp(std::cout, name)) return 0;
  if (!command) {
    std::cerr << "tengen help: no command " << tengen::gomoku::quoted(name) << didYouMean(name) << " (try 'tengen help')\n";
    return 2;
  }
  tengen::cli::printCommandHelp(std::cout, *command);
  return 0;
}

}  // namespace

int runCommand(int argc, char** argv);

int main(int argc, char** argv) {
  // Launched by mpirun: rank 0 runs the command as coordinator, the other ranks serve its jobs.
  tengen::worker::MpiSession mpi(&argc, &argv);
  if (mpi.active() && mpi.rank() != 0) {
    // mpirun ends a job with SIGTERM to every rank: a worker then drops its job at once and waits
    // for the coordinator's stop, so the coordinator can still end the run in order.
    tengen::worker::catchStopSignals();
    try {
      tengen::worker::runMpiWorker(tengen::cli::workerGuideFrom(argc, argv));
    } catch (const std::exception& e) {
      std::cerr << "tengen worker rank " << mpi.rank() << ": " << e.what() << '\n';
      mpi.abort(1);
    }
    return 0;
  }
  const int status = runCommand(argc, argv);
  // A coordinator that failed may have jobs still out: end every rank rather than wait for them.
  if (mpi.active() && status == 1 && !tengen::worker::stopRequested()) mpi.abort(1);
  // The launcher is gone: the book is closed; the other ranks are gone too, so neither tell them
  // to stop nor wait for them in MPI_Finalize.
  if (mpi.active() && tengen::worker::launcherLost()) {
    std::cout.flush();
    std::_Exit(status);
  }
  tengen::coordinator::releaseMpiWorkers();
  return status;
}

// The binary named pbrain-tengen (as GUIs expect engines to be): the engine, options from argv[1].
bool calledAsEngine(const char* argv0) {
  const std::string_view name = argv0;
  const auto slash = name.rfind('/');
  return name.substr(slash == std::string_view::npos ? 0 : slash + 1).rfind("pbrain-", 0) == 0;
}

int runCommand(int argc, char** argv) {
  if (argc >= 1 && calledAsEngine(argv[0])) {
    try {
      return tengen::cli::runEngine(argc, argv, 1);
    } catch (const tengen::cli::HelpRequested& h) {
      tengen::cli::printCommandHelp(std::cout, *h.command);
      return 0;
    } catch (const std::exception& e) {
      std::cerr << "pbrain-tengen: " << e.what() << '\n';
      return 2;
    }
  }
  if (argc < 2) {
    tengen::cli::printOverview(std::cerr);
    return 2;
  }
  const std::string_view name = argv[1];
  if (name == "help" || name == "--help" || name == "-h") return help(argc, argv);
  if (name == "version" || name == "--version") {
    std::cout << tengen::cli::versionLine() << '\n';
    return 0;
  }
  for (const auto& command : kCommands)
    if (command.name == name) return tengen::cli::runGuarded(name, command.run, argc, argv);
  std::cerr << "tengen: unknown command " << tengen::gomoku::quoted(name) << didYouMean(name) << " (try 'tengen help')\n";
  return 2;
}
