// Proof sets: a claim proved by several files, one for each class of the defender's replies under
// the board's symmetries. A 7x7 freestyle position symmetric under the column mirror: black's d6
// makes a four (d3-d6, white on d7) and an open three (c6 d6 e6); white blocks the four at d2 and
// loses to the open four, or anything else and loses to the five. One file per class of replies.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>

#include "book/proof_file.h"
#include "book/proof_set.h"
#include "solver/gomoku/notation.h"
#include "solver/gomoku/position.h"
#include "solver/gomoku/proof_check.h"
#include "solver/gomoku/solve.h"
#include "solver/gomoku/symmetry.h"
#include "tests/solved_proof_file.h"
#include "tests/temp_dir.h"

namespace tengen::book {
namespace {

using gomoku::Color;
using gomoku::Point;

constexpr int kSize = 7;
constexpr const char* kStones = "c6,d3,d4,d5,e6/a1,b1,d7,f1,g1";

gomoku::Position start() {
  gomoku::PositionOptions o;
  o.rule = gomoku::Rule::Freestyle;
  o.size = kSize;
  return gomoku::parsePosition(kStones, o);
}

Point at(const char* name) { return *gomoku::parsePoint(name, kSize); }

// Black's proof after d6 and white's `reply`.
ProofFile proofAfter(Point reply) {
  gomoku::Position p = start();
  p.board.place(at("d6"), Color::Black);
  p.board.place(reply, Color::White);
  p.toMove = Color::Black;
  return tests::solvedProofFile(p, Color::Black);
}

// The set's folder: one file for each reply on the board's left half and the middle column (the
// right half are their mirror images), named after the reply, and the index naming them all.
struct SetOnDisk {
  tests::TempDir dir{"proof-set"};
  std::map<std::string, Point> files;  // file name -> the reply it answers

