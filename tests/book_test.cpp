// The book: canonical keys, record encoding, storing and re-verifying proofs, queries in all 8
// orientations, merges, JSON Lines round trips, and every fault the book must name.
#include <gtest/gtest.h>
#include <rocksdb/db.h>

#include <filesystem>
#include <random>
#include <set>

#include "book/book.h"
#include "book/book_proofs.h"
#include "book/book_query.h"
#include "book/book_stats.h"
#include "book/book_transfer.h"
#include "book/position_key.h"
#include "book/stored_proof.h"
#include "solver/gomoku/notation.h"
#include "solver/gomoku/proof_check.h"
#include "solver/gomoku/rules.h"
#include "solver/gomoku/solve.h"
#include "solver/gomoku/symmetry.h"
#include "tests/raw_book.h"
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

// A renju position from a real game that black wins in 27 plies (the demo's).
constexpr const char* kRenjuWin = "g12,h12,i12,f11,h11,c10,h10,k9,h8,c7,g7/j12,g11,d10,e10,f10,g10,e9,h9,i9,j9,d8";

Position positionOf(const std::string& text, Rule rule = Rule::Renju, int size = 15) {
  gomoku::PositionOptions o;
  o.rule = rule;
  o.size = size;
  return gomoku::parsePosition(text, o);
}

gomoku::SolveResult solved(const Position& pos) {
  gomoku::SolveOptions options;
  options.hashMegabytes = 64;
  return gomoku::solve(pos, options);
}

// Every entry of a book as its JSON line, in key order.
std::vector<std::string> exportLines(const Book& book) {
  std::vector<std::string> out;
  book.forEach([&](std::string_view key, const BookRecord* record, const std::string&) {
    EXPECT_NE(record, nullptr);
    if (record) out.push_back(entryToJson(key, *record));
    return true;
  });
  return out;
}

using tests::putBehindTheBooksBack;

TEST(PositionKey, AllEightImagesShareOneKeyAndDecodeToIt) {
  const Board board = gomoku::testing::boardOf("h8,i9,j7/h9,g7,k10");
  const PositionKey key = canonicalKey(board, Rule::Renju, Color::White);
  std::set<std::string> keys;
  for (int s = 0; s < gomoku::kSymmetries; ++s) {
    const PositionKey k = canonicalKey(gomoku::applySymmetry(s, board), Rule::Renju, Color::White);
    keys.insert(k.bytes);
    // The key's symmetry carries that image onto the decoded canonical board.
    const DecodedKey decoded = decodeKey(k.bytes);
    const Board mapped = gomoku::applySymmetry(k.symmetry, gomoku::applySymmetry(s, board));
    EXPECT_EQ(gomoku::formatStones(mapped), gomoku::formatStones(decoded.board));
  }
  EXPECT_EQ(keys.size(), 1u);
  const DecodedKey decoded = decodeKey(key.bytes);
  EXPECT_EQ(decoded.rule, Rule::Renju);
  EXPECT_EQ(decoded.toMove, Color::White);
  EXPECT_EQ(decoded.board.stoneCount(), 6);
}

TEST(PositionKey, SideToMoveRuleSizeAndStonesAllMatter) {
  const Board a = gomoku::testing::boardOf("h8/h9");
  const Board b = gomoku::testing::boardOf("h9/h8");
  const std::string k = canonicalKey(a, Rule::Renju, Color::Black).bytes;
  EXPECT_NE(k, canonicalKey(a, Rule::Renju, Color::White).bytes);
  EXPECT_NE(k, canonicalKey(a, Rule::Freestyle, Color::Black).bytes);
  EXPECT_NE(k, canonicalKey(b, Rule::Renju, Color::Black).bytes);
  EXPECT_NE(k, canonicalKey(gomoku::testing::boardOf("h8/h9", 17), Rule::Renju, Color::Black).bytes);
  EXPECT_THROW(decodeKey("xx"), BookError);
  std::string bad = k;
  bad[1] = 3;  // board size 3
  EXPECT_THROW(decodeKey(bad), BookError);
}

