// The book never loses an acknowledged write silently: a closed book keeps its data in tables; a
// write-ahead log damaged or cut short, a manifest cut short, a missing file and a value moved
// under another key are each refused as damage by readers and writers alike, which change nothing;
// a format 1 book is upgraded by its writer; repair copies every readable record and nothing else.
#include <gtest/gtest.h>
#include <rocksdb/db.h>

#include <filesystem>
#include <fstream>
#include <map>

#include "book/acknowledged_writes.h"
#include "book/book.h"
#include "book/book_repair.h"
#include "book/position_key.h"
#include "book/sealed_bytes.h"
#include "solver/gomoku/position.h"
#include "tests/raw_book.h"
#include "tests/temp_dir.h"
#include "tests/test_boards.h"

namespace tengen::book {
namespace {

namespace fs = std::filesystem;
using gomoku::Board;
using gomoku::Color;
using gomoku::Rule;
using tests::TempDir;

// A record with a stored step, distinct per index.
BookRecord recordNumbered(int i) {
  BookRecord r;
  r.steps[0].present = true;
  r.steps[0].attackerWins = false;
  r.steps[0].moves = {static_cast<Cell>(i % 200), static_cast<Cell>((i * 7) % 200)};
  r.steps[0].size = static_cast<std::uint32_t>(i + 1);
  r.toolVersion = "tengen test";
  return r;
}

// Writes `count` records in batches of `batch`; returns each key with its stored bytes.
std::map<std::string, std::string> fill(Book& book, int count, int batch = 10) {
  std::map<std::string, std::string> written;
  std::vector<std::pair<std::string, BookRecord>> records;
  for (int i = 0; i < count; ++i) {
    Board b(15);
    // A distinct position per i: a black stone at i's cell and white stones along the top row,
    // then (from the sixteenth) along the bottom one.
    b.place(b.point(i % 15, 1 + (i / 15) % 13), Color::Black);
    for (int w = 0; w <= i / 195; ++w) b.place(w < 15 ? b.point(w, 14) : b.point(w - 15, 0), Color::White);
    const std::string key = canonicalKey(b, Rule::Freestyle, Color::White).bytes;
    records.emplace_back(key, recordNumbered(i));
    written[key] = bindToKey(key, encodeRecord(records.back().second));
    if (static_cast<int>(records.size()) == batch) {
      book.write(records);
      records.clear();
    }
  }
  book.write(records);
  return written;
}

// Every file of a directory with its bytes.
std::map<std::string, std::string> filesOf(const std::string& dir) {
  std::map<std::string, std::string> files;
  for (const auto& e : fs::directory_iterator(dir)) {
    const std::string name = e.path().filename().string();
    if (name.rfind("LOG", 0) == 0 || name == "LOCK") continue;  // RocksDB's own diary and lock
    std::ifstream in(e.path(), std::ios::binary);
    files[name] = std::string(std::istreambuf_iterator<char>(in), {});
  }
  return files;
}

std::string largest(const std::string& dir, const std::string& extension) {
  std::string best;
  std::uintmax_t size = 0;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == extension && e.file_size() >= size) {
      size = e.file_size();
      best = e.path().string();
    }
  return best;
}

void flipByte(const std::string& file, std::uintmax_t at) {
  std::fstream f(file, std::ios::in | std::ios::out | std::ios::binary);
  f.seekg(static_cast<std::streamoff>(at));
  char c = 0;
  f.read(&c, 1);
  f.seekp(static_cast<std::streamoff>(at));
  c = static_cast<char>(c ^ 0x5A);
  f.write(&c, 1);
}

// What a kill -9 of the writer would leave: the book's files copied while it is open, its
// writes in the write-ahead log.
std::string killedWritersBook(const TempDir& tmp, int records, std::size_t* written = nullptr) {
  const std::string live = tmp.sub("live"), image = tmp.sub("killed");
  Book book(live, Book::Access::Create);
  const std::size_t n = fill(book, records).size();
  if (written) *written = n;
  fs::copy(live, image);
  fs::remove(fs::path(image) / "LOCK");
  return image;
}

// Each kind of open either answers from the whole book or throws a BookError naming damage.
void expectDamagedEverywhere(const std::string& dir, const std::string& words) {
  const auto before = filesOf(dir);
  for (auto access : {Book::Access::ReadOnly, Book::Access::ReadWrite, Book::Access::Create}) {
    try {
      Book book(dir, access);
      ADD_FAILURE() << "opened a damaged book (access " << static_cast<int>(access) << ")";
    } catch (const BookError& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find("damaged"), std::string::npos) << what;
      EXPECT_NE(what.find(words), std::string::npos) << what;
      EXPECT_NE(what.find("tengen book repair"), std::string::npos) << what;
      EXPECT_EQ(what.find('\n'), std::string::npos) << what;
    }
  }
  EXPECT_TRUE(filesOf(dir) == before) << "a refused open changed the book's files";
}

