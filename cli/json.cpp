// JSON quoting per RFC 8259 (control characters escaped, everything else passed through).
#include "cli/json.h"

#include "solver/gomoku/notation.h"

#include <cstdio>

namespace tengen::cli {

std::string jsonQuote(std::string_view text) {
  std::string out = "\"";
  for (unsigned char ch : text) {
    switch (ch) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (ch < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", ch);
          out += buf;
        } else {
          out += static_cast<char>(ch);
        }
    }
  }
  return out + "\"";
}

JsonObject& JsonObject::raw(std::string_view key, std::string_view json) {
  if (text_.size() > 1) text_ += ", ";
  text_ += jsonQuote(key);
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

}  // namespace tengen::cli
