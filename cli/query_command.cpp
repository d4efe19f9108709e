// `tengen query`: what the book knows about a position, in the orientation the user asked in:
// value, best move, the line through the book, and every legal reply's stored value.
#include <chrono>
#include <iostream>
#include <sstream>
#include <thread>
#include <string>

#include "book/book.h"
#include "book/book_query.h"
#include "cli/args.h"
#include "cli/game_commands.h"
#include "cli/commands.h"
#include "cli/board_text.h"
#include "cli/input_lines.h"
#include "cli/json.h"
#include "solver/gomoku/notation.h"

namespace tengen::cli {
namespace {

using namespace tengen::gomoku;
using book::QueryAnswer;
using book::valueName;

std::string moveJson(Point p, int size) { return p == kNoPoint ? "null" : jsonQuote(formatPoint(p, size)); }

// What is proved of an unknown entry short of a value, as a JSON list.
std::string knownJson(const QueryAnswer& a) {
  std::string out = "[";
  for (int c = 0; c < 2; ++c) {
    if (!a.cannotWin[c]) continue;
    if (out.size() > 1) out += ", ";
    out += c == 0 ? "\"black-cannot-win\"" : "\"white-cannot-win\"";
  }
  out += ']';
  return out;
}

void printJson(std::ostream& out, const std::string& text, const Position& pos, const QueryAnswer& a) {
  const int n = pos.board.size();
  std::string line = "[", replies = "[";
  for (std::size_t i = 0; i < a.line.size(); ++i) line += (i ? ", " : "") + moveJson(a.line[i], n);
  // The longest part of the answer (every legal reply): written straight into one string.
  replies.reserve(40 * a.replies.size() + 2);
  for (std::size_t i = 0; i < a.replies.size(); ++i) {
    const book::ReplyValue& r = a.replies[i];
    replies += i ? ", {\"move\": " : "{\"move\": ";
    appendJsonQuoted(replies, formatPoint(r.move, n));
    replies += ", \"result\": ";
    appendJsonQuoted(replies, valueName(r.result));
    if (r.claimed != r.result) {
      replies += ", \"claimed\": ";
      appendJsonQuoted(replies, valueName(r.claimed));
    }
    if (r.damaged) replies += ", \"damaged\": true";
    replies += '}';
  }
  JsonObject o = positionJson(text, pos);
  o.str("result", valueName(a.result));
  // A claim no verifier of this installation has checked: reported as such, never as the result.
  if (a.claimed != a.result) o.str("claimed", valueName(a.claimed));
  o.boolean("in_book", a.found)
      .boolean("verified", a.verified)
      .raw("best_move", moveJson(a.bestMove, n))
      .raw("line", line + "]");
  // Where the side that just moved is proved without a win one move earlier (book_query.h).
  if (a.derivedFrom != kNoPoint) o.str("derived_before", formatPoint(a.derivedFrom, n));
  if (a.fiveNow) o.boolean("five_now", true);
  if (a.result != book::Value::Unknown)
    o.num("proof_size", static_cast<long long>(a.proofSize)).num("proof_depth", static_cast<long long>(a.proofDepth));
  else if (a.cannotWin[0] || a.cannotWin[1])
    o.raw("known", knownJson(a));
  else if (a.found && a.claimed == book::Value::Unknown)
    o.num("pn", static_cast<long long>(a.pn)).num("dn", static_cast<long long>(a.dn));
  out << o.raw("replies", replies + "]").done() << '\n';
}

void printText(std::ostream& out, const std::string& text, const Position& pos, const QueryAnswer& a, bool board) {
  const int n = pos.board.size();
  out << "position: " << shownPosition(text) << '\n'
      << "rule: " << ruleName(pos.rule) << ", " << n << "x" << n << ", " << colorName(pos.toMove) << " to move\n";
  if (board) {
    std::vector<DiagramMark> marks;
    if (pos.toMove == Color::Black) marks = forbiddenMarks(pos.board, pos.rule);
    if (a.bestMove != kNoPoint) marks.push_back({a.bestMove, "@"});
    const bool numbered = text.find('/') == std::string::npos;
    out << drawDiagram(pos.board, numbered, marks)
        << "legend: " << diagramLegend(numbered, pos.toMove == Color::Black && pos.rule == Rule::Renju, a.bestMove != kNoPoint);
  }
  out << "result: " << valueName(a.result);
  if (a.fiveNow)
    out << " (a five at once)";
  else if (!a.found)
    out << " (not in the book)";
  else if (a.derivedFrom != kNoPoint)
    out << " (verified: " << colorName(pos.toMove) << " cannot force a win by this position's proof, "
        << colorName(opponent(pos.toMove)) << " by the proof of the position before " << formatPoint(a.derivedFrom, n) << ")";
  else if (a.result != book::Value::Unknown)
    out << " (verified, proof of " << a.proofSize << " positions)";
  else if (a.cannotWin[0] || a.cannotWin[1])
    out << " (proved so far: " << (a.cannotWin[0] ? "black" : "white") << " cannot force a win)";
  else if (a.claimed == book::Value::Unknown)
    out << " (searched: pn " << a.pn << ", dn " << a.dn << ")";
  if (a.claimed != a.result)
    out << "; claimed, unverified: " << valueName(a.claimed) << " (not proved until 'tengen verify' accepts it)";
  out << '\n';
  if (a.bestMove != kNoPoint) out << "best move: " << formatPoint(a.bestMove, n) << '\n';
  if (!a.line.empty()) out << "line: " << formatLine(a.line, n) << '\n';
  // The replies in three groups: what the book proves of them; those the proof refutes without a
  // record of their own (a side that loses: the proof's argument covers them); and the rest.
  std::string proved;
  std::size_t unknown = 0;
  for (const auto& r : a.replies) {
    if (r.damaged) {
      proved += ' ' + formatPoint(r.move, n) + " damaged record;";
    } else if (r.result != book::Value::Unknown) {
      proved += ' ' + formatPoint(r.move, n) + ' ' + std::string(valueName(r.result)) + ';';
    } else if (r.claimed != book::Value::Unknown) {
      proved += ' ' + formatPoint(r.move, n) + " claimed " + std::string(valueName(r.claimed)) + " (unverified);";
    } else {
      ++unknown;
    }
  }
  const bool sideLoses = (a.result == book::Value::BlackWins && pos.toMove == Color::White) ||
                         (a.result == book::Value::WhiteWins && pos.toMove == Color::Black);
  out << "replies: " << (proved.empty() ? std::string(a.replies.empty() ? " none" : " none stored") : proved.substr(1)) << '\n';
  if (unknown && sideLoses)
    out << "  and " << unknown << " more, each refuted by the proof on the spot (not stored: it wins against them at once)\n";
  else if (unknown)
    out << "  and " << unknown << " more not in the book (unknown)\n";
}

// Answers one position into `out`; in a batch a bad position gets an error answer and the batch
// goes on. Safe to call from several threads at once (the book is read-only here).
bool answer(const book::Book& book, const std::string& text, const PositionOptions& options, bool json, bool batch,
            std::string& out) {
  Position pos;
  try {
    pos = parsePosition(text, options);
  } catch (const PositionError& e) {
    if (!batch) throw;
    out += lineErrorText(text, e.what(), json);
    return false;
  }
  const QueryAnswer a = book::queryBook(book, pos);
  std::ostringstream text_out;
  json ? printJson(text_out, text, pos, a) : printText(text_out, text, pos, a, !batch);
  out += text_out.str();
  return true;
}

}  // namespace

int runQuery(int argc, char** argv) {
  const Args args(argc, argv, 2, commandHelp("query"));
  return gameCommandsFor(args).query(args);
}

int queryFiveInARow(const Args& args) {
  if (args.positional().size() > 1)
    throw UsageError("give the position as one argument (quote it), or none to read standard input");
  const PositionOptions options = positionOptions(args);
  const bool json = args.flag("json");
  const int threads = static_cast<int>(
      args.integer("threads", std::max(1u, std::thread::hardware_concurrency()), 1, 256));
  // A bad position is said before the book is opened: the user's input first.
  if (!args.positional().empty()) parsePosition(args.positional()[0], options);
  else promptIfTerminal("query");
  book::Book book(args.value("book").value_or(book::kDefaultBookDir), book::Book::Access::ReadOnly);
  if (!args.positional().empty()) {
    std::string out;
    answer(book, args.positional()[0], options, json, false, out);
    std::cout << out;
    return 0;
  }
  // See what a solve running beside this reader has stored meanwhile, at most once a second:
  // catching up with the writer costs far more than a query.
  auto lastRefresh = std::chrono::steady_clock::now();
  const bool allGood = answerInputLines(
      std::cin, threads, json ? "" : "\n",
      [&](const std::string& line, std::string& out) { return answer(book, line, options, json, true, out); },
      [&] {
        if (const auto now = std::chrono::steady_clock::now(); now - lastRefresh >= std::chrono::seconds(1)) {
          book.refresh();
          lastRefresh = now;
        }
      });
  return allGood ? 0 : 1;
}

}  // namespace tengen::cli
