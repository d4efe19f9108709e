// Minimal JSON writing for one-line outputs (JSON Lines): string quoting and an object builder.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "solver/gomoku/position.h"
#include "solver/gomoku/threat_search_counts.h"
#include "solver/gomoku/types.h"

namespace tengen::cli {

// `text` as a JSON string: control characters escaped, and bytes that are not valid UTF-8 replaced
// by U+FFFD, so every line is valid JSON whatever the input held.
std::string jsonQuote(std::string_view text);
void appendJsonQuoted(std::string& out, std::string_view text);

// The fields every position answer starts with: position (as the user wrote it), rule, size,
// to_move.
class JsonObject;
JsonObject positionJson(std::string_view text, const gomoku::Position& pos);

// A JSON array of RIF move names, e.g. ["h8", "i9"].
std::string jsonMoves(const std::vector<gomoku::Point>& moves, int size);

// Builds {"k": v, ...} in insertion order; values are pre-rendered JSON.
class JsonObject {
 public:
  JsonObject& raw(std::string_view key, std::string_view json);
  JsonObject& str(std::string_view key, std::string_view text) { return raw(key, jsonQuote(text)); }
  JsonObject& num(std::string_view key, long long v) { return raw(key, std::to_string(v)); }
  JsonObject& num(std::string_view key, double v);
  JsonObject& boolean(std::string_view key, bool v) { return raw(key, v ? "true" : "false"); }
  std::string done() const { return text_ + "}"; }

 private:
  std::string text_ = "{";
};

// Adds "threat_searches": {"probes", "probe_wins", "failed_probe_nodes", "zone_searches", "zone_wins"}
// "sibling_hints" (the attacker's moves tried first by them) and "positions_listed": {"attacker",
// "defender_threatened", "defender_open"} (positions whose moves were listed, by kind).
JsonObject& addThreatSearches(JsonObject& o, const gomoku::ThreatSearchCounts& c);

}  // namespace tengen::cli
