// One place for the mapping of exceptions to messages and exit statuses.
#include "cli/run_guarded.h"

#include <iostream>

#include "cli/args.h"
#include "cli/help.h"
#include "solver/gomoku/position.h"

namespace tengen::cli {

int runGuarded(std::string_view name, int (*run)(int, char**), int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const HelpRequested& h) {
    if (h.command) printCommandHelp(std::cout, *h.command);
    else printGroupHelp(std::cout, h.group);
    return 0;
  } catch (const UsageError& e) {
    std::cerr << "tengen " << name << ": " << e.what() << '\n';
    return 2;
  } catch (const gomoku::PositionError& e) {
    std::cerr << "tengen " << name << ": bad position: " << e.what() << '\n';
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "tengen " << name << ": " << e.what() << '\n';
    return 1;
  }
}

}  // namespace tengen::cli
