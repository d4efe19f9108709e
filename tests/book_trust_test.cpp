// The book's trust boundary: an unverified claim is never a value, a verified proof replaces a
// forged claim, and a book with a missing or damaged file is an error for every reader, never a
// smaller book. Damage is injected at seeded places in the files themselves.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>

#include "book/book.h"
#include "book/book_query.h"
#include "book/book_stats.h"
#include "book/book_transfer.h"
#include "book/book_verify.h"
#include "book/position_key.h"
#include "book/stored_proof.h"
#include "solver/gomoku/position.h"
#include "solver/gomoku/proof_check.h"
#include "solver/gomoku/proof_game.h"
#include "solver/gomoku/solve.h"
#include "tests/temp_dir.h"
#include "tests/test_boards.h"

namespace tengen::book {
namespace {

namespace fs = std::filesystem;
using tests::TempDir;
using gomoku::Board;
using gomoku::Color;
using gomoku::Point;
using gomoku::Position;
using gomoku::Rule;

Position positionOf(const std::string& text, Rule rule, int size) {
  gomoku::PositionOptions o;
  o.rule = rule;
  o.size = size;
  return gomoku::parsePosition(text, o);
}

// A one-move "proof" that black wins the empty 6x6 freestyle board (a draw): what a forged
// import carries.
BookRecord forgedWin(Point move) {
  BookRecord r;
  ProofStep& s = r.steps[0];
  s.present = true;
  s.attackerWins = true;
  s.moves = {static_cast<Cell>(move)};
  s.best = static_cast<Cell>(move);
  s.size = 1;
  s.depth = 1;
  s.markVerified(true);  // as a hostile file would say
  settle(r, 0);
  return r;
}

TEST(BookTrust, AnImportedClaimIsNeverAValueUntilVerified) {
  TempDir tmp("trust-test");
  const Position empty = positionOf("", Rule::Freestyle, 6);
  const PositionKey key = canonicalKey(empty.board, Rule::Freestyle, Color::Black);
  Book book(tmp.sub("b"), Book::Access::Create);
  const ImportReport report = importEntries(book, {{key.bytes, forgedWin(14)}});
  ASSERT_TRUE(report.contradictions.empty());
  const auto record = book.get(key.bytes);
  ASSERT_TRUE(record.has_value());
  EXPECT_FALSE(record->steps[0].verified()) << "an import carried 'verified' across";
  EXPECT_EQ(record->result, Value::Unknown);
  EXPECT_EQ(record->claimed, Value::BlackWins);
  EXPECT_EQ(record->provedStep(0), nullptr);
  const QueryAnswer a = queryBook(book, empty);
  EXPECT_EQ(a.result, Value::Unknown);
  EXPECT_EQ(a.claimed, Value::BlackWins);
  EXPECT_EQ(a.bestMove, gomoku::kNoPoint);
  EXPECT_TRUE(a.line.empty());
  EXPECT_EQ(collectStats(book).claimedUnverified, 1u);
  // The verifier rejects it, and it stays a claim.
  const StoredCheck check = checkStoredClaim(book, empty.board, Rule::Freestyle, Color::Black, Color::Black);
  EXPECT_FALSE(check.ok);
  EXPECT_EQ(book.get(key.bytes)->result, Value::Unknown);
}

TEST(BookTrust, AVerifiedProofReplacesAForgedClaimItContradicts) {
  TempDir tmp("trust-test");
  const Position empty = positionOf("", Rule::Freestyle, 6);
  const PositionKey key = canonicalKey(empty.board, Rule::Freestyle, Color::Black);
  Book book(tmp.sub("b"), Book::Access::Create);
  ASSERT_TRUE(importEntries(book, {{key.bytes, forgedWin(14)}}).contradictions.empty());
  gomoku::SolveOptions options;
  options.hashMegabytes = 16;
  const gomoku::SolveResult r = gomoku::solve(empty, options);
  ASSERT_EQ(r.value, gomoku::GameValue::Draw);
  storeSolve(book, empty, r);  // no contradiction: the claim was never proved
  const auto record = book.get(key.bytes);
  EXPECT_EQ(record->result, Value::Draw);
  EXPECT_EQ(record->claimed, Value::Draw);
  EXPECT_TRUE(record->verified());
  // A forged claim offered again is refused now: it contradicts a verified proof.
  EXPECT_FALSE(importEntries(book, {{key.bytes, forgedWin(14)}}).contradictions.empty());
}

TEST(BookTrust, MergeRules) {
  BookRecord claimWins = forgedWin(5);
  claimWins.steps[0].markVerified(false);
  settle(claimWins, 0);
  BookRecord provedCannot;
  provedCannot.steps[0] = {true, false, {}, 0, {}, kNoCell, 1, 0, 0};
  provedCannot.steps[0].markVerified(true);
  settle(provedCannot, 0);
  // A verified disproof replaces an unverified win claim.
  BookRecord into = claimWins;
  EXPECT_FALSE(mergeRecord(into, provedCannot, 0).has_value());
  EXPECT_EQ(into.claimed, Value::Unknown);
  EXPECT_TRUE(into.steps[0].verified());
  EXPECT_FALSE(into.steps[0].attackerWins);
  // An unverified claim against a verified proof is a contradiction; nothing changes.
  into = provedCannot;
  EXPECT_TRUE(mergeRecord(into, claimWins, 0).has_value());
  EXPECT_FALSE(into.steps[0].attackerWins);
  // Two unverified claims that disagree: a contradiction (neither can be preferred).
  BookRecord claimCannot = provedCannot;
  claimCannot.steps[0].markVerified(false);
  into = claimWins;
  EXPECT_TRUE(mergeRecord(into, claimCannot, 0).has_value());
  // A run's own step (verified before the run ends) replaces an unverified claim it disagrees
  // with; it never replaces a verified one.
  into = claimWins;
  EXPECT_FALSE(mergeRecord(into, claimCannot, 0, MergePolicy::ReplaceClaims).has_value());
  EXPECT_FALSE(into.steps[0].attackerWins);
  into = provedCannot;
  EXPECT_TRUE(mergeRecord(into, claimWins, 0, MergePolicy::ReplaceClaims).has_value());
  // A verified white win replaces an unverified black win claim in the same record.
  BookRecord whiteWins;
  whiteWins.steps[1] = {true, true, {7}, 0, {}, 7, 3, 2, 0};
  whiteWins.steps[1].markVerified(true);
  settle(whiteWins, 0);
  into = claimWins;
  EXPECT_FALSE(mergeRecord(into, whiteWins, 0).has_value());
  EXPECT_EQ(into.result, Value::WhiteWins);
  EXPECT_FALSE(into.steps[0].present);
}

TEST(BookTrust, AStepCheckedByAnOlderVerifierRevisionIsNotVerified) {
  BookRecord r = forgedWin(5);
  r.steps[0].verifiedBy = static_cast<std::uint16_t>(gomoku::kVerifierRevision + 1);
  settle(r, 0);
  EXPECT_FALSE(r.steps[0].verified());
  EXPECT_EQ(r.result, Value::Unknown);
  EXPECT_EQ(r.claimed, Value::BlackWins);
}

// Two hand-made proofs on one freestyle board where black has three threes (c12-e12 and c3-e3
// open, k8-m8 closed by j8). With white to move, black wins after a white pass by the open four
// f12; the zone node answers the replies in that win's support (f12, b12, g12) with the other
// open four f3. The same stones with black to move are also proved by f3, whose support
// (f3, b3, g3) the zone node never answered.
class TwoWinsAfterAPass {
 public:
  const Board board = gomoku::testing::boardOf("c12,d12,e12,c3,d3,e3,k8,l8,m8/j8", 15, Rule::Freestyle);

