// `tengen query`: what the book knows about a position, in the orientation the user asked in:
// value, best move, the line through the book, and every legal reply's stored value.
#include <chrono>
#include <iostream>
#include <string>

#include "book/book.h"
#include "book/book_query.h"
#include "cli/args.h"
#include "cli/commands.h"
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

void printJson(const std::string& text, const Position& pos, const QueryAnswer& a) {
  const int n = pos.board.size();
  std::string line = "[", replies = "[";
  for (std::size_t i = 0; i < a.line.size(); ++i) line += (i ? ", " : "") + moveJson(a.line[i], n);
  for (std::size_t i = 0; i < a.replies.size(); ++i) {
    const book::ReplyValue& r = a.replies[i];
    JsonObject o;
    o.str("move", formatPoint(r.move, n)).str("result", valueName(r.result));
    if (r.claimed != r.result) o.str("claimed", valueName(r.claimed));
    if (r.damaged) o.boolean("damaged", true);
    replies += (i ? ", " : "") + o.done();
  }
  JsonObject o = positionJson(text, pos);
  o.str("result", valueName(a.result));
  // A claim no verifier of this installation has checked: reported as such, never as the result.
  if (a.claimed != a.result) o.str("claimed", valueName(a.claimed));
  o.boolean("in_book", a.found)
      .boolean("verified", a.verified)
      .raw("best_move", moveJson(a.bestMove, n))
      .raw("line", line + "]");
  if (a.result != book::Value::Unknown)
    o.num("proof_size", static_cast<long long>(a.proofSize)).num("proof_depth", static_cast<long long>(a.proofDepth));
  else if (a.cannotWin[0] || a.cannotWin[1])
    o.raw("known", knownJson(a));
  else if (a.found && a.claimed == book::Value::Unknown)
    o.num("pn", static_cast<long long>(a.pn)).num("dn", static_cast<long long>(a.dn));
  std::cout << o.raw("replies", replies + "]").done() << '\n';
}

void printText(const std::string& text, const Position& pos, const QueryAnswer& a) {
  const int n = pos.board.size();
  std::cout << "position: " << (text.empty() ? "(empty board)" : text) << '\n'
            << "rule: " << ruleName(pos.rule) << ", " << n << "x" << n << ", " << colorName(pos.toMove) << " to move\n"
            << "result: " << valueName(a.result);
  if (!a.found)
    std::cout << " (not in the book)";
  else if (a.result != book::Value::Unknown)
    std::cout << " (verified, proof of " << a.proofSize << " positions, " << a.proofDepth << " plies)";
  else if (a.cannotWin[0] || a.cannotWin[1])
    std::cout << " (proved so far: " << (a.cannotWin[0] ? "black" : "white") << " cannot force a win)";
  else if (a.claimed == book::Value::Unknown)
    std::cout << " (searched: pn " << a.pn << ", dn " << a.dn << ")";
  if (a.claimed != a.result)
    std::cout << "; claimed, unverified: " << valueName(a.claimed) << " (not proved until 'tengen verify' accepts it)";
  std::cout << '\n';
  if (a.bestMove != kNoPoint) std::cout << "best move: " << formatPoint(a.bestMove, n) << '\n';
  if (!a.line.empty()) {
    std::cout << "line:";
    for (Point p : a.line) std::cout << ' ' << formatPoint(p, n);
    std::cout << '\n';
  }
  std::size_t unknown = 0;
  std::cout << "replies:";
  for (const auto& r : a.replies) {
    if (r.damaged) {
      std::cout << ' ' << formatPoint(r.move, n) << " damaged record;";
    } else if (r.result != book::Value::Unknown) {
      std::cout << ' ' << formatPoint(r.move, n) << ' ' << valueName(r.result) << ';';
    } else if (r.claimed != book::Value::Unknown) {
      std::cout << ' ' << formatPoint(r.move, n) << " claimed " << valueName(r.claimed) << " (unverified);";
    } else {
      ++unknown;
    }
  }
  if (unknown) std::cout << ' ' << unknown << " more unknown";
  if (a.replies.empty()) std::cout << " none";
  std::cout << '\n';
}

// Answers one position; in a batch a bad position gets an error answer and the batch goes on.
bool answer(const book::Book& book, const std::string& text, const PositionOptions& options, bool json, bool batch) {
  Position pos;
  try {
    pos = parsePosition(text, options);
  } catch (const PositionError& e) {
    if (!batch) throw;
    printLineError(text, e.what(), json);
    return false;
  }
  const QueryAnswer a = book::queryBook(book, pos);
  json ? printJson(text, pos, a) : printText(text, pos, a);
  return true;
}

}  // namespace

int runQuery(int argc, char** argv) {
  auto specs = positionOptionSpecs();
  specs.push_back({"book", true});
  specs.push_back({"json", false});
  const Args args(argc, argv, 2, specs);
  if (args.positional().size() > 1)
    throw UsageError("give the position as one argument (quote it), or none to read standard input");
  const PositionOptions options = positionOptions(args);
  const bool json = args.flag("json");
  book::Book book(args.value("book").value_or(book::kDefaultBookDir), book::Book::Access::ReadOnly);
  if (!args.positional().empty()) {
    answer(book, args.positional()[0], options, json, false);
    return 0;
  }
  bool first = true;
  // See what a solve running beside this reader has stored meanwhile, at most once a second:
  // catching up with the writer costs far more than a query.
  auto lastRefresh = std::chrono::steady_clock::now();
  const bool allGood = forEachInputLine(std::cin, [&](const std::string& line) {
    if (!json && !first) std::cout << '\n';
    first = false;
    if (const auto now = std::chrono::steady_clock::now(); now - lastRefresh >= std::chrono::seconds(1)) {
      book.refresh();
      lastRefresh = now;
    }
    return answer(book, line, options, json, true);
  });
  return allGood ? 0 : 1;
}

}  // namespace tengen::cli
