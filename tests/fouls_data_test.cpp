// Every position of renju-fouls.tsv (tests/data) (labels agreed by two independent engines) must
// give exactly its expected forbidden-point set, read by the foul scan and by isLegalWithShape().
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "bench/fouls_data.h"
#include "bench/test_data.h"
#include "solver/gomoku/notation.h"
#include "solver/gomoku/position.h"
#include "solver/gomoku/rules.h"
#include "solver/gomoku/threats.h"

namespace tengen::gomoku {
namespace {

// The file sorts point names as strings; compare as sets in that order.
std::string sortedNames(std::vector<std::string> names) {
  std::sort(names.begin(), names.end());
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : " ") + n;
  return out;
}

// The points isLegalWithShape() refuses black (its shape read first, as the VCT's move lists do).
std::string refusedByShape(Board& board) {
  std::vector<std::string> names;
  for (Point p = 0; p < board.cellCount(); ++p)
    if (board.isEmpty(p) &&
        !isLegalWithShape(board, p, Color::Black, Rule::Renju, shapeOf(board, p, Color::Black, Rule::Renju)))
      names.push_back(formatPoint(p, board.size()));
  return sortedNames(names);
}

std::string foundPoints(Board& board) {
  std::vector<std::string> names;
  for (const auto& f : forbiddenPoints(board, Rule::Renju)) names.push_back(formatPoint(f.point, board.size()));
  return sortedNames(names);
}

std::string expectedPoints(const std::string& field) {
  std::vector<std::string> names;
  std::istringstream in(field);
  for (std::string n; in >> n;) names.push_back(n);
  return sortedNames(names);
}

TEST(RenjuFoulsData, EveryLineGivesExactlyItsForbiddenPoints) {
  const auto cases = bench::loadFoulCases(bench::testData("renju-fouls.tsv"));
  ASSERT_EQ(cases.size(), 5300u);
  PositionOptions options;
  options.toMove = Color::Black;
  int wrong = 0;
  std::ostringstream report;
  for (const auto& c : cases) {
    Position pos = parsePosition(c.stones, options);
    const std::string found = foundPoints(pos.board);
    if (found != expectedPoints(c.forbidden) || refusedByShape(pos.board) != found) {
      if (++wrong <= 20)
        report << "line " << c.line << ": expected [" << c.forbidden << "] found [" << found << "]\n";
    }
  }
  EXPECT_EQ(wrong, 0) << report.str();
}

}  // namespace
}  // namespace tengen::gomoku
