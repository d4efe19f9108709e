// RIF coordinates in and out.
#include <gtest/gtest.h>

#include "solver/gomoku/notation.h"
#include "solver/gomoku/openings.h"
#include "solver/gomoku/position.h"
#include "solver/gomoku/symmetry.h"

namespace tengen::gomoku {
namespace {

TEST(Notation, ParsesRifNames) {
  EXPECT_EQ(parsePoint("h8", 15), Point(7 * 15 + 7));
  EXPECT_EQ(parsePoint("H8", 15), Point(7 * 15 + 7));
  EXPECT_EQ(parsePoint("a1", 15), Point(0));
  EXPECT_EQ(parsePoint("o15", 15), Point(15 * 15 - 1));
  EXPECT_EQ(parsePoint("t20", 20), Point(20 * 20 - 1));
  EXPECT_EQ(parsePoint("c3", 5), Point(2 * 5 + 2));
}

TEST(Notation, RejectsBadNamesWithAReason) {
  for (const char* bad : {"", "h", "8h", "hh", "h08", "h0", "h-1", "h8x", "h123", "#8"}) {
    std::string why;
    EXPECT_FALSE(parsePoint(bad, 15, &why)) << bad;
    EXPECT_NE(why.find("malformed point"), std::string::npos) << bad << ": " << why;
  }
  for (const char* off : {"p1", "a16", "h16", "f6"}) {
    std::string why;
    const int size = std::string(off) == "f6" ? 5 : 15;
    EXPECT_FALSE(parsePoint(off, size, &why)) << off;
    EXPECT_NE(why.find("off the"), std::string::npos) << off << ": " << why;
  }
}

TEST(Notation, FormatsLowercaseAndRoundTrips) {
  for (int size : {5, 15, 20})
    for (Point p = 0; p < size * size; ++p) EXPECT_EQ(parsePoint(formatPoint(p, size), size), p);
  EXPECT_EQ(formatPoint(7 * 15 + 7, 15), "h8");
  EXPECT_EQ(formatPoint(20 * 20 - 1, 20), "t20");
}

// Every opening is recognised from its moves in each of the 8 orientations, and nothing else is.
TEST(Openings, EachIsKnownInEveryOrientationAndOthersAreNot) {
  for (const auto& o : openings()) {
    const Position pos = parsePosition(std::string(o.moves) + " a1", {});
    for (int s = 0; s < 8; ++s) {
      Board turned(15);
      for (const auto& [p, c] : pos.board.history()) turned.place(applySymmetry(s, p, 15), c);
      const auto found = openingOf(turned);
      ASSERT_TRUE(found.has_value()) << o.code << " in orientation " << s;
      EXPECT_EQ(found->code, o.code);
    }
  }
  EXPECT_FALSE(openingOf(parsePosition("h8 h9", {}).board).has_value());
  EXPECT_FALSE(openingOf(parsePosition("h8 h9 a1", {}).board).has_value());  // a far third move
  EXPECT_FALSE(openingOf(parsePosition("g7 h9 i9", {}).board).has_value());  // not at the centre
}

}  // namespace
}  // namespace tengen::gomoku

// What may stand in a message: well-formed UTF-8 as it is; control characters (C0, DEL, C1) and
// every byte of an ill-formed sequence (overlong, surrogate, above U+10FFFF, cut short) escaped.
TEST(Notation, PrintableEscapesControlsAndIllFormedUtf8) {
  using tengen::gomoku::printable;
  EXPECT_EQ(printable("h8 h9"), "h8 h9");
  EXPECT_EQ(printable("d\xc3\xa9j\xc3\xa0 \xe5\xa4\xa9\xe5\x85\x83 \xf0\x9f\x99\x82"), "d\xc3\xa9j\xc3\xa0 \xe5\xa4\xa9\xe5\x85\x83 \xf0\x9f\x99\x82");
  EXPECT_EQ(printable("\x1b[31m\x07\x7f"), "\\x1b[31m\\x07\\x7f");
  EXPECT_EQ(printable("\xc2\x9b"), "\\xc2\\x9b");                  // C1 CSI
  EXPECT_EQ(printable("\xc0\xaf"), "\\xc0\\xaf");                  // overlong '/'
  EXPECT_EQ(printable("\xe0\x80\xaf"), "\\xe0\\x80\\xaf");          // overlong, three bytes
  EXPECT_EQ(printable("\xed\xa0\x80"), "\\xed\\xa0\\x80");          // a surrogate
  EXPECT_EQ(printable("\xf4\x90\x80\x80"), "\\xf4\\x90\\x80\\x80");  // above U+10FFFF
  EXPECT_EQ(printable("\xe5\xa4"), "\\xe5\\xa4");                  // cut short
  EXPECT_EQ(printable(std::string(300, 'a')).size(), 200u + std::string("...(300 bytes)").size());
}
