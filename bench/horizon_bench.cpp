// Walking known games back from their end: each position is asked "does the known winner force
// a win?" with a fixed budget, until three in a row are not proved. Every proof is checked by the
// independent verifier (solve() reports nothing else); a proof against the known winner where the
// winner is to move and the next position was proved is a contradiction, reported as an error.
#include "bench/horizon_bench.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "book/book.h"
#include "book/book_query.h"
#include "coordinator/coordinator.h"
#include "coordinator/worker_pool.h"
#include "solver/gomoku/notation.h"
#include "solver/gomoku/position.h"
#include "solver/gomoku/solve.h"
#include "solver/gomoku/threats.h"

namespace tengen::bench {
namespace {

using namespace tengen::gomoku;

// The first `plies` moves of a move list.
std::string firstMoves(const std::string& moves, int plies) {
  std::string out;
  std::size_t at = 0;
  for (int i = 0; i < plies; ++i) {
    const std::size_t start = moves.find_first_not_of(' ', at);
    const std::size_t end = moves.find(' ', start);
    if (!out.empty()) out += ' ';
    out += moves.substr(start, end == std::string::npos ? std::string::npos : end - start);
    at = end;
  }
  return out;
}

PositionOptions under(Rule rule) {
  PositionOptions o;
  o.rule = rule;
  return o;
}

HorizonStep proveHere(const std::string& moves, Color winner, Rule rule, const HorizonOptions& options) {
  const Position pos = parsePosition(moves, under(rule));
  SolveOptions o;
  o.maxNodes = options.maxNodes;
  o.maxSeconds = options.maxSeconds;
  o.hashMegabytes = options.hashMegabytes;
  o.onlyAttacker = winner;
  o.known = options.known;
  o.probeNodes = options.probeNodes;
  o.probeMaxNodes = options.probeMaxNodes;
  o.replyProbePlies = options.replyProbePlies;
  o.sequenceThreats = options.sequenceThreats;
  o.effortShift = options.effortShift;
  o.epsilon = options.epsilon;
  o.weakProofPlies = options.weakProofPlies;
  o.siblingHints = options.siblingHints;
  double hintSeconds = 0;
  if (options.hintsFor) {
    const auto start = std::chrono::steady_clock::now();
    o.hints = options.hintsFor(pos, winner);
    hintSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
  if (options.oracle) {
    o.oracle = [&](const gomoku::Board& b, Color c) {
      const auto start = std::chrono::steady_clock::now();
      const auto move = options.oracle(b, c);
      hintSeconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      return move;
    };
    o.oracleAfterNodes = options.oracleAfterNodes;
    o.oracleQuestions = options.oracleQuestions;
    o.oracleInBackground = options.oracleInBackground;
  }
  const SolveResult r = solve(pos, o);
  if (options.reuse && options.known && r.value == winFor(winner) && r.verified)
    for (const auto& p : r.proofs)
      if (p.tree.attackerWins)
        options.known->add(pos.board, pos.toMove, p.attacker, std::make_shared<proof::ProofTree<Point>>(p.tree));
  HorizonStep step;
  step.nodes = r.nodes;
  step.zoneNodes = r.zoneNodes;
  step.threatSearches = r.threatSearches;
  step.seconds = r.seconds;
  step.proofNodes = r.proofNodes;
  step.proofDepth = r.proofDepth;
  step.hintSeconds = hintSeconds;
  if (!r.verifyError.empty()) step.error = r.verifyError;
  if (r.value == winFor(winner)) step.result = "proved";
  else if (r.verified && !r.proofs.empty() && !r.proofs[0].tree.attackerWins) step.result = "disproved";
  else step.result = "unknown";
  return step;
}

}  // namespace

std::vector<HorizonGame> loadHorizonGames(const std::string& path, Rule rule) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::vector<HorizonGame> games;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.find_first_not_of(" \t\r") == std::string::npos || line[0] == '#') continue;
    try {
      const auto j = nlohmann::json::parse(line);
      HorizonGame g;
      g.opening = j.at("opening").get<std::string>();
      g.name = j.at("name").get<std::string>();
      const std::string winner = j.at("winner").get<std::string>();
      if (winner != "black" && winner != "white") throw std::runtime_error("winner must be black or white");
      g.winner = winner == "black" ? Color::Black : Color::White;
      g.moves = j.at("moves").get<std::string>();
      g.rule = rule;
      if (j.contains("rule")) {
        const std::string named = j.at("rule").get<std::string>();
        if (!parseRule(named, g.rule)) throw std::runtime_error("unknown rule " + gomoku::quoted(named) + " (renju, freestyle, standard)");
      }
      for (std::size_t at = 0; (at = g.moves.find_first_not_of(' ', at)) != std::string::npos;
           at = g.moves.find(' ', at))
        ++g.plies;
      // Legal under its rule up to the last move (which makes the winner's five).
      if (g.plies < 5) throw std::runtime_error("a game needs at least five moves");
      parsePosition(firstMoves(g.moves, g.plies - 1), under(g.rule));
      games.push_back(std::move(g));
    } catch (const std::exception& e) {
      throw std::runtime_error(path + " line " + std::to_string(number) + ": " + e.what());
    }
  }
  return games;
}

