// JSON quoting per RFC 8259 (control characters escaped, invalid UTF-8 replaced), and the builder.
#include "cli/json.h"

#include "solver/gomoku/notation.h"

#include <cstdio>

namespace tengen::cli {

void appendJsonQuoted(std::string& out, std::string_view text) {
  out += '"';
  for (std::size_t i = 0; i < text.size();) {
    const unsigned char ch = static_cast<unsigned char>(text[i]);
    if (ch >= 0x80) {
      const std::size_t length = gomoku::utf8Length(text, i);
      if (length == 0) {
        out += "\\ufffd";  // not UTF-8: the replacement character
        ++i;
      } else {
        out.append(text.substr(i, length));
        i += length;
      }
      continue;
    }
    switch (ch) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (ch < 0x20 || ch == 0x7F) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", ch);
          out += buf;
        } else {
          out += static_cast<char>(ch);
        }
    }
    ++i;
  }
  out += '"';
}

std::string jsonQuote(std::string_view text) {
  std::string out;
  out.reserve(text.size() + 2);
  appendJsonQuoted(out, text);
  return out;
}

JsonObject& JsonObject::raw(std::string_view key, std::string_view json) {
  if (text_.size() > 1) text_ += ", ";
  appendJsonQuoted(text_, key);
  text_ += ": ";
  text_ += json;
  return *this;
}

JsonObject& JsonObject::num(std::string_view key, double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  return raw(key, buf);
}

std::string jsonMoves(const std::vector<gomoku::Point>& moves, int size) {
  std::string out = "[";
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (i) out += ", ";
    out += jsonQuote(gomoku::formatPoint(moves[i], size));
  }
  return out + "]";
}

JsonObject positionJson(std::string_view text, const gomoku::Position& pos) {
  JsonObject o;
  o.str("position", text)
      .str("rule", gomoku::ruleName(pos.rule))
      .num("size", static_cast<long long>(pos.board.size()))
      .str("to_move", gomoku::colorName(pos.toMove));
  return o;
}

JsonObject& addThreatSearches(JsonObject& o, const gomoku::ThreatSearchCounts& c) {
  JsonObject counts;
  counts.num("probes", static_cast<long long>(c.probes))
      .num("probe_wins", static_cast<long long>(c.probeWins))
      .num("failed_probe_nodes", static_cast<long long>(c.failedProbeNodes))
      .num("zone_searches", static_cast<long long>(c.zoneSearches))
      .num("zone_wins", static_cast<long long>(c.zoneWins))
      .num("sequence_searches", static_cast<long long>(c.sequenceSearches))
      .num("sequence_wins", static_cast<long long>(c.sequenceWins))
      .num("sequence_threats", static_cast<long long>(c.sequenceThreats));
  JsonObject listed;
  listed.num("attacker", static_cast<long long>(c.listedAttacker))
      .num("defender_threatened", static_cast<long long>(c.listedDefenderThreatened))
      .num("defender_open", static_cast<long long>(c.listedDefenderOpen));
  return o.raw("threat_searches", counts.done())
      .num("sibling_hints", static_cast<long long>(c.siblingHints))
      .raw("positions_listed", listed.done());
}

}  // namespace tengen::cli
