// The protocol's state: the board with each stone's owner (ours or the opponent's), the rule and
// the clock the manager gives. Black is whoever moved first: with equal stone counts the side to
// move is black. Errors are answered with "ERROR ..." and the session goes on.
#include "engine/gomocup.h"

#include <algorithm>
#include <atomic>
#include <thread>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "engine/gomocup_coordinates.h"
#include "engine/move_choice.h"
#include "solver/gomoku/notation.h"
#include "solver/gomoku/rules.h"

namespace tengen::engine {
namespace {

using gomoku::Color;
using gomoku::Point;

std::string upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

class Session {
 public:
  Session(std::ostream& out, const EngineOptions& options)
      : out_(out), options_(options), table_(options.hashMegabytes, /*growing=*/true) {}

  ~Session() { finishThinking(); }

  // One command line; false at END. A move is thought about on a thread of its own, so a GUI's
  // YXSTOP (or STOP) reaches it; any other command waits for the move first.
  bool handle(const std::string& line, std::istream& in) {
    std::istringstream words(line);
    std::string command;
    words >> command;
    command = upper(command);
    if (command.empty()) return true;
    if (command == "YXSTOP" || command == "STOP") {
      stop_ = true;
      return true;
    }
    if (command == "END") {
      stop_ = true;
      finishThinking();
      return false;
    }
    finishThinking();
    if (command == "START") return start(words), true;
    if (command == "RECTSTART") return rectStart(words), true;
    if (command == "RESTART") {
      if (!started()) return error("RESTART before START"), true;
      stones_.clear();
      return say("OK"), true;
    }
    if (command == "INFO") return info(words), true;
    if (command == "ABOUT") return say("name=\"tengen\", version=\"" TENGEN_VERSION "\", author=\"tengen developers\""), true;
    if (command == "YXHASHCLEAR") {
      table_.clear();
      return message("transposition table cleared"), true;
    }
    if (command == "SWAP2BOARD") {
      // Its board lines, then DONE: read them all, then say what tengen does not do.
      for (std::string rest; std::getline(in, rest) && upper(rest).rfind("DONE", 0) != 0;) {
      }
      return error("swap2 openings are not supported by tengen"), true;
    }
    if (command == "YXBALANCEONE" || command == "YXBALANCETWO")
      return error(command + " (balanced moves) is not supported by tengen"), true;
    if (!started()) return error(command + " before START"), true;
    if (command == "BEGIN") {
      if (!stones_.empty()) return error("BEGIN on a board that is not empty"), true;
      return move(), true;
    }
    if (command == "YXNBEST") {
      const auto n = wholeNumber(words);
      if (!n || *n < 1) return error("YXNBEST takes how many moves to show (1 or more)"), true;
      return move(static_cast<int>(std::min<long long>(*n, 64))), true;
    }
    if (command == "TURN") return turn(words), true;
    if (command == "BOARD" || command == "YXBOARD") return board(in, command == "BOARD"), true;
    if (command == "TAKEBACK") return takeback(words), true;
    if (command == "YXBLOCK" || command == "YXBLOCKUNDO") return block(in, command == "YXBLOCK"), true;
    if (command == "YXBLOCKRESET") return barred_.clear(), true;
    if (command == "YXSHOWFORBID") return showForbid(), true;
    say("UNKNOWN " + gomoku::printable(command, 40));
    return true;
  }

 private:
  struct Stone {
    Point point;
    bool ours;
  };

  bool started() const { return size_ > 0; }
  void say(const std::string& text) { out_ << text << std::endl; }
  void error(const std::string& why) { say("ERROR " + gomoku::printable(why)); }
  void message(const std::string& text) { say("MESSAGE " + gomoku::printable(text)); }

  void start(std::istringstream& words) {
    const auto n = wholeNumber(words);
    if (!n || *n < gomoku::kMinSize || *n > gomoku::kMaxSize)
      return error("unsupported size (tengen plays 5x5 to 20x20)");
    size_ = static_cast<int>(*n);
    stones_.clear();
    barred_.clear();
    // Said before OK, so a manager that waits for OK has read it with the answer to START.
    message(options_.book ? "book: " + options_.book->dir() + " (its proven moves are played where it knows the position)"
                          : "no book: moves come from the prover and the evaluation ('tengen engine --book DIR' plays a book's proven moves)");
    say("OK");
  }

