// JSON Lines export/import of book entries and the merge that imports them.
#include "book/book_transfer.h"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "book/position_key.h"
#include "solver/gomoku/proof_check.h"
#include "solver/gomoku/notation.h"
#include "solver/gomoku/position.h"
#include "solver/gomoku/symmetry.h"

namespace tengen::book {
namespace {

using json = nlohmann::ordered_json;

json cellName(Cell c, int size) {
  if (c == kPassCell) return "pass";
  return c == kNoCell ? json(nullptr) : json(gomoku::formatPoint(c, size));
}

json cellNames(const std::vector<Cell>& cells, int size) {
  json out = json::array();
  for (Cell c : cells) out.push_back(cellName(c, size));
  return out;
}

Cell parseCell(const json& j, int size, const char* field) {
  if (j.is_null()) return kNoCell;
  if (!j.is_string()) throw BookError(std::string("'") + field + "' is not a point");
  if (j.get<std::string>() == "pass") return kPassCell;
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

// A whole number within [lo, hi], written as a JSON integer: 15.9, 1e308, -3 or 2^32+15 where a
// board size belongs are errors, never rounded, wrapped or cast.
long long integerField(const json& j, const char* field, long long lo, long long hi) {
  const json& v = need(j, field);
  const auto outOfRange = [&] {
    return BookError(std::string("'") + field + "' must be a whole number from " + std::to_string(lo) + " to " +
                     std::to_string(hi) + ", not " + v.dump().substr(0, 40));
  };
  if (v.is_number_unsigned()) {
    const auto u = v.get<unsigned long long>();
    if (u > static_cast<unsigned long long>(hi)) throw outOfRange();
    return static_cast<long long>(u);
  }
  if (!v.is_number_integer()) throw outOfRange();
  const auto i = v.get<long long>();
  if (i < lo || i > hi) throw outOfRange();
  return i;
}

const std::string& stringField(const json& j, const char* field) {
  const json& v = need(j, field);
  if (!v.is_string()) throw BookError(std::string("'") + field + "' must be a string");
  return v.get_ref<const std::string&>();
}

bool boolField(const json& j, const char* field) {
  const json& v = need(j, field);
  if (!v.is_boolean()) throw BookError(std::string("'") + field + "' must be true or false");
  return v.get<bool>();
}

// A pass scope as 16 hexadecimal digits.
std::string scopeName(std::uint64_t scope) {
  static const char* digits = "0123456789abcdef";
  std::string out(16, '0');
  for (int i = 15; i >= 0; --i, scope >>= 4) out[static_cast<std::size_t>(i)] = digits[scope & 15];
  return out;
}

std::uint64_t parseScope(const std::string& text) {
  std::uint64_t scope = 0;
  if (text.size() != 16) throw BookError("'pass_scope' must be 16 hexadecimal digits");
  for (char c : text) {
    const int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
    if (d < 0) throw BookError("'pass_scope' must be 16 hexadecimal digits");
    scope = (scope << 4) | static_cast<std::uint64_t>(d);
  }
  if (scope == 0) throw BookError("'pass_scope' must not be zero");
  return scope;
}

}  // namespace

std::string entryToJson(std::string_view key, const BookRecord& r) {
  const DecodedKey k = decodeKey(key);
  const int n = k.board.size();
  json j;
  j["position"] = gomoku::formatStones(k.board);
  j["to_move"] = gomoku::colorName(k.toMove);
  if (k.passScope) j["pass_scope"] = scopeName(k.passScope);  // a position a proof reaches after a pass
  j["rule"] = gomoku::ruleName(k.rule);
  j["size"] = n;
  j["result"] = valueName(r.result);  // what verified steps prove
  if (r.claimed != r.result) j["claimed"] = valueName(r.claimed);  // what unverified steps claim besides
  j["best_move"] = cellName(r.bestMove, n);
  j["verified"] = r.verified();
  if (const ProofStep* step = r.decisiveStep(gomoku::index(k.toMove))) {
    j["proof_size"] = step->size;
    j["proof_depth"] = step->depth;
  } else if (r.claimed == Value::Unknown && !r.steps[0].present && !r.steps[1].present) {
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
                                         {"verified", s.verified()}};
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
    if (!gomoku::parseRule(stringField(j, "rule"), options.rule)) throw BookError("unknown rule");
    options.size = static_cast<int>(integerField(j, "size", gomoku::kMinSize, gomoku::kMaxSize));
    const std::string& toMove = stringField(j, "to_move");
    if (toMove != "black" && toMove != "white") throw BookError("'to_move' must be black or white");
    options.toMove = toMove == "black" ? gomoku::Color::Black : gomoku::Color::White;
    gomoku::Position pos;
    try {
      pos = gomoku::parsePosition(stringField(j, "position"), options);
    } catch (const gomoku::PositionError& e) {
      throw BookError(std::string("bad position: ") + e.what());
    }
    const PositionKey key = canonicalKey(pos.board, pos.rule, pos.toMove);
    const std::uint64_t scope = j.contains("pass_scope") ? parseScope(stringField(j, "pass_scope")) : 0;
    const int n = options.size;
    auto frame = [&](Cell c) {
      return c < 0 ? c : static_cast<Cell>(gomoku::applySymmetry(key.symmetry, c, n));  // no cell, a pass
    };
    constexpr long long kMaxNumber = 0xFFFFFFFFLL;
    BookRecord r;
    if (j.contains("pn")) r.pn = static_cast<std::uint32_t>(integerField(j, "pn", 0, kMaxNumber));
    if (j.contains("dn")) r.dn = static_cast<std::uint32_t>(integerField(j, "dn", 0, kMaxNumber));
    if (j.contains("tool_version")) r.toolVersion = stringField(j, "tool_version").substr(0, 200);
    const json& steps = need(j, "steps");
    if (!steps.is_object()) throw BookError("'steps' must be an object");
    for (int c = 0; c < 2; ++c) {
      const char* colour = c == 0 ? "black" : "white";
      if (!steps.contains(colour)) continue;
      const json& s = steps.at(colour);
      if (!s.is_object()) throw BookError(std::string("'steps.") + colour + "' must be an object");
      ProofStep& step = r.steps[c];
      step.present = true;
      step.attackerWins = boolField(s, "wins");
      for (Cell m : parseCells(need(s, "moves"), n, "moves")) step.moves.push_back(frame(m));
      const json& argument = need(s, "argument");
      if (!argument.is_object()) throw BookError("'argument' must be an object");
      step.argumentKind = static_cast<int>(integerField(argument, "kind", 0, 255));
      for (Cell m : parseCells(need(argument, "moves"), n, "argument moves")) step.argumentMoves.push_back(frame(m));
      step.best = frame(parseCell(need(s, "best"), n, "best"));
      step.size = static_cast<std::uint32_t>(integerField(s, "size", 1, kMaxNumber));
      step.depth = static_cast<std::uint16_t>(integerField(s, "depth", 0, 65535));
      // Whatever the line says, an imported step is unverified: only this installation's
      // verifier (`tengen verify`) marks a step verified.
      step.markVerified(false);
    }
    settle(r, gomoku::index(pos.toMove));
    // The line's own statement of what its steps claim must agree with them.
    Value stated;
    const std::string& statedText = j.contains("claimed") ? stringField(j, "claimed") : stringField(j, "result");
    if (!parseValue(statedText, stated) || stated != r.claimed)
      throw BookError("'result' disagrees with the stored proof steps");
    return {scopedKey(key.bytes, scope), std::move(r)};
  } catch (const json::exception& e) {
    throw BookError(std::string("a field has the wrong type: ") + e.what());
  }
}

ImportReport importEntries(Book& book, const KeyedRecords& entries) {
  ImportReport report;
  report.read = entries.size();
  KeyedRecords incoming = entries;
  for (auto& [key, record] : incoming) {
    for (auto& step : record.steps) step.markVerified(false);  // not checked here, whatever the source says
    settle(record, keyToMove(key));
  }
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

CheckedProof checkProofFile(const ProofFile& proof) {
  const gomoku::ProofCheck check = gomoku::checkProof(proof.board, proof.toMove, proof.rule, proof.attacker, proof.tree);
  if (!check.ok) throw BookError("the verifier refuses the proof: " + check.error);
  const gomoku::Position root{proof.rule, proof.board, proof.toMove};
  CheckedProof out;
  out.positions = static_cast<std::size_t>(check.positions);
  out.records = recordsFromProof(root, gomoku::ProofRecord{proof.attacker, proof.tree});
  return out;
}

// One atomic batch: all of the proof or none of it.
std::size_t storeCheckedProof(Book& book, const CheckedProof& proof) { return storeRecords(book, proof.records); }

ProofImport importProofFile(Book& book, const ProofFile& proof) {
  const CheckedProof checked = checkProofFile(proof);
  return {checked.positions, storeCheckedProof(book, checked)};
}

}  // namespace tengen::book
