// A depth-first walk of the hint tree: one question per distinct position (by stones; the side
// to move follows from them here, as no pass is played).
#include "engine/engine_hints.h"

#include <algorithm>
#include <unordered_set>

#include "solver/gomoku/rules.h"
#include "solver/gomoku/threats.h"

namespace tengen::engine {
namespace {

using gomoku::Board;
using gomoku::Color;
using gomoku::Point;

// The defender's replies worth following: within two cells of a stone (a far reply is refuted
// by the attacker's own plan, which the hint at the root already names).
constexpr int kReplyDistance = 2;

class HintWalk {
 public:
  HintWalk(gomoku::Rule rule, const MoveOracle& oracle, const EngineHintOptions& options, Color attacker,
           EngineHints& out)
      : rule_(rule), oracle_(oracle), options_(options), attacker_(attacker), out_(out) {}

  void walk(Board& board, Color toMove, int ply) {
    if (ply >= options_.plies || gomoku::findFinishedGame(board, rule_) || board.full()) return;
    if (toMove == attacker_) {
      if (!asked_.insert(board.hash()).second) return;
      ++out_.asked;
      const auto move = oracle_(board, toMove);
      if (options_.progress) options_.progress(out_.asked);
      if (!move || !board.isEmpty(*move) || !gomoku::isLegal(board, *move, toMove, rule_)) return;
      ++out_.answered;
      auto& moves = (*out_.hints)[board.hash()];
      if (std::find(moves.begin(), moves.end(), *move) == moves.end()) moves.push_back(*move);
      if (gomoku::makesFive(board, *move, toMove, rule_)) return;
      board.place(*move, toMove);
      walk(board, gomoku::opponent(toMove), ply + 1);
      board.undo();
      return;
    }
    if (ply + 1 >= options_.plies) return;  // no attacker's position left to ask about
    if (!followed_.insert(board.hash()).second) return;
    for (Point p = 0; p < board.cellCount(); ++p) {
      if (!board.isEmpty(p) || !board.hasStoneNear(p, kReplyDistance) || !gomoku::isLegal(board, p, toMove, rule_))
        continue;
      if (gomoku::makesFive(board, p, toMove, rule_)) continue;  // the game ends: nothing to ask
      board.place(p, toMove);
      walk(board, gomoku::opponent(toMove), ply + 1);
      board.undo();
    }
  }

 private:
  gomoku::Rule rule_;
  const MoveOracle& oracle_;
  const EngineHintOptions& options_;
  Color attacker_;
  EngineHints& out_;
  std::unordered_set<std::uint64_t> asked_, followed_;
};

}  // namespace

EngineHints engineHints(const gomoku::Position& root, const MoveOracle& oracle, const EngineHintOptions& options) {
  EngineHints out;
  for (Color attacker : {Color::Black, Color::White}) {
    if (options.attacker && *options.attacker != attacker) continue;
    Board board = root.board;
    HintWalk(root.rule, oracle, options, attacker, out).walk(board, root.toMove, 0);
  }
  return out;
}

std::optional<Point> legalMoveOf(ExternalEngine& engine, const Board& board, Color toMove, const std::vector<Point>& barred) {
  auto move = engine.move(board, toMove, barred);
  if (Board scratch = board; move && !gomoku::isLegal(scratch, *move, toMove, engine.rule())) move.reset();
  return move;
}

MoveOracle oracleOf(ExternalEngine& engine) {
  return [&engine](const Board& b, Color c) { return legalMoveOf(engine, b, c); };
}

}  // namespace tengen::engine
