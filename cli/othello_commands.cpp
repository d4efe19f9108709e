// The command line's Othello adapter: which Othello the options name, and `solve`, `query` and
// `book build` for it. The work is in solver/othello (positions, the endgame solver, proofs),
// book/othello_entry (entries) and coordinator/othello_build (jobs); this file reads options and
// prints answers. Keys and trees are in the canonical orientation; answers are turned back.
#include "cli/game_commands.h"

#include <unistd.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "book/othello_entry.h"
#include "cli/book_open.h"
#include "cli/commands.h"
#include "cli/distributed.h"
#include "cli/json.h"
#include "coordinator/othello_build.h"
#include "solver/gomoku/notation.h"
#include "solver/othello/endgame.h"
#include "solver/othello/margin_job.h"
#include "solver/othello/move_values.h"
#include "solver/othello/notation.h"
#include "solver/othello/prove.h"
#include "worker/shutdown.h"

namespace tengen::cli {
namespace {

using othello::discName;
using othello::Position;
using othello::Square;

// Which Othello a command line asks for: --game (or --rule) othello | anti-othello, --size 4, 6
// or 8, --start diagonal | parallel.
struct OthelloGame {
  int size = 8;
  othello::Scoring scoring = othello::Scoring::MostDiscs;
  othello::StartKind start = othello::StartKind::Diagonal;
  const char* name() const { return scoring == othello::Scoring::FewestDiscs ? "anti-othello" : "othello"; }
};


std::string jsonStrings(const std::vector<std::string>& items) {
  std::string out = "[";
  for (std::size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + jsonQuote(items[i]);
  return out + "]";
}

// `solve --game othello --workers N` (or under mpirun): `pos` split into one job per move through
// the coordinator (--time and --hash per job; --prove asks for the root's composed proof).
coordinator::OthelloSplitSummary runOthelloSplitSolve(const Args& args, const othello::Position& pos, std::string& workers) {
  coordinator::OthelloSplitOptions options;
  options.budget.maxSeconds = args.seconds("time", 0, 0, 1e9);
  options.budget.hashMegabytes = static_cast<std::uint32_t>(args.integer("hash", 256, 1, 1 << 20));
  options.budget.proofNodes = args.flag("prove") ? static_cast<std::uint64_t>(args.integer("proof-nodes", 2000000, 1, 1LL << 50)) : 0;
  options.levels = static_cast<int>(args.integer("split-levels", options.levels, 1, 60));
  setReporter(options, args.flag("json"));
  const auto pool = coordinator::makeWorkerPool(workerCount(args));
  worker::catchStopSignals();
  options.stop = &worker::stopFlag();
  workers = pool->describe();
  coordinator::OthelloSplitSummary s = coordinator::runOthelloSplit(pos, *pool, options);
  if (!args.flag("json") && isatty(STDERR_FILENO)) std::fprintf(stderr, "\r\033[K");  // the live line
  pool->stop();
  return s;
}

// A long solve's live line on a terminal, in the side to move's words: what the passes have
// found so far (the selective search's bounds are estimates, the exact search's proved) and what
// the running pass asks.
void showSolveProgress(const othello::EndgameSolver::Progress& p, othello::Disc toMove) {
  const auto margin = [](int m) { return (m > 0 ? "+" : "") + std::to_string(m); };
  std::string known;
  if (p.lower > -127) known += "at least " + margin(p.lower);
  if (p.upper < 127) known += (known.empty() ? "" : ", ") + std::string("at most ") + margin(p.upper);
  if (known.empty()) known = "nothing yet";
  const std::string asking = p.passEnded ? "" : "; asking " + margin(p.testing) + " or more";
  std::fprintf(stderr, "\r\033[K%s %s's margin: %s%s%s: %.0fM positions (%.1fM/s), %.0f s",
               p.guessing ? "estimating" : "solving", othello::discName(toMove), known.c_str(),
               p.guessing ? " (a selective search, nothing proved)" : "", asking.c_str(), p.nodes / 1e6,
               p.seconds > 0 ? p.nodes / p.seconds / 1e6 : 0.0, p.seconds);
}

// What shows a stored margin, as the query prints it.
const char* basisName(book::OthelloBasis basis) {
  switch (basis) {
    case book::OthelloBasis::Trees: return "proof trees";
    case book::OthelloBasis::Children: return "its children's entries";
    case book::OthelloBasis::Search: break;
  }
  return "the endgame search alone, no proof kept";
}

// Throws UsageError for a size or start Othello does not have.
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

// A board string (64 cells, a space, the side to move) or moves from the start ("f5 d6 c3"):
// the position they reach (solver/othello/notation.h). Throws UsageError naming what is wrong.
Position parseOthello(const std::string& text, const OthelloGame& game) {
  if (othello::isBoardString(text) && game.size != 8) throw UsageError("a 64-cell board string is an 8x8 position (drop --size)");
  try {
    return othello::parsePosition(text, game.size, game.start, game.scoring);
  } catch (const othello::MoveTextError& e) {
    throw UsageError("move " + std::to_string(e.ply()) + " " + gomoku::quoted(e.token()) + (e.offBoard() ? " " : ": ") + e.what());
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("bad Othello board: ") + e.what());
  }
}

int runOthelloSolve(const Args& args) {
  if (args.value("book") && !args.flag("prove"))
    throw UsageError("--book with --game othello needs --prove: the book keeps proved margins only");
  for (const char* other : {"mode", "lines", "nodes", "to-move", "limit", "threat-limit"})
    if (args.value(other) || args.flag(other))
      throw UsageError(std::string("--") + other + " is not for --game othello (it takes --size, --start, --time, --prove, --replies, --hash, --book, --workers, --json)");
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
  std::optional<othello::MoveValues> replies;
  std::string workers;
  if (args.value("split-levels") && !distributedRequested(args))
    throw UsageError("--split-levels says how a solve is split among --workers; a solve in one process is not split");
  if (args.value("proof-nodes") && !distributedRequested(args))
    throw UsageError("--proof-nodes bounds each job's proof with --workers; a solve in one process proves within --time");
  if (args.flag("replies") && distributedRequested(args))
    throw UsageError("--replies solves every move in one process; with --workers the split shows only that no move beats the best");
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
    // --hash sizes the search's table (128 MiB when not given, 2^22 entries' worth).
    othello::EndgameSolver solver(othello::EndgameSolver::tableBitsFor(static_cast<std::uint64_t>(args.integer("hash", 128, 1, 1 << 20))));
    solver.setLimits(&worker::stopFlag(), args.seconds("time", 0, 0, 1e9));
    const bool terminal = !args.flag("json") && isatty(STDERR_FILENO);
    if (terminal) solver.setProgress([&pos](const othello::EndgameSolver::Progress& p) { showSolveProgress(p, pos.toMove()); });
    const auto started = std::chrono::steady_clock::now();  // --time bounds the solve, the proof and the replies together
    r = solver.solve(pos);
    if (terminal) {
      solver.setProgress({});
      std::fprintf(stderr, "\r\033[K");
    }
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
    if (r.exact)
      for (const Square s : othello::perfectLine(solver, pos)) line.push_back(othello::squareName(s));
    // --replies: every move's margin, with the time the solve and the proof left.
    if (r.exact && args.flag("replies")) {
      const double limit = args.seconds("time", 0, 0, 1e9);
      const double spent = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
      if (limit > 0 && limit <= spent) replies = othello::MoveValues{{}, false, 0, 0};
      else replies = othello::moveValues(solver, pos, &worker::stopFlag(), limit > 0 ? limit - spent : 0);
    }
  }
  const bool over = pos.ended();
  const std::string best = !r.exact || over ? "" : othello::squareName(r.best);
  const bool json = args.flag("json");
  const int empties = std::popcount(pos.empty());
  const std::string result = r.exact ? othello::resultName(r.margin, pos.toMove()) : "unknown";
  // The proved margin goes into the book with both trees; nothing unproved is stored.
  std::string stored;
  if (proof && proof->proved && args.value("book")) {
    const auto book = openBookWriter(args, book::Book::Access::Create);
    // Marked verified: proveMargin checked both trees.
    book::OthelloEntry entry = book::othelloEntryOf(pos, *proof, r.best);
    entry.verifiedBy = book::kOthelloVerifierRevision;
    book::storeOthelloEntry(*book, pos, entry);
    stored = book->dir();
  }
  // A split's jobs: how many, how they were answered, and the coordinator's cost per job.
  const std::string splitJson =
      !split ? "null"
             : JsonObject()
                   .num("workers", static_cast<long long>(split->workers))
                   .num("moves", static_cast<long long>(split->moves))
                   .num("jobs", static_cast<long long>(split->jobs))
                   .num("exact", static_cast<long long>(split->exactJobs))
                   .num("lower_bounds", static_cast<long long>(split->boundJobs))
                   .num("unknown", static_cast<long long>(split->unknown))
                   .num("worker_seconds", split->workerSeconds)
                   .num("check_seconds", split->checkSeconds)
                   .num("dispatch_seconds_per_job", split->jobs ? split->dispatchSeconds / static_cast<double>(split->jobs) : 0.0)
                   .num("split_positions", static_cast<long long>(split->splitPositions))
                   .done();
  // --replies: each move's margin for the side to move, best first (null: not asked, or stopped).
  std::string repliesJson = "null";
  if (replies && replies->complete) {
    repliesJson = "[";
    for (std::size_t i = 0; i < replies->moves.size(); ++i)
      repliesJson += (i ? ", " : "") + JsonObject()
                                           .str("move", othello::squareName(replies->moves[i].move))
                                           .num("margin", static_cast<long long>(replies->moves[i].margin))
                                           .done();
    repliesJson += "]";
  }
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
                     .raw("replies", repliesJson)
                     .num("replies_nodes", static_cast<long long>(replies ? replies->nodes : 0))
                     .raw("split", splitJson)
                     .raw("book", stored.empty() ? "null" : jsonQuote(stored))
                     .done()
              << '\n';
  } else {
    std::cout << "game: " << game.name() << " " << n << "x" << n << ", " << discName(pos.toMove()) << " to move, "
              << empties << " empty squares (X black, O white, * a legal move)\n"
              << othello::diagram(pos);
    if (r.exact) {
      std::cout << "result: " << result << " (final margin " << (r.margin > 0 ? "+" : "") << r.margin << " for "
                << discName(pos.toMove()) << ", empty squares to the winner)\n"
                << "best move: " << (over ? "none (the game is over)" : best) << "\n"
                << "line:";
      for (const auto& m : line) std::cout << ' ' << m;
      std::cout << '\n';
      if (replies && replies->complete && !replies->moves.empty()) {
        std::cout << "replies (margin for " << discName(pos.toMove()) << "):";
        for (const auto& v : replies->moves)
          std::cout << ' ' << othello::squareName(v.move) << ' ' << (v.margin > 0 ? "+" : "") << v.margin
                    << (&v != &replies->moves.back() ? "," : "");
        std::printf(" (%llu nodes, %.2f s)\n", static_cast<unsigned long long>(replies->nodes), replies->seconds);
      } else if (replies && !replies->complete) {
        std::cout << "replies: unknown (" << (worker::stopRequested() ? "stopped by " + worker::stopReason() : "--time ran out")
                  << " before every move was solved)\n";
      }
    } else {
      std::cout << "result: unknown (" << (worker::stopRequested() ? "stopped by " + worker::stopReason() : "--time ran out")
                << ")\n";
    }
    std::printf("search: %llu nodes, %.2f s\n", static_cast<unsigned long long>(r.nodes), r.seconds);
    if (split)
      std::printf("split: %llu moves as %llu jobs on %s (%llu positions split; %llu exact, %llu only shown no better), "
                  "%.2f s in workers, %.2f s verifying, %.4f s dispatch per job\n",
                  static_cast<unsigned long long>(split->moves), static_cast<unsigned long long>(split->jobs), workers.c_str(),
                  static_cast<unsigned long long>(split->splitPositions),
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
  if ((!r.exact || (replies && !replies->complete)) && worker::stopRequested()) return worker::stopExitStatus();
  return 0;
}

int runOthelloQuery(const Args& args) {
  if (args.positional().size() != 1) throw UsageError("give one Othello position: moves from the start or a board string");
  const OthelloGame game = othelloGame(args);
  const int n = game.size;
  const othello::Position pos = parseOthello(args.positional()[0], game);
  book::Book book(args.value("book").value_or(book::kDefaultBookDir), book::Book::Access::ReadOnly);
  const book::OthelloAnswer a = book::lookUpOthello(book, pos);
  const std::string value = a.inBook ? othello::resultName(a.margin, pos.toMove()) : "unknown";
  const std::string best = a.inBook && !pos.ended() ? othello::squareName(a.best) : "";
  const std::string basis = a.inBook ? basisName(a.basis) : "";
  // Every legal move (or the forced pass) with its position's stored margin, for the side to move.
  struct Reply {
    std::string move;
    book::OthelloAnswer answer;
  };
  std::vector<Reply> replies;
  for (const othello::Square s : othello::movesOrPass(pos)) {
    othello::Position child = pos;
    child.play(s);
    replies.push_back({othello::squareName(s), book::lookUpOthello(book, child)});
  }
  // Best first for the side to move: proved before claimed, then by margin.
  std::stable_sort(replies.begin(), replies.end(), [](const Reply& x, const Reply& y) {
    if (x.answer.inBook != y.answer.inBook) return x.answer.inBook;
    return -x.answer.margin > -y.answer.margin;
  });
  if (args.flag("json")) {
    std::string list = "[";
    for (std::size_t i = 0; i < replies.size(); ++i) {
      const auto& r = replies[i];
      JsonObject o;
      o.str("move", r.move);
      o.raw("margin", r.answer.inBook ? std::to_string(-r.answer.margin) : "null");
      o.boolean("verified", r.answer.verified);
      list += (i ? ", " : "") + o.done();
    }
    list += "]";
    std::cout << JsonObject()
                     .str("position", args.positional()[0])
                     .str("game", game.name())
                     .num("size", static_cast<long long>(n))
                     .str("to_move", discName(pos.toMove()))
                     .str("result", a.verified ? value : "unknown")
                     .raw("claimed", a.inBook && !a.verified ? jsonQuote(value) : "null")
                     .raw("margin", a.inBook ? std::to_string(a.margin) : "null")
                     .str("best_move", best)
                     .boolean("in_book", a.inBook)
                     .boolean("verified", a.verified)
                     .str("basis", basis)
                     .raw("replies", list)
                     .done()
              << '\n';
    return 0;
  }
  std::cout << "game: " << game.name() << " " << n << "x" << n << ", " << discName(pos.toMove())
            << " to move (X black, O white, * a legal move)\n"
            << othello::diagram(pos);
  const std::string margin = a.inBook ? std::string(a.margin > 0 ? "+" : "") + std::to_string(a.margin) : "";
  if (a.misfiled) {
    std::cout << "result: unknown (the entry under this position's key is another position's: it counts for nothing)\n";
  } else if (!a.inBook) {
    std::cout << "result: unknown (not in the book)\n";
  } else if (!a.verified) {
    std::cout << "result: unknown; claimed, unverified: " << value << " (final margin " << margin << " for "
              << discName(pos.toMove()) << ", from " << basis << ")\n"
              << "claimed best move: " << (best.empty() ? "none (the game is over)" : best) << '\n';
  } else {
    std::cout << "result: " << value << " (final margin " << margin << " for " << discName(pos.toMove())
              << ", proved and verified, from " << basis << ")\n"
              << "best move: " << (best.empty() ? "none (the game is over)" : best) << '\n';
  }
  if (!replies.empty()) {
    std::cout << "replies (margin for " << discName(pos.toMove()) << "):";
    for (const auto& r : replies) {
      std::cout << ' ' << r.move << ' ';
      if (!r.answer.inBook) std::cout << '?';
      else std::cout << (-r.answer.margin > 0 ? "+" : "") << -r.answer.margin << (r.answer.verified ? "" : " (claimed)");
      if (&r != &replies.back()) std::cout << ',';
    }
    std::cout << '\n';
  }
  return 0;
}

// `book build --game othello`: every position to --depth plies below the root gets its exact
// margin; the workers solve the positions at the depth (and prove them within --proof-nodes).
// `book build --game othello`: every position to --depth plies below the root gets its exact margin.
int runOthelloBookBuild(const Args& args) {
  if (args.value("openings") || args.value("nodes") || args.value("jobs"))
    throw UsageError("an Othello book build takes ROOT --depth D [--time S] [--proof-nodes N] [--workers N] [--hash MB]");
  if (args.positional().size() != 1) throw UsageError("give the Othello position to grow the book from (\"\" for the start)");
  if (!args.value("depth")) throw UsageError("give --depth D: how many plies below the root to cover");
  const OthelloGame game = othelloGame(args);
  const othello::Position root = parseOthello(args.positional()[0], game);
  coordinator::OthelloBuildOptions options;
  options.depth = static_cast<int>(args.integer("depth", 1, 0, 8));
  const worker::JobBudget budget = budgetFrom(args, "nodes", "time", 0);
  options.budget.maxSeconds = budget.maxSeconds;
  options.budget.hashMegabytes = budget.hashMegabytes;
  options.budget.proofNodes = static_cast<std::uint64_t>(args.integer("proof-nodes", 2000000, 0, 1LL << 50));
  const bool json = args.flag("json");
  setReporter(options, json);
  DistributedRun run(args, false);
  options.stop = &worker::stopFlag();
  const coordinator::OthelloBuildSummary s = coordinator::runOthelloBuild(*run.book, root, *run.pool, options);
  const std::string rootValue = s.rootMargin ? othello::resultName(*s.rootMargin, root.toMove()) : "unknown";
  if (json) {
    std::cout << JsonObject()
                     .str("position", args.positional()[0])
                     .str("game", game.name())
                     .num("size", static_cast<long long>(game.size))
                     .num("depth", static_cast<long long>(options.depth))
                     .num("positions", static_cast<long long>(s.positions))
                     .str("result", rootValue)
                     .raw("margin", s.rootMargin ? std::to_string(*s.rootMargin) : "null")
                     .raw("verified", s.rootVerified ? "true" : "false")
                     .num("jobs", static_cast<long long>(s.jobs))
                     .num("proved", static_cast<long long>(s.proved))
                     .num("claimed", static_cast<long long>(s.claimed))
                     .num("unknown", static_cast<long long>(s.unknown))
                     .num("derived", static_cast<long long>(s.derived))
                     .num("derived_verified", static_cast<long long>(s.derivedVerified))
                     .num("from_book", static_cast<long long>(s.fromBook))
                     .num("nodes", static_cast<long long>(s.nodes))
                     .num("seconds", s.seconds)
                     .num("worker_seconds", s.workerSeconds)
                     .num("check_seconds", s.checkSeconds)
                     .num("workers", static_cast<long long>(run.pool->size()))
                     .str("stopped_by", s.stoppedBy)
                     .str("book", run.book->dir())
                     .done()
              << '\n';
  } else {
    std::cout << "book build: " << (args.positional()[0].empty() ? "(the start)" : args.positional()[0]) << ", "
              << game.name() << " " << game.size << "x" << game.size << ", depth " << options.depth << ": " << s.positions
              << " positions (one per symmetry class)\n"
              << "root: " << rootValue;
    if (s.rootMargin)
      std::cout << " (final margin " << (*s.rootMargin > 0 ? "+" : "") << *s.rootMargin << " for the side to move, "
                << (s.rootVerified ? "verified" : "claimed, unverified: a position below has no checkable proof") << ")";
    std::cout << "\njobs: " << s.jobs << " on " << run.pool->describe() << " (" << s.proved
              << " margins proved and verified, " << s.claimed << " by the endgame search alone (claims), " << s.unknown
              << " unknown); " << s.fromBook << " positions taken from the book\n"
              << "inner positions: " << s.derived << " given margins by their children, " << s.derivedVerified
              << " of them verified\n"
              << "search: " << s.nodes << " nodes, " << fixed(s.seconds, 2) << " s (" << fixed(s.workerSeconds, 2)
              << " s in workers, " << fixed(s.checkSeconds, 2) << " s verifying on the coordinator)\n"
              << "book: " << run.book->dir() << '\n';
  }
  std::cout.flush();
  if (s.stoppedBy == "interrupted") {
    std::cerr << "tengen book build: stopped by " << worker::stopReason() << " after " << s.jobs
              << " jobs; what was answered is in " << run.book->dir() << ": run the same command to resume\n";
    return worker::stopExitStatus();
  }
  return 0;
}

}  // namespace

const GameCommands& othelloCommands() {
  static const GameCommands commands{{"othello", "anti-othello"}, runOthelloSolve, runOthelloQuery, runOthelloBookBuild};
  return commands;
}

}  // namespace tengen::cli