TEST(BookRecordEncoding, RoundTripsAndRejectsDamage) {
  BookRecord r;
  r.steps[1].present = true;
  r.steps[1].attackerWins = true;
  r.steps[1].moves = {112, 7};
  r.steps[1].argumentKind = 1;
  r.steps[1].argumentMoves = {3, 4, 5};
  r.steps[1].best = 7;
  r.steps[1].size = 99;
  r.steps[1].depth = 13;
  r.steps[1].markVerified(true);
  r.toolVersion = "tengen test";
  settle(r, 1);
  ASSERT_EQ(r.result, Value::WhiteWins);
  ASSERT_EQ(r.bestMove, 7);
  const std::string bytes = encodeRecord(r);
  const BookRecord back = decodeRecord(bytes, 1);
  EXPECT_EQ(back.result, Value::WhiteWins);
  EXPECT_EQ(back.steps[1].moves, r.steps[1].moves);
  EXPECT_EQ(back.steps[1].argumentMoves, r.steps[1].argumentMoves);
  EXPECT_EQ(back.steps[1].size, 99u);
  EXPECT_EQ(back.toolVersion, "tengen test");
  EXPECT_FALSE(back.steps[0].present);
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    std::string damaged = bytes;
    damaged[i] ^= 0x20;
    EXPECT_THROW(decodeRecord(damaged, 1), RecordError) << "byte " << i;
  }
  EXPECT_THROW(decodeRecord(bytes.substr(0, bytes.size() / 2), 1), RecordError);
  EXPECT_THROW(decodeRecord("", 1), RecordError);
}

TEST(BookRecordMerge, ContradictionsAreReportedNotOverwritten) {
  BookRecord wins, cannot;
  wins.steps[0] = {true, true, {5}, 0, {}, 5, 3, 2};
  cannot.steps[0] = {true, false, {}, 0, {}, kNoCell, 1, 0};
  wins.steps[0].markVerified(true);
  cannot.steps[0].markVerified(true);
  settle(wins, 0);
  settle(cannot, 0);
  BookRecord into = wins;
  EXPECT_TRUE(mergeRecord(into, cannot, 0).has_value());
  EXPECT_EQ(into.result, Value::BlackWins);  // unchanged
  BookRecord whiteCannot;
  whiteCannot.steps[1] = {true, false, {9}, 0, {}, 9, 1, 0};
  whiteCannot.steps[1].markVerified(true);
  BookRecord drawn = cannot;
  EXPECT_FALSE(mergeRecord(drawn, whiteCannot, 0).has_value());
  EXPECT_EQ(drawn.result, Value::Draw);
  EXPECT_EQ(drawn.bestMove, 9);  // black's move that stops white's win
}

// kRenjuWin solved and stored in `book`: the position, its result and the positions stored.
struct StoredWin {
  Position pos;
  gomoku::SolveResult result;
  std::size_t stored = 0;
};
StoredWin storeRenjuWin(Book& book) {
  StoredWin win{positionOf(kRenjuWin), {}, 0};
  win.result = solved(win.pos);
  if (win.result.value == gomoku::GameValue::BlackWins) win.stored = storeSolve(book, win.pos, win.result);
  return win;
}

TEST(Book, SolveStoresEveryPositionAndEachVerifiesFromTheBookAlone) {
  TempDir tmp("book-test");
  Book book(tmp.sub("b"), Book::Access::Create);
  const StoredWin win = storeRenjuWin(book);
  ASSERT_EQ(win.result.value, gomoku::GameValue::BlackWins);
  const std::size_t stored = win.stored;
  EXPECT_GE(stored, 20u);
  const BookStats stats = collectStats(book);
  EXPECT_EQ(stats.entries, stored);
  EXPECT_EQ(stats.verified, stored);
  EXPECT_EQ(stats.byResult.at("black-wins"), stored);
  // Every stored position is a black win whose proof rebuilds from the records and verifies.
  std::size_t checked = 0;
  book.forEach([&](std::string_view key, const BookRecord* record, const std::string&) {
    const DecodedKey k = decodeKey(key);
    EXPECT_EQ(record->result, Value::BlackWins);
    const StoredCheck check = checkStoredClaim(book, k.board, k.rule, k.toMove, Color::Black);
    EXPECT_TRUE(check.ok) << check.error;
    ++checked;
    return true;
  });
  EXPECT_EQ(checked, stored);
}

