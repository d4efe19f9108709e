// `tengen solve --game othello`: the exact final disc margin of an Othello position, its best
// move and a perfect line, by the exact endgame solver (solver/othello/endgame.h).
#include <algorithm>
#include <bit>
#include <optional>
#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "cli/args.h"
#include "cli/commands.h"
#include "cli/json.h"
#include "solver/gomoku/notation.h"
#include "solver/othello/board.h"
#include "solver/othello/endgame.h"
#include "solver/othello/prove.h"
#include "cli/book_open.h"
#include "cli/othello_book.h"
#include "cli/othello_solve.h"
#include "cli/distributed.h"
#include "worker/shutdown.h"

namespace tengen::cli {
namespace {

using othello::Position;
using othello::Square;

const char* discName(othello::Disc d) { return d == othello::Disc::Black ? "black" : "white"; }

std::string jsonStrings(const std::vector<std::string>& items) {
  std::string out = "[";
  for (std::size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + jsonQuote(items[i]);
  return out + "]";
}

}  // namespace

bool othelloRequested(const Args& args) {
  for (const char* option : {"game", "rule"})
    if (const auto v = args.value(option); v && (*v == "othello" || *v == "anti-othello")) return true;
  return false;
}

OthelloGame othelloGame(const Args& args) {
  OthelloGame g;
  const std::string name = args.value("game").value_or(args.value("rule").value_or("othello"));
  if (name == "anti-othello") g.scoring = othello::Scoring::FewestDiscs;
  g.size = static_cast<int>(args.integer("size", 8, 4, 8));
  if (g.size != 4 && g.size != 6 && g.size != 8) throw UsageError("--size for Othello is 4, 6 or 8");
  const std::string start = args.value("start").value_or("diagonal");
  if (start == "parallel") g.start = othello::StartKind::Parallel;
  else if (start != "diagonal") throw UsageError("--start is diagonal (the standard start) or parallel, not " + gomoku::quoted(start));
  return g;
}

std::string othelloDiagram(const Position& p) {
  const int n = p.size();
  const othello::Bitboard moves = p.moves();
  std::string out = "  ";
  for (int c = 0; c < n; ++c) {
    out += ' ';
    out += static_cast<char>('a' + c);
  }
  out += '\n';
  for (int r = 0; r < n; ++r) {
    out += ' ';
    out += static_cast<char>('1' + r);
    for (int c = 0; c < n; ++c) {
      const othello::Bitboard b = othello::bit(r * 8 + c);
      out += ' ';
      out += (p.discs(othello::Disc::Black) & b) ? 'X' : (p.discs(othello::Disc::White) & b) ? 'O' : (moves & b) ? '*' : '.';
    }
    out += '\n';
  }
  return out;
}

// Moves may be run together ("f5d6c3"); passes are "pass".
Position parseOthello(const std::string& text, const OthelloGame& game) {
  const int n = game.size;
  if (text.size() >= 66 && text[64] == ' ') {
    if (n != 8) throw UsageError("a 64-cell board string is an 8x8 position (drop --size)");
    try {
      const Position b = othello::parseBoardString(text);
      return Position(8, b.discs(othello::Disc::Black), b.discs(othello::Disc::White), b.toMove(), game.scoring);
    } catch (const std::invalid_argument& e) {
      throw UsageError(std::string("bad Othello board: ") + e.what());
    }
  }
  Position p = Position::start(n, game.start, game.scoring);
  std::string compact;
  for (char c : text)
    if (c != ' ' && c != ',') compact += c;
  std::size_t at = 0;
  int ply = 0;
  while (at < compact.size()) {
    const std::size_t len = compact.compare(at, 4, "pass") == 0 ? 4 : 2;
    const std::string token = compact.substr(at, len);
    ++ply;
    const auto s = othello::parseSquare(token, n);
    if (!s) throw UsageError("move " + std::to_string(ply) + " " + gomoku::quoted(token) + " is not a square of the " +
                             std::to_string(n) + "x" + std::to_string(n) + " board");
    try {
      p.play(*s);
    } catch (const std::invalid_argument& e) {
      throw UsageError("move " + std::to_string(ply) + " " + gomoku::quoted(token) + ": " + e.what());
    }
    at += len;
  }
  return p;
}

int runOthelloSolve(const Args& args) {
  if (args.value("book") && !args.flag("prove"))
    throw UsageError("--book with --game othello needs --prove: the book keeps proved margins only");
  for (const char* other : {"mode", "lines", "nodes", "to-move", "limit", "threat-limit"})
    if (args.value(other) || args.flag(other))
      throw UsageError(std::string("--") + other + " is not for --game othello (it takes --size, --start, --time, --prove, --hash, --book, --workers, --json)");
  if (args.positional().size() != 1) throw UsageError("give one Othello position: moves from the start (\"f5 d6 c3\") or a board string");
  const OthelloGame game = othelloGame(args);
  const int n = game.size;
  const Position pos = parseOthello(args.positional()[0], game);
  worker::catchStopSignals();
  // With workers (and a move to split on), the coordinator shares the moves among them; else one
  // search here. Either way: the margin, a best move, the line, and with --prove a checked proof.
  othello::EndgameResult r;
  std::vector<std::string> line;
  std::optional<othello::MarginProof> proof;
  std::optional<coordinator::OthelloSplitSummary> split;
  std::string workers;
  if (args.value("proof-nodes") && !distributedRequested(args))
    throw UsageError("--proof-nodes bounds each job's proof with --workers; a solve in one process proves within --time");
  if (distributedRequested(args) && pos.moves()) {
    split = runOthelloSplitSolve(args, pos, workers);
    r.exact = split->exact;
    r.margin = split->margin;
    r.best = split->best;
    r.nodes = split->nodes;
    r.seconds = split->seconds;
    for (const Square s : split->line) line.push_back(othello::squareName(s));
    if (args.flag("prove") && split->exact) proof = split->proof;
  } else {
    othello::EndgameSolver solver(22);
    solver.setLimits(&worker::stopFlag(), args.seconds("time", 0, 0, 1e9));
    r = solver.solve(pos);
    // --prove: the margin again by two proof-number searches, their trees re-checked by the
    // plain-rules verifier, with the time left.
    if (r.exact && args.flag("prove")) {
      othello::MarginProofOptions po;
      po.hashMegabytes = static_cast<std::size_t>(args.integer("hash", 256, 1, 1 << 20));
      po.cancel = &worker::stopFlag();
      po.solver = &solver;
      const double limit = args.seconds("time", 0, 0, 1e9);
      if (limit > 0) po.maxSeconds = std::max(0.001, limit - r.seconds);
      proof = othello::proveMargin(pos, r.margin, po);
    }
    // The perfect line: the best move of each position in turn (the table makes these quick).
    if (r.exact) {
      Position p = pos;
      while (!p.ended()) {
        const Square s = p.moves() ? solver.solve(p).best : othello::kPass;
        line.push_back(othello::squareName(s));
        p.play(s);
      }
    }
  }
  const bool over = pos.ended();
  const std::string best = !r.exact || over ? "" : othello::squareName(r.best);
  const bool json = args.flag("json");
  const int empties = std::popcount(pos.empty());
  std::string result = "unknown";
  if (r.exact) {
    const othello::Disc winner = r.margin > 0 ? pos.toMove() : othello::opposite(pos.toMove());
    result = r.margin == 0 ? "draw" : std::string(discName(winner)) + "-wins";
  }
  // The proved margin goes into the book with both trees; nothing unproved is stored.
  std::string stored;
  if (proof && proof->proved && args.value("book")) {
    const auto book = openBookWriter(args, book::Book::Access::Create);
    storeOthelloProof(*book, pos, *proof, r.best);
    stored = book->dir();
  }
  // A split's jobs: how many, how they were answered, and the coordinator's cost per job.
  const std::string splitJson =
      !split ? "null"
             : JsonObject()
                   .num("workers", static_cast<long long>(split->workers))
                   .num("moves", static_cast<long long>(split->moves))
                   .num("jobs", static_cast<long long>(split->jobs))
                   .num("retests", static_cast<long long>(split->retests))
                   .num("exact", static_cast<long long>(split->exactJobs))
                   .num("lower_bounds", static_cast<long long>(split->boundJobs))
                   .num("unknown", static_cast<long long>(split->unknown))
                   .num("worker_seconds", split->workerSeconds)
                   .num("check_seconds", split->checkSeconds)
                   .num("dispatch_seconds_per_job", split->jobs ? split->dispatchSeconds / static_cast<double>(split->jobs) : 0.0)
                   .done();
  if (json) {
    std::cout << JsonObject()
                     .str("position", args.positional()[0])
                     .str("game", game.name())
                     .num("size", static_cast<long long>(n))
                     .str("to_move", discName(pos.toMove()))
                     .num("empties", static_cast<long long>(empties))
                     .str("result", result)
                     .num("margin", static_cast<long long>(r.exact ? r.margin : 0))
                     .str("best_move", best)
                     .raw("line", jsonStrings(line))
                     .num("nodes", static_cast<long long>(r.nodes))
                     .num("seconds", r.seconds)
                     .raw("verified", proof && proof->proved ? "true" : "false")
                     .raw("proof", proof ? JsonObject()
                                               .raw("proved", proof->proved ? "true" : "false")
                                               .num("nodes", static_cast<long long>(proof->nodes))
                                               .num("tree_nodes", static_cast<long long>(proof->atLeast.size() + proof->notAbove.size()))
                                               .num("checked_positions", proof->checkedPositions)
                                               .num("seconds", proof->seconds)
                                               .str("error", proof->error)
                                               .done()
                                         : "null")
                     .raw("split", splitJson)
                     .raw("book", stored.empty() ? "null" : jsonQuote(stored))
                     .done()
              << '\n';
  } else {
    std::cout << "game: " << game.name() << " " << n << "x" << n << ", " << discName(pos.toMove()) << " to move, "
              << empties << " empty squares (X black, O white, * a legal move)\n"
              << othelloDiagram(pos);
    if (r.exact) {
      std::cout << "result: " << result << " (final margin " << (r.margin > 0 ? "+" : "") << r.margin << " for "
                << discName(pos.toMove()) << ", empty squares to the winner)\n"
                << "best move: " << (over ? "none (the game is over)" : best) << "\n"
                << "line:";
      for (const auto& m : line) std::cout << ' ' << m;
      std::cout << '\n';
    } else {
      std::cout << "result: unknown (" << (worker::stopRequested() ? "stopped by " + worker::stopReason() : "--time ran out")
                << ")\n";
    }
    std::printf("search: %llu nodes, %.2f s\n", static_cast<unsigned long long>(r.nodes), r.seconds);
    if (split)
      std::printf("split: %llu moves as %llu jobs on %s (%llu exact, %llu only shown no better), %.2f s in workers, "
                  "%.2f s verifying, %.4f s dispatch per job\n",
                  static_cast<unsigned long long>(split->moves), static_cast<unsigned long long>(split->jobs), workers.c_str(),
                  static_cast<unsigned long long>(split->exactJobs),
                  static_cast<unsigned long long>(split->boundJobs), split->workerSeconds, split->checkSeconds,
                  split->jobs ? split->dispatchSeconds / static_cast<double>(split->jobs) : 0.0);
    if (proof && proof->proved)
      std::printf("proof: the margin proved by df-pn and verified (trees of %zu + %zu nodes), %llu nodes, %.2f s\n",
                  proof->atLeast.size(), proof->notAbove.size(), static_cast<unsigned long long>(proof->nodes), proof->seconds);
    else if (proof)
      std::printf("proof: none (%s), %llu nodes, %.2f s\n", proof->error.c_str(),
                  static_cast<unsigned long long>(proof->nodes), proof->seconds);
    if (!stored.empty()) std::cout << "stored in book " << stored << '\n';
  }
  if (!r.exact && worker::stopRequested()) return worker::stopExitStatus();
  return 0;
}

}  // namespace tengen::cli