  // The rest of the line as one whole number (nothing after it), if it is one.
  static std::optional<long long> wholeNumber(std::istringstream& words) {
    std::string text, extra;
    if (!(words >> text) || (words >> extra)) return std::nullopt;
    if (text.empty() || text.size() > 18 || text.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
    return std::stoll(text);
  }

  void rectStart(std::istringstream& words) {
    std::string text;
    words >> text;
    int w = 0, h = 0;
    char comma = 0;
    std::istringstream dims(text);
    if (!(dims >> w >> comma >> h) || comma != ',' || w != h || w < gomoku::kMinSize || w > gomoku::kMaxSize)
      return error("unsupported board (tengen plays square boards, 5x5 to 20x20)");
    size_ = w;
    stones_.clear();
    barred_.clear();
    say("OK");
  }

  void info(std::istringstream& words) {
    std::string key;
    words >> key;
    key = upper(key);
    // Keys the engine does not use (folder, evaluate, game_type, ...) are taken without a word.
    if (key != "TIMEOUT_TURN" && key != "TIMEOUT_MATCH" && key != "TIME_LEFT" && key != "RULE" && key != "MAX_MEMORY" &&
        key != "SHOW_DETAIL")
      return;
    const auto value = wholeNumber(words);
    if (!value) return error("INFO " + key + " takes a whole number of at least 0");
    if (key == "RULE" && *value > 7)
      return error("rule " + std::to_string(*value) + " is not supported (0 freestyle, 1 exactly five, 4 renju)");
    if (key == "TIMEOUT_TURN") timeoutTurn_ = *value;
    else if (key == "TIMEOUT_MATCH") timeoutMatch_ = *value;
    else if (key == "TIME_LEFT") timeLeft_ = *value;
    else if (key == "MAX_MEMORY") limitMemory(*value);
    else if (key == "SHOW_DETAIL") showDetail_ = static_cast<int>(std::min<long long>(*value, 3));
    else if (*value >= 4 || *value == 2) rule_ = gomoku::Rule::Renju;  // 4 to 7; Yixin-Board sends 2 for renju
    else if (*value == 1 || *value == 3) rule_ = gomoku::Rule::Standard;  // bit 2 (continuous game) is ignored
    else if (*value == 0) rule_ = gomoku::Rule::Freestyle;
    else error("rule " + std::to_string(*value) + " is not supported (0 freestyle, 1 exactly five, 4 renju)");
  }

  // INFO max_memory: bytes the engine may use (0: no limit). The transposition table is most of
  // it; it gets half, never more than --hash.
  void limitMemory(long long bytes) {
    std::size_t megabytes = options_.hashMegabytes;
    if (bytes > 0) megabytes = std::min(megabytes, std::max<std::size_t>(1, static_cast<std::size_t>(bytes) / 2 >> 20));
    if (megabytes == tableMegabytes_) return;
    table_ = proof::TranspositionTable(megabytes, /*growing=*/true);
    tableMegabytes_ = megabytes;
  }

  std::optional<Point> parse(const std::string& text) const { return gomocupPoint(text, size_); }
  std::string format(Point p) const { return gomocupText(p, size_); }

  gomoku::Board currentBoard(Color& ours) const {
    gomoku::Board b(size_);
    const auto own = std::count_if(stones_.begin(), stones_.end(), [](const Stone& s) { return s.ours; });
    const auto theirs = static_cast<long>(stones_.size()) - own;
    // With equal counts the side to move (us) is black; with one stone more for the opponent, white.
    ours = own >= theirs ? Color::Black : Color::White;
    for (const Stone& s : stones_) b.place(s.point, s.ours ? ours : gomoku::opponent(ours));
    return b;
  }

  void turn(std::istringstream& words) {
    std::string text;
    words >> text;
    const auto p = parse(text);
    if (!p) return error("TURN " + text + ": not a point of the board");
    if (std::any_of(stones_.begin(), stones_.end(), [&](const Stone& s) { return s.point == *p; }))
      return error("TURN " + text + ": the point is taken");
    stones_.push_back({*p, false});
    move();
  }

  void board(std::istream& in, bool thenMove) {
    stones_.clear();
    std::string line;
    bool done = false, twice = false;
    while (std::getline(in, line)) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (upper(line) == "DONE") {
        done = true;
        break;
      }
      std::string point = line.substr(0, line.rfind(','));
      int field = 0;
      try {
        field = std::stoi(line.substr(line.rfind(',') + 1));
      } catch (const std::exception&) {
        field = 0;
      }
      const auto p = parse(point);
      if (!p || (field != 1 && field != 2)) {
        error("BOARD line '" + line + "' is not x,y,1 or x,y,2");
        continue;
      }
      if (std::any_of(stones_.begin(), stones_.end(), [&](const Stone& s) { return s.point == *p; })) {
        error("BOARD lists " + point + " twice");
        twice = true;
        continue;
      }
      stones_.push_back({*p, field == 1});
    }
    // Input that ends inside BOARD, or a board that lists a point twice, is no position to move in.
    if (!done) return error("the input ended before BOARD's DONE");
    if (twice) {
      stones_.clear();
      return error("BOARD refused: a point listed twice is no position (send BOARD again)");
    }
    if (thenMove) move();
  }

  // YXBLOCK (or YXBLOCKUNDO): points, one a line, then DONE, that moves may not be (or again may
  // be) until YXBLOCKRESET; a manager asks this way for the engine's next choice.
  void block(std::istream& in, bool add) {
    for (std::string line; std::getline(in, line);) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (upper(line) == "DONE") return;
      const auto p = parse(line);
      if (!p) {
        error("YXBLOCK line '" + line + "' is not x,y");
        continue;
      }
      std::erase(barred_, *p);
      if (add) barred_.push_back(*p);
    }
  }