TEST(Book, ProvedWinsBelowABoardAreThoseItsSearchCanMeet) {
  TempDir tmp("book-test");
  Book book(tmp.sub("b"), Book::Access::Create);
  const StoredWin win = storeRenjuWin(book);
  ASSERT_EQ(win.result.value, gomoku::GameValue::BlackWins);
  const Position& pos = win.pos;
  const std::size_t all = provedWinsOf(book, Rule::Renju, 15).size();
  EXPECT_EQ(all, win.stored);
  // Every stored position lies on the proof from pos: all are below it, in any orientation.
  EXPECT_EQ(provedWinsOf(book, Rule::Renju, 15, &pos.board).size(), all);
  const Board mirrored = gomoku::applySymmetry(5, pos.board);
  EXPECT_EQ(provedWinsOf(book, Rule::Renju, 15, &mirrored).size(), all);
  // Below the winning move only its own subtree: pos itself and the other replies' lines are not.
  Board after = pos.board;
  after.place(win.result.bestMove, Color::Black);
  const std::size_t below = provedWinsOf(book, Rule::Renju, 15, &after).size();
  EXPECT_GT(below, 0u);
  EXPECT_LT(below, all);
  // A stone the proof never holds (white on a1): nothing below it.
  Board elsewhere = pos.board;
  elsewhere.place(*gomoku::parsePoint("a1", 15), Color::White);
  EXPECT_EQ(provedWinsOf(book, Rule::Renju, 15, &elsewhere).size(), 0u);
}

TEST(Book, QueryAgreesInAllEightOrientations) {
  TempDir tmp("book-test");
  const Position pos = positionOf(kRenjuWin);
  Book writer(tmp.sub("b"), Book::Access::Create);
  storeSolve(writer, pos, solved(pos));
  const QueryAnswer base = queryBook(writer, pos);
  ASSERT_EQ(base.result, Value::BlackWins);
  ASSERT_NE(base.bestMove, gomoku::kNoPoint);
  EXPECT_EQ(base.line.front(), base.bestMove);
  for (int s = 0; s < gomoku::kSymmetries; ++s) {
    Position image = pos;
    image.board = gomoku::applySymmetry(s, pos.board);
    const QueryAnswer a = queryBook(writer, image);
    EXPECT_EQ(a.result, Value::BlackWins) << "symmetry " << s;
    EXPECT_EQ(a.bestMove, gomoku::applySymmetry(s, base.bestMove, 15)) << "symmetry " << s;
    ASSERT_EQ(a.line.size(), base.line.size());
    for (std::size_t i = 0; i < a.line.size(); ++i) EXPECT_EQ(a.line[i], gomoku::applySymmetry(s, base.line[i], 15));
    // Play the best move in this orientation: the child is still a black win, and its best
    // reply leads on to a black win too.
    Position child = image;
    child.board.place(a.bestMove, Color::Black);
    child.toMove = Color::White;
    const QueryAnswer c = queryBook(writer, child);
    EXPECT_EQ(c.result, Value::BlackWins) << "symmetry " << s;
    bool found = false;
    for (const auto& r : a.replies)
      if (r.move == a.bestMove) found = r.result == Value::BlackWins;
    EXPECT_TRUE(found) << "symmetry " << s;
    // The stored proof also verifies from this orientation.
    EXPECT_TRUE(checkStoredClaim(writer, image.board, Rule::Renju, Color::Black, Color::Black).ok);
  }
}

