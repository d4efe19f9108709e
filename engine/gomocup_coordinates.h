// The Gomocup protocol's points and rule numbers, shared by both sides of the protocol (our engine
// answering a GUI, and an outside engine asked for hints): "x,y" counts from the top-left
// corner, 0-based; a point counts its rows from the bottom.
#pragma once

#include <optional>
#include <sstream>
#include <string>

#include "solver/gomoku/types.h"

namespace tengen::engine {

inline std::optional<gomoku::Point> gomocupPoint(const std::string& text, int size) {
  int x = -1, y = -1;
  char comma = 0;
  std::istringstream in(text);
  if (!(in >> x >> comma >> y) || comma != ',' || x < 0 || y < 0 || x >= size || y >= size) return std::nullopt;
  return static_cast<gomoku::Point>((size - 1 - y) * size + x);
}

inline std::string gomocupText(gomoku::Point p, int size) {
  return std::to_string(p % size) + "," + std::to_string(size - 1 - p / size);
}

// INFO rule's number: bits 1 exactly five, 4 renju.
inline int gomocupRule(gomoku::Rule rule) {
  return rule == gomoku::Rule::Renju ? 4 : rule == gomoku::Rule::Standard ? 1 : 0;
}

}  // namespace tengen::engine
