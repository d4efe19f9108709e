// The opening table: codes and names as the RIF lists them, third moves in the orientation with
// white's second move above h8 (direct) or up and to the right of it (indirect).
#include "solver/gomoku/openings.h"

#include <algorithm>
#include <cctype>

#include "solver/gomoku/notation.h"

namespace tengen::gomoku {
namespace {

constexpr std::array<Opening, 26> kOpenings = {{
    {"D1", "Kansei", "h8 h9 h10", ""},
    {"D2", "Keigetsu", "h8 h9 i10", ""},
    {"D3", "Sosei", "h8 h9 j10", ""},
    {"D4", "Kagetsu", "h8 h9 i9", "black-wins"},
    {"D5", "Zangetsu", "h8 h9 j9", ""},
    {"D6", "Ugetsu", "h8 h9 i8", ""},
    {"D7", "Kinsei", "h8 h9 j8", ""},
    {"D8", "Shogetsu", "h8 h9 h7", ""},
    {"D9", "Kyugetsu", "h8 h9 i7", ""},
    {"D10", "Shingetsu", "h8 h9 j7", ""},
    {"D11", "Zuisei", "h8 h9 h6", ""},
    {"D12", "Sangetsu", "h8 h9 i6", ""},
    {"D13", "Yusei", "h8 h9 j6", "white-wins"},
    {"I1", "Chosei", "h8 i9 j10", ""},
    {"I2", "Kyogetsu", "h8 i9 j9", ""},
    {"I3", "Kosei", "h8 i9 j8", ""},
    {"I4", "Suigetsu", "h8 i9 j7", "black-wins"},
    {"I5", "Ryusei", "h8 i9 j6", ""},
    {"I6", "Ungetsu", "h8 i9 i8", ""},
    {"I7", "Hogetsu", "h8 i9 i7", "black-wins"},
    {"I8", "Rangetsu", "h8 i9 i6", ""},
    {"I9", "Gingetsu", "h8 i9 h7", ""},
    {"I10", "Myojo", "h8 i9 h6", ""},
    {"I11", "Shagetsu", "h8 i9 g7", ""},
    {"I12", "Meigetsu", "h8 i9 g6", ""},
    {"I13", "Suisei", "h8 i9 f6", "white-wins"},
}};

bool sameText(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) return false;
  return true;
}

}  // namespace

const std::array<Opening, 26>& openings() { return kOpenings; }

std::optional<Opening> findOpening(std::string_view codeOrName) {
  for (const Opening& o : kOpenings)
    if (sameText(o.code, codeOrName) || sameText(o.name, codeOrName)) return o;
  return std::nullopt;
}

std::optional<Opening> openingOf(const Board& board) {
  const auto& history = board.history();
  if (board.size() != 15 || history.size() < 3) return std::nullopt;
  Board start(15);
  for (int i = 0; i < 3; ++i) {
    if (history[static_cast<std::size_t>(i)].color != (i % 2 == 0 ? Color::Black : Color::White)) return std::nullopt;
    start.place(history[static_cast<std::size_t>(i)].point, history[static_cast<std::size_t>(i)].color);
  }
  for (const Opening& o : kOpenings) {
    Board b(15);
    std::size_t from = 0;
    for (int i = 0; i < 3; ++i) {
      const std::size_t to = std::min(o.moves.find(' ', from), o.moves.size());
      b.place(*parsePoint(o.moves.substr(from, to - from), 15), i % 2 == 0 ? Color::Black : Color::White);
      from = to + 1;
    }
    if (b.canonicalHash() == start.canonicalHash()) return o;
  }
  return std::nullopt;
}

}  // namespace tengen::gomoku