TEST(Book, AThreatSequencesFirstThreatIsTheBestMoveInEveryOrientation) {
  // Freestyle, black's g8 h8 and j10 j11: j8 makes two threes. With the threat probe off the
  // root's proof is one threat-space sequence leaf (its gains, no children); the book must still
  // name its first threat as the move to play, and verify it from the records.
  TempDir tmp("book-test");
  const Position pos = positionOf("g8 a1 h8 o1 j10 a15 j11 o15", Rule::Freestyle);
  gomoku::SolveOptions options;
  options.probeNodes = 0;
  const auto result = gomoku::solve(pos, options);
  ASSERT_EQ(result.value, gomoku::GameValue::BlackWins);
  ASSERT_EQ(result.proofs.size(), 1u);
  ASSERT_TRUE(result.proofs[0].tree.nodes[0].children.empty());
  ASSERT_EQ(result.proofs[0].tree.nodes[0].argument.kind, gomoku::ProofGame::kThreatSequence);
  const Point j8 = *gomoku::parsePoint("j8", 15);
  Book book(tmp.sub("b"), Book::Access::Create);
  storeSolve(book, pos, result);
  for (int s = 0; s < gomoku::kSymmetries; ++s) {
    Position image = pos;
    image.board = gomoku::applySymmetry(s, pos.board);
    const QueryAnswer a = queryBook(book, image);
    EXPECT_EQ(a.result, Value::BlackWins) << "symmetry " << s;
    EXPECT_EQ(a.bestMove, gomoku::applySymmetry(s, j8, 15)) << "symmetry " << s;
    EXPECT_TRUE(checkStoredClaim(book, image.board, Rule::Freestyle, Color::Black, Color::Black).ok) << "symmetry " << s;
  }
}

// `book export --along`: where a rebuilt tree reaches a position of the game with the winner to
// move, it takes the game's move when the book proves the position after it the same win, and the
// stored move otherwise; the tree stays a proof either way.
TEST(Book, RebuiltTreeTakesThePreferredMoveOnlyWhereItsChildIsProved) {
  TempDir tmp("book-test");
  // Black's open three h8-i8-j8: g8 and k8 each make an open four.
  const Position pos = positionOf("h8 a1 i8 a2 j8 a3", Rule::Freestyle);
  Book book(tmp.sub("b"), Book::Access::Create);
  const auto root = solved(pos);
  ASSERT_EQ(root.value, gomoku::GameValue::BlackWins);
  storeSolve(book, pos, root);
  const Point stored = queryBook(book, pos).bestMove;
  const Point g8 = *gomoku::parsePoint("g8", 15), k8 = *gomoku::parsePoint("k8", 15);
  ASSERT_TRUE(stored == g8 || stored == k8) << gomoku::formatPoint(stored, 15);
  const Point other = stored == g8 ? k8 : g8;
  // The root's first move in a rebuilt tree (none where the stored step is a threat sequence).
  const auto firstMove = [](const StoredClaim& c) {
    return c.tree.nodes[0].children.empty() ? gomoku::kNoPoint : c.tree.nodes[0].children[0].move;
  };
  const StoredClaim plain = rebuildStoredClaim(book, pos.board, Rule::Freestyle, Color::Black, Color::Black);
  ASSERT_TRUE(plain.ok) << plain.error;
  ASSERT_NE(firstMove(plain), other);

  PreferredMoves prefer{{pos.board.hash(), other}};
  // The other move's position is not in the book yet: the stored step stays.
  StoredClaim claim = rebuildStoredClaim(book, pos.board, Rule::Freestyle, Color::Black, Color::Black, 0, &prefer);
  ASSERT_TRUE(claim.ok) << claim.error;
  EXPECT_EQ(firstMove(claim), firstMove(plain));
  EXPECT_EQ(claim.tree.nodes.size(), plain.tree.nodes.size());
  // Proved and stored, it is taken, and the tree is a proof; without the preference, as before.
  Position after = pos;
  after.board.place(other, Color::Black);
  after.toMove = Color::White;
  const auto afterResult = solved(after);
  ASSERT_EQ(afterResult.value, gomoku::GameValue::BlackWins);
  storeSolve(book, after, afterResult);
  claim = rebuildStoredClaim(book, pos.board, Rule::Freestyle, Color::Black, Color::Black, 0, &prefer);
  ASSERT_TRUE(claim.ok) << claim.error;
  EXPECT_EQ(firstMove(claim), other);
  EXPECT_TRUE(gomoku::checkProof(pos.board, Color::Black, Rule::Freestyle, Color::Black, claim.tree).ok);
  const StoredClaim again = rebuildStoredClaim(book, pos.board, Rule::Freestyle, Color::Black, Color::Black);
  ASSERT_TRUE(again.ok) << again.error;
  EXPECT_EQ(firstMove(again), firstMove(plain));
  // A preferred move on a taken point changes nothing.
  PreferredMoves taken{{pos.board.hash(), *gomoku::parsePoint("h8", 15)}};
  claim = rebuildStoredClaim(book, pos.board, Rule::Freestyle, Color::Black, Color::Black, 0, &taken);
  ASSERT_TRUE(claim.ok) << claim.error;
  EXPECT_EQ(firstMove(claim), firstMove(plain));
}