HorizonLine runHorizon(const HorizonGame& game, const HorizonOptions& given) {
  HorizonOptions options = given;
  if (options.knownAtStart) options.known = options.knownAtStart(game.rule);
  else if (options.reuse) options.known = std::make_shared<KnownProofs>(game.rule, kDefaultSize);
  HorizonLine out;
  out.game = game;
  int misses = 0;
  bool nextProved = false;  // the position one ply later was proved
  const int first = options.startAtPly > 0 ? std::min(options.startAtPly, game.plies - 1) : game.plies - 1;
  for (int ply = first; ply >= options.stopAtPly && misses < options.missesToStop; --ply) {
    const std::string moves = firstMoves(game.moves, ply);
    HorizonStep step = options.prove ? options.prove(moves, game.winner, game.rule) : proveHere(moves, game.winner, game.rule, options);
    step.ply = ply;
    // With the winner to move, a win one ply later (after the game's own move) is a win here.
    const Color toMove = ply % 2 == 0 ? Color::Black : Color::White;
    if (step.result == "disproved" && nextProved && toMove == game.winner)
      step.error = "contradiction: the winner cannot win here, but wins after its own move " +
                   firstMoves(game.moves, ply + 1).substr(moves.size());
    if (!step.error.empty()) ++out.errors;
    out.nodes += step.nodes;
    out.zoneNodes += step.zoneNodes;
    out.seconds += step.seconds;
    nextProved = step.result == "proved";
    if (nextProved) {
      out.earliest = ply;
      misses = 0;
    } else {
      ++misses;
    }
    if (options.onStep) options.onStep(game, step);
    out.steps.push_back(std::move(step));
  }
  return out;
}

ReplySet runReplies(const HorizonGame& game, int ply, const std::string& then, const HorizonOptions& options,
                    const std::function<void(const ReplyStep&)>& onReply) {
  if (ply < 1 || ply >= game.plies)
    throw std::invalid_argument("the replies need a ply from 1 to " + std::to_string(game.plies - 1) + ", not " +
                                std::to_string(ply));
  std::string moves = firstMoves(game.moves, ply);
  Position pos;
  if (then.empty()) {
    pos = parsePosition(moves, under(game.rule));
  } else {
    moves += " " + then;
    try {
      pos = parsePosition(moves, under(game.rule));
    } catch (const PositionError& e) {
      throw std::invalid_argument("ply " + std::to_string(ply) + " then " + gomoku::quoted(then) + ": " + e.what());
    }
  }
  ReplySet out;
  out.winnerMoves = pos.toMove == game.winner;
  Board& board = pos.board;
  const int size = board.size();
  const int stones = static_cast<int>(board.history().size());
  for (Point p = 0; p < board.cellCount(); ++p) {
    if (!board.isEmpty(p) || !isLegal(board, p, pos.toMove, pos.rule)) continue;
    if (out.winnerMoves && !board.hasStoneNear(p, 2)) continue;  // the winner's moves worth a budget each
    ReplyStep r;
    r.reply = formatPoint(p, size);
    r.winnerMove = out.winnerMoves;
    const std::string after = moves + " " + r.reply;
    r.step = options.prove ? options.prove(after, game.winner, game.rule) : proveHere(after, game.winner, game.rule, options);
    r.step.ply = stones + 1;
    if (onReply) onReply(r);
    out.steps.push_back(std::move(r));
  }
  return out;
}

std::function<HorizonStep(const std::string&, Color, Rule)> distributedProver(coordinator::WorkerPool& pool,
                                                                       const HorizonOptions& options,
                                                                       std::uint64_t jobNodes, std::uint64_t rootJobNodes,
                                                                       const std::string& scratchDir) {
  return [&pool, options, jobNodes, rootJobNodes, scratchDir, count = 0, previous = std::string()](const std::string& moves,
                                                                                    Color winner, Rule rule) mutable {
    const Position pos = parsePosition(moves, under(rule));
    // Reusing, a line's positions share one book (each walk back starts a new line: its moves are
    // no prefix of the position before); alone, every position gets a book of its own.
    const bool sameLine = options.reuse && previous.size() > moves.size() && previous[moves.size()] == ' ' &&
                          previous.compare(0, moves.size(), moves) == 0;
    previous = moves;
    if (!sameLine) ++count;
    const std::string dir = scratchDir + (options.reuse ? "/line-" : "/position-") + std::to_string(count);
    if (!sameLine) std::filesystem::remove_all(dir);
    HorizonStep step;
    {
      book::Book book(dir, sameLine ? book::Book::Access::ReadWrite : book::Book::Access::Create);
      coordinator::RunOptions run;
      run.goal = coordinator::Goal::Solve;
      run.onlyAttacker = winner;
      run.lendProofs = options.bookLeaves;
      run.maxNodes = options.maxNodes;
      run.maxSeconds = options.maxSeconds;
      run.jobBudget.maxNodes = jobNodes;
      run.jobBudget.hashMegabytes = 64;
      run.rootJobBudget = run.jobBudget;
      run.rootJobBudget->maxNodes = rootJobNodes;
      run.rootJobBudget->hashMegabytes = options.hashMegabytes;
      const coordinator::RunSummary s = coordinator::runCoordinator(book, pos, pool, run);
      step.nodes = s.nodes;
      step.seconds = s.seconds;
      step.proofsLent = s.proofsLent;
      const book::QueryAnswer a = book::queryBook(book, pos);
      if (s.value == winFor(winner)) {
        step.result = "proved";
        step.proofNodes = a.proofSize;
        step.proofDepth = a.proofDepth;
      } else {
        step.result = a.cannotWin[index(winner)] ? "disproved" : "unknown";
      }
    }
    if (!options.reuse) std::filesystem::remove_all(dir);
    return step;
  };
}

}  // namespace tengen::bench
