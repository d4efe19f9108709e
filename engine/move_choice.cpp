// The engine's decision, step by step, each step a little more expensive than the one before;
// the clock is shared, and every search stops well before the turn's time is up.
#include "engine/move_choice.h"

#include <algorithm>
#include <cmath>
#include <chrono>

#include "book/book_query.h"
#include "engine/evaluation.h"
#include "solver/gomoku/notation.h"
#include "solver/gomoku/solve.h"
#include "solver/gomoku/threats.h"

namespace tengen::engine {
namespace {

using gomoku::Color;
using gomoku::Point;
using Clock = std::chrono::steady_clock;

std::string valueText(book::Value v) { return std::string(book::valueName(v)); }

bool legal(gomoku::Board& board, Point p, Color c, gomoku::Rule rule) {
  return p >= 0 && p < board.cellCount() && board.isEmpty(p) && gomoku::isLegal(board, p, c, rule);
}

// A win found: its score (20000 less the moves to the five).
constexpr int kWinScore = 20000;
// The evaluation's score, squashed below any win's or loss's (the raw sums grow without bound
// as shapes add up; 5,000 raw is half the range).
int evaluationScore(long raw) {
  const double r = static_cast<double>(raw);
  return static_cast<int>(9999 * r / (std::abs(r) + 5000));
}

// A search for the side to move's win in `mode` within `seconds`; the winning move or kNoPoint.
Point searchWin(const gomoku::Position& pos, gomoku::ProofMode mode, double seconds, const ChoiceOptions& options,
                std::string& line, std::vector<Point>* moves = nullptr, std::uint64_t* nodes = nullptr) {
  if (seconds < 0.005 || (options.stop && options.stop->load())) return gomoku::kNoPoint;
  gomoku::SolveOptions o;
  o.mode = mode;
  o.maxSeconds = seconds;
  o.table = options.table;
  o.hashMegabytes = 64;
  o.onlyAttacker = pos.toMove;
  o.cancel = options.stop;
  const gomoku::SolveResult r = gomoku::solve(pos, o);
  if (nodes) *nodes += r.nodes;
  if (r.value != gomoku::winFor(pos.toMove) || r.bestMove == gomoku::kNoPoint) return gomoku::kNoPoint;
  line = gomoku::formatMoves(r.line, pos.board.size());
  if (moves) *moves = r.line;
  return r.bestMove;
}

// Whether the opponent, to move instead of us, wins by continuous fours (a quick look).
bool opponentHasVcf(const gomoku::Position& pos, double seconds, const ChoiceOptions& options) {
  gomoku::Position theirs = pos;
  theirs.toMove = gomoku::opponent(pos.toMove);
  std::string line;
  return searchWin(theirs, gomoku::ProofMode::Vcf, seconds, options, line) != gomoku::kNoPoint;
}

}  // namespace

std::string scoreText(int score) {
  if (score > kWinScore - 1000) return "+M" + std::to_string(kWinScore - score);
  if (score < -kWinScore + 1000) return "-M" + std::to_string(kWinScore + score);
  return std::to_string(score);
}

MoveChoice chooseMove(const gomoku::Position& position, const ChoiceOptions& options) {
  const auto start = Clock::now();
  const auto left = [&] {
    return options.seconds - std::chrono::duration<double>(Clock::now() - start).count();
  };
  MoveChoice choice;
  gomoku::Position pos = position;
  gomoku::Board& board = pos.board;
  const Color me = pos.toMove, other = gomoku::opponent(me);
  const int n = board.size();
  auto ranked = rankMoves(board, me, pos.rule);
  if (ranked.empty()) return choice;  // nothing legal: the board is full (or black is stuck)
  const auto barred = [&](Point p) { return std::find(options.barred.begin(), options.barred.end(), p) != options.barred.end(); };
  // Every legal move barred: the block is ignored (as Rapfi does) rather than no move played.
  if (!std::all_of(ranked.begin(), ranked.end(), [&](const auto& r) { return barred(r.move); }))
    std::erase_if(ranked, [&](const auto& r) { return barred(r.move); });
  std::uint64_t nodes = 0;
  auto tell = [&](int depth, int score, std::vector<Point> line, std::string what) {
    if (!options.analysis) return;
    Analysis a;
    a.depth = depth;
    a.nodes = nodes;
    a.milliseconds = 1000 * std::chrono::duration<double>(Clock::now() - start).count();
    a.score = score;
    a.line = std::move(line);
    a.what = std::move(what);
    options.analysis(a);
  };
  // The evaluation's order, the chosen move first: what an N-best view shows.
  auto bestList = [&](Point chosen, int chosenScore) {
    choice.best.push_back({chosen, chosenScore});
    for (const auto& r : ranked)
      if (r.move != chosen) choice.best.push_back({r.move, evaluationScore(r.score)});
  };
  auto play = [&](Point p, std::string message, int score = 0) {
    choice.move = p;
    if (choice.best.empty()) bestList(p, score);
    if (!message.empty()) choice.messages.push_back(std::move(message));
    return choice;
  };

  // A five at once; else the opponent's five must be blocked.
  gomoku::MoveList fives;
  gomoku::findFivePoints(board, me, pos.rule, fives);
  for (Point f : fives)
    if (!barred(f)) {
      tell(1, kWinScore - 1, {f}, "five");
      return play(f, "five at " + gomoku::formatPoint(f, n), kWinScore - 1);
    }
  gomoku::findFivePoints(board, other, pos.rule, fives);
  for (Point f : fives)
    if (legal(board, f, me, pos.rule) && !barred(f)) {
      const int score = fives.size() > 1 ? -kWinScore + 2 : 0;
      tell(1, score, {f}, "block");
      return play(f, fives.size() > 1 ? "two fives to block: lost" : "blocks the five at " + gomoku::formatPoint(f, n), score);
    }

  // The book: its proven move, or a reply it has proved good for us.
  if (options.book) {
    try {
      const book::QueryAnswer a = book::queryBook(*options.book, pos);
      const book::Value win = book::winValue(me);
      const std::string what = "book: " + valueText(a.result) + " (verified, proof of " + std::to_string(a.proofSize) + " positions)";
      if ((a.result == win || a.result == book::Value::Draw) && legal(board, a.bestMove, me, pos.rule) && !barred(a.bestMove)) {
        const int score = a.result == win ? kWinScore - static_cast<int>(a.line.size()) : 0;
        tell(1, score, a.line, "book");
        return play(a.bestMove, what, score);
      }
      for (const auto& r : a.replies)
        if (r.result == win && legal(board, r.move, me, pos.rule) && !barred(r.move)) {
          tell(1, kWinScore - 1000, {r.move}, "book");
          return play(r.move, "book: " + gomoku::formatPoint(r.move, n) + " wins (verified)", kWinScore - 1000);
        }
      if (a.claimed != a.result) choice.messages.push_back("book: claimed " + valueText(a.claimed) + ", not verified: not used");
    } catch (const book::BookError& e) {
      choice.messages.push_back(std::string("book unreadable here: ") + e.what());
    }
  }

  // The prover: each search gets a share of what is left, and every proof is verified.
  std::string line;
  std::vector<Point> moves;
  const int bestScore = evaluationScore(ranked.front().score);
  const struct {
    gomoku::ProofMode mode;
    double share;
    const char* name;
  } steps[] = {{gomoku::ProofMode::Vcf, 0.15, "VCF"}, {gomoku::ProofMode::Vct, 0.3, "VCT"}, {gomoku::ProofMode::Full, 0.3, "full search"}};
  for (int k = 0; k < 3; ++k) {
    if (Point p = searchWin(pos, steps[k].mode, left() * steps[k].share, options, line, &moves, &nodes);
        p != gomoku::kNoPoint && !barred(p)) {
      const int score = kWinScore - static_cast<int>(moves.size());
      tell(2 + k, score, moves, steps[k].name);
      return play(p, std::string(k == 2 ? "win proved: " : std::string(steps[k].name) + " found: ") + line, score);
    }
    tell(2 + k, bestScore, {ranked.front().move}, std::string("no win by ") + steps[k].name);
  }

  // Defence: against a VCF of the opponent's, the best-ranked move after which none is left.
  const double perCheck = 0.02;
  if (left() > 4 * perCheck && opponentHasVcf(pos, perCheck, options)) {
    for (std::size_t i = 0; i < ranked.size() && left() > 2 * perCheck; ++i) {
      board.place(ranked[i].move, me);
      gomoku::Position after = pos;  // with our move on the board: the opponent to move
      after.toMove = other;
      std::string l;
      const bool stillThere = searchWin(after, gomoku::ProofMode::Vcf, perCheck, options, l) != gomoku::kNoPoint;
      board.undo();
      if (!stillThere) {
        tell(5, -1000, {ranked[i].move}, "defence");
        return play(ranked[i].move, "stops the opponent's VCF", -1000);
      }
    }
  }
  tell(5, bestScore, {ranked.front().move}, "evaluation");
  return play(ranked.front().move, "", bestScore);
}

}  // namespace tengen::engine
