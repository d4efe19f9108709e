// The Gomocup protocol's points and rule numbers, shared by both sides of the protocol (our engine
// answering a GUI, and an outside engine asked for hints): "x,y" counts from the top-left
// corner, 0-based; a point counts its rows from the bottom.
#pragma once

#include <optional>
#include <sstream>
#include <string>

#include "solver/gomoku/types.h"

namespace tengen::engine {

// "x,y" exactly: two whole numbers and one comma, nothing else ("7,7,7" and "7,7x" are no point).
inline std::optional<gomoku::Point> gomocupPoint(const std::string& text, int size) {
  const std::size_t comma = text.find(',');
  if (comma == std::string::npos) return std::nullopt;
  auto number = [](const std::string& s) -> int {
    if (s.empty() || s.size() > 3 || s.find_first_not_of("0123456789") != std::string::npos) return -1;
    return std::stoi(s);
  };
  const int x = number(text.substr(0, comma)), y = number(text.substr(comma + 1));
  if (x < 0 || y < 0 || x >= size || y >= size) return std::nullopt;
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
