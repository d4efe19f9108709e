// Proof files: a solve's proof written and read back whole, re-checked by the verifier from the
// file alone; a slice of it checks on its own; damage, a cut and a foreign file are refused in
// one line each.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "book/book.h"
#include "book/book_transfer.h"
#include "book/position_key.h"
#include "book/proof_file.h"
#include "book/stored_proof.h"
#include "solver/gomoku/notation.h"
#include "solver/gomoku/position.h"
#include "solver/gomoku/proof_check.h"
#include "solver/gomoku/solve.h"
#include "tests/solved_proof_file.h"
#include "tests/temp_dir.h"

namespace tengen::book {
namespace {

using gomoku::Color;

ProofFile solvedWin() {
  // Black wins by a VCT here (the prover tests' renju set).
  const gomoku::Position p =
      gomoku::parsePosition("g12,h12,i12,f11,h11,c10,h10,k9,h8,c7,g7/j12,g11,d10,e10,f10,g10,e9,h9,i9,j9,d8", {});
  ProofFile f = tests::solvedProofFile(p, Color::Black);
  f.note = "a test";
  return f;
}

std::string message(const std::function<void()>& f) {
  try {
    f();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

TEST(ProofFile, RoundTripsAndIsCheckedFromTheFileAlone) {
  tests::TempDir tmp("proof-file");
  const ProofFile written = solvedWin();
  ASSERT_GT(written.tree.nodes.size(), 10u);
  writeProofFile(tmp.sub("p.tgp"), written);
  const ProofFile read = readProofFile(tmp.sub("p.tgp"));
  EXPECT_EQ(gomoku::formatStones(read.board), gomoku::formatStones(written.board));
  EXPECT_EQ(read.toMove, written.toMove);
  EXPECT_EQ(read.attacker, Color::Black);
  EXPECT_EQ(read.note, "a test");
  ASSERT_EQ(read.tree.nodes.size(), written.tree.nodes.size());
  for (std::size_t i = 0; i < read.tree.nodes.size(); ++i) {
    ASSERT_EQ(read.tree.nodes[i].children.size(), written.tree.nodes[i].children.size());
    for (std::size_t k = 0; k < read.tree.nodes[i].children.size(); ++k) {
      EXPECT_EQ(read.tree.nodes[i].children[k].move, written.tree.nodes[i].children[k].move);
      EXPECT_EQ(read.tree.nodes[i].children[k].node, written.tree.nodes[i].children[k].node);
    }
    EXPECT_EQ(read.tree.nodes[i].argument.kind, written.tree.nodes[i].argument.kind);
    EXPECT_EQ(read.tree.nodes[i].argument.moves, written.tree.nodes[i].argument.moves);
  }
  EXPECT_TRUE(gomoku::checkProof(read.board, read.toMove, read.rule, read.attacker, read.tree).ok);
  // A slice: the subtree after the root's winning move and a reply is a proof of its own.
  const auto& root = read.tree.nodes[0];
  const auto win = root.children.front();
  const auto& after = read.tree.nodes[static_cast<std::size_t>(win.node)];
  ASSERT_FALSE(after.children.empty());
  const ProofFile slice = sliceProof(read, {win.move, after.children.front().move});
  EXPECT_EQ(slice.board.stoneCount(), read.board.stoneCount() + (after.children.front().move == gomoku::kPass ? 1 : 2));
  EXPECT_LT(slice.tree.nodes.size(), read.tree.nodes.size());
  EXPECT_TRUE(gomoku::checkProof(slice.board, slice.toMove, slice.rule, slice.attacker, slice.tree).ok);
  EXPECT_NE(message([&] { sliceProof(read, {static_cast<gomoku::Point>(0)}); }).find("no edge"), std::string::npos);
}

TEST(ProofFile, DamageACutAndAForeignFileAreRefused) {
  tests::TempDir tmp("proof-file");
  writeProofFile(tmp.sub("p.tgp"), solvedWin(), 1);
  std::ifstream in(tmp.sub("p.tgp"), std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), {});
  auto variant = [&](const std::string& name, const std::string& content) {
    std::ofstream(tmp.sub(name), std::ios::binary) << content;
    return message([&] { readProofFile(tmp.sub(name)); });
  };
  std::string flipped = bytes;
  flipped[flipped.size() / 2] ^= 0x20;
  EXPECT_FALSE(variant("flipped", flipped).empty());
  EXPECT_NE(variant("cut", bytes.substr(0, bytes.size() - 7)).find("cut short"), std::string::npos);
  EXPECT_NE(variant("foreign", "not a proof at all").find("not a tengen proof file"), std::string::npos);
  EXPECT_NE(message([&] { readProofFile(tmp.sub("missing")); }).find("cannot open"), std::string::npos);
  for (const auto& m : {variant("flipped", flipped), variant("cut", bytes.substr(0, 9))})
    EXPECT_EQ(m.find('\n'), std::string::npos) << m;
}

// A proof file imported into a book: every position of its tree stored, the claim rebuilt from
// the records and accepted again; a tree the verifier refuses is refused whole, writing nothing.
TEST(ProofFile, ImportsIntoABookAsVerifiedRecordsOrNotAtAll) {
  tests::TempDir tmp("proof-import");
  const ProofFile file = solvedWin();
  {
    Book book(tmp.sub("b"), Book::Access::Create);
    const ProofImport report = importProofFile(book, file);
    EXPECT_GE(report.positions, file.tree.nodes.size());
    EXPECT_GT(report.written, 10u);
    const auto root = book.get(canonicalKey(file.board, file.rule, file.toMove).bytes);
    ASSERT_TRUE(root.has_value());
    const ProofStep& step = root->steps[gomoku::index(Color::Black)];
    EXPECT_TRUE(step.present && step.attackerWins && step.verified());
    const StoredCheck again = checkStoredClaim(book, file.board, file.rule, file.toMove, Color::Black);
    EXPECT_TRUE(again.ok) << again.error;
    EXPECT_EQ(again.keys.size(), report.written);
    EXPECT_EQ(importProofFile(book, file).written, report.written);  // again: the same records, no contradiction
  }
  // The root's winning move cut off: a claim with nothing behind it, which the verifier refuses.
  ProofFile broken = file;
  broken.tree.nodes[0].children.clear();
  broken.tree.nodes[0].argument = {};
  ASSERT_FALSE(gomoku::checkProof(broken.board, broken.toMove, broken.rule, broken.attacker, broken.tree).ok);
  Book other(tmp.sub("c"), Book::Access::Create);
  EXPECT_NE(message([&] { importProofFile(other, broken); }).find("the verifier refuses the proof"), std::string::npos);
  std::size_t entries = 0;
  other.forEach([&](std::string_view, const BookRecord*, const std::string&) { return ++entries, true; });
  EXPECT_EQ(entries, 0u);
}

}  // namespace
}  // namespace tengen::book