TEST(Book, DrawIsTwoDisproofsAndChildrenKeepOnlyWhatIsProved) {
  TempDir tmp("book-test");
  const Position pos = positionOf("", Rule::Freestyle, 6);
  const auto result = solved(pos);
  ASSERT_EQ(result.value, gomoku::GameValue::Draw);
  Book book(tmp.sub("b"), Book::Access::Create);
  storeSolve(book, pos, result);
  const QueryAnswer root = queryBook(book, pos);
  EXPECT_EQ(root.result, Value::Draw);
  EXPECT_TRUE(checkStoredClaim(book, pos.board, Rule::Freestyle, Color::Black, Color::Black).ok);
  EXPECT_TRUE(checkStoredClaim(book, pos.board, Rule::Freestyle, Color::Black, Color::White).ok);
  // Positions inside one disproof tree only know that one side cannot win: never a draw by
  // default, never a win.
  std::size_t partial = 0;
  book.forEach([&](std::string_view, const BookRecord* r, const std::string&) {
    EXPECT_NE(r->result, Value::BlackWins);
    EXPECT_NE(r->result, Value::WhiteWins);
    if (r->result == Value::Draw) {
      EXPECT_TRUE(r->steps[0].present && r->steps[1].present);
    }
    if (r->result == Value::Unknown) ++partial;
    return true;
  });
  EXPECT_GT(partial, 0u);
}

// A draw's best move leads to a position whose record proves only that the side to move cannot
// win; the position a move earlier proves the other half, so the query answers a draw.
TEST(Book, AfterADrawsBestMoveTheQueryCombinesBothProofs) {
  TempDir tmp("book-test");
  const Position pos = positionOf("c3", Rule::Freestyle, 6);
  const auto result = solved(pos);
  ASSERT_EQ(result.value, gomoku::GameValue::Draw);
  Book book(tmp.sub("b"), Book::Access::Create);
  storeSolve(book, pos, result);
  const QueryAnswer root = queryBook(book, pos);
  ASSERT_EQ(root.result, Value::Draw);
  ASSERT_NE(root.bestMove, gomoku::kNoPoint);
  Position after = pos;
  after.board.place(root.bestMove, Color::White);
  after.toMove = Color::Black;
  const QueryAnswer child = queryBook(book, after);
  EXPECT_EQ(child.result, Value::Draw);
  EXPECT_EQ(child.derivedFrom, root.bestMove);
  EXPECT_TRUE(child.cannotWin[0] && child.cannotWin[1]);
  // Without the position before it, the same record is only half a draw.
  Book alone(tmp.sub("alone"), Book::Access::Create);
  book.forEach([&](std::string_view key, const BookRecord* r, const std::string&) {
    if (key == canonicalKey(after.board, Rule::Freestyle, Color::Black).bytes) alone.write({{std::string(key), *r}});
    return true;
  });
  const QueryAnswer half = queryBook(alone, after);
  EXPECT_TRUE(half.found);
  EXPECT_EQ(half.result, Value::Unknown);
  EXPECT_EQ(half.derivedFrom, gomoku::kNoPoint);
}

TEST(Book, ReaderBesideWriterSeesNewProofsAfterRefresh) {
  TempDir tmp("book-test");
  const std::string dir = tmp.sub("b");
  Book writer(dir, Book::Access::Create);
  const Position first = positionOf("c3", Rule::Freestyle, 6);
  storeSolve(writer, first, solved(first));
  Book reader(dir, Book::Access::ReadOnly);
  EXPECT_EQ(queryBook(reader, first).result, Value::Draw);
  const Position second = positionOf(kRenjuWin);
  storeSolve(writer, second, solved(second));
  reader.refresh();
  EXPECT_EQ(queryBook(reader, second).result, Value::BlackWins);
}

