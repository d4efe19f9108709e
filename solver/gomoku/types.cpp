// Names of the basic enums, as the CLI and the JSON output spell them.
#include "solver/gomoku/types.h"

namespace tengen::gomoku {

std::string_view colorName(Color c) { return c == Color::Black ? "black" : "white"; }

std::string_view ruleName(Rule r) {
  switch (r) {
    case Rule::Renju: return "renju";
    case Rule::Freestyle: return "freestyle";
    case Rule::Standard: return "standard";
  }
  return "?";
}

bool parseRule(std::string_view text, Rule& out) {
  for (Rule r : {Rule::Renju, Rule::Freestyle, Rule::Standard}) {
    if (text == ruleName(r)) {
      out = r;
      return true;
    }
  }
  return false;
}

std::string_view forbiddenKindName(ForbiddenKind k) {
  switch (k) {
    case ForbiddenKind::None: return "none";
    case ForbiddenKind::Overline: return "overline";
    case ForbiddenKind::DoubleFour: return "double-four";
    case ForbiddenKind::DoubleThree: return "double-three";
  }
  return "?";
}

}  // namespace tengen::gomoku
