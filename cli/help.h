// Every command's usage, options and examples in one table: the parser takes each command's
// options from it, and `tengen help COMMAND` / `COMMAND --help` print it, so the two never drift.
#pragma once

#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace tengen::cli {

struct OptionSpec {
  std::string name;        // without the leading dashes
  bool takesValue = false;
  std::string value;       // what the value is, for the help ("N", "DIR")
  std::string text;        // one line of help
};

struct CommandHelp {
  std::string name;     // "solve", "book build"
  std::string brief;    // one short line for the overview
  std::string usage;    // the synopsis line(s)
  std::string summary;  // what it does, a few lines
  std::vector<OptionSpec> options;
  std::vector<std::string> examples;
};

// The commands, in the order `tengen help` lists them.
const std::vector<CommandHelp>& allCommands();
// One command's help by name ("book build"); nullptr when there is none.
const CommandHelp* findCommand(std::string_view name);
const CommandHelp& commandHelp(std::string_view name);  // the name must exist

void printCommandHelp(std::ostream& out, const CommandHelp& command);
// Every command whose name starts with `group` and a space ("book"), one after another; false
// when there is none.
bool printGroupHelp(std::ostream& out, std::string_view group);
// The overview: every command with its first line, positions, shared options, exit status.
void printOverview(std::ostream& out);

// The version line: "tengen 0.2.0 (commit abc1234, g++ 12.2.0, Release build)".
std::string versionLine();

}  // namespace tengen::cli
