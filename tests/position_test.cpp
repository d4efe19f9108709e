// Positions as users write them: legal move lists, stone lists, side to move, and the errors.
#include <gtest/gtest.h>

#include "solver/gomoku/position.h"
#include "test_boards.h"

namespace tengen::gomoku {
namespace {

using testing::pt;

Position parse(const std::string& text, Rule rule = Rule::Renju, int size = 15) {
  PositionOptions o;
  o.rule = rule;
  o.size = size;
  return parsePosition(text, o);
}

std::string errorOf(const std::string& text, Rule rule = Rule::Renju, int size = 15) {
  try {
    parse(text, rule, size);
  } catch (const PositionError& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(Position, MoveListAlternatesFromBlack) {
  const Position p = parse("h8 h9, i9");
  EXPECT_TRUE(p.board.has(pt("h8"), Color::Black));
  EXPECT_TRUE(p.board.has(pt("h9"), Color::White));
  EXPECT_TRUE(p.board.has(pt("i9"), Color::Black));
  EXPECT_EQ(p.toMove, Color::White);
  EXPECT_EQ(parse("").toMove, Color::Black);
  EXPECT_EQ(parse("H8,H9").toMove, Color::Black);
}

TEST(Position, StoneListsAndSideToMove) {
  const Position p = parse("h8,i9/h9");
  EXPECT_EQ(p.board.stoneCount(Color::Black), 2);
  EXPECT_EQ(p.toMove, Color::White);
  EXPECT_EQ(parse("/").board.stoneCount(), 0);
  EXPECT_EQ(parse("h8/h9").toMove, Color::Black);
  EXPECT_NE(errorOf("h8,i9,j9/h9").find("side to move is unclear"), std::string::npos);
  EXPECT_NE(errorOf("h8/h9,i9").find("side to move is unclear"), std::string::npos);
  PositionOptions o;
  o.toMove = Color::Black;
  EXPECT_EQ(parsePosition("h8,i9,j9/h9", o).toMove, Color::Black);
  EXPECT_EQ(formatStones(parse("i9,h8/h9").board), "h8,i9/h9");
}

TEST(Position, ErrorsNameTheProblemAndWhere) {
  EXPECT_EQ(errorOf("h8 h8"), "move 2 (h8) is on an occupied point");
  EXPECT_EQ(errorOf("h8 z9"), "point 'z9' is off the 15x15 board");
  EXPECT_EQ(errorOf("h8 p9"), "point 'p9' is off the 15x15 board");
  EXPECT_EQ(errorOf("h8 9h"), "malformed point '9h'");
  EXPECT_EQ(errorOf("h8,h8/"), "point h8 is given twice");
  EXPECT_EQ(errorOf("h8/h8"), "point h8 is given twice");
  EXPECT_EQ(errorOf("h8/h9/i9"), "stone lists take one '/' between black and white stones");
}

TEST(Position, FinishedGamesAreRejected) {
  // Black makes five with move 9; a tenth move comes after the end.
  const std::string five = "h8 a1 i8 a3 j8 a5 k8 a7 l8";
  EXPECT_EQ(errorOf(five), "the game is over: move 9 (l8) makes five for black");
  EXPECT_EQ(errorOf(five + " a9"), "move 10 (a9) comes after black made five with move 9 (l8)");
  EXPECT_EQ(errorOf("h8,i8,j8,k8,l8/a1,a3,a5,a7"), "the game is over: black already has five at h8");
  EXPECT_EQ(errorOf("g8,h8,i8,j8,k8,l8/a1,a3,a5,a7,a9"), "the game is over: black has an overline (a foul) at g8");
  // Under standard rules the same six stones are no five.
  EXPECT_EQ(parse("g8,h8,i8,j8,k8,l8/a1,a3,a5,a7,a9,a11", Rule::Standard).toMove, Color::Black);
}

TEST(Position, FoulMovesAreIllegalOnlyForRenjuBlack) {
  // Black's 9th move h8 is a double-three (f8 g8 + h6 h7).
  const std::string game = "f8 a1 g8 a3 h6 a5 h7 a7 h8";
  EXPECT_EQ(errorOf(game), "move 9 (h8) is forbidden to black (double-three)");
  EXPECT_EQ(parse(game, Rule::Freestyle).toMove, Color::White);
  EXPECT_EQ(parse(game, Rule::Standard).toMove, Color::White);
  // White may play the same shape.
  EXPECT_EQ(parse("a1 f8 a3 g8 a5 h6 a7 h7 a9 h8").board.stoneCount(Color::White), 5);
}

// A whole game (campaign --line, book export --along): the position before each move, its last
// move allowed to make five; any other illegal move named as parsePosition names it.
TEST(Position, GameLinesEndingInFive) {
  PositionOptions o;
  o.rule = Rule::Renju;
  const GameLine game = parseGameLine("h8 a1 i8 a3 j8 a5 k8 a7 l8", o);
  ASSERT_EQ(game.moves.size(), 9u);
  EXPECT_EQ(game.moves.back(), pt("l8"));
  EXPECT_EQ(game.before.front().board.stoneCount(), 0);
  EXPECT_EQ(game.before.back().board.stoneCount(), 8);
  EXPECT_EQ(game.before.back().toMove, Color::Black);
  const auto errorOfGame = [&](const std::string& text) {
    try {
      parseGameLine(text, o);
    } catch (const PositionError& e) {
      return std::string(e.what());
    }
    return std::string("(no error)");
  };
  EXPECT_EQ(errorOfGame("h8 a1 h8"), "move 3 (h8) is on an occupied point");
  EXPECT_EQ(errorOfGame("h8 h8 i9"), "move 2 (h8) is on an occupied point");
  EXPECT_EQ(errorOfGame("h8 a1 i8 a3 j8 a5 k8 a7 l8 a9"), "the game is over: move 9 (l8) makes five for black");
  EXPECT_EQ(errorOfGame("f8 a1 g8 a3 h6 a5 h7 a7 h8"), "move 9 (h8) is forbidden to black (double-three)");
  EXPECT_EQ(errorOfGame("f8 a1 g8 a3 h6 a5 h7 a7 h8 a9"), "move 9 (h8) is forbidden to black (double-three)");
  o.rule = Rule::Freestyle;
  EXPECT_EQ(parseGameLine("f8 a1 g8 a3 h6 a5 h7 a7 h8", o).moves.size(), 9u);
}

TEST(Position, BoardSizes) {
  EXPECT_EQ(parse("c3", Rule::Freestyle, 5).board.size(), 5);
  EXPECT_EQ(parse("t20", Rule::Renju, 20).board.stoneCount(), 1);
  EXPECT_EQ(errorOf("f1", Rule::Renju, 5), "point 'f1' is off the 5x5 board");
  EXPECT_EQ(errorOf("", Rule::Renju, 4), "board size 4 is outside 5..20");
  EXPECT_EQ(errorOf("", Rule::Renju, 21), "board size 21 is outside 5..20");
}

}  // namespace
}  // namespace tengen::gomoku
