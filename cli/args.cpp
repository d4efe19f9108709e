// Argument parsing with strict checks: an unknown option or a bad value names itself.
#include "cli/args.h"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdio>
#include <cstdlib>

#include "solver/gomoku/notation.h"

namespace tengen::cli {

namespace {

// Edit distance with adjacent transpositions counted as one edit, for "did you mean" hints.
std::size_t distance(std::string_view a, std::string_view b) {
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i)
    for (std::size_t j = 1; j <= b.size(); ++j) {
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

std::string closestOption(const std::string& name, const CommandHelp& command) {
  std::string best;
  std::size_t bestDistance = 3;  // more edits than this is no hint
  for (const auto& o : command.options) {
    const std::size_t d = o.name.rfind(name, 0) == 0 ? 1 : distance(name, o.name);
    if (d < bestDistance) bestDistance = d, best = o.name;
  }
  return best.empty() ? "" : " (did you mean '--" + best + "'?)";
}

}  // namespace

Args::Args(int argc, char** argv, int first, const CommandHelp& command) {
  for (int i = first; i < argc; ++i) {
    const std::string_view word = argv[i];
    if (word == "--help" || word == "-h") throw HelpRequested{&command, ""};
  }
  bool optionsEnded = false;
  for (int i = first; i < argc; ++i) {
    std::string word = argv[i];
    if (!optionsEnded && word == "--") {  // the usual end of options: all after it is positional
      optionsEnded = true;
      continue;
    }
    // No option name holds a space: "--XXXX... X" is an Othello board string, not an option.
    if (optionsEnded || word.size() < 3 || word.compare(0, 2, "--") != 0 || word.find(' ') != std::string::npos) {
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
    for (const auto& s : command.options)
      if (s.name == name) spec = &s;
    if (!spec)
      throw UsageError("unknown option " + gomoku::quoted("--" + name) + closestOption(name, command) + "; see 'tengen help " +
                       command.name + "'");
    if (spec->takesValue && !inlineValue) {
      if (i + 1 >= argc) throw UsageError("option '--" + name + "' needs a value (" + spec->value + ")");
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
  // Plain decimal only ("30", "2.5"), as whole-number options: no sign, exponent, hex or inf.
  double v = 0;
  const bool plain = !text->empty() && text->find_first_not_of("0123456789.") == std::string::npos &&
                     std::count(text->begin(), text->end(), '.') <= 1 && text->front() != '.' && text->back() != '.';
  const auto [end, ec] = plain ? std::from_chars(text->data(), text->data() + text->size(), v, std::chars_format::fixed)
                               : std::from_chars_result{text->data(), std::errc::invalid_argument};
  if (ec != std::errc() || end != text->data() + text->size() || !(v >= lo && v <= hi)) {
    char range[64];
    std::snprintf(range, sizeof range, "%.10g to %.10g", lo, hi);
    throw UsageError("option '--" + name + "' takes a number from " + range + " (like 30 or 2.5), not " + gomoku::quoted(*text));
  }
  return v;
}

double Args::seconds(const std::string& name, double fallback, double lo, double hi) const {
  const auto text = value(name);
  if (!text) return fallback;
  static const std::pair<const char*, double> kUnits[] = {{"ms", 0.001}, {"s", 1}, {"m", 60}, {"h", 3600}};
  std::string number = *text;
  double scale = 1;
  for (const auto& [unit, factor] : kUnits) {
    const std::string u = unit;
    if (number.size() > u.size() && number.compare(number.size() - u.size(), u.size(), u) == 0 &&
        std::isdigit(static_cast<unsigned char>(number[number.size() - u.size() - 1]))) {
      number.resize(number.size() - u.size());
      scale = factor;
      break;
    }
  }
  double v = 0;
  const bool plain = !number.empty() && number.find_first_not_of("0123456789.") == std::string::npos &&
                     std::count(number.begin(), number.end(), '.') <= 1 && number.front() != '.' && number.back() != '.';
  const auto [end, ec] = plain ? std::from_chars(number.data(), number.data() + number.size(), v, std::chars_format::fixed)
                               : std::from_chars_result{number.data(), std::errc::invalid_argument};
  v *= scale;
  if (ec != std::errc() || end != number.data() + number.size() || !(v >= lo && v <= hi)) {
    char range[64];
    std::snprintf(range, sizeof range, "%.10g to %.10g", lo, hi);
    throw UsageError("option '--" + name + "' takes a duration from " + range + " seconds (like 30, 30s, 2m or 1.5h), not " +
                     gomoku::quoted(*text));
  }
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

gomoku::PositionOptions positionOptions(const Args& args) {
  gomoku::PositionOptions o;
  if (const auto rule = args.value("rule"); rule && !gomoku::parseRule(*rule, o.rule))
    throw UsageError("unknown rule " + gomoku::quoted(*rule) + " (renju, freestyle or standard)");
  o.size = static_cast<int>(args.integer("size", gomoku::kDefaultSize, gomoku::kMinSize, gomoku::kMaxSize));
  o.toMove = colorOption(args, "to-move");
  return o;
}

std::optional<gomoku::Color> colorOption(const Args& args, const std::string& name) {
  const auto side = args.value(name);
  if (!side) return std::nullopt;
  if (*side == "black") return gomoku::Color::Black;
  if (*side == "white") return gomoku::Color::White;
  throw UsageError("option '--" + name + "' takes black or white, not " + gomoku::quoted(*side));
}

}  // namespace tengen::cli