TEST(BookDurability, AClosedBookKeepsItsDataInTablesNotInItsLog) {
  TempDir tmp("durability");
  const std::string dir = tmp.sub("b");
  std::size_t written = 0;
  {
    Book book(dir, Book::Access::Create);
    written = fill(book, 300).size();
  }
  std::uintmax_t logBytes = 0;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".log") logBytes += e.file_size();
  EXPECT_EQ(logBytes, 0u);
  // Every write is still there, and the log is not needed to read it.
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".log") fs::remove(e.path());
  Book reader(dir, Book::Access::ReadOnly);
  std::size_t entries = 0;
  reader.forEach([&](std::string_view, const BookRecord* r, const std::string&) { return entries += r != nullptr, true; });
  EXPECT_EQ(entries, written);
}

TEST(BookDurability, AValueMovedUnderAnotherKeyIsRefusedByEveryRead) {
  TempDir tmp("durability");
  const std::string dir = tmp.sub("b");
  std::string a, b;
  {
    Book book(dir, Book::Access::Create);
    const auto keys = fill(book, 2, 2);
    a = keys.begin()->first;
    b = std::next(keys.begin())->first;
  }
  // a's stored bytes copied onto b, as a program writing straight to RocksDB would.
  std::string moved;
  {
    Book book(dir, Book::Access::ReadOnly);
    moved = *book.getRaw(a);
  }
  tests::putBehindTheBooksBack(dir, "positions", b, moved);
  Book book(dir, Book::Access::ReadOnly);
  EXPECT_TRUE(book.get(a).has_value());
  try {
    book.get(b);
    ADD_FAILURE() << "read a value stored under another key";
  } catch (const RecordError& e) {
    EXPECT_NE(std::string(e.what()).find("another position's key"), std::string::npos) << e.what();
  }
  int refused = 0;
  book.getMany({a, b}, [&](std::size_t i, const BookRecord* r, const std::string& damage) {
    if (i == 1) refused += r == nullptr && !damage.empty();
  });
  EXPECT_EQ(refused, 1);
  int unreadable = 0;
  book.forEach([&](std::string_view, const BookRecord* r, const std::string&) { return unreadable += r == nullptr, true; });
  EXPECT_EQ(unreadable, 1);
}

TEST(BookDurability, KeyBindingSealsTheKeyAndTellsMovedFromDamaged) {
  const std::string payload = "T\x01\x02\x03\x04payload";
  const std::string stored = bindToKey("key-a", payload);
  EXPECT_EQ(boundPayload("key-a", stored, false, "record"), payload);
  EXPECT_THROW(boundPayload("key-b", stored, false, "record"), RecordError);
  std::string damaged = stored;
  damaged.back() ^= 1;
  EXPECT_THROW(boundPayload("key-a", damaged, false, "record"), RecordError);
  // An unbound value: only a format 1 book takes it.
  EXPECT_THROW(boundPayload("key-a", payload, false, "record"), RecordError);
  EXPECT_EQ(boundPayload("key-a", payload, true, "record"), payload);
}

TEST(BookDurability, AKilledWritersLogCutShortIsDamageEverywhere) {
  TempDir tmp("durability");
  std::size_t written = 0;
  const std::string image = killedWritersBook(tmp, 400, &written);
  // The whole image opens and holds every write.
  {
    const std::string whole = tmp.sub("whole");
    fs::copy(image, whole);
    Book book(whole, Book::Access::ReadOnly);
    std::size_t entries = 0;
    book.forEach([&](std::string_view, const BookRecord* r, const std::string&) { return entries += r != nullptr, true; });
    EXPECT_EQ(entries, written);
  }
  const std::string log = largest(image, ".log");
  ASSERT_GT(fs::file_size(log), 1000u);
  // Cut at a record's edge or in its middle: RocksDB alone would read a shorter book.
  for (std::uintmax_t keep : {fs::file_size(log) / 2, fs::file_size(log) - 1, std::uintmax_t{0}}) {
    const std::string cut = tmp.sub("cut" + std::to_string(keep));
    fs::copy(image, cut);
    fs::resize_file(fs::path(cut) / fs::path(log).filename(), keep);
    expectDamagedEverywhere(cut, "acknowledged");
  }
  const std::string gone = tmp.sub("gone");
  fs::copy(image, gone);
  fs::remove(fs::path(gone) / fs::path(log).filename());
  expectDamagedEverywhere(gone, "acknowledged");
}