// A RocksDB in `dir` with these column families, and in the first one key "k" when `key`.
void makeRocksDb(const std::string& dir, const std::vector<std::string>& families, bool key = false) {
  rocksdb::DBOptions options;
  options.create_if_missing = true;
  options.create_missing_column_families = true;
  std::vector<rocksdb::ColumnFamilyDescriptor> descriptors;
  for (const auto& f : families) descriptors.emplace_back(f, rocksdb::ColumnFamilyOptions());
  std::vector<rocksdb::ColumnFamilyHandle*> handles;
  rocksdb::DB* db = nullptr;
  ASSERT_TRUE(rocksdb::DB::Open(options, dir, descriptors, &handles, &db).ok());
  if (key) {
    ASSERT_TRUE(db->Put(rocksdb::WriteOptions(), handles[0], "k", "v").ok());
  }
  for (auto* h : handles) db->DestroyColumnFamilyHandle(h);
  delete db;
}

TEST(Book, ACreationCutOffBeforeItsFamiliesIsFinishedByTheNextWriter) {
  // kill -9 while RocksDB creates the families one by one can leave a book with only its default
  // family, or without the later ones. Readers open it as an empty book; the next writer
  // (verify, a rerun) adds what is missing instead of failing on it, and a rerun finishes the
  // creation.
  TempDir tmp("book-test");
  int n = 0;
  for (const std::vector<std::string>& present :
       {std::vector<std::string>{"default"}, {"default", "positions"}, {"default", "positions", "metadata"}}) {
    SCOPED_TRACE(present.size());
    const std::string dir = tmp.sub("cut" + std::to_string(++n));
    makeRocksDb(dir, present);
    {
      Book reader(dir, Book::Access::ReadOnly);
      EXPECT_EQ(queryBook(reader, positionOf("c3", Rule::Freestyle, 6)).result, Value::Unknown);
      EXPECT_EQ(collectStats(reader).entries, 0u);
    }
    { Book verifier(dir, Book::Access::ReadWrite); }  // as tengen verify opens it
    {
      Book writer(dir, Book::Access::Create);  // as a rerun of the solve or build opens it
      const Position pos = positionOf("c3", Rule::Freestyle, 6);
      storeSolve(writer, pos, solved(pos));
    }
    std::vector<std::string> families;
    ASSERT_TRUE(rocksdb::DB::ListColumnFamilies(rocksdb::DBOptions(), dir, &families).ok());
    for (const char* f : {"positions", "metadata", "jobs", "othello"})
      EXPECT_NE(std::find(families.begin(), families.end(), f), families.end()) << f;
    Book reader(dir, Book::Access::ReadOnly);
    EXPECT_EQ(queryBook(reader, positionOf("c3", Rule::Freestyle, 6)).result, Value::Draw);
    EXPECT_EQ(reader.metadata().formatVersion, kFormatVersion);
  }
}

TEST(Book, ARocksDbOfSomethingElseIsNoBookAndIsLeftAsItWas) {
  // Only an empty database of tengen's own families reads as a cut-off creation: one holding a
  // key, or a family tengen never makes, is refused by every kind of open and not changed.
  TempDir tmp("book-test");
  const std::string withKey = tmp.sub("with-key"), withFamily = tmp.sub("with-family");
  makeRocksDb(withKey, {"default"}, true);
  makeRocksDb(withFamily, {"default", "users"});
  for (const std::string& dir : {withKey, withFamily})
    for (auto access : {Book::Access::ReadOnly, Book::Access::ReadWrite, Book::Access::Create}) {
      try {
        Book book(dir, access);
        ADD_FAILURE() << dir << ": opened another program's database as a book";
      } catch (const BookError& e) {
        EXPECT_NE(std::string(e.what()).find("not a tengen book (no 'positions' column family)"), std::string::npos)
            << e.what();
      }
      std::vector<std::string> families;
      ASSERT_TRUE(rocksdb::DB::ListColumnFamilies(rocksdb::DBOptions(), dir, &families).ok());
      EXPECT_EQ(std::find(families.begin(), families.end(), "positions"), families.end()) << dir;
    }
}

