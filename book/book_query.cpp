// Book look-ups for one position: the record, the line through the book, every legal reply (their
// keys built in one pass and read in one batch).
#include "book/book_query.h"

#include <algorithm>

#include "book/position_key.h"
#include "book/stored_proof.h"
#include "solver/gomoku/move_list.h"
#include "solver/gomoku/rules.h"
#include "solver/gomoku/symmetry.h"
#include "solver/gomoku/threats.h"

namespace tengen::book {
namespace {

using gomoku::Board;
using gomoku::Color;
using gomoku::Point;

// The record and its key for a position, or nullopt; a damaged record counts as absent only
// where `throwIfDamaged` is false (the line stops there).
std::optional<BookRecord> lookup(const Book& book, const Board& board, gomoku::Rule rule, Color toMove,
                                 PositionKey& key, bool throwIfDamaged) {
  key = canonicalKey(board, rule, toMove);
  try {
    return book.get(key.bytes);
  } catch (const RecordError& e) {
    if (throwIfDamaged) throw RecordError("book " + book.dir() + ": record of this position: " + e.what());
    return std::nullopt;
  }
}

Point toCaller(Cell c, const PositionKey& key, int size) { return fromKeyFrame(c, key.symmetry, size); }

// How good a reply's value is for the side that plays it: higher is better.
int goodness(Value v, Color mover) {
  const Value win = winValue(mover);
  if (v == win) return 3;
  if (v == Value::Draw) return 2;
  if (v == Value::Unknown) return 1;
  return 0;
}

// A stone of `mover` (the side that just moved) whose position before it, `mover` to move, the
// book proves `mover` cannot force a win: then `mover` cannot force one here either, since every
// move there, this one included, leaves it without a win. kNoPoint when no such record is found.
Point parentWithoutWin(const Book& book, const Board& board, gomoku::Rule rule, Color mover) {
  for (const auto& s : board.history()) {
    if (s.color != mover) continue;
    Board parent(board.size());
    for (const auto& t : board.history())
      if (t.point != s.point) parent.place(t.point, t.color);
    if (gomoku::findFinishedGame(parent, rule) || !gomoku::isLegal(parent, s.point, mover, rule)) continue;
    PositionKey key;
    const auto record = lookup(book, parent, rule, mover, key, false);
    if (!record) continue;
    const ProofStep* step = record->provedStep(gomoku::index(mover));
    if (step && !step->attackerWins) return s.point;
  }
  return gomoku::kNoPoint;
}

// An unknown answer completed by what the book proves one move earlier (see parentWithoutWin).
void deriveFromParent(const Book& book, const Board& board, gomoku::Rule rule, Color toMove, QueryAnswer& a) {
  const Color mover = gomoku::opponent(toMove);
  if (a.result != Value::Unknown || a.cannotWin[gomoku::index(mover)]) return;
  a.derivedFrom = parentWithoutWin(book, board, rule, mover);
  if (a.derivedFrom == gomoku::kNoPoint) return;
  a.cannotWin[gomoku::index(mover)] = true;
  if (a.cannotWin[gomoku::index(toMove)]) a.result = a.claimed = Value::Draw;
}

}  // namespace

QueryAnswer queryBook(const Book& book, const gomoku::Position& pos) {
  QueryAnswer answer;
  const int n = pos.board.size();
  PositionKey key;
  const auto record = lookup(book, pos.board, pos.rule, pos.toMove, key, true);
  if (record) {
    answer.found = true;
    answer.result = record->result;
    answer.claimed = record->claimed;
    answer.bestMove = toCaller(record->bestMove, key, n);
    answer.verified = record->verified();
    if (const ProofStep* step = record->decisiveStep(gomoku::index(pos.toMove))) {
      answer.proofSize = step->size;
      answer.proofDepth = step->depth;
    }
    answer.pn = record->pn;
    answer.dn = record->dn;
    for (int c = 0; c < 2; ++c) {
      const ProofStep* proved = record->provedStep(c);
      answer.cannotWin[c] = proved && !proved->attackerWins;
    }
  }
  deriveFromParent(book, pos.board, pos.rule, pos.toMove, answer);
  if (answer.result == Value::Unknown) {
    gomoku::MoveList fives;
    gomoku::findFivePoints(pos.board, pos.toMove, pos.rule, fives);
    if (!fives.empty()) {
      answer.fiveNow = true;
      answer.verified = true;  // the rules' own check, just made: the five is there to play
      answer.proofSize = 1;
      answer.result = answer.claimed = winValue(pos.toMove);
    }
  }

  // The line: best moves through the book while the book knows the value.
  Board board = pos.board;
  Color toMove = pos.toMove;
  for (auto at = record; at && (at->result != Value::Unknown || (board.stoneCount() == pos.board.stoneCount() &&
                                                                   answer.result == Value::Draw));) {
    const Point move = toCaller(at->bestMove, key, n);
    if (move == gomoku::kNoPoint || !board.isEmpty(move)) break;
    answer.line.push_back(move);
    const bool five = gomoku::makesFive(board, move, toMove, pos.rule);
    board.place(move, toMove);
    toMove = gomoku::opponent(toMove);
    if (five) break;
    at = lookup(book, board, pos.rule, toMove, key, false);
  }
  // A stored proof ends where the winner's five can no longer be stopped: the loser blocks one
  // five point (where it may) and the winner completes another. Among equal choices the line
  // takes the first in the book's frame, so it reads the same in every orientation.
  if (answer.result == Value::BlackWins || answer.result == Value::WhiteWins) {
    const Color winner = answer.result == Value::BlackWins ? Color::Black : Color::White;
    auto firstFivePoint = [&](bool legalFor) {
      gomoku::MoveList fives;
      gomoku::findFivePoints(board, winner, pos.rule, fives);
      const PositionKey here = canonicalKey(board, pos.rule, toMove);
      Point pick = gomoku::kNoPoint;
      Cell pickCell = 0;
      for (Point f : fives) {
        if (legalFor && !gomoku::isLegal(board, f, toMove, pos.rule)) continue;
        const Cell c = static_cast<Cell>(gomoku::applySymmetry(here.symmetry, f, n));
        if (pick == gomoku::kNoPoint || c < pickCell) pick = f, pickCell = c;
      }
      return pick;
    };
    if (!gomoku::findFinishedGame(board, pos.rule)) {
      if (toMove != winner) {
        if (const Point block = firstFivePoint(true); block != gomoku::kNoPoint && !answer.line.empty()) {
          answer.line.push_back(block);
          board.place(block, toMove);
          toMove = winner;
        }
      }
      if (toMove == winner)
        if (const Point five = firstFivePoint(false); five != gomoku::kNoPoint) answer.line.push_back(five);
    }
  }

  if (answer.fiveNow && !answer.line.empty()) answer.bestMove = answer.line[0];

  // Every legal reply with its stored value: the keys in one pass, the records in one batch.
  Board scratch = pos.board;
  const Color mover = pos.toMove;
  const Value moverWins = winValue(mover);
  std::vector<Point> looked;
  for (Point p = 0; p < scratch.cellCount(); ++p) {
    if (!scratch.isEmpty(p) || !gomoku::isLegal(scratch, p, mover, pos.rule)) continue;
    if (gomoku::makesFive(scratch, p, mover, pos.rule)) {
      answer.replies.push_back({p, moverWins, moverWins});
      continue;
    }
    looked.push_back(p);
  }
  const ChildKeys childKeys = canonicalChildKeys(scratch, pos.rule, mover, looked);
  std::vector<std::string_view> keys(childKeys.size());
  for (std::size_t i = 0; i < keys.size(); ++i) keys[i] = childKeys.key(i);
  const std::size_t first = answer.replies.size();
  for (Point p : looked) answer.replies.push_back({p, Value::Unknown, Value::Unknown});
  book.getMany(keys, [&](std::size_t i, const BookRecord* record, const std::string&) {
    ReplyValue& reply = answer.replies[first + i];
    reply.found = true;
    if (record) {
      reply.result = record->result;
      reply.claimed = record->claimed;
      // Here the mover cannot force a win, so not after this reply either: with the reply's own
      // proof that the opponent cannot, the reply is a draw.
      const ProofStep* opponentStep = record->provedStep(gomoku::index(gomoku::opponent(mover)));
      if (reply.result == Value::Unknown && answer.cannotWin[gomoku::index(mover)] && opponentStep &&
          !opponentStep->attackerWins)
        reply.result = reply.claimed = Value::Draw;
    } else {
      reply.damaged = true;
    }
  });
  std::sort(answer.replies.begin(), answer.replies.end(), [&](const ReplyValue& a, const ReplyValue& b) {
    const int ga = goodness(a.result, mover), gb = goodness(b.result, mover);
    return ga != gb ? ga > gb : a.move < b.move;
  });
  return answer;
}

std::string describeAnswer(const QueryAnswer& a) {
  if (a.fiveNow) return std::string(a.result == Value::BlackWins ? "black" : "white") + " wins (a five at once)";
  if (!a.found) return "not in the book";
  const std::string proof = " (verified, proof of " + std::to_string(a.proofSize) + " positions)";
  switch (a.result) {
    case Value::BlackWins: return "black wins" + proof;
    case Value::WhiteWins: return "white wins" + proof;
    case Value::Draw:
      if (a.derivedFrom != gomoku::kNoPoint) return "draw (verified: this position's proof and the one a move earlier)";
      return "draw" + proof;
    case Value::Unknown: break;
  }
  if (a.cannotWin[0] || a.cannotWin[1]) return std::string(a.cannotWin[0] ? "black" : "white") + " cannot win (verified)";
  if (a.claimed != Value::Unknown) return "claimed " + std::string(valueName(a.claimed)) + ", not verified";
  return "unknown";
}

}  // namespace tengen::book
