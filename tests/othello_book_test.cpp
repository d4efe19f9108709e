// Othello entries in the book: canonical keys shared by the 8 images, a round trip through the
// book's own column family, damage refused, and the verifier refusing a tampered or moved entry.
#include <gtest/gtest.h>

#include <bit>
#include <filesystem>
#include <map>

#include "book/book.h"
#include "book/book_error.h"
#include "book/othello_entry.h"
#include "solver/othello/endgame.h"
#include "solver/othello/symmetry.h"
#include "tests/temp_dir.h"

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
  const tests::TempDir tmp("othello-book-test");
  const std::string dir = tmp.sub("book");
  {
    Book book(dir, Book::Access::Create);
    book.writeGameEntries(kOthelloFamily, {{key.bytes, encodeOthelloEntry(entry)}});
  }
  Book reader(dir, Book::Access::ReadOnly);
  const auto bytes = reader.gameEntry(kOthelloFamily, key.bytes);
  ASSERT_TRUE(bytes);
  const OthelloEntry back = decodeOthelloEntry(*bytes);
  EXPECT_EQ(back.margin, entry.margin);
  EXPECT_TRUE(back.verified());
  EXPECT_EQ(back.position(), entry.position());
  EXPECT_EQ(back.atLeast.size(), entry.atLeast.size());
  EXPECT_EQ(checkOthelloEntry(back), "");
  int seen = 0;
  reader.forEachGameEntry(kOthelloFamily, [&](std::string_view, std::string_view, const std::string&) { return ++seen, true; });
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

// A margin shown by its children: accepted only with every child's verified entry, the best of
// their margins and a best move that reaches it; refused for a wrong margin, a wrong best move, a
// missing or unverified child. A finished game needs no child: its count is the margin.
TEST(OthelloBook, MarginsFromChildrenAreCheckedAgainstVerifiedChildren) {
  const Position root = after({"d3"}, 4);  // white to move
  std::map<std::string, OthelloEntry> verified;
  othello::EndgameSolver solver;
  int best = -1000;
  othello::Square bestMove = othello::kPass;
  for (othello::Bitboard m = root.moves(); m; m &= m - 1) {
    Position child = root;
    const othello::Square s = std::countr_zero(m);
    child.play(s);
    OthelloEntry e = provedEntry(child);
    e.verifiedBy = kOthelloVerifierRevision;
    verified[othelloKey(child).bytes] = e;
    if (-e.margin > best) best = -e.margin, bestMove = s;
  }
  auto lookup = [&](const Position& q) -> std::optional<OthelloEntry> {
    const auto it = verified.find(othelloKey(q).bytes);
    if (it == verified.end() || !it->second.verified()) return std::nullopt;
    return it->second;
  };
  const OthelloEntry entry = othelloEntryOf(root, best, bestMove, OthelloBasis::Children);
  EXPECT_EQ(checkOthelloChildren(entry, lookup), "");
  EXPECT_EQ(best, solver.solve(root).margin);
  EXPECT_NE(checkOthelloEntry(entry), "") << "a Children entry has no trees to check alone";

  OthelloEntry wrong = entry;
  wrong.margin += 2;
  EXPECT_NE(checkOthelloChildren(wrong, lookup), "");
  // A best move that is legal but does not reach the margin (4x4 after d3: not every reply is best).
  int worse = 0;
  for (othello::Bitboard m = root.moves(); m; m &= m - 1) {
    Position child = root;
    const othello::Square s = std::countr_zero(m);
    child.play(s);
    if (-verified[othelloKey(child).bytes].margin == best) continue;
    const OthelloEntry badBest = othelloEntryOf(root, best, s, OthelloBasis::Children);
    EXPECT_NE(checkOthelloChildren(badBest, lookup), "") << othello::squareName(s);
    ++worse;
  }
  EXPECT_GT(worse, 0);
  // One child unverified (a claim): the parent cannot be verified.
  verified.begin()->second.verifiedBy = 0;
  EXPECT_NE(checkOthelloChildren(entry, lookup), "");
  verified.begin()->second.verifiedBy = kOthelloVerifierRevision;
  verified.erase(verified.begin());
  EXPECT_NE(checkOthelloChildren(entry, lookup), "");

  // A finished game: the 4x4 game played to the end along the solver's line.
  Position end = Position::start(4);
  while (!end.ended()) end.play(end.moves() ? solver.solve(end).best : othello::kPass);
  const auto none = [](const Position&) -> std::optional<OthelloEntry> { return std::nullopt; };
  EXPECT_EQ(checkOthelloChildren(othelloEntryOf(end, end.finalMargin(), othello::kPass, OthelloBasis::Children), none), "");
  EXPECT_NE(checkOthelloChildren(othelloEntryOf(end, end.finalMargin() + 2, othello::kPass, OthelloBasis::Children), none), "");
}

TEST(OthelloBook, ScoringAndBasisRoundTripAndAntiKeysDiffer) {
  const Position p = after({"d3"}, 4);
  const Position anti(4, p.discs(othello::Disc::Black), p.discs(othello::Disc::White), p.toMove(),
                      othello::Scoring::FewestDiscs);
  EXPECT_NE(othelloKey(p).bytes, othelloKey(anti).bytes);
  const OthelloEntry e = othelloEntryOf(anti, 4, othello::kPass, OthelloBasis::Search);
  const OthelloEntry back = decodeOthelloEntry(encodeOthelloEntry(e));
  EXPECT_EQ(back.scoring, othello::Scoring::FewestDiscs);
  EXPECT_EQ(back.basis, OthelloBasis::Search);
  EXPECT_EQ(othelloKey(back.position()).bytes, othelloKey(anti).bytes);
  EXPECT_FALSE(back.verified());
}

}  // namespace
}  // namespace tengen::book