TEST(Book, FaultsAreNamedOneLineEach) {
  TempDir tmp("book-test");
  const std::string dir = tmp.sub("b");
  // Missing book for a reader.
  try {
    Book missing(dir, Book::Access::ReadOnly);
    FAIL() << "opened a missing book";
  } catch (const BookError& e) {
    EXPECT_NE(std::string(e.what()).find(dir), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("no book"), std::string::npos);
  }
  {
    Book writer(dir, Book::Access::Create);
    // A second writer in the same process is refused while the first holds the book (another
    // process gets "in use by another writer": book_crash_test.sh).
    try {
      Book second(dir, Book::Access::Create);
      FAIL() << "a second writer opened the book";
    } catch (const BookError& e) {
      EXPECT_NE(std::string(e.what()).find("already open for writing in this process"), std::string::npos) << e.what();
    }
    const Position pos = positionOf(kRenjuWin);
    storeSolve(writer, pos, solved(pos));
  }
  // One damaged record: it alone is unreadable; the rest of the book answers.
  const Position pos = positionOf(kRenjuWin);
  const std::string rootKey = canonicalKey(pos.board, Rule::Renju, Color::Black).bytes;
  std::string childKey;
  {
    Book book(dir, Book::Access::ReadOnly);
    const QueryAnswer a = queryBook(book, pos);
    Board child = pos.board;
    child.place(a.bestMove, Color::Black);
    childKey = canonicalKey(child, Rule::Renju, Color::White).bytes;
    std::string bytes = *book.getRaw(childKey);
    bytes[bytes.size() - 1] ^= 0x55;
    putBehindTheBooksBack(dir, "positions", childKey, bytes);
  }
  {
    Book book(dir, Book::Access::ReadOnly);
    EXPECT_THROW(book.get(childKey), BookError);
    EXPECT_TRUE(book.get(rootKey).has_value());
    EXPECT_EQ(queryBook(book, pos).result, Value::BlackWins);
    const BookStats stats = collectStats(book);
    EXPECT_EQ(stats.unreadable, 1u);
    // The root's proof runs through the damaged record: re-checking it fails and says where.
    const StoredCheck check = checkStoredClaim(book, pos.board, Rule::Renju, Color::Black, Color::Black);
    EXPECT_FALSE(check.ok);
    EXPECT_NE(check.error.find("checksum"), std::string::npos) << check.error;
  }
  // A book from a newer tengen.
  putBehindTheBooksBack(dir, "metadata", "format_version", "99");
  try {
    Book newer(dir, Book::Access::ReadOnly);
    FAIL() << "opened a book of format 99";
  } catch (const BookError& e) {
    EXPECT_NE(std::string(e.what()).find("format version 99"), std::string::npos) << e.what();
  }
}

TEST(Book, TamperedProofFailsTheVerifier) {
  TempDir tmp("book-test");
  const Position pos = positionOf(kRenjuWin);
  Book book(tmp.sub("b"), Book::Access::Create);
  storeSolve(book, pos, solved(pos));
  // Replace black's winning move at the root by another legal move with a stored-looking step.
  const PositionKey key = canonicalKey(pos.board, Rule::Renju, Color::Black);
  BookRecord record = *book.get(key.bytes);
  const Point wrong = *gomoku::parsePoint("a1", 15);
  record.steps[0].moves = {static_cast<Cell>(gomoku::applySymmetry(key.symmetry, wrong, 15))};
  Board after = pos.board;
  after.place(wrong, Color::Black);
  BookRecord fake;  // a forged "black wins" claim after a1 with no proof behind it
  fake.steps[0] = {true, true, {}, 0, {}, kNoCell, 1, 0};
  fake.steps[0].markVerified(true);
  settle(fake, 1);
  book.write({{key.bytes, record}, {canonicalKey(after, Rule::Renju, Color::White).bytes, fake}});
  const StoredCheck check = checkStoredClaim(book, pos.board, Rule::Renju, Color::Black, Color::Black);
  EXPECT_FALSE(check.ok);
  EXPECT_NE(check.error.find("verifier rejected"), std::string::npos) << check.error;
}

