// Seeded fuzzing of everything that parses user input: positions, command-line options and book
// JSON lines. Mutations of valid inputs and random bytes must give a value or the parser's own
// one-line error, never a crash or another exception; what parses must round-trip. Bounded to a
// few seconds.
#include <gtest/gtest.h>

#include <chrono>
#include <random>
#include <string>
#include <vector>

#include "book/book_error.h"
#include "book/book_transfer.h"
#include "cli/args.h"
#include "cli/json.h"
#include "solver/gomoku/notation.h"
#include "solver/gomoku/position.h"

namespace tengen {
namespace {

using Clock = std::chrono::steady_clock;

// A mutation of `seed`: bytes flipped, inserted, deleted, or pieces of `alphabet` spliced in.
std::string mutate(std::string text, std::mt19937_64& rng, std::string_view alphabet) {
  const int edits = 1 + static_cast<int>(rng() % 4);
  for (int e = 0; e < edits; ++e) {
    const std::size_t at = text.empty() ? 0 : rng() % (text.size() + 1);
    switch (rng() % 5) {
      case 0:
        if (!text.empty() && at < text.size()) text[at] = static_cast<char>(rng());
        break;
      case 1: text.insert(at, 1, alphabet[rng() % alphabet.size()]); break;
      case 2:
        if (at < text.size()) text.erase(at, 1 + rng() % 3);
        break;
      case 3: text.insert(at, std::string(1 + rng() % 3, alphabet[rng() % alphabet.size()])); break;
      default: text.insert(at, std::to_string(static_cast<long long>(rng()) >> (rng() % 60))); break;
    }
  }
  return text;
}

bool withinBudget(Clock::time_point start) { return Clock::now() - start < std::chrono::milliseconds(1500); }

TEST(ParserFuzz, PositionsParseOrSayWhy) {
  std::mt19937_64 rng(20261123);
  const std::vector<std::string> seeds = {"h8 h9 i9", "h8,i9/h9", "/", "", "a1 o15 b2", "h8 h9 i9 j10 g8 i8 g10 h7",
                                          "c8,e8,g8,i8,f10/a1,a3,a5,a7", "t20", "H8 I9"};
  const std::string alphabet = "abcdefghijklmnopqrstuvwxyz0123456789 ,/\t\n-+.";
  const auto start = Clock::now();
  int parsed = 0, refused = 0;
  for (int round = 0; round < 200000 && withinBudget(start); ++round) {
    gomoku::PositionOptions options;
    options.rule = static_cast<gomoku::Rule>(rng() % 3);
    options.size = 5 + static_cast<int>(rng() % 16);
    if (rng() % 4 == 0) options.toMove = rng() % 2 ? gomoku::Color::White : gomoku::Color::Black;
    const std::string text = mutate(seeds[rng() % seeds.size()], rng, alphabet);
    try {
      const gomoku::Position pos = gomoku::parsePosition(text, options);
      ++parsed;
      // What parses comes back the same from its stone lists.
      gomoku::PositionOptions again = options;
      again.toMove = pos.toMove;
      const gomoku::Position back = gomoku::parsePosition(gomoku::formatStones(pos.board), again);
      ASSERT_EQ(gomoku::formatStones(back.board), gomoku::formatStones(pos.board)) << text;
    } catch (const gomoku::PositionError& e) {
      ++refused;
      const std::string why = e.what();
      ASSERT_FALSE(why.empty());
      ASSERT_EQ(why.find('\n'), std::string::npos) << "a multi-line error for " << gomoku::quoted(text, 200);
      ASSERT_LT(why.size(), 400u) << why;
    }
  }
  EXPECT_GT(parsed, 100);
  EXPECT_GT(refused, 100);
}

TEST(ParserFuzz, OptionsParseOrSayWhy) {
  std::mt19937_64 rng(7);
  const std::vector<std::string> words = {"--rule", "renju", "--size", "15", "--to-move", "white", "--json", "--nodes",
                                          "100", "--time", "1.5", "--book", "dir", "h8 h9", "--size=7", "--nodes=1e9",
                                          "-", "--", "--time", "nan", "inf", "-5", "99999999999999999999"};
  // The solve command's own options (rule, size, to-move, json, nodes, time, book, ...).
  const cli::CommandHelp& solve = cli::commandHelp("solve");
  const auto start = Clock::now();
  int accepted = 0, refused = 0;
  for (int round = 0; round < 100000 && withinBudget(start); ++round) {
    std::vector<std::string> argv = {"tengen", "solve"};
    const int n = static_cast<int>(rng() % 7);
    for (int i = 0; i < n; ++i) {
      std::string w = words[rng() % words.size()];
      if (rng() % 4 == 0) w = mutate(w, rng, "-=abc019.e");
      argv.push_back(w);
    }
    std::vector<char*> raw;
    for (auto& a : argv) raw.push_back(a.data());
    try {
      const cli::Args args(static_cast<int>(raw.size()), raw.data(), 2, solve);
      const gomoku::PositionOptions o = cli::positionOptions(args);
      args.integer("nodes", 0, 0, 1LL << 50);
      const double t = args.real("time", 0, 0, 1e9);
      ASSERT_TRUE(t >= 0 && t <= 1e9);
      ASSERT_TRUE(o.size >= gomoku::kMinSize && o.size <= gomoku::kMaxSize);
      ++accepted;
    } catch (const cli::UsageError& e) {
      ++refused;
      ASSERT_EQ(std::string(e.what()).find('\n'), std::string::npos);
    } catch (const cli::HelpRequested& h) {
      ASSERT_EQ(h.command, &solve);  // -h or --help among the words: the command's help
    }
  }
  EXPECT_GT(accepted, 100);
  EXPECT_GT(refused, 100);
}

TEST(ParserFuzz, BookLinesParseOrSayWhy) {
  std::mt19937_64 rng(99);
  const std::vector<std::string> seeds = {
      R"({"position": "c3", "to_move": "white", "rule": "freestyle", "size": 6, "result": "unknown", "best_move": null, "verified": false, "pn": 5, "dn": 1, "steps": {}, "tool_version": "x"})",
      R"({"position": "/", "to_move": "black", "rule": "freestyle", "size": 6, "result": "black-wins", "best_move": "c3", "verified": true, "steps": {"black": {"wins": true, "moves": ["c3"], "argument": {"kind": 0, "moves": []}, "best": "c3", "size": 1, "depth": 1, "verified": true}}})",
      R"({"position": "h8", "to_move": "white", "rule": "renju", "size": 15, "result": "draw", "steps": {"black": {"wins": false, "moves": ["h9", "i9"], "argument": {"kind": 2, "moves": ["g7"]}, "best": null, "size": 3, "depth": 2}, "white": {"wins": false, "moves": ["h9"], "argument": {"kind": 0, "moves": []}, "best": "h9", "size": 2, "depth": 1}}})"};
  const std::string alphabet = "{}[]\":,0123456789.e-+ truefalsnl\\";
  const auto start = Clock::now();
  int parsed = 0, refused = 0;
  for (int round = 0; round < 100000 && withinBudget(start); ++round) {
    const std::string line = rng() % 2 ? mutate(seeds[rng() % seeds.size()], rng, alphabet) : seeds[rng() % seeds.size()];
    try {
      const auto entry = book::entryFromJson(line);
      ++parsed;
      // An imported step is never verified, whatever the line says.
      for (const auto& step : entry.second.steps) ASSERT_FALSE(step.verified()) << line;
      ASSERT_EQ(entry.second.result, book::Value::Unknown) << line;
    } catch (const book::BookError& e) {
      ++refused;
      ASSERT_EQ(std::string(e.what()).find('\n'), std::string::npos) << e.what();
    }
  }
  EXPECT_GT(parsed, 100);
  EXPECT_GT(refused, 100);
}

TEST(ParserFuzz, JsonQuotingAlwaysGivesValidUtf8) {
  std::mt19937_64 rng(3);
  for (int round = 0; round < 20000; ++round) {
    std::string text(rng() % 20, '\0');
    for (auto& c : text) c = static_cast<char>(rng());
    const std::string out = cli::jsonQuote(text);
    // Every byte outside ASCII belongs to a well-formed UTF-8 sequence; no raw control byte.
    for (std::size_t i = 0; i < out.size();) {
      const auto b = static_cast<unsigned char>(out[i]);
      ASSERT_GE(b, 0x20) << round;
      std::size_t n = b < 0x80 ? 1 : b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC2 ? 2 : 0;
      ASSERT_GT(n, 0u) << round;
      ASSERT_LE(i + n, out.size()) << round;
      for (std::size_t k = 1; k < n; ++k) ASSERT_EQ(static_cast<unsigned char>(out[i + k]) & 0xC0, 0x80) << round;
      i += n;
    }
  }
}

}  // namespace
}  // namespace tengen
