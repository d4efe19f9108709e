// START, INFO and BOARD ... DONE as a manager sends them; answers other than a point (MESSAGE,
// DEBUG and the like) are read past.
#include "engine/external_engine.h"

#include <algorithm>
#include <sstream>

#include "engine/gomocup_coordinates.h"
#include "solver/gomoku/notation.h"

namespace tengen::engine {
namespace {

// An engine may load its weights on START; a move may take a little more than its time.
constexpr double kStartSeconds = 60;
constexpr double kGraceSeconds = 5;
// An answer of ERROR is asked again this many times in all, after this long without output.
constexpr int kAttempts = 3;
constexpr double kQuietSeconds = 0.2;

bool startsWith(const std::string& text, const char* word) { return text.rfind(word, 0) == 0; }

// The score a message gives ("Eval 489", "Eval +M33" as Rapfi says it, tengen's "ev +M7"): the
// moves to an announced win, 0 for a score that announces none, -1 for a message without a score.
int announcedWinIn(const std::string& line) {
  std::istringstream words(line);
  std::string word, value;
  while (words >> word)
    if (word == "Eval" || word == "ev") {
      if (!(words >> value)) return -1;
      if (value.size() < 3 || value.size() > 6 || value.rfind("+M", 0) != 0 ||
          value.find_first_not_of("0123456789", 2) != std::string::npos)
        return 0;
      return std::stoi(value.substr(2));
    }
  return -1;
}

}  // namespace

ExternalEngine::ExternalEngine(const std::string& command, int size, gomoku::Rule rule, int moveMilliseconds)
    : command_(command), size_(size), rule_(rule), moveMilliseconds_(moveMilliseconds), process_(command) {
  const std::string who = "engine " + gomoku::quoted(command);
  // An engine that ended before reading START (a command that does not start) may take the line
  // or not, depending on which comes first: either way it did not answer, and says the same.
  const bool sent = process_.send("START " + std::to_string(size));
  while (true) {
    const auto answer = sent ? process_.line(kStartSeconds) : std::nullopt;
    if (!answer) throw EngineError(who + " did not answer START " + std::to_string(size) + " (it " + process_.status() + ")");
    if (*answer == "OK") break;
    if (startsWith(*answer, "ERROR") || startsWith(*answer, "UNKNOWN"))
      throw EngineError(who + " refused START " + std::to_string(size) + ": " + *answer);
  }
  process_.send("INFO timeout_turn " + std::to_string(moveMilliseconds));
  process_.send("INFO timeout_match 0");
  process_.send("INFO time_left 2147483647");
  process_.send("INFO rule " + std::to_string(gomocupRule(rule)));
}

ExternalEngine::~ExternalEngine() { process_.send("END"); }

std::optional<gomoku::Point> ExternalEngine::move(const gomoku::Board& board, gomoku::Color toMove,
                                                  const std::vector<gomoku::Point>& barred) {
  announcedMate_.reset();
  const auto p = answer(board, toMove, barred);
  // The block holds for this question only.
  if (!barred.empty() && answering_) process_.send("YXBLOCKRESET");
  if (!p || !board.isEmpty(*p) || std::find(barred.begin(), barred.end(), *p) != barred.end()) return std::nullopt;
  return p;
}

std::optional<gomoku::Point> ExternalEngine::answer(const gomoku::Board& board, gomoku::Color toMove,
                                                    const std::vector<gomoku::Point>& barred) {
  std::string text;
  if (!barred.empty()) {
    text = "YXBLOCK\n";
    for (const gomoku::Point p : barred) text += gomocupText(p, size_) + "\n";
    text += "DONE\n";
  }
  text += "BOARD\n";
  for (const auto& s : board.history())
    text += gomocupText(s.point, size_) + (s.color == toMove ? ",1\n" : ",2\n");
  text += "DONE";
  for (int attempt = 0; attempt < kAttempts && answering_; ++attempt) {
    if (!process_.send(text)) {
      answering_ = false;
      return std::nullopt;
    }
    while (true) {
      const auto line = process_.line(moveMilliseconds_ / 1000.0 + kGraceSeconds);
      if (!line) {
        answering_ = false;
        return std::nullopt;
      }
      if (startsWith(*line, "ERROR") || startsWith(*line, "UNKNOWN")) break;
      if (const auto p = gomocupPoint(*line, size_)) return p;
      // The last score said before the move is the one its choice stands on.
      if (const int n = startsWith(*line, "MESSAGE") ? announcedWinIn(*line) : -1; n >= 0)
        announcedMate_ = n > 0 ? std::optional<int>(n) : std::nullopt;
    }
    // An engine still finishing its last move may drop BOARD (Rapfi does, under load), and its
    // stone lines then come back as unknown commands: read past them until it is quiet, ask again.
    while (process_.line(kQuietSeconds)) {
    }
  }
  return std::nullopt;
}

}  // namespace tengen::engine
