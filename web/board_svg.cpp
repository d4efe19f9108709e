// The SVG board: plain elements with fixed geometry (32 px a point), no script or external font,
// so any viewer, browser or printer shows the same picture.
#include "web/board_svg.h"

#include <algorithm>
#include <sstream>

#include "solver/gomoku/rules.h"

namespace tengen::web {
namespace {

constexpr int kCell = kSvgCell;
constexpr int kMargin = kSvgMargin;
constexpr int kTitle = 30;

// Star points: the centre (odd sizes) and, from 13x13 up, the four points 3 lines in from the edges.
std::vector<std::pair<int, int>> starPoints(int n) {
  std::vector<std::pair<int, int>> stars;
  if (n % 2 == 1) stars.push_back({n / 2, n / 2});
  if (n >= 13) {
    for (int col : {3, n - 4})
      for (int row : {3, n - 4}) stars.push_back({col, row});
  }
  return stars;
}

}  // namespace

std::string xmlText(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '&') out += "&amp;";
    else if (c == '<') out += "&lt;";
    else if (c == '>') out += "&gt;";
    else if (c == '"') out += "&quot;";
    else if (static_cast<unsigned char>(c) >= 0x20) out += c;
  }
  return out;
}

std::vector<BoardMark> forbiddenMarks(const gomoku::Board& board, gomoku::Rule rule) {
  std::vector<BoardMark> marks;
  if (rule != gomoku::Rule::Renju) return marks;
  gomoku::Board scratch = board;
  for (const auto& f : gomoku::forbiddenPoints(scratch, rule)) {
    const char kind = f.kind == gomoku::ForbiddenKind::DoubleThree  ? '3'
                      : f.kind == gomoku::ForbiddenKind::DoubleFour ? '4'
                                                                     : '6';
    marks.push_back({f.point, std::string("#") + kind});
  }
  return marks;
}

