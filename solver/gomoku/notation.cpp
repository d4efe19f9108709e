// Reading and writing RIF point names.
#include "solver/gomoku/notation.h"

namespace tengen::gomoku {

std::optional<Point> parsePoint(std::string_view text, int size, std::string* error) {
  auto fail = [&](const std::string& why) -> std::optional<Point> {
    if (error) *error = why;
    return std::nullopt;
  };
  std::string quoted(1, '\'');
  quoted.append(text).push_back('\'');
  if (text.size() < 2 || text.size() > 3) return fail("malformed point " + quoted);
  char letter = text[0];
  if (letter >= 'A' && letter <= 'Z') letter = static_cast<char>(letter - 'A' + 'a');
  if (letter < 'a' || letter > 'z') return fail("malformed point " + quoted);
  int row = 0;
  for (char ch : text.substr(1)) {
    if (ch < '0' || ch > '9') return fail("malformed point " + quoted);
    row = row * 10 + (ch - '0');
  }
  if (text[1] == '0') return fail("malformed point " + quoted);
  const int col = letter - 'a';
  if (col >= size || row < 1 || row > size)
    return fail("point " + quoted + " is off the " + std::to_string(size) + "x" + std::to_string(size) +
                " board");
  return static_cast<Point>((row - 1) * size + col);
}

std::string formatPoint(Point p, int size) {
  std::string s(1, static_cast<char>('a' + p % size));
  s += std::to_string(p / size + 1);
  return s;
}

std::string formatMoves(const std::vector<Point>& moves, int size, std::string_view separator) {
  std::string out;
  for (Point p : moves) {
    if (!out.empty()) out.append(separator);
    out += formatPoint(p, size);
  }
  return out;
}

}  // namespace tengen::gomoku
