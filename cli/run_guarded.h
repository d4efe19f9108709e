// Runs one subcommand and turns what it throws into one line on standard error and the exit status
// (2 a bad command line or position, 1 anything else), as every tengen executable reports errors.
#pragma once

#include <string_view>

namespace tengen::cli {

int runGuarded(std::string_view name, int (*run)(int, char**), int argc, char** argv);

}  // namespace tengen::cli
