// The engine protocol, end to end: the real binary driven through pipes as a GUI drives it.
// Complete games against itself and against a random opponent under each rule check every
// answer's legality (renju fouls included) and the CPU time it used; a book's proven win is played out to a five.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "book/book.h"
#include "engine/child_process.h"
#include "book/stored_proof.h"
#include "solver/gomoku/notation.h"
#include "solver/gomoku/position.h"
#include "solver/gomoku/rules.h"
#include "solver/gomoku/solve.h"
#include "solver/gomoku/threats.h"
#include "tests/temp_dir.h"

namespace tengen {
namespace {

using gomoku::Color;
using gomoku::Point;

// A running `tengen engine` with its standard input and output as pipes.
class Engine {
 public:
  explicit Engine(const std::vector<std::string>& extra = {}) : process_(command(extra)) {}
  ~Engine() { send("END"); }

  // CPU time the engine process has used so far, in milliseconds (from /proc: user + system).
  // A turn's limit is checked against the engine's own work, not the wall clock, so a loaded
  // machine (ctest -j, MPI tests beside it) cannot fail a test that the engine did not fail.
  double cpuMs() const {
    std::ifstream stat("/proc/" + std::to_string(process_.pid()) + "/stat");
    std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
    const auto close = text.rfind(')');  // the command name may hold spaces
    if (close == std::string::npos) return 0;
    std::istringstream fields(text.substr(close + 2));
    std::string field;
    unsigned long long utime = 0, stime = 0;
    for (int i = 3; i <= 15 && fields >> field; ++i) {
      if (i == 14) utime = std::stoull(field);
      if (i == 15) stime = std::stoull(field);
    }
    return 1000.0 * static_cast<double>(utime + stime) / static_cast<double>(sysconf(_SC_CLK_TCK));
  }

  void send(const std::string& line) {
    if (!process_.send(line)) ADD_FAILURE() << "write failed";
  }

  // The next line, or nullopt after `seconds`.
  std::optional<std::string> line(double seconds) { return process_.line(seconds); }

  // The next answer that is not a MESSAGE, with the messages seen before it.
  std::optional<std::string> answer(double seconds, std::vector<std::string>* messages = nullptr) {
    while (auto l = line(seconds)) {
      if (l->rfind("MESSAGE", 0) == 0) {
        if (messages) messages->push_back(*l);
        continue;
      }
      return l;
    }
    return std::nullopt;
  }

