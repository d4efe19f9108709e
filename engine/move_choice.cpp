// The engine's decision, step by step, each step a little more expensive than the one before;
// the clock is shared, and every search stops well before the turn's time is up.
#include "engine/move_choice.h"

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

// A search for the side to move's win in `mode` within `seconds`; the winning move or kNoPoint.
Point searchWin(const gomoku::Position& pos, gomoku::ProofMode mode, double seconds, const ChoiceOptions& options,
                std::string& line) {
  if (seconds < 0.005) return gomoku::kNoPoint;
  gomoku::SolveOptions o;
  o.mode = mode;
  o.maxSeconds = seconds;
  o.table = options.table;
  o.hashMegabytes = 64;
  o.onlyAttacker = pos.toMove;
  const gomoku::SolveResult r = gomoku::solve(pos, o);
  if (r.value != gomoku::winFor(pos.toMove) || r.bestMove == gomoku::kNoPoint) return gomoku::kNoPoint;
  line = gomoku::formatMoves(r.line, pos.board.size());
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
  const auto ranked = rankMoves(board, me, pos.rule);
  if (ranked.empty()) return choice;  // nothing legal: the board is full (or black is stuck)
  auto play = [&](Point p, std::string message) {
    choice.move = p;
    if (!message.empty()) choice.messages.push_back(std::move(message));
    return choice;
  };

  // A five at once; else the opponent's five must be blocked.
  gomoku::MoveList fives;
  gomoku::findFivePoints(board, me, pos.rule, fives);
  if (!fives.empty()) return play(fives[0], "five at " + gomoku::formatPoint(fives[0], n));
  gomoku::findFivePoints(board, other, pos.rule, fives);
  for (Point f : fives)
    if (legal(board, f, me, pos.rule))
      return play(f, fives.size() > 1 ? "two fives to block: lost" : "blocks the five at " + gomoku::formatPoint(f, n));

  // The book: its proven move, or a reply it has proved good for us.
  if (options.book) {
    try {
      const book::QueryAnswer a = book::queryBook(*options.book, pos);
      const book::Value win = me == Color::Black ? book::Value::BlackWins : book::Value::WhiteWins;
      const std::string what = "book: " + valueText(a.result) + " (verified, proof of " + std::to_string(a.proofSize) + " positions)";
      if ((a.result == win || a.result == book::Value::Draw) && legal(board, a.bestMove, me, pos.rule))
        return play(a.bestMove, what);
      for (const auto& r : a.replies)
        if (r.result == win && legal(board, r.move, me, pos.rule))
          return play(r.move, "book: " + gomoku::formatPoint(r.move, n) + " wins (verified)");
      if (a.claimed != a.result) choice.messages.push_back("book: claimed " + valueText(a.claimed) + ", not verified: not used");
    } catch (const book::BookError& e) {
      choice.messages.push_back(std::string("book unreadable here: ") + e.what());
    }
  }

  // The prover: each search gets a share of what is left, and every proof is verified.
  std::string line;
  if (Point p = searchWin(pos, gomoku::ProofMode::Vcf, left() * 0.15, options, line); p != gomoku::kNoPoint)
    return play(p, "VCF found: " + line);
  if (Point p = searchWin(pos, gomoku::ProofMode::Vct, left() * 0.3, options, line); p != gomoku::kNoPoint)
    return play(p, "VCT found: " + line);
  if (Point p = searchWin(pos, gomoku::ProofMode::Full, left() * 0.3, options, line); p != gomoku::kNoPoint)
    return play(p, "win proved: " + line);

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
      if (!stillThere) return play(ranked[i].move, "stops the opponent's VCF");
    }
  }
  return play(ranked.front().move, "");
}

}  // namespace tengen::engine