std::string boardSvg(const gomoku::Board& board, bool numbered, const std::vector<BoardMark>& marks,
                     const std::string& title, const std::string& caption) {
  const int n = board.size();
  const int span = (n - 1) * kCell;
  const int top = kMargin + (title.empty() ? 0 : kTitle);
  const int width = span + 2 * kMargin;
  // The caption a clause a line ("; " separates them), so a small board does not cut it off.
  std::vector<std::string> captionLines;
  for (std::size_t from = 0; from < caption.size();) {
    const std::size_t to = std::min(caption.find("; ", from), caption.size());
    captionLines.push_back(caption.substr(from, to - from));
    from = to + 2;
  }
  const int height = top + span + kMargin + static_cast<int>(captionLines.size()) * 16 + (captionLines.empty() ? 0 : 14);
  // Point (col, row) at its picture coordinates; row 0 is the bottom line (a1 bottom left).
  auto x = [&](int col) { return kMargin + col * kCell; };
  auto y = [&](int row) { return top + (n - 1 - row) * kCell; };
  std::ostringstream svg;
  svg << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width << "\" height=\"" << height
      << "\" viewBox=\"0 0 " << width << ' ' << height << "\" font-family=\"DejaVu Sans, Arial, sans-serif\">\n"
      << "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
      << "<rect x=\"" << kMargin - kCell / 2 - 4 << "\" y=\"" << top - kCell / 2 - 4 << "\" width=\"" << span + kCell + 8
      << "\" height=\"" << span + kCell + 8 << "\" rx=\"4\" fill=\"#dcb35c\"/>\n";
  if (!title.empty())
    svg << "<text x=\"" << width / 2 << "\" y=\"" << kTitle - 6 << "\" text-anchor=\"middle\" font-size=\"16\">"
        << xmlText(title) << "</text>\n";
  svg << "<g stroke=\"#3a2a10\" stroke-width=\"1\">\n";
  for (int i = 0; i < n; ++i) {
    svg << "<line x1=\"" << x(0) << "\" y1=\"" << y(i) << "\" x2=\"" << x(n - 1) << "\" y2=\"" << y(i) << "\"/>\n";
    svg << "<line x1=\"" << x(i) << "\" y1=\"" << y(0) << "\" x2=\"" << x(i) << "\" y2=\"" << y(n - 1) << "\"/>\n";
  }
  svg << "</g>\n";
  for (const auto& [col, row] : starPoints(n))
    svg << "<circle cx=\"" << x(col) << "\" cy=\"" << y(row) << "\" r=\"3.5\" fill=\"#3a2a10\"/>\n";
  // Coordinates outside the board: letters above and below, numbers left and right.
  svg << "<g font-size=\"11\" fill=\"#555\" text-anchor=\"middle\">\n";
  for (int i = 0; i < n; ++i) {
    const std::string letter(1, static_cast<char>('a' + i));
    svg << "<text x=\"" << x(i) << "\" y=\"" << top - kCell / 2 - 8 << "\">" << letter << "</text>"
        << "<text x=\"" << x(i) << "\" y=\"" << y(0) + kCell / 2 + 18 << "\">" << letter << "</text>\n";
    svg << "<text x=\"" << kMargin - kCell / 2 - 14 << "\" y=\"" << y(i) + 4 << "\">" << i + 1 << "</text>"
        << "<text x=\"" << x(n - 1) + kCell / 2 + 14 << "\" y=\"" << y(i) + 4 << "\">" << i + 1 << "</text>\n";
  }
  svg << "</g>\n";
  std::vector<int> order(static_cast<std::size_t>(board.cellCount()), 0);
  if (numbered) {
    int k = 0;
    for (const auto& placement : board.history()) order[static_cast<std::size_t>(placement.point)] = ++k;
  }
  for (gomoku::Point p = 0; p < board.cellCount(); ++p) {
    if (board.isEmpty(p)) continue;
    const bool black = board.has(p, gomoku::Color::Black);
    const int cx = x(p % n), cy = y(p / n);
    svg << "<circle cx=\"" << cx << "\" cy=\"" << cy << "\" r=\"" << kCell / 2 - 1 << "\" fill=\""
        << (black ? "#111111" : "#fafafa") << "\" stroke=\"#111111\" stroke-width=\"1\"/>";
    if (const int k = order[static_cast<std::size_t>(p)]; k > 0)
      svg << "<text x=\"" << cx << "\" y=\"" << cy + 5 << "\" text-anchor=\"middle\" font-size=\"" << (k < 100 ? 14 : 11)
          << "\" fill=\"" << (black ? "#ffffff" : "#111111") << "\">" << k << "</text>";
    svg << '\n';
  }
  for (const auto& m : marks) {
    if (!board.isEmpty(m.point)) continue;
    const int cx = x(m.point % n), cy = y(m.point / n);
    if (m.label == "@") {
      svg << "<circle cx=\"" << cx << "\" cy=\"" << cy << "\" r=\"" << kCell / 2 - 3
          << "\" fill=\"none\" stroke=\"#1a7f37\" stroke-width=\"3\"/>\n";
    } else if (m.label.size() == 2 && m.label[0] == '#') {
      const int d = 7;
      svg << "<g stroke=\"#c62828\" stroke-width=\"2.5\"><line x1=\"" << cx - d << "\" y1=\"" << cy - d << "\" x2=\""
          << cx + d << "\" y2=\"" << cy + d << "\"/><line x1=\"" << cx - d << "\" y1=\"" << cy + d << "\" x2=\"" << cx + d
          << "\" y2=\"" << cy - d << "\"/></g><text x=\"" << cx + 10 << "\" y=\"" << cy - 6
          << "\" font-size=\"10\" fill=\"#c62828\">" << m.label[1] << "</text>\n";
    } else {
      svg << "<text x=\"" << cx << "\" y=\"" << cy + 5 << "\" text-anchor=\"middle\" font-size=\"13\">" << xmlText(m.label)
          << "</text>\n";
    }
  }
  for (std::size_t i = 0; i < captionLines.size(); ++i)
    svg << "<text x=\"" << width / 2 << "\" y=\"" << top + span + kMargin + 14 + static_cast<int>(i) * 16
        << "\" text-anchor=\"middle\" font-size=\"11\" fill=\"#333\">" << xmlText(captionLines[i]) << "</text>\n";
  svg << "</svg>\n";
  return svg.str();
}

}  // namespace tengen::web
