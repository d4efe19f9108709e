// Reading and writing RIF point names.
#include "solver/gomoku/notation.h"

#include <algorithm>

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

namespace {

// Optimal string alignment distance, case-insensitive.
std::size_t editDistance(std::string_view a, std::string_view b) {
  auto lower = [](char c) { return static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c); };
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i)
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t cost = lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && lower(a[i - 1]) == lower(b[j - 2]) && lower(a[i - 2]) == lower(b[j - 1]))
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

}  // namespace

std::optional<std::string_view> closestWord(std::string_view word, const std::vector<std::string_view>& candidates,
                                            std::size_t maxDistance) {
  std::optional<std::string_view> best;
  std::size_t bestDistance = maxDistance + 1;
  for (std::string_view c : candidates) {
    const std::size_t d = editDistance(word, c);
    if (d < bestDistance && d * 2 < std::max<std::size_t>(word.size(), 2)) {
      best = c;
      bestDistance = d;
    }
  }
  return best;
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

std::string formatLine(const std::vector<Point>& moves, int size) {
  return formatMoves(moves, size) + " (" + std::to_string(moves.size()) + (moves.size() == 1 ? " move)" : " moves)");
}

}  // namespace tengen::gomoku