TEST(BookTransfer, MergeOfTwoBooksAndJsonRoundTrip) {
  TempDir tmp("book-test");
  const Position renju = positionOf(kRenjuWin);
  const Position small = positionOf("c3", Rule::Freestyle, 6);
  {
    Book a(tmp.sub("a"), Book::Access::Create);
    storeSolve(a, renju, solved(renju));
    Book b(tmp.sub("b"), Book::Access::Create);
    storeSolve(b, small, solved(small));
  }
  Book merged(tmp.sub("m"), Book::Access::Create);
  std::size_t expected = 0;
  for (const char* name : {"a", "b"}) {
    const Book from(tmp.sub(name), Book::Access::ReadOnly);
    KeyedRecords entries;
    from.forEach([&](std::string_view key, const BookRecord* r, const std::string&) {
      entries.emplace_back(std::string(key), *r);
      return true;
    });
    expected += entries.size();
    const ImportReport report = importEntries(merged, entries);
    EXPECT_TRUE(report.contradictions.empty());
  }
  EXPECT_EQ(collectStats(merged).entries, expected);
  // Imported steps are claims until this installation's verifier re-checks them.
  EXPECT_EQ(queryBook(merged, renju).result, Value::Unknown);
  EXPECT_EQ(queryBook(merged, renju).claimed, Value::BlackWins);
  EXPECT_EQ(queryBook(merged, small).claimed, Value::Draw);
  EXPECT_FALSE(queryBook(merged, renju).verified);
  const StoredCheck merged_check = checkStoredClaim(merged, renju.board, Rule::Renju, Color::Black, Color::Black);
  ASSERT_TRUE(merged_check.ok) << merged_check.error;
  markVerified(merged, merged_check.keys, Color::Black, true);
  EXPECT_EQ(queryBook(merged, renju).result, Value::BlackWins);
  EXPECT_TRUE(queryBook(merged, renju).verified);

  // Export, import into an empty book, re-verify: the same entries, line for line.
  const Book source(tmp.sub("a"), Book::Access::ReadOnly);
  const std::vector<std::string> lines = exportLines(source);
  KeyedRecords parsed;
  for (const auto& line : lines) parsed.push_back(entryFromJson(line));
  Book copy(tmp.sub("c"), Book::Access::Create);
  ASSERT_TRUE(importEntries(copy, parsed).contradictions.empty());
  const StoredCheck check = checkStoredClaim(copy, renju.board, Rule::Renju, Color::Black, Color::Black);
  ASSERT_TRUE(check.ok) << check.error;
  markVerified(copy, check.keys, Color::Black, true);
  EXPECT_EQ(exportLines(copy), lines);
}

TEST(BookTransfer, ContradictionWritesNothing) {
  TempDir tmp("book-test");
  const Position pos = positionOf(kRenjuWin);
  Book book(tmp.sub("b"), Book::Access::Create);
  storeSolve(book, pos, solved(pos));
  const std::size_t before = collectStats(book).entries;
  const PositionKey key = canonicalKey(pos.board, Rule::Renju, Color::Black);
  BookRecord liar;
  liar.steps[0] = {true, false, {}, 0, {}, kNoCell, 1, 0};  // "black cannot win"
  liar.steps[0].markVerified(true);
  settle(liar, 0);
  // A new position and the contradicting one in one import.
  Board other = gomoku::testing::boardOf("h8/h9");
  BookRecord fresh;
  fresh.pn = 5;
  fresh.dn = 7;
  const ImportReport report =
      importEntries(book, {{canonicalKey(other, Rule::Renju, Color::Black).bytes, fresh}, {key.bytes, liar}});
  ASSERT_EQ(report.contradictions.size(), 1u);
  EXPECT_NE(report.contradictions[0].find("contradiction at"), std::string::npos);
  EXPECT_EQ(collectStats(book).entries, before);
  EXPECT_EQ(book.get(key.bytes)->result, Value::BlackWins);
}

TEST(BookTransfer, BadJsonLinesSayWhatIsWrong) {
  EXPECT_THROW(entryFromJson("not json"), BookError);
  EXPECT_THROW(entryFromJson("{\"position\": \"h8/\"}"), BookError);
  try {
    entryFromJson(R"({"position":"h8/","to_move":"white","rule":"renju","size":15,"result":"black-wins","steps":{}})");
    FAIL();
  } catch (const BookError& e) {
    EXPECT_NE(std::string(e.what()).find("disagrees"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace tengen::book
