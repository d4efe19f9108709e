// Key layout (all integers big-endian, so byte order sorts like the numbers):
//   rule (1) | size (1) | side to move (1) | black count (2) | black cells (2 each, ascending)
//   | white cells (2 each, ascending) [ | pass scope (8) ]
// A pass scope sets the top bit of the side-to-move byte, so scoped keys sort after the plain
// ones of their rule and size.
// Sorting by rule and size first keeps each game's entries together for scans and stats.
#include "book/position_key.h"

#include <algorithm>
#include <vector>

#include "book/book_error.h"
#include "solver/gomoku/symmetry.h"

namespace tengen::book {
namespace {

using gomoku::Board;
using gomoku::Color;
using gomoku::Point;

void putU16(std::string& out, unsigned v) {
  out.push_back(static_cast<char>((v >> 8) & 0xFF));
  out.push_back(static_cast<char>(v & 0xFF));
}

unsigned getU16(std::string_view in, std::size_t at) {
  return (static_cast<unsigned>(static_cast<unsigned char>(in[at])) << 8) |
         static_cast<unsigned char>(in[at + 1]);
}

std::string encode(const std::vector<Point>& blacks, const std::vector<Point>& whites, gomoku::Rule rule,
                   int size, Color toMove) {
  std::string out;
  out.reserve(5 + 2 * (blacks.size() + whites.size()));
  out.push_back(static_cast<char>(rule));
  out.push_back(static_cast<char>(size));
  out.push_back(static_cast<char>(toMove));
  putU16(out, static_cast<unsigned>(blacks.size()));
  for (Point p : blacks) putU16(out, static_cast<unsigned>(p));
  for (Point p : whites) putU16(out, static_cast<unsigned>(p));
  return out;
}

}  // namespace

gomoku::Point fromKeyFrame(int stored, int symmetry, int size) {
  if (stored < 0 || stored >= size * size) return gomoku::kNoPoint;
  return gomoku::applySymmetry(gomoku::inverseSymmetry(symmetry), static_cast<gomoku::Point>(stored), size);
}

PositionKey canonicalKey(const Board& board, gomoku::Rule rule, Color toMove) {
  const int n = board.size();
  std::vector<Point> blacks, whites;
  for (const auto& [p, c] : board.history()) (c == Color::Black ? blacks : whites).push_back(p);
  PositionKey best;
  std::vector<Point> b(blacks.size()), w(whites.size());
  for (int s = 0; s < gomoku::kSymmetries; ++s) {
    for (std::size_t i = 0; i < blacks.size(); ++i) b[i] = gomoku::applySymmetry(s, blacks[i], n);
    for (std::size_t i = 0; i < whites.size(); ++i) w[i] = gomoku::applySymmetry(s, whites[i], n);
    std::sort(b.begin(), b.end());
    std::sort(w.begin(), w.end());
    std::string bytes = encode(b, w, rule, n, toMove);
    if (s == 0 || bytes < best.bytes) best = {std::move(bytes), s};
  }
  return best;
}

ChildKeys canonicalChildKeys(const Board& board, gomoku::Rule rule, Color mover, const std::vector<Point>& moves) {
  const int n = board.size();
  const auto& image = gomoku::BoardGeometry::of(n).image;  // image[s][p]: applySymmetry(s, p, n)
  std::vector<Point> stones[2];
  for (const auto& [p, c] : board.history()) stones[gomoku::index(c)].push_back(p);
  // mapped[s][c]: colour c's stones under symmetry s, ascending.
  std::vector<Point> mapped[gomoku::kSymmetries][2];
  for (int s = 0; s < gomoku::kSymmetries; ++s)
    for (int c = 0; c < 2; ++c) {
      auto& m = mapped[s][c];
      for (Point p : stones[c]) m.push_back(image[s][p]);
      std::sort(m.begin(), m.end());
    }
  const int own = gomoku::index(mover);
  const std::size_t count = stones[0].size() + stones[1].size() + 1;
  const std::size_t blacks = stones[0].size() + (own == 0 ? 1 : 0);
  ChildKeys out;
  out.keyLength = 5 + 2 * count;
  out.bytes.resize(out.keyLength * moves.size());
  out.symmetries.reserve(moves.size());
  char* write = out.bytes.data();
  // Under symmetry s the child's stones, black then white (the order its key's bytes compare in),
  // are the parent's mapped lists with the mover's stone `added[s]` inserted at `insertAt[s]`.
  Point added[gomoku::kSymmetries];
  std::size_t insertAt[gomoku::kSymmetries];
  const std::size_t ownStart = own == 0 ? 0 : blacks;
  auto element = [&](int s, std::size_t k) -> Point {
    if (k < ownStart) return mapped[s][0][k];  // black stones before white's own
    if (own == 0 && k >= blacks) return mapped[s][1][k - blacks];
    const std::size_t i = k - ownStart;
    if (i < insertAt[s]) return mapped[s][own][i];
    return i == insertAt[s] ? added[s] : mapped[s][own][i - 1];
  };
  for (Point move : moves) {
    // The first stone of each image usually decides: only the images that share the smallest
    // first stone are compared further (the first smallest image wins, as in canonicalKey; equal
    // counts, so the bytes compare as the stone sequences do).
    Point head[gomoku::kSymmetries];
    Point smallest = 0;
    for (int s = 0; s < gomoku::kSymmetries; ++s) {
      added[s] = image[s][move];
      // The sequence starts with black's stones; with none, with white's.
      const auto& blackStones = mapped[s][0];
      const auto& lead = own == 0 || !blackStones.empty() ? blackStones : mapped[s][1];
      const bool leadGetsTheStone = own == 0 || blackStones.empty();
      head[s] = !leadGetsTheStone ? lead.front() : lead.empty() ? added[s] : std::min(lead.front(), added[s]);
      if (s == 0 || head[s] < smallest) smallest = head[s];
    }
    int best = -1;
    for (int s = 0; s < gomoku::kSymmetries; ++s) {
      if (head[s] != smallest) continue;
      const auto& m = mapped[s][own];
      insertAt[s] = static_cast<std::size_t>(std::lower_bound(m.begin(), m.end(), added[s]) - m.begin());
      if (best < 0) {
        best = s;
        continue;
      }
      for (std::size_t k = 1; k < count; ++k) {
        const Point a = element(s, k), b = element(best, k);
        if (a != b) {
          if (a < b) best = s;
          break;
        }
      }
    }
    // The layout of encode(), written in place.
    *write++ = static_cast<char>(rule);
    *write++ = static_cast<char>(n);
    *write++ = static_cast<char>(gomoku::opponent(mover));
    const auto put = [&](unsigned v) {
      *write++ = static_cast<char>((v >> 8) & 0xFF);
      *write++ = static_cast<char>(v & 0xFF);
    };
    put(static_cast<unsigned>(blacks));
    for (std::size_t k = 0; k < count; ++k) put(static_cast<unsigned>(element(best, k)));
    out.symmetries.push_back(best);
  }
  return out;
}

int keyToMove(std::string_view key) { return key.size() > 2 ? static_cast<unsigned char>(key[2]) & 1 : 0; }

namespace {
constexpr unsigned char kScopedFlag = 0x80;
constexpr std::size_t kScopeBytes = 8;
bool isScoped(std::string_view key) { return key.size() > 2 && (static_cast<unsigned char>(key[2]) & kScopedFlag); }
std::uint64_t keyScope(std::string_view key) {
  if (!isScoped(key) || key.size() < kScopeBytes) return 0;
  std::uint64_t scope = 0;
  for (std::size_t i = key.size() - kScopeBytes; i < key.size(); ++i) scope = (scope << 8) | static_cast<unsigned char>(key[i]);
  return scope;
}
}  // namespace

std::string scopedKey(std::string plainKey, std::uint64_t passScope) {
  if (passScope == 0) return plainKey;
  plainKey[2] = static_cast<char>(static_cast<unsigned char>(plainKey[2]) | kScopedFlag);
  for (int shift = 56; shift >= 0; shift -= 8) plainKey.push_back(static_cast<char>((passScope >> shift) & 0xFF));
  return plainKey;
}

DecodedKey decodeKey(std::string_view bytes) {
  auto bad = [](const char* why) { return BookError(std::string("malformed position key: ") + why); };
  const std::uint64_t scope = keyScope(bytes);
  if (isScoped(bytes)) {
    if (bytes.size() < 5 + kScopeBytes || scope == 0) throw bad("wrong length");
    bytes.remove_suffix(kScopeBytes);
  }
  if (bytes.size() < 5 || (bytes.size() - 5) % 2 != 0) throw bad("wrong length");
  const auto rule = static_cast<unsigned char>(bytes[0]);
  const int size = static_cast<unsigned char>(bytes[1]);
  const auto toMove = static_cast<unsigned char>(bytes[2]) & ~kScopedFlag;
  if (rule > 2) throw bad("unknown rule");
  if (size < gomoku::kMinSize || size > gomoku::kMaxSize) throw bad("board size out of range");
  if (toMove > 1) throw bad("unknown side to move");
  const std::size_t stones = (bytes.size() - 5) / 2, blacks = getU16(bytes, 3);
  if (blacks > stones) throw bad("stone counts disagree");
  DecodedKey out{static_cast<gomoku::Rule>(rule), static_cast<Color>(toMove), Board(size), scope};
  for (std::size_t i = 0; i < stones; ++i) {
    const unsigned p = getU16(bytes, 5 + 2 * i);
    if (p >= static_cast<unsigned>(size * size) || !out.board.isEmpty(static_cast<Point>(p)))
      throw bad("stone off the board or twice on one point");
    out.board.place(static_cast<Point>(p), i < blacks ? Color::Black : Color::White);
  }
  return out;
}

}  // namespace tengen::book
