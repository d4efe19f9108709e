// RenLib and SGF: round trips keep every move, comment and mark; SGF letters match RIF points; a
// book's tree comes back as its lines; every truncated or damaged file is a FormatError that names
// a byte offset, never a crash.
#include <gtest/gtest.h>

#include <filesystem>
#include <random>
#include <set>

#include "book/book.h"
#include "book/book_tree.h"
#include "book/move_tree.h"
#include "book/renlib.h"
#include "book/sgf.h"
#include "book/stored_proof.h"
#include "solver/gomoku/notation.h"
#include "solver/gomoku/position.h"
#include "solver/gomoku/solve.h"
#include "tests/temp_dir.h"

namespace tengen::book {
namespace {

using gomoku::Point;

// A tree of random lines (distinct points on each line), with comments and marks here and there.
MoveTree randomTree(int size, std::mt19937& rng, int lines) {
  MoveTree t;
  t.size = size;
  for (int l = 0; l < lines; ++l) {
    int at = 0;
    std::set<Point> used;
    const int length = 1 + static_cast<int>(rng() % 12);
    for (int i = 0; i < length; ++i) {
      Point p;
      do p = static_cast<Point>(rng() % static_cast<unsigned>(size * size));
      while (used.count(p));
      used.insert(p);
      at = t.child(at, p);
      if (rng() % 5 == 0) t.nodes[static_cast<std::size_t>(at)].comment = "note " + std::to_string(rng() % 1000) + " ] \\ x";
      if (rng() % 7 == 0) t.nodes[static_cast<std::size_t>(at)].mark = true;
    }
  }
  return t;
}

// The same tree, compared node by node in preorder.
void expectSameTree(const MoveTree& a, const MoveTree& b, bool marks) {
  ASSERT_EQ(a.size, b.size);
  ASSERT_EQ(a.nodes.size(), b.nodes.size());
  std::vector<std::pair<int, int>> stack{{0, 0}};
  while (!stack.empty()) {
    const auto [x, y] = stack.back();
    stack.pop_back();
    const auto &na = a.nodes[static_cast<std::size_t>(x)], &nb = b.nodes[static_cast<std::size_t>(y)];
    EXPECT_EQ(na.move, nb.move);
    EXPECT_EQ(na.comment, nb.comment);
    if (marks) {
      EXPECT_EQ(na.mark, nb.mark);
    }
    ASSERT_EQ(na.children.size(), nb.children.size());
    for (std::size_t i = 0; i < na.children.size(); ++i) stack.push_back({na.children[i], nb.children[i]});
  }
}

TEST(RenLib, RoundTripKeepsMovesCommentsAndMarks) {
  std::mt19937 rng(11);
  for (int round = 0; round < 20; ++round) {
    const MoveTree t = randomTree(15, rng, 1 + round * 3);
    const std::string bytes = writeRenlib(t);
    ASSERT_EQ(bytes.substr(1, 6), "RenLib");
    expectSameTree(t, readRenlib(bytes), true);
  }
}

TEST(RenLib, EveryTruncationAndDamageIsAFormatErrorWithAnOffset) {
  std::mt19937 rng(5);
  const MoveTree t = randomTree(15, rng, 12);
  const std::string bytes = writeRenlib(t);
  for (std::size_t cut = 0; cut + 1 < bytes.size(); ++cut) {
    try {
      readRenlib(bytes.substr(0, cut));
      // Only a cut right after the header is a (empty) library.
      EXPECT_EQ(cut, 20u) << "a library cut at byte " << cut << " was read whole";
    } catch (const FormatError& e) {
      EXPECT_EQ(std::string(e.what()).rfind("byte ", 0), 0u) << e.what();
    }
  }
  for (int round = 0; round < 2000; ++round) {
    std::string damaged = bytes;
    damaged[rng() % damaged.size()] = static_cast<char>(rng());
    try {
      readRenlib(damaged);
    } catch (const FormatError& e) {
      EXPECT_EQ(std::string(e.what()).rfind("byte ", 0), 0u) << e.what();
    }
  }
  EXPECT_THROW(writeRenlib(randomTree(9, rng, 2)), FormatError);  // RenLib is 15x15 only
}

TEST(Sgf, RoundTripKeepsMovesCommentsAndMarks) {
  std::mt19937 rng(3);
  for (int size : {15, 9, 20})
    for (int round = 0; round < 10; ++round) {
      const MoveTree t = randomTree(size, rng, 1 + round * 2);
      expectSameTree(t, readSgf(writeSgf(t, gomoku::Rule::Freestyle)), true);
    }
}

TEST(Sgf, LettersAreColumnFromTheLeftAndRowFromTheTop) {
  EXPECT_EQ(sgfPoint(*gomoku::parsePoint("h8", 15), 15), "hh");
  EXPECT_EQ(sgfPoint(*gomoku::parsePoint("a1", 15), 15), "ao");   // bottom left
  EXPECT_EQ(sgfPoint(*gomoku::parsePoint("a15", 15), 15), "aa");  // top left
  EXPECT_EQ(sgfPoint(*gomoku::parsePoint("o1", 15), 15), "oo");   // bottom right
  const MoveTree t = readSgf("(;GM[4]FF[4]SZ[15];B[hh];W[hg];B[ig]C[i9])");
  ASSERT_EQ(t.lines().size(), 1u);
  EXPECT_EQ(gomoku::formatMoves(t.lines()[0], 15), "h8 h9 i9");
  EXPECT_EQ(t.nodes.back().comment, "i9");
}

TEST(Sgf, NamesItsMakerWithTheVersionAndMarksBestMovesAsGoodMoves) {
  MoveTree t;
  const int h8 = t.child(0, *gomoku::parsePoint("h8", 15));
  t.nodes[static_cast<std::size_t>(h8)].mark = true;
  const std::string text = writeSgf(t, gomoku::Rule::Renju);
  EXPECT_NE(text.find("AP[tengen:"), std::string::npos) << text;
  EXPECT_NE(text.find(";B[hh]TE[1]"), std::string::npos) << text;
  EXPECT_EQ(text.back(), '\n');
}

TEST(Sgf, BrokenFilesAreFormatErrorsWithAnOffset) {
  // Also another game's record (Go is GM[1]) and setup stones, which are no line of moves.
  for (const char* text : {"", "x", "(;B[hh]", "(;B[hh", "(;SZ[40];B[hh])", "(;B[zz])", "(;B[])", "(;B[hh];C)",
                           "(;B[hh](;W[ii])", "(;GM[1]SZ[19];B[dd];W[pp])", "(;GM[4]AB[hh]AW[ii];B[jj])",
                           "(;GM[4];B[hh];AE[hh])"}) {
    try {
      readSgf(text);
      ADD_FAILURE() << "read: " << text;
    } catch (const FormatError& e) {
      EXPECT_EQ(std::string(e.what()).rfind("byte ", 0), 0u) << e.what();
    }
  }
  std::mt19937 rng(9);
  const std::string good = writeSgf(randomTree(15, rng, 8), gomoku::Rule::Renju);
  for (int round = 0; round < 2000; ++round) {
    std::string damaged = good.substr(0, rng() % good.size());
    if (!damaged.empty()) damaged[rng() % damaged.size()] = "()[];\\BWCaz"[rng() % 11];
    try {
      readSgf(damaged);
    } catch (const FormatError& e) {
      EXPECT_EQ(std::string(e.what()).rfind("byte ", 0), 0u) << e.what();
    }
  }
}

TEST(BookTree, ABooksTreeExportsAndReadsBackAsItsLines) {
  const tests::TempDir dir("formats-test");
  const std::string bookDir = dir.sub("book");
  gomoku::PositionOptions o;
  o.rule = gomoku::Rule::Freestyle;
  o.size = 6;
  const gomoku::Position root = gomoku::parsePosition("c3", o);
  {
    Book book(bookDir, Book::Access::Create);
    gomoku::SolveOptions so;
    so.hashMegabytes = 16;
    storeSolve(book, root, gomoku::solve(root, so));
  }
  const Book book(bookDir, Book::Access::ReadOnly);
  const TreeExport e = bookTree(book, root, 3, 100000);
  EXPECT_GT(e.positions, 1u);
  EXPECT_NE(e.tree.nodes[1].comment.find("draw (verified, proof of"), std::string::npos) << e.tree.nodes[1].comment;
  const MoveTree back = readSgf(writeSgf(e.tree, gomoku::Rule::Freestyle));
  expectSameTree(e.tree, back, false);
  // Every line starts with the root's move c3 and is a game the book knows.
  for (const auto& line : back.lines()) {
    ASSERT_FALSE(line.empty());
    EXPECT_EQ(gomoku::formatPoint(line[0], 6), "c3");
  }
  EXPECT_THROW(bookTree(book, gomoku::parsePosition("c3,d4/", [] {
                          gomoku::PositionOptions p;
                          p.rule = gomoku::Rule::Freestyle;
                          p.size = 6;
                          p.toMove = gomoku::Color::White;
                          return p;
                        }()), 2, 100),
               BookError);  // stone lists are no game record
}

}  // namespace
}  // namespace tengen::book