  void takeback(std::istringstream& words) {
    std::string text;
    words >> text;
    const auto p = parse(text);
    const auto it = p ? std::find_if(stones_.begin(), stones_.end(), [&](const Stone& s) { return s.point == *p; })
                      : stones_.end();
    if (it == stones_.end()) return error("TAKEBACK " + text + ": no stone there");
    stones_.erase(it);
    say("OK");
  }

  void showForbid() {
    Color ours = Color::Black;
    gomoku::Board b = currentBoard(ours);
    std::string text = "FORBID ";
    if (rule_ == gomoku::Rule::Renju)
      for (const auto& f : gomoku::forbiddenPoints(b, rule_)) {
        char cell[24];
        std::snprintf(cell, sizeof cell, "%02d%02d", f.point % size_, size_ - 1 - f.point / size_);
        text += cell;
      }
    say(text + ".");
  }

  // How long this turn may take, in seconds: half the turn's limit and a tenth of the match time
  // left, less a margin for the process and the pipe.
  double turnSeconds() const {
    // timeout_turn 0 asks for a move at once; none given, 5 s.
    double ms = timeoutTurn_ ? static_cast<double>(*timeoutTurn_) : 5000.0;
    if (timeLeft_ > 0) ms = std::min(ms, static_cast<double>(timeLeft_) / 10);
    return std::max(0.01, ms * 0.5 / 1000 - 0.03);
  }

  // Thinks about our move on a thread of its own (see handle); with `nBest`, the N best moves
  // are shown first (Yixin's YXNBEST), then the best is played as a turn's is.
  void move(int nBest = 0) {
    Color ours = Color::Black;
    const gomoku::Board b = currentBoard(ours);
    if (const auto finished = gomoku::findFinishedGame(b, rule_))
      return error("the game is over: " +
                   (finished->blackFoul ? std::string("black has an overline") : std::string(gomoku::colorName(finished->winner)) + " has five") +
                   " at " + format(finished->at) + "; no move to play");
    stop_ = false;
    thinker_ = std::thread([this, pos = gomoku::Position{rule_, b, ours}, nBest, barred = barred_] {
      ChoiceOptions choice;
      choice.seconds = turnSeconds();
      choice.book = options_.book;
      choice.table = &table_;
      choice.stop = &stop_;
      choice.barred = barred;
      choice.analysis = [&](const Analysis& a) { analysis(a); };
      const MoveChoice c = chooseMove(pos, choice);
      for (const auto& m : c.messages) message(m);
      for (int k = 0; k < nBest && k < static_cast<int>(c.best.size()); ++k)
      {
        std::string line = "(";
        line.append(std::to_string(k + 1)).append(") ").append(std::to_string(c.best[static_cast<std::size_t>(k)].score));
        line.append(" | ").append(format(c.best[static_cast<std::size_t>(k)].move));
        message(line);
      }
      if (c.move == gomoku::kNoPoint) return error("no legal move left");
      stones_.push_back({c.move, true});
      say(format(c.move));
    });
  }

  // A step of the choice, as GUIs show analysis: a MESSAGE in words and the INFO lines.
  void analysis(const Analysis& a) {
    std::string pv;
    for (Point p : a.line) {
      if (!pv.empty()) pv += ' ';
      pv += format(p);
    }
    const long long ms = static_cast<long long>(a.milliseconds);
    message("depth " + std::to_string(a.depth) + " ev " + scoreText(a.score) + " n " + std::to_string(a.nodes) +
            " tm " + std::to_string(ms) + " pv " + pv + " (" + a.what + ")");
    if (showDetail_ < 2) return;  // INFO lines only for a GUI that asked for them (INFO show_detail 2 or 3)
    out_ << "INFO PV 0\nINFO NUMPV 1\nINFO DEPTH " << a.depth << "\nINFO NODES " << a.nodes << "\nINFO TOTALTIME " << ms
         << "\nINFO EVAL " << a.score << "\nINFO BESTLINE " << pv << "\nINFO PV DONE" << std::endl;
  }

  void finishThinking() {
    if (thinker_.joinable()) thinker_.join();
  }

  std::ostream& out_;
  EngineOptions options_;
  proof::TranspositionTable table_;
  std::size_t tableMegabytes_ = options_.hashMegabytes;
  int size_ = 0;
  gomoku::Rule rule_ = gomoku::Rule::Freestyle;
  std::optional<long long> timeoutTurn_;
  long long timeoutMatch_ = 0, timeLeft_ = 0;
  std::thread thinker_;
  std::atomic<bool> stop_{false};
  int showDetail_ = 0;  // INFO show_detail: 2 or 3 adds the INFO lines of the analysis
  std::vector<Stone> stones_;
  std::vector<Point> barred_;  // YXBLOCK's points
};

}  // namespace

int runGomocup(std::istream& in, std::ostream& out, const EngineOptions& options) {
  Session session(out, options);
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!session.handle(line, in)) break;
  }
  return 0;
}

}  // namespace tengen::engine