TEST(BookDurability, AChangedByteInAKilledWritersLogIsDamageEverywhere) {
  TempDir tmp("durability");
  const std::string image = killedWritersBook(tmp, 400);
  const std::string log = largest(image, ".log");
  for (std::uintmax_t at : {fs::file_size(log) / 3, fs::file_size(log) / 2, fs::file_size(log) - 20}) {
    const std::string changed = tmp.sub("changed" + std::to_string(at));
    fs::copy(image, changed);
    flipByte((fs::path(changed) / fs::path(log).filename()).string(), at);
    expectDamagedEverywhere(changed, "damaged");
  }
}

TEST(BookDurability, TheRecordOfAcknowledgedWritesIsRequiredAndChecked) {
  TempDir tmp("durability");
  const std::string dir = tmp.sub("b");
  {
    Book book(dir, Book::Access::Create);
    fill(book, 50);
  }
  const std::string acked = (fs::path(dir) / kAcknowledgedFile).string();
  ASSERT_TRUE(fs::exists(acked));
  // One slot torn: the other still reads.
  const std::string torn = tmp.sub("torn");
  fs::copy(dir, torn);
  flipByte((fs::path(torn) / kAcknowledgedFile).string(), 10);
  EXPECT_NO_THROW(Book(torn, Book::Access::ReadOnly));
  // Both slots unreadable, or the file gone: damage.
  const std::string spoiled = tmp.sub("spoiled");
  fs::copy(dir, spoiled);
  flipByte((fs::path(spoiled) / kAcknowledgedFile).string(), 10);
  flipByte((fs::path(spoiled) / kAcknowledgedFile).string(), 42);
  expectDamagedEverywhere(spoiled, kAcknowledgedFile);
  const std::string missing = tmp.sub("missing");
  fs::copy(dir, missing);
  fs::remove(fs::path(missing) / kAcknowledgedFile);
  expectDamagedEverywhere(missing, kAcknowledgedFile);
  // A book whose CURRENT is gone is a damaged book, not "other files".
  const std::string headless = tmp.sub("headless");
  fs::copy(dir, headless);
  fs::remove(fs::path(headless) / "CURRENT");
  expectDamagedEverywhere(headless, "CURRENT");
  // The writer's number never goes back.
  AcknowledgedWrites writes(tmp.path(), "t", 5);
  writes.record(9);
  writes.record(7);
  EXPECT_EQ(AcknowledgedWrites::read(tmp.path(), "t"), 9u);
}

TEST(BookDurability, AManifestCutShortIsDamage) {
  TempDir tmp("durability");
  const std::string dir = tmp.sub("b");
  std::size_t written = 0;
  {
    Book book(dir, Book::Access::Create);
    written = fill(book, 300).size();
  }
  std::string name;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().filename().string().rfind("MANIFEST-", 0) == 0) name = e.path().filename().string();
  ASSERT_FALSE(name.empty());
  const auto size = fs::file_size(fs::path(dir) / name);
  for (std::uintmax_t keep : {std::uintmax_t{0}, std::uintmax_t{10}, size / 2, size - 1}) {
    const std::string cut = tmp.sub("cut" + std::to_string(keep));
    fs::copy(dir, cut);
    fs::resize_file(fs::path(cut) / name, keep);
    // Either the whole book reads, or every open says it is damaged.
    try {
      Book book(cut, Book::Access::ReadOnly);
      std::size_t entries = 0;
      book.forEach([&](std::string_view, const BookRecord* r, const std::string&) { return entries += r != nullptr, true; });
      EXPECT_EQ(entries, written) << "manifest cut to " << keep;
    } catch (const BookError&) {
      expectDamagedEverywhere(cut, "damaged");
    }
  }
}

