// Claims checked by their parts (claim_parts.h): the top plies by the rules, each distinct reply's
// claim by checkStoredClaim.
#include "book/claim_parts.h"

#include <unordered_set>

#include "book/book_error.h"
#include "book/position_key.h"
#include "solver/gomoku/notation.h"
#include "solver/gomoku/position.h"
#include "solver/gomoku/rules.h"
#include "solver/gomoku/symmetry.h"
#include "solver/gomoku/verifier_scans.h"

namespace tengen::book {
namespace {

using gomoku::Board;
using gomoku::Color;
using gomoku::Point;

// The attacker's plain winning step stored at this position (no argument), or nullptr.
const ProofStep* plainWin(const std::optional<BookRecord>& record, Color attacker) {
  if (!record) return nullptr;
  const ProofStep& step = record->steps[gomoku::index(attacker)];
  return step.present && step.attackerWins && step.argumentKind == 0 ? &step : nullptr;
}

std::optional<BookRecord> readOrNothing(const Book& book, const std::string& key) {
  try {
    return book.get(key);
  } catch (const RecordError&) {
    return std::nullopt;  // the plain check reports it
  }
}

// The attacker's one stored winning move at this position (attacker to move, a plain step of one
// move, on an empty point), or kNoPoint.
Point storedWinningMove(const Book& book, const Board& board, const PositionKey& key, Color attacker) {
  const std::optional<BookRecord> record = readOrNothing(book, key.bytes);
  const ProofStep* step = plainWin(record, attacker);
  if (!step || step->moves.size() != 1) return gomoku::kNoPoint;
  const Point move = fromKeyFrame(step->moves.front(), key.symmetry, board.size());
  return move != gomoku::kNoPoint && board.isEmpty(move) ? move : gomoku::kNoPoint;
}

// The defender's node a check by parts starts from, with the keys above and at it; nullopt when
// the claim is not one.
struct Top {
  Board defenderNode;
  std::vector<std::string> keys;
};
std::optional<Top> topOf(const Book& book, const Board& board, gomoku::Rule rule, Color toMove, Color attacker) {
  const Color defender = gomoku::opponent(attacker);
  if (rule == gomoku::Rule::Renju && defender == Color::Black) return std::nullopt;  // fouls are no replies
  const PositionKey key = canonicalKey(board, rule, toMove);
  Top top{board, {key.bytes}};
  if (toMove != attacker && !plainWin(readOrNothing(book, key.bytes), attacker)) return std::nullopt;
  if (toMove == attacker) {
    const Point move = storedWinningMove(book, board, key, attacker);
    if (move == gomoku::kNoPoint) return std::nullopt;
    top.defenderNode.place(move, attacker);
    const PositionKey below = canonicalKey(top.defenderNode, rule, defender);
    if (!plainWin(readOrNothing(book, below.bytes), attacker)) return std::nullopt;
    top.keys.push_back(below.bytes);
  }
  if (gomoku::symmetryBetween(top.defenderNode, top.defenderNode, 1) < 0) return std::nullopt;
  return top;
}

// Why the attacker's move onto `above` cannot be played there, or "" when it can: a five wins
// whatever else it makes; otherwise a foul is no move.
std::string illegalAttackerMove(Board above, Point move, Color attacker, gomoku::Rule rule) {
  if (gomoku::makesFive(above, move, attacker, rule)) return "";
  if (gomoku::forbiddenKind(above, move, attacker, rule) != gomoku::ForbiddenKind::None)
    return "the attacker's move " + gomoku::formatPoint(move, above.size()) + " is a foul";
  return "";
}

}  // namespace

StoredCheck checkStepAbove(const Book& book, const Board& board, gomoku::Rule rule, Color toMove, Color attacker) {
  StoredCheck out;
  const PositionKey key = canonicalKey(board, rule, toMove);
  const Point move = toMove == attacker ? storedWinningMove(book, board, key, attacker) : gomoku::kNoPoint;
  if (move == gomoku::kNoPoint) {
    out.error = "no stored one-move win of " + std::string(gomoku::colorName(attacker)) + "'s here on an empty point";
    return out;
  }
  if (gomoku::findFinishedGame(board, rule)) {
    out.error = "the game is already decided here";
    return out;
  }
  out.error = illegalAttackerMove(board, move, attacker, rule);
  if (!out.error.empty()) return out;
  out.keys = {key.bytes};
  out.ok = true;
  return out;
}

bool checkedByParts(const Book& book, const Board& board, gomoku::Rule rule, Color toMove, Color attacker) {
  return topOf(book, board, rule, toMove, attacker).has_value();
}

std::optional<StoredCheck> checkClaimByParts(const Book& book, const Board& board, gomoku::Rule rule, Color toMove,
                                             Color attacker, const CheckStop& stop, const PartChecked& partChecked) {
  std::optional<Top> top = topOf(book, board, rule, toMove, attacker);
  if (!top) return std::nullopt;
  StoredCheck out;
  const int n = board.size();
  const Color defender = gomoku::opponent(attacker);
  Board& node = top->defenderNode;
  auto fail = [&](const std::string& why) {
    out.error = "at " + gomoku::formatStones(node) + " (" + std::string(gomoku::colorName(defender)) + " to move): " + why;
    return out;
  };
  if (toMove == attacker) {
    // The attacker's move, by the rules: it is on the board already; it must be no foul and must
    // leave a game to play (a five would need no parts).
    Board above = board;
    const Point move = node.history().back().point;
    if (gomoku::makesFive(above, move, attacker, rule)) return std::nullopt;
    if (const std::string why = illegalAttackerMove(board, move, attacker, rule); !why.empty()) return fail(why);
  }
  if (gomoku::findFinishedGame(node, rule)) return fail("the game is already decided here");
  out.keys = top->keys;
  // Every empty point is a reply; each distinct position after one is a part, checked once.
  std::unordered_set<std::string> checked;
  for (Point reply = 0; reply < node.cellCount(); ++reply) {
    if (!node.isEmpty(reply)) continue;
    if (stop && stop()) {
      out.stopped = true;
      out.keys.clear();
      return fail("stopped before the part after " + gomoku::formatPoint(reply, n) + ", " +
                  std::to_string(checked.size()) + " parts checked");
    }
    if (gomoku::makesFive(node, reply, defender, rule))
      return fail("the reply " + gomoku::formatPoint(reply, n) + " makes five for " + std::string(gomoku::colorName(defender)));
    node.place(reply, defender);
    // A reply that leaves the attacker a five at once is refuted on the spot, as the verifier
    // reads a plain node's missing replies: a proof stores no part for it.
    if (!gomoku::scanFivePoints(node, attacker, rule).empty()) {
      node.undo();
      continue;
    }
    const std::string key = canonicalKey(node, rule, attacker).bytes;
    if (checked.insert(key).second) {
      const StoredCheck part = checkStoredClaim(book, node, rule, attacker, attacker);
      if (!part.ok) {
        node.undo();
        return fail("the part after " + gomoku::formatPoint(reply, n) + ": " + part.error);
      }
      if (partChecked)
        partChecked(part.keys);
      else
        out.keys.insert(out.keys.end(), part.keys.begin(), part.keys.end());
    }
    node.undo();
  }
  out.ok = true;
  return out;
}

}  // namespace tengen::book
