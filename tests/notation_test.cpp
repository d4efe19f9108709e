// RIF coordinates in and out.
#include <gtest/gtest.h>

#include "solver/gomoku/notation.h"

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

}  // namespace
}  // namespace tengen::gomoku
