// Command-line parsing for the tengen subcommands: positional words and --options.
#pragma once

#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/help.h"
#include "solver/gomoku/position.h"

namespace tengen::cli {

// A bad command line; main prints it on one line and exits with status 2.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// --help or -h on a command line: main prints the command's help and exits 0.
struct HelpRequested {
  const CommandHelp* command;  // null: every command of `group` ("book")
  std::string group;
};

class Args {
 public:
  // Parses argv[first..argc) against the options a command accepts (its help table entry).
  // Throws HelpRequested for --help or -h, UsageError for anything it does not accept (an
  // unknown option names the closest one it knows).
  Args(int argc, char** argv, int first, const CommandHelp& command);

  const std::vector<std::string>& positional() const { return positional_; }
  bool flag(const std::string& name) const { return values_.count(name) > 0; }
  std::optional<std::string> value(const std::string& name) const;
  // A numeric option, checked against [lo, hi]; `fallback` when absent.
  long long integer(const std::string& name, long long fallback, long long lo, long long hi) const;
  double real(const std::string& name, double fallback, double lo, double hi) const;
  // A duration in seconds: a plain number, or one with a unit (30s, 2m, 1.5h, 500ms).
  double seconds(const std::string& name, double fallback, double lo, double hi) const;

 private:
  std::vector<std::string> positional_;
  std::map<std::string, std::string> values_;
};

// This machine's memory in MiB, and how much of it tables may take (three quarters).
std::size_t machineMemoryMegabytes();
std::size_t tableMemoryLimitMegabytes();
// --hash in MiB (default `fallback`), times `tables` tables that live at once, checked against
// what this machine can give; a larger request is a UsageError that says so.
std::size_t hashMegabytes(const Args& args, std::size_t fallback, std::size_t tables, const std::string& why);

// The options every position-taking command shares: --rule, --size, --to-move.
gomoku::PositionOptions positionOptions(const Args& args);
// A colour option's value (black or white), nullopt when not given; throws UsageError otherwise.
std::optional<gomoku::Color> colorOption(const Args& args, const std::string& name);

}  // namespace tengen::cli
