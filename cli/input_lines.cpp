// Line reading shared by the batch modes of fouls, solve and query, and the parallel batch.
#include "cli/input_lines.h"

#include <poll.h>
#include <unistd.h>

#include <atomic>
#include <exception>
#include <iostream>
#include <thread>
#include <vector>

#include "cli/json.h"
#include "solver/gomoku/notation.h"

namespace tengen::cli {
namespace {

bool isAnswerable(const std::string& line) {
  return line.find_first_not_of(" \t") != std::string::npos && line[0] != '#';
}

// A position is a few thousand bytes at most; a longer line is cut here and refused by the parser.
constexpr std::size_t kMaxPositionLine = 64 * 1024;

bool readLine(std::istream& in, std::string& line) {
  bool cut = false;
  return readBoundedLine(in, line, kMaxPositionLine, cut);
}

// Whether more input is waiting, so a chunk can grow without keeping an interactive caller.
bool moreWaiting(std::istream& in) {
  if (in.rdbuf()->in_avail() > 0) return true;
  pollfd fd{STDIN_FILENO, POLLIN, 0};
  return ::poll(&fd, 1, 0) > 0 && (fd.revents & (POLLIN | POLLHUP));
}

}  // namespace

bool readBoundedLine(std::istream& in, std::string& line, std::size_t limit, bool& cut) {
  line.clear();
  cut = false;
  std::streambuf* buf = in.rdbuf();
  bool any = false;
  for (int c; (c = buf->sbumpc()) != std::char_traits<char>::eof();) {
    any = true;
    if (c == '\n') break;
    if (line.size() < limit) line.push_back(static_cast<char>(c));
    else cut = true;
  }
  if (!any) {
    in.setstate(std::ios::eofbit | std::ios::failbit);
    return false;
  }
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return true;
}

void promptIfTerminal(const char* command) {
  if (!::isatty(STDIN_FILENO)) return;
  std::cerr << "tengen " << command
            << ": no position given, so reading them from standard input, one a line (Ctrl-D ends, Ctrl-C stops)\n";
}

std::string shownPosition(std::string_view text) { return text.empty() ? "(empty board)" : gomoku::printable(text); }

bool forEachInputLine(std::istream& in, const std::function<bool(const std::string&)>& answer) {
  bool allGood = true;
  std::string line;
  while (readLine(in, line))
    if (isAnswerable(line)) allGood &= answer(line);
  return allGood;
}

bool answerInputLines(std::istream& in, int threads, std::string_view separator, const LineAnswer& answer,
                      const std::function<void()>& beforeChunk) {
  constexpr std::size_t kChunk = 1024;
  bool allGood = true, first = true, done = false;
  std::vector<std::string> lines, outputs;
  std::vector<char> good;
  std::string line;
  while (!done) {
    lines.clear();
    while (lines.size() < kChunk) {
      if (!readLine(in, line)) {
        done = true;
        break;
      }
      if (isAnswerable(line)) lines.push_back(line);
      if (!lines.empty() && !moreWaiting(in)) break;
    }
    if (lines.empty()) continue;
    beforeChunk();
    outputs.assign(lines.size(), std::string());
    good.assign(lines.size(), 0);
    std::atomic<std::size_t> next{0};
    std::atomic<bool> stop{false};
    std::vector<std::exception_ptr> errors(lines.size());
    auto work = [&] {
      for (std::size_t i; !stop && (i = next++) < lines.size();) {
        try {
          good[i] = answer(lines[i], outputs[i]);
        } catch (...) {
          errors[i] = std::current_exception();
          stop = true;
        }
      }
    };
    const int extra = lines.size() >= 32 ? std::max(0, threads - 1) : 0;
    std::vector<std::thread> helpers;
    for (int t = 0; t < extra; ++t) helpers.emplace_back(work);
    work();
    for (auto& h : helpers) h.join();
    // Lines are taken in input order, so every line before the first failure was answered: those
    // answers are written, then the failure thrown.
    std::string text;
    for (std::size_t i = 0; i < lines.size(); ++i) {
      if (errors[i]) {
        std::cout << text;
        std::cout.flush();
        std::rethrow_exception(errors[i]);
      }
      if (!first) text += separator;
      first = false;
      text += outputs[i];
      allGood &= good[i] != 0;
    }
    std::cout << text;
    std::cout.flush();
  }
  return allGood;
}

std::string lineErrorText(const std::string& text, const std::string& error, bool json) {
  if (json) return JsonObject().str("position", text).str("error", error).done() + "\n";
  return "position: " + shownPosition(text) + "\nerror: " + error + "\n";
}

void printLineError(const std::string& text, const std::string& error, bool json) {
  std::cout << lineErrorText(text, error, json);
}

}  // namespace tengen::cli
