// JSON built with nlohmann (every string escaped, invalid UTF-8 replaced): the same values the
// CLI's query prints, in the orientation asked.
#include "web/api.h"

#include <nlohmann/json.hpp>

#include "book/book_query.h"
#include "book/book_stats.h"
#include "solver/gomoku/notation.h"
#include "solver/gomoku/openings.h"
#include "solver/gomoku/position.h"
#include "solver/gomoku/rules.h"
#include "web/board_svg.h"

namespace tengen::web {
namespace {

using json = nlohmann::ordered_json;

std::string param(const std::map<std::string, std::string>& params, const std::string& name, const std::string& fallback) {
  const auto it = params.find(name);
  return it == params.end() ? fallback : it->second;
}

gomoku::Position positionOf(const std::map<std::string, std::string>& params) {
  const std::string text = param(params, "position", "");
  if (text.size() > 4000) throw ApiError("position: longer than any game (" + std::to_string(text.size()) + " bytes)");
  gomoku::PositionOptions o;
  const std::string rule = param(params, "rule", "renju");
  if (!gomoku::parseRule(rule, o.rule)) throw ApiError("unknown rule " + gomoku::quoted(rule) + " (renju, freestyle, standard)");
  const std::string size = param(params, "size", "15");
  try {
    std::size_t used = 0;
    o.size = std::stoi(size, &used);
    if (used != size.size()) throw std::invalid_argument("size");
  } catch (const std::exception&) {
    throw ApiError("size " + gomoku::quoted(size) + " is not a number");
  }
  if (o.size < gomoku::kMinSize || o.size > gomoku::kMaxSize) throw ApiError("size must be 5 to 20");
  const std::string toMove = param(params, "to_move", "");
  if (toMove == "black") o.toMove = gomoku::Color::Black;
  else if (toMove == "white") o.toMove = gomoku::Color::White;
  else if (!toMove.empty()) throw ApiError("to_move must be black or white");
  try {
    return gomoku::parsePosition(text, o);
  } catch (const gomoku::PositionError& e) {
    throw ApiError(std::string("bad position: ") + e.what());
  }
}

json point(gomoku::Point p, int n) { return p == gomoku::kNoPoint ? json(nullptr) : json(gomoku::formatPoint(p, n)); }

std::string dump(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

}  // namespace

std::string queryJson(const book::Book& book, const std::map<std::string, std::string>& params) {
  gomoku::Position pos = positionOf(params);
  const int n = pos.board.size();
  const book::QueryAnswer a = book::queryBook(book, pos);
  json j;
  j["position"] = param(params, "position", "");
  j["rule"] = gomoku::ruleName(pos.rule);
  j["size"] = n;
  j["to_move"] = gomoku::colorName(pos.toMove);
  json blacks = json::array(), whites = json::array(), moves = json::array();
  for (const auto& [p, c] : pos.board.history()) {
    (c == gomoku::Color::Black ? blacks : whites).push_back(gomoku::formatPoint(p, n));
    moves.push_back(gomoku::formatPoint(p, n));
  }
  j["black"] = blacks;
  j["white"] = whites;
  j["moves"] = moves;  // in the order played (for a move list, the game's order)
  j["result"] = book::valueName(a.result);
  if (a.claimed != a.result) j["claimed"] = book::valueName(a.claimed);
  j["in_book"] = a.found;
  j["verified"] = a.verified;
  j["text"] = book::describeAnswer(a);
  j["best_move"] = point(a.bestMove, n);
  json line = json::array();
  for (gomoku::Point p : a.line) line.push_back(gomoku::formatPoint(p, n));
  j["line"] = line;
  json known = json::array();
  for (int c = 0; c < 2; ++c)
    if (a.cannotWin[c]) known.push_back(c == 0 ? "black-cannot-win" : "white-cannot-win");
  j["known"] = known;
  json replies = json::array();
  for (const auto& r : a.replies) {
    if (!r.found && r.result == book::Value::Unknown) continue;  // most replies: nothing stored
    json reply{{"move", gomoku::formatPoint(r.move, n)}, {"result", book::valueName(r.result)}};
    if (r.claimed != r.result) reply["claimed"] = book::valueName(r.claimed);
    if (r.damaged) reply["damaged"] = true;
    replies.push_back(reply);
  }
  j["replies"] = replies;
  json forbidden = json::array(), kinds = json::array();
  if (pos.toMove == gomoku::Color::Black)
    for (const auto& f : gomoku::forbiddenPoints(pos.board, pos.rule)) {
      forbidden.push_back(gomoku::formatPoint(f.point, n));
      kinds.push_back(gomoku::forbiddenKindName(f.kind));
    }
  j["forbidden"] = forbidden;
  j["forbidden_kinds"] = kinds;  // the same order: double-three, double-four or overline
  const auto opening = gomoku::openingOf(pos.board);
  j["opening"] = opening ? json{{"code", opening->code}, {"name", opening->name}, {"moves", opening->moves}} : json(nullptr);
  j["finished"] = gomoku::findFinishedGame(pos.board, pos.rule).has_value();
  return dump(j);
}

std::string openingsJson(const book::Book& book) {
  json out = json::array();
  for (const auto& o : gomoku::openings()) {
    const book::QueryAnswer a = book::queryBook(book, gomoku::parsePosition(o.moves, gomoku::PositionOptions{}));
    out.push_back({{"code", o.code}, {"name", o.name}, {"moves", o.moves},
                   {"literature", o.assessment.empty() ? json(nullptr) : json(o.assessment)},
                   {"book", book::valueName(a.result)}, {"text", book::describeAnswer(a)}});
  }
  return dump(out);
}

std::string statsJson(const book::Book& book) {
  const book::BookStats s = book::collectStats(book);
  // No path or file name of the book: a client has no business with the server's disk.
  json j{{"entries", s.entries}, {"verified", s.verified},
         {"claimed_unverified", s.claimedUnverified}, {"unreadable", s.unreadable}, {"disk_bytes", s.diskBytes}};
  j["by_result"] = s.byResult;
  j["by_rule"] = s.byRule;
  return dump(j);
}

std::string firstBoardSvg(const std::map<std::string, std::string>& params) {
  gomoku::Position pos{gomoku::Rule::Renju, gomoku::Board(15), gomoku::Color::Black};
  try {
    pos = positionOf(params);
  } catch (const ApiError&) {
  }
  const std::vector<BoardMark> marks =
      pos.toMove == gomoku::Color::Black ? forbiddenMarks(pos.board, pos.rule) : std::vector<BoardMark>{};
  const bool numbered = param(params, "position", "").find('/') == std::string::npos;
  return boardSvg(pos.board, numbered, marks, "", "");
}

}  // namespace tengen::web
