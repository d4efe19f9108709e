// Helpers for tests: boards from stone lists, without the side-to-move checks of positions.
#pragma once

#include <string>

#include "solver/gomoku/board.h"
#include "solver/gomoku/notation.h"
#include "solver/gomoku/position.h"

namespace tengen::gomoku::testing {

// "BLACKS/WHITES" on a size x size board; any stone counts.
inline Board boardOf(const std::string& stones, int size = kDefaultSize, Rule rule = Rule::Renju) {
  PositionOptions o;
  o.size = size;
  o.rule = rule;
  o.toMove = Color::Black;
  return parsePosition(stones, o).board;
}

inline Point pt(const std::string& name, int size = kDefaultSize) { return *parsePoint(name, size); }

}  // namespace tengen::gomoku::testing