TEST(BookDurability, AFormatOneBookReadsAndIsUpgradedByItsWriter) {
  TempDir tmp("durability");
  const std::string dir = tmp.sub("old");
  const std::string key = canonicalKey(gomoku::testing::boardOf("h8/h9"), Rule::Renju, Color::Black).bytes;
  BookRecord record = recordNumbered(3);
  {
    // A book as tengen 0.2 wrote it: values unbound, format 1, no TENGEN-ACKED.
    rocksdb::DBOptions options;
    options.create_if_missing = true;
    options.create_missing_column_families = true;
    std::vector<rocksdb::ColumnFamilyDescriptor> descriptors;
    for (const char* f : {"default", "positions", "metadata", "jobs", "othello"})
      descriptors.emplace_back(f, rocksdb::ColumnFamilyOptions());
    std::vector<rocksdb::ColumnFamilyHandle*> handles;
    rocksdb::DB* db = nullptr;
    ASSERT_TRUE(rocksdb::DB::Open(options, dir, descriptors, &handles, &db).ok());
    EXPECT_TRUE(db->Put(rocksdb::WriteOptions(), handles[1], key, encodeRecord(record)).ok());
    EXPECT_TRUE(db->Put(rocksdb::WriteOptions(), handles[2], "format_version", "1").ok());
    EXPECT_TRUE(db->Put(rocksdb::WriteOptions(), handles[3], "job", "v1 100 0 1 1").ok());
    for (auto* h : handles) db->DestroyColumnFamilyHandle(h);
    delete db;
  }
  {
    Book reader(dir, Book::Access::ReadOnly);
    EXPECT_EQ(reader.metadata().formatVersion, 1);
    ASSERT_TRUE(reader.get(key).has_value());
    EXPECT_EQ(reader.get(key)->steps[0].moves, record.steps[0].moves);
  }
  {
    Book writer(dir, Book::Access::ReadWrite);
    EXPECT_EQ(writer.metadata().formatVersion, 2);
    EXPECT_EQ(writer.jobState("job"), "v1 100 0 1 1");
  }
  EXPECT_TRUE(fs::exists(fs::path(dir) / kAcknowledgedFile));
  Book reader(dir, Book::Access::ReadOnly);
  EXPECT_EQ(reader.metadata().formatVersion, 2);
  EXPECT_EQ(reader.getRaw(key)->front(), 'K');
  EXPECT_EQ(reader.get(key)->steps[0].moves, record.steps[0].moves);
}

TEST(BookDurability, RepairCopiesEveryReadableRecordAndNeverChangesTheDamagedBook) {
  TempDir tmp("durability");
  const std::string dir = tmp.sub("b");
  std::map<std::string, std::string> original;
  {
    // Not read back here: this process's block cache would answer later reads from memory.
    Book book(dir, Book::Access::Create);
    original = fill(book, 3000, 100);
    book.compact();
  }
  ASSERT_GT(original.size(), 2500u);
  const std::string table = largest(dir, ".sst");
  ASSERT_GT(fs::file_size(table), 20000u);
  flipByte(table, fs::file_size(table) / 3);

  const auto damaged = filesOf(dir);
  EXPECT_THROW(
      {
        Book book(dir, Book::Access::ReadOnly);
        book.forEach([](std::string_view, const BookRecord*, const std::string&) { return true; });
      },
      BookError);

  const std::string into = tmp.sub("repaired");
  RepairReport report;
  {
    Book repaired(into, Book::Access::Create);
    report = repairBook(dir, repaired);
  }
  EXPECT_TRUE(filesOf(dir) == damaged) << "repair changed the damaged book";
  EXPECT_GT(report.records, original.size() - 200);
  EXPECT_LT(report.records, original.size());
  ASSERT_FALSE(report.lost.empty());
  EXPECT_NE(report.lost[0].find("could not be read"), std::string::npos) << report.lost[0];
  // Every record copied is one the book held, byte for byte; nothing else.
  Book repaired(into, Book::Access::ReadOnly);
  std::size_t copied = 0;
  repaired.forEach([&](std::string_view key, const BookRecord* r, const std::string&) {
    EXPECT_NE(r, nullptr);
    const auto it = original.find(std::string(key));
    EXPECT_NE(it, original.end());
    if (it != original.end()) {
      EXPECT_EQ(*repaired.getRaw(key), it->second);
    }
    ++copied;
    return true;
  });
  EXPECT_EQ(copied, report.records);
}

}  // namespace
}  // namespace tengen::book
