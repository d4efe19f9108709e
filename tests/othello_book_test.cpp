// Othello entries in the book: canonical keys shared by the 8 images, a round trip through the
// book's own column family, damage refused, and the verifier refusing a tampered or moved entry.
#include <gtest/gtest.h>

#include <filesystem>

#include "book/book.h"
#include "book/book_error.h"
#include "book/othello_entry.h"
#include "solver/othello/endgame.h"
#include "solver/othello/symmetry.h"

namespace tengen::book {
namespace {

using othello::Position;

Position after(std::initializer_list<const char*> moves, int n) {
  Position p = Position::start(n);
  for (const char* m : moves) p.play(*othello::parseSquare(m, n));
  return p;
}

OthelloEntry provedEntry(const Position& p) {
  othello::EndgameSolver solver;
  const othello::EndgameResult exact = solver.solve(p);
  const othello::MarginProof proof = othello::proveMargin(p, exact.margin, {});
  EXPECT_TRUE(proof.proved) << proof.error;
  return othelloEntryOf(p, proof, exact.best);
}

TEST(OthelloBook, ImagesShareAKeyAndTheEntryRoundTrips) {
  const Position p = after({"d3"}, 4);
  const OthelloKey key = othelloKey(p);
  for (int sym = 0; sym < othello::kSymmetries; ++sym)
    EXPECT_EQ(othelloKey(othello::transformPosition(sym, p)).bytes, key.bytes);
  EXPECT_NE(othelloKey(after({"d3", "d4"}, 4)).bytes, key.bytes);

  OthelloEntry entry = provedEntry(p);
  EXPECT_EQ(checkOthelloEntry(entry), "");
  entry.verifiedBy = kOthelloVerifierRevision;
  const std::string dir = ::testing::TempDir() + "/othello-book";
  std::filesystem::remove_all(dir);
  {
    Book book(dir, Book::Access::Create);
    book.writeOthello({{key.bytes, encodeOthelloEntry(entry)}});
  }
  Book reader(dir, Book::Access::ReadOnly);
  const auto bytes = reader.othelloEntry(key.bytes);
  ASSERT_TRUE(bytes);
  const OthelloEntry back = decodeOthelloEntry(*bytes);
  EXPECT_EQ(back.margin, entry.margin);
  EXPECT_TRUE(back.verified());
  EXPECT_EQ(back.position(), entry.position());
  EXPECT_EQ(back.atLeast.size(), entry.atLeast.size());
  EXPECT_EQ(checkOthelloEntry(back), "");
  int seen = 0;
  reader.forEachOthello([&](std::string_view, std::string_view) { return ++seen, true; });
  EXPECT_EQ(seen, 1);
  // The renju positions do not see it.
  int positions = 0;
  reader.forEach([&](std::string_view, const BookRecord*, const std::string&) { return ++positions, true; });
  EXPECT_EQ(positions, 0);
}

TEST(OthelloBook, DamageAndTamperingAreRefused) {
  const Position p = after({"d3"}, 4);
  const OthelloEntry entry = provedEntry(p);
  std::string bytes = encodeOthelloEntry(entry);
  std::string flipped = bytes;
  flipped[bytes.size() / 2] ^= 0x10;
  EXPECT_THROW(decodeOthelloEntry(flipped), RecordError);
  EXPECT_THROW(decodeOthelloEntry(bytes.substr(0, 3)), RecordError);

  OthelloEntry wrongMargin = entry;
  wrongMargin.margin += 2;
  EXPECT_NE(checkOthelloEntry(wrongMargin), "");
  OthelloEntry cut = entry;
  for (auto& node : cut.notAbove.nodes)
    if (node.children.size() >= 2) {
      node.children.pop_back();
      break;
    }
  EXPECT_NE(checkOthelloEntry(cut), "");
  // An entry's trees hold for its own position only: under another position's key it is a
  // different claim (query and verify compare the key with the entry's position).
  EXPECT_NE(othelloKey(entry.position()).bytes, othelloKey(after({"d3", "d4"}, 4)).bytes);
  EXPECT_EQ(othelloKey(entry.position()).bytes, othelloKey(p).bytes);
}

}  // namespace
}  // namespace tengen::book