  // White to move: a zone node whose win after the pass is `passWin`, the replies in its
  // support answered by `answer`.
  gomoku::ProofRecord zoneProof(const char* passWin, std::vector<const char*> replies, const char* answer) const {
    Maker m;
    const int root = m.add(gomoku::ProofGame::kRelevanceZone);
    // Each four leaves white to move against two five points: every reply loses on the spot.
    const int afterPass = m.link(root, "", m.add());
    m.link(afterPass, passWin, m.add());
    for (const char* reply : replies) m.link(m.link(root, reply, m.add()), answer, m.add());
    return {Color::Black, m.tree};
  }
  // Black to move: the one move `win`.
  gomoku::ProofRecord moveProof(const char* win) const {
    Maker m;
    const int root = m.add();
    m.link(root, win, m.add());
    return {Color::Black, m.tree};
  }

 private:
  struct Maker {
    proof::ProofTree<Point> tree{};
    Maker() { tree.attackerWins = true; }
    int add(int argumentKind = 0) {
      tree.nodes.emplace_back();
      tree.nodes.back().argument.kind = argumentKind;
      return static_cast<int>(tree.nodes.size()) - 1;
    }
    int link(int from, const char* move, int to) {
      tree.nodes[static_cast<std::size_t>(from)].children.push_back(
          {*move ? gomoku::testing::pt(move, 15) : gomoku::kPass, to});
      return to;
    }
  };
};

TEST(BookTrust, AZoneNodeKeepsItsOwnWinAfterThePass) {
  // The first k8 class campaign's closing check refused a verified record: the position after a
  // pass was stored under its plain key, where another proof's step stood first, so the zone
  // node's rebuilt win after the pass had a support it never answered.
  TempDir tmp("trust-test");
  const TwoWinsAfterAPass p;
  const Position whiteToMove{Rule::Freestyle, p.board, Color::White};
  const Position blackToMove{Rule::Freestyle, p.board, Color::Black};
  const auto zone = p.zoneProof("f12", {"f12", "b12", "g12"}, "f3");
  const auto direct = p.moveProof("f3");
  // Both hand-made proofs hold on their own.
  const gomoku::ProofCheck zoneAlone = gomoku::checkProof(p.board, Color::White, Rule::Freestyle, Color::Black, zone.tree);
  ASSERT_TRUE(zoneAlone.ok) << zoneAlone.error;
  ASSERT_TRUE(gomoku::checkProof(p.board, Color::Black, Rule::Freestyle, Color::Black, direct.tree).ok);
  // And together they would not: the zone node with f3 after the pass misses b3.
  auto mixed = p.zoneProof("f3", {"f12", "b12", "g12"}, "f3");
  const gomoku::ProofCheck mix = gomoku::checkProof(p.board, Color::White, Rule::Freestyle, Color::Black, mixed.tree);
  ASSERT_FALSE(mix.ok);
  ASSERT_NE(mix.error.find("zone of the win after a pass"), std::string::npos) << mix.error;

  for (const bool directFirst : {true, false}) {
    SCOPED_TRACE(directFirst ? "the direct proof stored first" : "the zone proof stored first");
    Book book(tmp.sub(directFirst ? "direct-first" : "zone-first"), Book::Access::Create);
    const auto first = directFirst ? recordsFromProof(blackToMove, direct) : recordsFromProof(whiteToMove, zone);
    const auto second = directFirst ? recordsFromProof(whiteToMove, zone) : recordsFromProof(blackToMove, direct);
    storeRecords(book, first);
    storeRecords(book, second);
    const StoredCheck z = checkStoredClaim(book, p.board, Rule::Freestyle, Color::White, Color::Black);
    EXPECT_TRUE(z.ok) << z.error;
    const StoredCheck d = checkStoredClaim(book, p.board, Rule::Freestyle, Color::Black, Color::Black);
    EXPECT_TRUE(d.ok) << d.error;
    // Every stored claim, the win after the pass among them, re-checks from the book alone.
    const VerifyTally all = verifyAllClaims(book, [](const std::string& line) { ADD_FAILURE() << line; });
    EXPECT_EQ(all.failed, 0u);
    EXPECT_EQ(all.unreadable, 0u);
    // A second zone proof at the same node, passing to the other win, changes nothing stored.
    storeRecords(book, recordsFromProof(whiteToMove, p.zoneProof("f3", {"f3", "b3", "g3"}, "f12")));
    const StoredCheck again = checkStoredClaim(book, p.board, Rule::Freestyle, Color::White, Color::Black);
    EXPECT_TRUE(again.ok) << again.error;
    // Exported as JSON lines and imported into a new book, the scoped records come back where
    // they were: both claims rebuild and re-check there.
    KeyedRecords lines;
    std::size_t scoped = 0;
    book.forEach([&](std::string_view key, const BookRecord* record, const std::string&) {
      const std::string line = entryToJson(key, *record);
      scoped += line.find("\"pass_scope\"") != std::string::npos;
      lines.push_back(entryFromJson(line));
      EXPECT_EQ(lines.back().first, key) << line;
      return true;
    });
    EXPECT_GT(scoped, 0u);
    Book copy(tmp.sub(directFirst ? "direct-first-copy" : "zone-first-copy"), Book::Access::Create);
    ASSERT_TRUE(importEntries(copy, lines).contradictions.empty());
    EXPECT_TRUE(checkStoredClaim(copy, p.board, Rule::Freestyle, Color::White, Color::Black).ok);
    EXPECT_TRUE(checkStoredClaim(copy, p.board, Rule::Freestyle, Color::Black, Color::Black).ok);
  }
}

TEST(BookTrust, AZoneNodeStoredBeforeScopesKeepsItsWinAfterThePass) {
  // A book written before pass scopes holds a zone node with its win after the pass under plain
  // keys. A later proof with another step at that node leaves the stored step, and its own win
  // after the pass (in a scope of its step) must not become the stored step's.
  TempDir tmp("trust-test");
  const TwoWinsAfterAPass p;
  const Position whiteToMove{Rule::Freestyle, p.board, Color::White};
  KeyedRecords old = recordsFromProof(whiteToMove, p.zoneProof("f12", {"f12", "b12", "g12"}, "f3"));
  std::size_t unscoped = 0;
  for (auto& [key, record] : old) {
    const DecodedKey k = decodeKey(key);
    if (!k.passScope) continue;
    key = canonicalKey(k.board, k.rule, k.toMove).bytes;  // the key the old writer gave it
    ++unscoped;
  }
  ASSERT_GT(unscoped, 0u);
  Book book(tmp.sub("b"), Book::Access::Create);
  storeRecords(book, old);
  const StoredCheck before = checkStoredClaim(book, p.board, Rule::Freestyle, Color::White, Color::Black);
  ASSERT_TRUE(before.ok) << before.error;
  storeRecords(book, recordsFromProof(whiteToMove, p.zoneProof("f3", {"f3", "b3", "g3"}, "f12")));
  const StoredCheck after = checkStoredClaim(book, p.board, Rule::Freestyle, Color::White, Color::Black);
  EXPECT_TRUE(after.ok) << after.error;
}

TEST(PositionKey, ChildKeysAreTheCanonicalKeysOfTheChildren) {
  std::mt19937 rng(7);
  for (int round = 0; round < 200; ++round) {
    const int n = 5 + static_cast<int>(rng() % 16);
    Board board(n);
    const int stones = static_cast<int>(rng() % std::min(12, n * n / 2));
    // Some boards hold one colour only, so either side's list may be empty.
    const int colours = static_cast<int>(rng() % 4);
    for (int i = 0; i < stones;) {
      const Point p = static_cast<Point>(rng() % static_cast<unsigned>(n * n));
      if (!board.isEmpty(p)) continue;
      board.place(p, colours == 1 ? Color::Black : colours == 2 ? Color::White : i % 2 ? Color::White : Color::Black);
      ++i;
    }
    const Color mover = rng() % 2 ? Color::White : Color::Black;
    std::vector<Point> moves;
    for (Point p = 0; p < board.cellCount(); ++p)
      if (board.isEmpty(p)) moves.push_back(p);
    const Rule rule = static_cast<Rule>(rng() % 3);
    const auto keys = canonicalChildKeys(board, rule, mover, moves);
    ASSERT_EQ(keys.size(), moves.size());
    for (std::size_t i = 0; i < moves.size(); ++i) {
      Board child = board;
      child.place(moves[i], mover);
      const PositionKey expected = canonicalKey(child, rule, gomoku::opponent(mover));
      ASSERT_EQ(keys.key(i), expected.bytes) << "round " << round << " move " << moves[i];
      ASSERT_EQ(keys.symmetries[i], expected.symmetry) << "round " << round << " move " << moves[i];
    }
  }
}

// ---- damaged files ----

// A book of `entries` random records (a few table files), its entries as export lines.
std::vector<std::string> fillBook(const std::string& dir, int entries) {
  std::mt19937_64 rng(11);
  std::vector<std::string> lines;
  Book book(dir, Book::Access::Create);
  KeyedRecords batch;
  for (int i = 0; i < entries; ++i) {
    Board board(15);
    const int stones = 3 + static_cast<int>(rng() % 9);
    for (int s = 0; s < stones;) {
      const Point p = static_cast<Point>(rng() % 225);
      if (!board.isEmpty(p)) continue;
      board.place(p, s % 2 ? Color::White : Color::Black);
      ++s;
    }
    BookRecord r = forgedWin(static_cast<Point>(rng() % 225));
    r.steps[0].size = static_cast<std::uint32_t>(1 + rng() % 1000);
    batch.emplace_back(canonicalKey(board, Rule::Renju, Color::Black).bytes, r);
    if (batch.size() == 1000) {
      book.write(batch);
      batch.clear();
      book.compact();  // several table files, as a book that grew over runs has
    }
  }
  book.write(batch);
  book.compact();
  book.forEach([&](std::string_view key, const BookRecord* record, const std::string&) {
    lines.push_back(entryToJson(key, *record));
    return true;
  });
  return lines;
}

// What each reader makes of the book: its export lines, or the error it stopped with.
struct Reading {
  bool failed = false;
  std::string error;
  std::vector<std::string> lines;
  std::uint64_t entries = 0;
};
Reading read(const std::string& dir) {
  Reading out;
  try {
    const Book book(dir, Book::Access::ReadOnly);
    out.entries = collectStats(book).entries;
    book.forEach([&](std::string_view key, const BookRecord* record, const std::string& error) {
      out.lines.push_back(record ? entryToJson(key, *record) : "damaged: " + error);
      return true;
    });
  } catch (const BookError& e) {
    out.failed = true;
    out.error = e.what();
  }
  return out;
}

std::vector<fs::path> tableFiles(const std::string& dir) {
  std::vector<fs::path> out;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".sst") out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

TEST(BookFaults, ADeletedTableFileIsAnErrorForEveryReader) {
  TempDir tmp("trust-test");
  const std::string dir = tmp.sub("b");
  const auto lines = fillBook(dir, 3000);
  const auto files = tableFiles(dir);
  ASSERT_GE(files.size(), 2u);
  for (const auto& file : files) {
    const std::string copy = tmp.sub("copy");
    fs::remove_all(copy);
    fs::copy(dir, copy);
    fs::remove(fs::path(copy) / file.filename());
    const Reading r = read(copy);
    ASSERT_TRUE(r.failed) << "a reader answered from a book without " << file.filename() << ": " << r.entries
                          << " of " << lines.size() << " entries";
    EXPECT_NE(r.error.find("book " + copy + ": damaged"), std::string::npos) << r.error;
    EXPECT_EQ(r.error.find('\n'), std::string::npos) << r.error;
    // A writer refuses it too, and does not blame another writer.
    try {
      Book writer(copy, Book::Access::ReadWrite);
      ADD_FAILURE() << "a writer opened a book without " << file.filename();
    } catch (const BookError& e) {
      EXPECT_EQ(std::string(e.what()).find("another writer"), std::string::npos) << e.what();
    }
  }
}

TEST(BookFaults, DamagedBytesAreAnErrorOrChangeNothing) {
  TempDir tmp("trust-test");
  const std::string dir = tmp.sub("b");
  const auto lines = fillBook(dir, 3000);
  std::mt19937_64 rng(2026);
  int failedRounds = 0;
  for (int round = 0; round < 30; ++round) {
    const std::string copy = tmp.sub("copy");
    fs::remove_all(copy);
    fs::copy(dir, copy);
    const auto files = tableFiles(copy);
    const fs::path file = files[rng() % files.size()];
    std::string bytes;
    {
      std::ifstream in(file, std::ios::binary);
      bytes.assign(std::istreambuf_iterator<char>(in), {});
    }
    const std::size_t at = rng() % bytes.size();
    const std::size_t length = 1 + rng() % 64;
    for (std::size_t i = at; i < std::min(bytes.size(), at + length); ++i) bytes[i] = static_cast<char>(rng());
    if (round % 5 == 4) bytes.resize(at);  // a truncated file
    {
      std::ofstream out(file, std::ios::binary | std::ios::trunc);
      out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    }
    const Reading r = read(copy);
    if (r.failed) {
      ++failedRounds;
      EXPECT_NE(r.error.find("book " + copy + ": "), std::string::npos) << r.error;
      EXPECT_EQ(r.error.find("another writer"), std::string::npos) << r.error;
      EXPECT_EQ(r.error.find('\n'), std::string::npos) << r.error;
      continue;
    }
    // Read to the end without an error: then every entry is there, each as it was (damage that
    // no read touches, such as a filter block, changes no answer).
    EXPECT_EQ(r.lines, lines) << "round " << round << ": damage at byte " << at << " of " << file.filename()
                              << " gave a different book without an error";
  }
  EXPECT_GT(failedRounds, 10);  // most damage is seen
}

TEST(BookFaults, WritersCreateBooksOnlyWhereNothingElseLives) {
  TempDir tmp("trust-test");
  const std::string other = tmp.sub("other");
  fs::create_directories(other);
  std::ofstream(other + "/notes.txt") << "precious\n";
  for (auto access : {Book::Access::Create, Book::Access::ReadWrite, Book::Access::ReadOnly}) {
    try {
      Book book(other, access);
      ADD_FAILURE() << "opened a directory holding other files as a book";
    } catch (const BookError& e) {
      EXPECT_NE(std::string(e.what()).find("not a tengen book"), std::string::npos) << e.what();
    }
  }
  EXPECT_EQ(std::distance(fs::directory_iterator(other), fs::directory_iterator()), 1);
  const std::string empty = tmp.sub("empty");
  fs::create_directories(empty);
  EXPECT_THROW(Book(empty, Book::Access::ReadWrite), BookError);  // verify never creates a book
  EXPECT_TRUE(fs::is_empty(empty));
  { Book created(empty, Book::Access::Create); }
  { Book reopened(empty, Book::Access::ReadWrite); }
  std::ofstream(tmp.sub("file")) << "x";
  EXPECT_THROW(Book(tmp.sub("file"), Book::Access::Create), BookError);
}

}  // namespace
}  // namespace tengen::book
