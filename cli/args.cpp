// Argument parsing with strict checks: an unknown option or a bad value names itself.
#include "cli/args.h"

#include <unistd.h>

#include <charconv>
#include <cstdlib>

#include "solver/gomoku/notation.h"

namespace tengen::cli {

Args::Args(int argc, char** argv, int first, const std::vector<OptionSpec>& specs) {
  for (int i = first; i < argc; ++i) {
    std::string word = argv[i];
    if (word.size() < 3 || word.compare(0, 2, "--") != 0) {
      positional_.push_back(word);
      continue;
    }
    std::string name = word.substr(2), value;
    bool inlineValue = false;
    if (const auto eq = name.find('='); eq != std::string::npos) {
      value = name.substr(eq + 1);
      name = name.substr(0, eq);
      inlineValue = true;
    }
    const OptionSpec* spec = nullptr;
    for (const auto& s : specs)
      if (s.name == name) spec = &s;
    if (!spec) throw UsageError("unknown option " + gomoku::quoted("--" + name));
    if (spec->takesValue && !inlineValue) {
      if (i + 1 >= argc) throw UsageError("option '--" + name + "' needs a value");
      value = argv[++i];
    } else if (!spec->takesValue && inlineValue) {
      throw UsageError("option '--" + name + "' takes no value");
    }
    values_[name] = value;
  }
}

std::optional<std::string> Args::value(const std::string& name) const {
  const auto it = values_.find(name);
  if (it == values_.end()) return std::nullopt;
  return it->second;
}

long long Args::integer(const std::string& name, long long fallback, long long lo, long long hi) const {
  const auto text = value(name);
  if (!text) return fallback;
  long long v = 0;
  const auto [end, ec] = std::from_chars(text->data(), text->data() + text->size(), v);
  if (ec != std::errc() || end != text->data() + text->size() || v < lo || v > hi)
    throw UsageError("option '--" + name + "' takes a whole number from " + std::to_string(lo) + " to " +
                     std::to_string(hi) + ", not " + gomoku::quoted(*text));
  return v;
}

double Args::real(const std::string& name, double fallback, double lo, double hi) const {
  const auto text = value(name);
  if (!text) return fallback;
  char* end = nullptr;
  const double v = std::strtod(text->c_str(), &end);
  if (text->empty() || *end != '\0' || !(v >= lo && v <= hi))
    throw UsageError("option '--" + name + "' takes a number from " + std::to_string(lo) + " to " +
                     std::to_string(hi) + ", not " + gomoku::quoted(*text));
  return v;
}

std::size_t machineMemoryMegabytes() {
  const long pages = sysconf(_SC_PHYS_PAGES), pageSize = sysconf(_SC_PAGE_SIZE);
  return pages > 0 && pageSize > 0 ? static_cast<std::size_t>(pages) * static_cast<std::size_t>(pageSize) >> 20 : 4096;
}

std::size_t tableMemoryLimitMegabytes() { return machineMemoryMegabytes() / 4 * 3; }

std::size_t hashMegabytes(const Args& args, std::size_t fallback, std::size_t tables, const std::string& why) {
  const auto megabytes = static_cast<std::size_t>(args.integer("hash", static_cast<long long>(fallback), 1, 1 << 24));
  const std::size_t limit = tableMemoryLimitMegabytes();
  if (megabytes * tables > limit)
    throw UsageError(why + " needs " + std::to_string(megabytes * tables) + " MiB of tables, more than this machine can give (" +
                     std::to_string(machineMemoryMegabytes()) + " MiB, tables at most " + std::to_string(limit) +
                     " MiB): lower --hash" + (tables > 1 ? " or --workers" : ""));
  return megabytes;
}

std::vector<OptionSpec> positionOptionSpecs() {
  return {{"rule", true}, {"size", true}, {"to-move", true}};
}

gomoku::PositionOptions positionOptions(const Args& args) {
  gomoku::PositionOptions o;
  if (const auto rule = args.value("rule"); rule && !gomoku::parseRule(*rule, o.rule))
    throw UsageError("unknown rule " + gomoku::quoted(*rule) + " (renju, freestyle or standard)");
  o.size = static_cast<int>(args.integer("size", gomoku::kDefaultSize, gomoku::kMinSize, gomoku::kMaxSize));
  if (const auto side = args.value("to-move")) {
    if (*side == "black")
      o.toMove = gomoku::Color::Black;
    else if (*side == "white")
      o.toMove = gomoku::Color::White;
    else
      throw UsageError("option '--to-move' takes black or white, not " + gomoku::quoted(*side));
  }
  return o;
}

}  // namespace tengen::cli