 private:
  static std::string command(const std::vector<std::string>& extra) {
    std::string c = "exec " TENGEN_BINARY " engine";  // exec: the pid is the engine's, for its CPU time
    for (const auto& a : extra) c += " '" + a + "'";
    return c;
  }
  engine::ChildProcess process_;
};

std::string coords(Point p, int n) { return std::to_string(p % n) + "," + std::to_string(n - 1 - p / n); }

std::optional<Point> parseCoords(const std::string& text, int n) {
  int x = -1, y = -1;
  if (std::sscanf(text.c_str(), "%d,%d", &x, &y) != 2 || x < 0 || y < 0 || x >= n || y >= n) return std::nullopt;
  return static_cast<Point>((n - 1 - y) * n + x);
}

int ruleCode(gomoku::Rule r) { return r == gomoku::Rule::Renju ? 4 : r == gomoku::Rule::Standard ? 1 : 0; }

struct GameReport {
  int moves = 0;
  std::optional<Color> winner;
  std::vector<double> answerMs;  // CPU milliseconds the engine used for each answer
};

// Checks an engine's answer for `mover` on `board`: a point, empty, legal under the rule.
Point checkedMove(const std::optional<std::string>& reply, gomoku::Board& board, Color mover, gomoku::Rule rule) {
  EXPECT_TRUE(reply.has_value()) << "no answer in time";
  if (!reply) return gomoku::kNoPoint;
  const auto p = parseCoords(*reply, board.size());
  EXPECT_TRUE(p.has_value()) << "not a move: " << *reply;
  if (!p) return gomoku::kNoPoint;
  EXPECT_TRUE(board.isEmpty(*p)) << "move on a stone: " << *reply;
  EXPECT_TRUE(gomoku::isLegal(board, *p, mover, rule)) << "illegal move (a black foul?): " << *reply;
  return *p;
}

constexpr int kTurnMs = 500;

void setUp(Engine& e, int n, gomoku::Rule rule) {
  e.send("START " + std::to_string(n));
  ASSERT_EQ(e.answer(10), "OK");
  e.send("INFO rule " + std::to_string(ruleCode(rule)));
  e.send("INFO timeout_turn " + std::to_string(kTurnMs));
  e.send("INFO timeout_match 1000000");
}

// Plays until a five, a full board or `maxMoves`. `black` answers BEGIN; moves are relayed with
// TURN. A null engine is the random opponent.
GameReport play(Engine* black, Engine* white, int n, gomoku::Rule rule, int maxMoves, std::mt19937& rng) {
  GameReport report;
  gomoku::Board board(n);
  Color mover = Color::Black;
  std::optional<Point> last;
  while (report.moves < maxMoves && !board.full()) {
    Engine* e = mover == Color::Black ? black : white;
    Point p = gomoku::kNoPoint;
    if (e) {
      const double cpuBefore = e->cpuMs();
      e->send(last ? "TURN " + coords(*last, n) : "BEGIN");
      const auto reply = e->answer(kTurnMs / 1000.0 * 4);  // no answer in 4 turns: a failure
      report.answerMs.push_back(e->cpuMs() - cpuBefore);
      p = checkedMove(reply, board, mover, rule);
      if (p == gomoku::kNoPoint) return report;
    } else {
      std::vector<Point> legal;
      for (Point q = 0; q < board.cellCount(); ++q)
        if (board.isEmpty(q) && gomoku::isLegal(board, q, mover, rule)) legal.push_back(q);
      if (legal.empty()) break;
      p = legal[rng() % legal.size()];
    }
    const bool five = gomoku::makesFive(board, p, mover, rule);
    board.place(p, mover);
    ++report.moves;
    if (five) {
      report.winner = mover;
      break;
    }
    last = p;
    mover = gomoku::opponent(mover);
  }
  return report;
}

void expectInTime(const GameReport& r) {
  for (double ms : r.answerMs) EXPECT_LT(ms, kTurnMs) << "an answer used " << ms << " ms of CPU";
}

TEST(Engine, AnswersTheProtocol) {
  Engine e;
  e.send("ABOUT");
  EXPECT_NE(e.answer(10).value_or("").find("name=\"tengen\""), std::string::npos);
  e.send("START 4");
  EXPECT_EQ(e.answer(10).value_or("").rfind("ERROR", 0), 0u);
  e.send("START 15");
  EXPECT_EQ(e.answer(10), "OK");
  e.send("FROBNICATE");
  EXPECT_EQ(e.answer(10).value_or("").rfind("UNKNOWN", 0), 0u);
  // A renju position with a double-four at f8 and a double-three at f12 (rows from the top).
  e.send("INFO rule 4");
  e.send("YXBOARD");
  const std::vector<std::string> blacks = {"c8", "e8", "g8", "i8", "f10", "f11", "g12", "h12"};
  const std::vector<std::string> whites = {"a1", "a3", "a5", "a7", "a9", "a11", "a13", "a15"};
  for (const auto& b : blacks) e.send(coords(*gomoku::parsePoint(b, 15), 15) + ",1");
  for (const auto& w : whites) e.send(coords(*gomoku::parsePoint(w, 15), 15) + ",2");
  e.send("DONE");
  e.send("YXSHOWFORBID");
  // f8 is (5, 7); f12 is (5, 3).
  EXPECT_EQ(e.answer(10), "FORBID 05070503.");
  e.send("TAKEBACK 14,0");  // o15: no stone there
  EXPECT_EQ(e.answer(10).value_or("").rfind("ERROR", 0), 0u);
  e.send("RESTART");
  EXPECT_EQ(e.answer(10), "OK");
  e.send("BEGIN");
  EXPECT_EQ(e.answer(10), "7,7");  // the centre
}

// Input a careless or hostile manager sends: refused with ERROR, never read as something else.
TEST(Engine, RefusesMalformedInput) {
  Engine e;
  auto expectError = [&](const std::string& line) {
    e.send(line);
    const std::string a = e.answer(10).value_or("(none)");
    EXPECT_EQ(a.rfind("ERROR", 0), 0u) << line << " -> " << a;
  };
  expectError("START 15x");
  expectError("START 15 15");
  e.send("START 15");
  EXPECT_EQ(e.answer(10), "OK");
  expectError("INFO rule 99");
  expectError("INFO rule 9");
  expectError("INFO timeout_turn -5");
  expectError("INFO max_memory lots");
  e.send("INFO folder /tmp");  // a key the engine does not use: no answer
  expectError("TURN 7,7,7");
  expectError("TURN 7,7x");
  // A BOARD that lists a point twice is no position: refused, no move.
  e.send("BOARD");
  e.send("7,7,1");
  e.send("7,8,2");
  e.send("7,7,2");
  e.send("DONE");
  EXPECT_EQ(e.answer(10).value_or("").rfind("ERROR BOARD lists 7,7 twice", 0), 0u);
  EXPECT_EQ(e.answer(10).value_or("").rfind("ERROR BOARD refused", 0), 0u);
  // timeout_turn 0 asks for a move at once.
  e.send("INFO timeout_turn 0");
  e.send("RESTART");
  EXPECT_EQ(e.answer(10), "OK");
  const double before = e.cpuMs();
  e.send("TURN 7,7");
  EXPECT_TRUE(e.answer(10).has_value());
  EXPECT_LT(e.cpuMs() - before, 1000) << "timeout_turn 0 took as long as a default turn";
  e.send("INFO max_memory 83886080");  // 80 MB: the table gets 40
  e.send("ABOUT");
  EXPECT_EQ(e.answer(10).value_or("").rfind("name=", 0), 0u);
}

// YXBLOCK bars points until YXBLOCKRESET, YXBLOCKUNDO frees some: black's open four h8-h11 gets
// the end left free, and a bad point in the list is an error while the rest still count.
TEST(Engine, BlockedPointsAreNotPlayed) {
  Engine e;
  setUp(e, 15, gomoku::Rule::Freestyle);
  const auto at = [](const char* p) { return coords(*gomoku::parsePoint(p, 15), 15); };
  const auto board = [&] {
    e.send("BOARD");
    for (const char* p : {"h8", "a1", "h9", "a3", "h10", "a5", "h11", "a7"})
      e.send(at(p) + (p[0] == 'h' ? ",1" : ",2"));
    e.send("DONE");
    return e.answer(kTurnMs / 1000.0 * 8);
  };
  e.send("YXBLOCK");
  e.send(at("h7"));
  e.send("99,x");
  e.send(at("h12"));
  e.send("DONE");
  EXPECT_EQ(e.answer(10).value_or("").rfind("ERROR YXBLOCK line '99,x'", 0), 0u);
  e.send("YXBLOCKUNDO");
  e.send(at("h12"));
  e.send("DONE");
  EXPECT_EQ(board(), at("h12"));
  e.send("YXBLOCKRESET");
  e.send("YXBLOCK");
  e.send(at("h12"));
  e.send("DONE");
  EXPECT_EQ(board(), at("h7"));
}

// What analysing GUIs (Yixin-Board, Gomoku Calculator) send: N best moves, a stop, a swap2 board.
TEST(Engine, AnswersTheAnalysisCommands) {
  Engine e;
  setUp(e, 15, gomoku::Rule::Freestyle);
  // Black h8 i9 h9, white to move: YXNBEST 3 shows three moves with scores, then plays the first.
  e.send("BOARD");
  for (const char* p : {"h8", "i9", "h9"}) e.send(coords(*gomoku::parsePoint(p, 15), 15) + (std::string(p) == "i9" ? ",2" : ",1"));
  e.send("DONE");
  std::vector<std::string> messages;
  const auto first = e.answer(kTurnMs / 1000.0 * 8, &messages);
  ASSERT_TRUE(first.has_value());
  e.send("TAKEBACK " + *first);
  EXPECT_EQ(e.answer(10), "OK");
  messages.clear();
  e.send("YXNBEST 3");
  const auto played = e.answer(kTurnMs / 1000.0 * 8, &messages);
  ASSERT_TRUE(played.has_value());
  std::vector<std::string> ranked;
  for (const auto& m : messages)
    if (m.rfind("MESSAGE (", 0) == 0) ranked.push_back(m);
  ASSERT_EQ(ranked.size(), 3u);
  EXPECT_EQ(ranked[0].rfind("MESSAGE (1) ", 0), 0u) << ranked[0];
  EXPECT_EQ(ranked[2].rfind("MESSAGE (3) ", 0), 0u) << ranked[2];
  // The first ranked move is the one played.
  EXPECT_NE(ranked[0].find("| " + *played), std::string::npos)
      << ranked[0] << " / " << *played;
  EXPECT_FALSE(std::any_of(messages.begin(), messages.end(), [](const std::string& m) { return m.rfind("INFO", 0) == 0; }));
  // YXSTOP ends a long turn early; the move still comes.
  e.send("INFO timeout_turn 60000");
  e.send("TAKEBACK " + *played);
  EXPECT_EQ(e.answer(10), "OK");
  const auto start = std::chrono::steady_clock::now();
  e.send("YXNBEST 1");
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  e.send("YXSTOP");
  EXPECT_TRUE(e.answer(20).has_value());
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 20.0);
  e.send("INFO timeout_turn " + std::to_string(kTurnMs));
  e.send("YXNBEST 0");
  EXPECT_EQ(e.answer(10).value_or("").rfind("ERROR", 0), 0u);
  // A swap2 board is read to its DONE and refused; the next command is answered as usual.
  e.send("SWAP2BOARD");
  e.send("7,7");
  e.send("DONE");
  EXPECT_EQ(e.answer(10).value_or("").rfind("ERROR swap2", 0), 0u);
  // A board that already has a five: no move, an error that says where.
  e.send("BOARD");
  for (int x = 3; x < 8; ++x) e.send(std::to_string(x) + ",7,1");
  for (int x = 3; x < 7; ++x) e.send(std::to_string(x) + ",9,2");
  e.send("DONE");
  EXPECT_EQ(e.answer(10).value_or("").rfind("ERROR the game is over: black has five", 0), 0u);
  e.send("YXHASHCLEAR");
  e.send("ABOUT");
  EXPECT_EQ(e.answer(10).value_or("").rfind("name=", 0), 0u);
}

// Input that ends inside BOARD: the engine answers no move, it only says what happened.
TEST(Engine, InputEndingInsideBoardGetsNoMove) {
  const tests::TempDir tmp("engine");
  const std::string in = tmp.sub("in");
  std::ofstream(in) << "START 15\nBOARD\n7,7,1\n";
  const std::string out = tmp.sub("out");
  ASSERT_EQ(std::system(("exec " TENGEN_BINARY " engine < " + in + " > " + out).c_str()), 0);
  std::ifstream answers(out);
  const std::string text((std::istreambuf_iterator<char>(answers)), std::istreambuf_iterator<char>());
  EXPECT_EQ(text,
            "MESSAGE no book: moves come from the prover and the evaluation ('tengen engine --book DIR' plays a book's "
            "proven moves)\nOK\nERROR the input ended before BOARD's DONE\n");
}

TEST(Engine, PlaysWholeGamesAgainstItselfLegallyAndInTime) {
  std::mt19937 rng(1);
  for (gomoku::Rule rule : {gomoku::Rule::Freestyle, gomoku::Rule::Standard, gomoku::Rule::Renju}) {
    Engine black, white;
    setUp(black, 15, rule);
    setUp(white, 15, rule);
    const GameReport r = play(&black, &white, 15, rule, 40, rng);
    EXPECT_GE(r.moves, 9) << gomoku::ruleName(rule);
    expectInTime(r);
  }
}

TEST(Engine, BeatsARandomOpponentUnderEveryRuleLegallyAndInTime) {
  std::mt19937 rng(2026);
  for (gomoku::Rule rule : {gomoku::Rule::Freestyle, gomoku::Rule::Standard, gomoku::Rule::Renju})
    for (bool engineBlack : {true, false}) {
      Engine e;
      setUp(e, 15, rule);
      const GameReport r = engineBlack ? play(&e, nullptr, 15, rule, 120, rng) : play(nullptr, &e, 15, rule, 120, rng);
      ASSERT_TRUE(r.winner.has_value()) << gomoku::ruleName(rule) << ": no five in " << r.moves << " moves";
      EXPECT_EQ(*r.winner, engineBlack ? Color::Black : Color::White) << gomoku::ruleName(rule);
      expectInTime(r);
    }
}

TEST(Engine, PlaysTheBooksProvenWinToAFive) {
  // A renju position black wins by threats (quintet's vct_black), proved and stored in a book.
  const tests::TempDir dir("engine-test");
  const std::string bookDir = dir.sub("book");
  gomoku::PositionOptions o;
  o.toMove = Color::Black;
  const gomoku::Position pos = gomoku::parsePosition("h10,h9,j9,h8,i7/i11,i9,g8,j8,h7", o);
  {
    gomoku::SolveOptions so;
    so.hashMegabytes = 64;
    const gomoku::SolveResult r = gomoku::solve(pos, so);
    ASSERT_EQ(r.value, gomoku::GameValue::BlackWins);
    book::Book book(bookDir, book::Book::Access::Create);
    book::storeSolve(book, pos, r);
  }
  std::mt19937 rng(7);
  for (int game = 0; game < 3; ++game) {
    Engine e({"--book", bookDir});
    setUp(e, 15, gomoku::Rule::Renju);
    gomoku::Board board = pos.board;
    e.send("BOARD");
    for (const auto& [p, c] : pos.board.history()) e.send(coords(p, 15) + (c == Color::Black ? ",1" : ",2"));
    e.send("DONE");
    std::vector<std::string> messages;
    bool won = false;
    for (int turn = 0; turn < 40 && !won; ++turn) {
      const Point p = checkedMove(e.answer(kTurnMs / 1000.0 * 4, &messages), board, Color::Black, gomoku::Rule::Renju);
      if (p == gomoku::kNoPoint) break;
      if (turn == 0) {
        EXPECT_TRUE(std::any_of(messages.begin(), messages.end(),
                                [](const std::string& m) { return m.find("book: black-wins (verified") != std::string::npos; }))
            << (messages.empty() ? std::string("no message") : messages.front());
      }
      won = gomoku::makesFive(board, p, Color::Black, gomoku::Rule::Renju);
      board.place(p, Color::Black);
      if (won) break;
      // The opponent: a random legal move, but it blocks a five when it must.
      gomoku::MoveList fives;
      gomoku::findFivePoints(board, Color::Black, gomoku::Rule::Renju, fives);
      std::vector<Point> legal;
      for (Point q = 0; q < board.cellCount(); ++q)
        if (board.isEmpty(q)) legal.push_back(q);
      const Point reply = !fives.empty() ? fives[0] : legal[rng() % legal.size()];
      board.place(reply, Color::White);
      e.send("TURN " + coords(reply, 15));
    }
    EXPECT_TRUE(won) << "game " << game << ": the book's win was not played out";
  }
}

}  // namespace
}  // namespace tengen
