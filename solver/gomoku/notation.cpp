// Reading and writing RIF point names.
#include "solver/gomoku/notation.h"

namespace tengen::gomoku {

std::optional<Point> parsePoint(std::string_view text, int size, std::string* error) {
  auto fail = [&](const std::string& why) -> std::optional<Point> {
    if (error) *error = why;
    return std::nullopt;
  };
  const std::string token = quoted(text);
  if (text.size() < 2 || text.size() > 3) return fail("malformed point " + token);
  char letter = text[0];
  if (letter >= 'A' && letter <= 'Z') letter = static_cast<char>(letter - 'A' + 'a');
  if (letter < 'a' || letter > 'z') return fail("malformed point " + token);
  int row = 0;
  for (char ch : text.substr(1)) {
    if (ch < '0' || ch > '9') return fail("malformed point " + token);
    row = row * 10 + (ch - '0');
  }
  if (text[1] == '0') return fail("malformed point " + token);
  const int col = letter - 'a';
  if (col >= size || row < 1 || row > size)
    return fail("point " + token + " is off the " + std::to_string(size) + "x" + std::to_string(size) +
                " board");
  return static_cast<Point>((row - 1) * size + col);
}

std::size_t utf8Length(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(i);
  std::size_t length;
  unsigned min;
  unsigned code;
  if (lead >= 0xC2 && lead <= 0xDF) length = 2, min = 0x80, code = lead & 0x1F;
  else if (lead >= 0xE0 && lead <= 0xEF) length = 3, min = 0x800, code = lead & 0x0F;
  else if (lead >= 0xF0 && lead <= 0xF4) length = 4, min = 0x10000, code = lead & 0x07;
  else return 0;
  if (i + length > text.size()) return 0;
  for (std::size_t k = 1; k < length; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
    code = (code << 6) | (byte(i + k) & 0x3F);
  }
  if (code < min || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return 0;
  return length;
}

std::string printable(std::string_view text, std::size_t limit) {
  std::string out;
  const std::size_t shown = std::min(text.size(), limit);
  for (std::size_t i = 0; i < shown;) {
    const unsigned char ch = static_cast<unsigned char>(text[i]);
    if (ch >= 0x20 && ch < 0x7F && ch != '\\') {
      out += static_cast<char>(ch);
      ++i;
    } else if (const std::size_t n = ch >= 0x80 ? utf8Length(text, i) : 0;
               n > 0 && i + n <= shown && !(n == 2 && ch == 0xC2 && static_cast<unsigned char>(text[i + 1]) < 0xA0)) {
      // (C1 controls, U+0080 to U+009F, are escaped like C0: some terminals obey them.)
      out.append(text.substr(i, n));
      i += n;
    } else {
      static constexpr char kHex[] = "0123456789abcdef";
      out += "\\x";
      out += kHex[ch >> 4];
      out += kHex[ch & 15];
      ++i;
    }
  }
  if (text.size() > limit) out += "...(" + std::to_string(text.size()) + " bytes)";
  return out;
}

std::string quoted(std::string_view text, std::size_t limit) {
  std::string out(1, '\'');
  out.append(printable(text, limit));
  out.push_back('\'');
  return out;
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
