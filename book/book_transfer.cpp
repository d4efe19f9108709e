// JSON Lines export/import of book entries and the merge that imports them.
#include "book/book_transfer.h"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "book/position_key.h"
#include "solver/gomoku/notation.h"
#include "solver/gomoku/position.h"
#include "solver/gomoku/symmetry.h"

namespace tengen::book {
namespace {

using json = nlohmann::ordered_json;

json cellName(Cell c, int size) { return c == kNoCell ? json(nullptr) : json(gomoku::formatPoint(c, size)); }

json cellNames(const std::vector<Cell>& cells, int size) {
  json out = json::array();
  for (Cell c : cells) out.push_back(gomoku::formatPoint(c, size));
  return out;
}

Cell parseCell(const json& j, int size, const char* field) {
  if (j.is_null()) return kNoCell;
  if (!j.is_string()) throw BookError(std::string("'") + field + "' is not a point");
  std::string why;
  const auto p = gomoku::parsePoint(j.get<std::string>(), size, &why);
  if (!p) throw BookError(std::string("'") + field + "': " + why);
  return *p;
}

std::vector<Cell> parseCells(const json& j, int size, const char* field) {
  if (!j.is_array()) throw BookError(std::string("'") + field + "' is not a list of points");
  std::vector<Cell> out;
  for (const auto& e : j) out.push_back(parseCell(e, size, field));
  return out;
}

const json& need(const json& j, const char* field) {
  if (!j.contains(field)) throw BookError(std::string("missing '") + field + "'");
  return j.at(field);
}

}  // namespace

std::string entryToJson(std::string_view key, const BookRecord& r) {
  const DecodedKey k = decodeKey(key);
  const int n = k.board.size();
  json j;
  j["position"] = gomoku::formatStones(k.board);
  j["to_move"] = gomoku::colorName(k.toMove);
  j["rule"] = gomoku::ruleName(k.rule);
  j["size"] = n;
  j["result"] = valueName(r.result);
  j["best_move"] = cellName(r.bestMove, n);
  j["verified"] = r.verified();
  if (const ProofStep* step = r.decisiveStep(gomoku::index(k.toMove))) {
    j["proof_size"] = step->size;
    j["proof_depth"] = step->depth;
  } else if (!r.steps[0].present && !r.steps[1].present) {
    j["pn"] = r.pn;
    j["dn"] = r.dn;
  }
  json steps = json::object();
  for (int c = 0; c < 2; ++c) {
    const ProofStep& s = r.steps[c];
    if (!s.present) continue;
    steps[c == 0 ? "black" : "white"] = {{"wins", s.attackerWins},
                                         {"moves", cellNames(s.moves, n)},
                                         {"argument", {{"kind", s.argumentKind}, {"moves", cellNames(s.argumentMoves, n)}}},
                                         {"best", cellName(s.best, n)},
                                         {"size", s.size},
                                         {"depth", s.depth},
                                         {"verified", s.verified}};
  }
  j["steps"] = steps;
  j["tool_version"] = r.toolVersion;
  return j.dump();
}

std::pair<std::string, BookRecord> entryFromJson(std::string_view line) {
  json j;
  try {
    j = json::parse(line);
  } catch (const json::exception& e) {
    throw BookError(std::string("not JSON: ") + e.what());
  }
  if (!j.is_object()) throw BookError("not a JSON object");
  try {
    gomoku::PositionOptions options;
    if (!gomoku::parseRule(need(j, "rule").get<std::string>(), options.rule)) throw BookError("unknown rule");
    options.size = need(j, "size").get<int>();
    const std::string toMove = need(j, "to_move").get<std::string>();
    if (toMove != "black" && toMove != "white") throw BookError("'to_move' must be black or white");
    options.toMove = toMove == "black" ? gomoku::Color::Black : gomoku::Color::White;
    gomoku::Position pos;
    try {
      pos = gomoku::parsePosition(need(j, "position").get<std::string>(), options);
    } catch (const gomoku::PositionError& e) {
      throw BookError(std::string("bad position: ") + e.what());
    }
    const PositionKey key = canonicalKey(pos.board, pos.rule, pos.toMove);
    const int n = options.size;
    auto frame = [&](Cell c) {
      return c == kNoCell ? kNoCell : static_cast<Cell>(gomoku::applySymmetry(key.symmetry, c, n));
    };
    BookRecord r;
    if (j.contains("pn")) r.pn = j.at("pn").get<std::uint32_t>();
    if (j.contains("dn")) r.dn = j.at("dn").get<std::uint32_t>();
    if (j.contains("tool_version")) r.toolVersion = j.at("tool_version").get<std::string>();
    const json& steps = need(j, "steps");
    for (int c = 0; c < 2; ++c) {
      const char* colour = c == 0 ? "black" : "white";
      if (!steps.contains(colour)) continue;
      const json& s = steps.at(colour);
      ProofStep& step = r.steps[c];
      step.present = true;
      step.attackerWins = need(s, "wins").get<bool>();
      for (Cell m : parseCells(need(s, "moves"), n, "moves")) step.moves.push_back(frame(m));
      const json& argument = need(s, "argument");
      step.argumentKind = need(argument, "kind").get<int>();
      for (Cell m : parseCells(need(argument, "moves"), n, "argument moves")) step.argumentMoves.push_back(frame(m));
      step.best = frame(parseCell(need(s, "best"), n, "best"));
      step.size = need(s, "size").get<std::uint32_t>();
      step.depth = need(s, "depth").get<std::uint16_t>();
      step.verified = s.contains("verified") && s.at("verified").get<bool>();
    }
    settle(r, gomoku::index(pos.toMove));
    Value stated;
    if (!parseValue(need(j, "result").get<std::string>(), stated) || stated != r.result)
      throw BookError("'result' disagrees with the stored proof steps");
    return {key.bytes, std::move(r)};
  } catch (const json::exception& e) {
    throw BookError(std::string("a field has the wrong type: ") + e.what());
  }
}

ImportReport importEntries(Book& book, const KeyedRecords& entries) {
  ImportReport report;
  report.read = entries.size();
  KeyedRecords incoming = entries;
  for (auto& [key, record] : incoming)
    for (auto& step : record.steps) step.verified = false;  // not checked here, whatever the source says
  KeyedRecords merged;
  report.contradictions = mergeWithBook(book, incoming, merged);
  if (!report.contradictions.empty()) return report;
  // Deepest first (more stones = later in the game), so a step's continuation lands before it.
  std::stable_sort(merged.begin(), merged.end(),
                   [](const auto& a, const auto& b) { return a.first.size() > b.first.size(); });
  constexpr std::size_t kBatch = 10000;
  for (std::size_t at = 0; at < merged.size(); at += kBatch) {
    const std::size_t end = std::min(merged.size(), at + kBatch);
    book.write(KeyedRecords(merged.begin() + static_cast<std::ptrdiff_t>(at), merged.begin() + static_cast<std::ptrdiff_t>(end)));
  }
  report.written = merged.size();
  return report;
}

}  // namespace tengen::book