  SetOnDisk() {
    const gomoku::Position p = start();
    for (int col = 0; col <= kSize / 2; ++col)
      for (int row = 0; row < kSize; ++row) {
        const Point reply = p.board.point(col, row);
        if (!p.board.isEmpty(reply) || reply == at("d6")) continue;
        const std::string name = "after-" + gomoku::formatPoint(reply, kSize) + ".tgp";
        const ProofFile f = proofAfter(reply);
        EXPECT_TRUE(f.tree.attackerWins && !f.tree.nodes.empty()) << name;
        writeProofFile(dir.sub(name), f, 1);
        files[name] = reply;
      }
    writeIndex(indexLines());
  }
  std::vector<std::string> indexLines() const {
    std::vector<std::string> lines = {"tengen proof set 1", "# black's open four on 7x7", "rule freestyle", "size 7",
                                      std::string("position ") + kStones, "attacker black", "move d6"};
    for (const auto& [name, reply] : files) lines.push_back("proof " + name);
    return lines;
  }
  void writeIndex(const std::vector<std::string>& lines, const std::string& name = "set.tgs") const {
    std::ofstream out(dir.sub(name));
    for (const auto& l : lines) out << l << '\n';
  }
  std::string index(const std::string& name = "set.tgs") const { return dir.sub(name); }
};

std::string readError(const std::string& path) {
  try {
    readProofSet(path);
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

TEST(ProofSet, EveryReplyByAFileUpToSymmetryProvesTheClaim) {
  const SetOnDisk set;
  ASSERT_EQ(set.files.size(), 20u);  // 4 columns of 7, less c6 d3 d4 d5, a1 b1 d7 and d6
  const ProofSet read = readProofSet(set.index());
  EXPECT_EQ(read.rule, gomoku::Rule::Freestyle);
  EXPECT_EQ(read.board.size(), kSize);
  EXPECT_EQ(read.move, at("d6"));
  int seen = 0;
  long long positions = 0;
  const ProofSetCheck check = checkProofSet(read, true, [&](const std::string&, const std::string&, const gomoku::ProofCheck& c) {
    ++seen;
    positions += c.positions;
    EXPECT_TRUE(c.ok);
    EXPECT_GT(c.positions, 0);
  });
  EXPECT_TRUE(check.ok) << check.error;
  EXPECT_EQ(check.replies, 49 - 11);
  EXPECT_EQ(check.covered, 49 - 11);
  EXPECT_TRUE(check.uncovered.empty());
  EXPECT_EQ(check.files, 20);
  EXPECT_EQ(seen, 20);
  EXPECT_EQ(check.positions, positions);
  EXPECT_GE(check.positions, 20);
}

TEST(ProofSet, AReplyWithoutAFileIsRefusedWithItsMirrorImage) {
  SetOnDisk set;
  set.files.erase("after-b2.tgp");
  set.writeIndex(set.indexLines());
  const ProofSetCheck check = checkProofSet(readProofSet(set.index()), true);
  EXPECT_FALSE(check.ok);
  EXPECT_EQ(gomoku::formatMoves(check.uncovered, kSize), "b2 f2");
  EXPECT_EQ(check.covered, 36);
  EXPECT_NE(check.error.find("2 of white's 38 replies lead to no file's root: b2 f2"), std::string::npos) << check.error;
  // A reply on the mirror's axis has no twin.
  set.files.erase("after-d1.tgp");
  set.writeIndex(set.indexLines());
  EXPECT_EQ(gomoku::formatMoves(checkProofSet(readProofSet(set.index()), false).uncovered, kSize), "d1 b2 f2");
}

TEST(ProofSet, AFileOfAnotherPositionOrClaimIsRefused) {
  const SetOnDisk set;
  // A proof of a position after another attacker's move: no reply leads to its root.
  gomoku::Position other = start();
  other.board.place(at("d2"), Color::Black);
  other.board.place(at("a7"), Color::White);
  ProofFile stray = proofAfter(at("a7"));
  stray.board = other.board;
  writeProofFile(set.dir.sub("stray.tgp"), stray, 1);
  auto lines = set.indexLines();
  lines.push_back("proof stray.tgp");
  set.writeIndex(lines, "stray.tgs");
  ProofSetCheck check = checkProofSet(readProofSet(set.index("stray.tgs")), false);
  EXPECT_FALSE(check.ok);
  EXPECT_NE(check.error.find("stray.tgp"), std::string::npos) << check.error;
  EXPECT_EQ(check.covered, 38) << "every file before it was read";
  EXPECT_NE(check.error.find("its root is no position after the attacker's d6 and a reply"), std::string::npos) << check.error;

  // The right root under another rule.
  const ProofFile a2 = readProofFile(set.dir.sub("after-a2.tgp"));
  ProofFile standard = a2;
  standard.rule = gomoku::Rule::Standard;
  writeProofFile(set.dir.sub("after-a2.tgp"), standard, 1);
  check = checkProofSet(readProofSet(set.index()), false);
  EXPECT_FALSE(check.ok);
  EXPECT_NE(check.error.find("after-a2.tgp (c6,d3,d4,d5,d6,e6/a1,a2,b1,d7,f1,g1)"), std::string::npos) << check.error;
  EXPECT_NE(check.error.find("another rule"), std::string::npos) << check.error;

  // The right root, white's claim.
  writeProofFile(set.dir.sub("after-a2.tgp"), a2, 1);
  ProofFile white = readProofFile(set.dir.sub("after-b2.tgp"));
  white.attacker = Color::White;
  writeProofFile(set.dir.sub("after-b2.tgp"), white, 1);
  check = checkProofSet(readProofSet(set.index()), false);
  EXPECT_FALSE(check.ok);
  EXPECT_NE(check.error.find("after-b2.tgp"), std::string::npos) << check.error;
  EXPECT_NE(check.error.find("its claim is not that black wins"), std::string::npos) << check.error;
}

TEST(ProofSet, AWrongTreeIsRefusedByTheVerifierButNotReadWithRootsOnly) {
  const SetOnDisk set;
  // after-d2's tree (the open four, then every reply) cut to a root that claims the win with no
  // move and no reason: black has no five to play there.
  ProofFile wrong = readProofFile(set.dir.sub("after-d2.tgp"));
  wrong.tree.nodes.assign(1, {});
  ASSERT_FALSE(gomoku::checkProof(wrong.board, wrong.toMove, wrong.rule, wrong.attacker, wrong.tree).ok);
  writeProofFile(set.dir.sub("after-d2.tgp"), wrong, 1);
  const ProofSetCheck full = checkProofSet(readProofSet(set.index()), true);
  EXPECT_FALSE(full.ok);
  EXPECT_NE(full.error.find("after-d2.tgp"), std::string::npos) << full.error;
  EXPECT_NE(full.error.find("its tree is refused"), std::string::npos) << full.error;
  // --roots-only reads the roots: the coverage holds; the trees are for `verify --proof`.
  const ProofSetCheck roots = checkProofSet(readProofSet(set.index()), false);
  EXPECT_TRUE(roots.ok) << roots.error;
  EXPECT_EQ(roots.positions, 0);
}

TEST(ProofSet, TheAttackersMoveMustBeLegal) {
  const SetOnDisk set;
  auto lines = set.indexLines();
  lines[6] = "move d4";
  set.writeIndex(lines, "occupied.tgs");
  const ProofSetCheck check = checkProofSet(readProofSet(set.index("occupied.tgs")), false);
  EXPECT_FALSE(check.ok);
  EXPECT_EQ(check.error, "the attacker's move d4 is on an occupied point");
}

TEST(ProofSet, ABadIndexIsRefusedInOneLineWithWhere) {
  const SetOnDisk set;
  auto with = [&](std::size_t line, const std::string& text) {
    auto lines = set.indexLines();
    lines[line] = text;
    set.writeIndex(lines, "bad.tgs");
    return readError(set.index("bad.tgs"));
  };
  EXPECT_NE(with(0, "tengen proof set 2").find("bad.tgs:1: not a proof set"), std::string::npos);
  EXPECT_NE(with(2, "rule gomoku").find("bad.tgs:3: unknown rule 'gomoku'"), std::string::npos);
  EXPECT_NE(with(3, "size 40").find("bad.tgs:4: size '40' is not a board size from 5 to 20"), std::string::npos);
  EXPECT_NE(with(5, "attacker red").find("bad.tgs:6: the attacker is black or white"), std::string::npos);
  EXPECT_NE(with(5, "attacker white").find("the position has black to move, not the attacker"), std::string::npos);
  EXPECT_NE(with(6, "move z9").find("bad.tgs: move:"), std::string::npos);
  EXPECT_NE(with(4, "position d3,d4,d4/a1").find("bad.tgs: position:"), std::string::npos);
  EXPECT_NE(with(7, "colour black").find("bad.tgs:8: unknown key 'colour'"), std::string::npos);
  EXPECT_NE(readError(set.dir.sub("none.tgs")).find("cannot read the proof set"), std::string::npos);
  EXPECT_EQ(readError(set.index()), "");
}

}  // namespace
}  // namespace tengen::book
