// Salvage: a copy repaired by RocksDB's repairer, then the tables it left out read from both ends.
// The children stream what they read as tagged, length-prefixed items; a child that dies midway
// leaves what it streamed before, and the parent keeps every whole item.
#include "book/book_salvage.h"

#include <rocksdb/db.h>
#include <rocksdb/options.h>
#include <rocksdb/sst_file_reader.h>

#include <algorithm>
#include <filesystem>
#include <cstdarg>
#include <cstdio>
#include <mutex>
#include <memory>
#include <optional>
#include <set>

#include "book/book_error.h"
#include "book/game_entries.h"
#include "book/isolated_run.h"
#include "solver/gomoku/notation.h"

namespace tengen::book {
namespace {

namespace fs = std::filesystem;

// The stream's items: a value (family, key, value), a note for the user, a lost stretch of a
// table (file, key after which, key before which).
constexpr char kValue = 'V', kNote = 'N', kLost = 'L';

// Whether salvage reads the family of this name (the default and campaign families it leaves).
bool salvaged(const std::string& name) {
  return name == kSalvagedPositions || name == kSalvagedMetadata || name == kSalvagedJobs || gameEntriesIn(name);
}

// Buffers items and writes them out in large pieces.
class ItemStream {
 public:
  explicit ItemStream(int out) : out_(out) {}
  ~ItemStream() { flush(); }
  void item(char tag, std::initializer_list<std::string_view> fields) {
    buffer_ += tag;
    for (std::string_view f : fields) {
      for (int i = 0; i < 4; ++i) buffer_ += static_cast<char>((f.size() >> (8 * i)) & 0xFF);
      buffer_.append(f);
    }
    if (buffer_.size() >= (1u << 16)) flush();
  }
  void flush() {
    writeAllTo(out_, buffer_);
    buffer_.clear();
  }

 private:
  int out_;
  std::string buffer_;
};

// Reads `it` from the front until it fails, then from the back down to where the front stopped.
// Every entry read goes to `stream` under `family`; a stretch that could not be read is reported
// with the keys on either side of it.
void readBothEnds(rocksdb::Iterator& it, const std::string& family, const std::string& file, ItemStream& stream) {
  std::optional<std::string> lastFront;
  for (it.SeekToFirst(); it.Valid(); it.Next()) {
    stream.item(kValue, {family, it.key().ToStringView(), it.value().ToStringView()});
    lastFront = it.key().ToString();
  }
  if (it.status().ok()) return;
  std::optional<std::string> firstBack;
  for (it.SeekToLast(); it.Valid() && (!lastFront || it.key().compare(*lastFront) > 0); it.Prev()) {
    stream.item(kValue, {family, it.key().ToStringView(), it.value().ToStringView()});
    firstBack = it.key().ToString();
  }
  if (family == kSalvagedPositions) {
    stream.item(kLost, {file, lastFront.value_or(""), firstBack.value_or("")});
  } else {
    const GameEntries* game = gameEntriesIn(family);
    stream.item(kNote, {file + ": part of its " + (game ? std::string(game->title) + " entries" : std::string("book data")) +
                        " could not be read (" + gomoku::printable(it.status().ToString(), 160) + ")"});
  }
}

// RocksDB's own account of what it skipped in the write-ahead logs: its info log is the only place
// it says so, so this logger keeps those lines (each distinct one once).
class DropsLogger : public rocksdb::Logger {
 public:
  DropsLogger() : rocksdb::Logger(rocksdb::InfoLogLevel::WARN_LEVEL) {}
  using rocksdb::Logger::Logv;
  void Logv(const char* format, va_list ap) override {
    char line[1024];
    std::vsnprintf(line, sizeof line, format, ap);
    const std::string text(line);
    if (text.find("dropping") == std::string::npos && text.find("Corruption") == std::string::npos) return;
    std::lock_guard lock(mutex_);
    if (std::find(lines_.begin(), lines_.end(), text) == lines_.end()) lines_.push_back(text);
  }
  std::vector<std::string> lines() {
    std::lock_guard lock(mutex_);
    return lines_;
  }

 private:
  std::mutex mutex_;
  std::vector<std::string> lines_;
};

// "[WARN] [db/...] (ignoring error) /x/copy/000016.log: dropping 32768 bytes; Corruption: checksum
// mismatch" as "write-ahead log 000016.log: 32768 bytes dropped (checksum mismatch)".
std::string describeDrop(const std::string& line) {
  const std::size_t drop = line.find(": dropping ");
  if (drop == std::string::npos) return gomoku::printable(line, 240);
  const std::size_t nameStart = line.rfind('/', drop);
  const std::size_t spaceStart = line.rfind(' ', drop);
  const std::size_t from = nameStart != std::string::npos ? nameStart + 1 : spaceStart != std::string::npos ? spaceStart + 1 : 0;
  const std::string file = line.substr(from, drop - from);
  std::string rest = line.substr(drop + 11);  // "32768 bytes; Corruption: checksum mismatch"
  std::string why;
  if (const std::size_t semi = rest.find("; "); semi != std::string::npos) {
    why = rest.substr(semi + 2);
    rest.erase(semi);
    if (why.rfind("Corruption: ", 0) == 0) why.erase(0, 12);
  }
  return gomoku::printable("write-ahead log " + file + ": " + rest + " dropped" + (why.empty() ? "" : " (" + why + ")"), 240);
}

std::vector<rocksdb::ColumnFamilyDescriptor> bookFamilies() {
  std::vector<rocksdb::ColumnFamilyDescriptor> families;
  for (const char* name : {rocksdb::kDefaultColumnFamilyName.c_str(), kSalvagedPositions, kSalvagedMetadata, kSalvagedJobs})
    families.emplace_back(name, rocksdb::ColumnFamilyOptions());
  for (const GameEntries* game : gameEntryKinds()) families.emplace_back(game->family, rocksdb::ColumnFamilyOptions());
  return families;
}

std::uint32_t readU32(std::string_view bytes, std::size_t at) {
  std::uint32_t v = 0;
  for (int i = 3; i >= 0; --i) v = v << 8 | static_cast<unsigned char>(bytes[at + static_cast<std::size_t>(i)]);
  return v;
}

// Every whole item of a child's stream.
struct Item {
  char tag;
  std::vector<std::string> fields;
};
std::vector<Item> parseItems(std::string_view bytes) {
  std::vector<Item> items;
  std::size_t at = 0;
  const auto fieldsOf = [](char tag) { return tag == kValue || tag == kLost ? 3 : 1; };
  while (at < bytes.size()) {
    Item item{bytes[at], {}};
    if (item.tag != kValue && item.tag != kNote && item.tag != kLost) break;
    std::size_t p = at + 1;
    bool whole = true;
    for (int f = 0; f < fieldsOf(item.tag) && whole; ++f) {
      if (p + 4 > bytes.size()) {
        whole = false;
        break;
      }
      const std::uint32_t n = readU32(bytes, p);
      p += 4;
      if (p + n > bytes.size()) {
        whole = false;
        break;
      }
      item.fields.emplace_back(bytes.substr(p, n));
      p += n;
    }
    if (!whole) break;
    items.push_back(std::move(item));
    at = p;
  }
  return items;
}

// A table's number from its name (000019.sst -> 19), for newest-first order.
long tableNumber(const fs::path& file) {
  try {
    return std::stol(file.stem().string());
  } catch (const std::exception&) {
    return -1;
  }
}

std::string crashNote(const std::string& what, const IsolatedResult& r) {
  return what + (r.crashed ? ": RocksDB died of signal " + std::to_string(r.signal) + " reading it" : ": could not be read");
}

}  // namespace

int salvageDatabaseTo(const std::string& copy, int out) {
  ItemStream stream(out);
  rocksdb::DBOptions options;
  const auto drops = std::make_shared<DropsLogger>();
  options.info_log = drops;
  options.paranoid_checks = false;
  // Every readable record of the write-ahead logs, past any damage in them.
  options.wal_recovery_mode = rocksdb::WALRecoveryMode::kSkipAnyCorruptedRecords;
  std::vector<std::string> names;
  rocksdb::Status s = rocksdb::DB::ListColumnFamilies(options, copy, &names);
  std::vector<rocksdb::ColumnFamilyHandle*> handles;
  rocksdb::DB* raw = nullptr;
  auto open = [&] {
    std::vector<rocksdb::ColumnFamilyDescriptor> descriptors;
    for (const auto& name : names) descriptors.emplace_back(name, rocksdb::ColumnFamilyOptions());
    return rocksdb::DB::OpenForReadOnly(options, copy, descriptors, &handles, &raw);
  };
  if (s.ok()) s = open();
  if (!s.ok()) {
    // The manifest, or a file it lists, is gone or damaged: RocksDB's repairer rebuilds one from
    // the tables (a log's records for a family that has no table yet are then out of reach).
    stream.item(kNote, {"the book's manifest or a file it lists cannot be used (" + gomoku::printable(s.ToString(), 160) +
                        "); rebuilt from its tables"});
    const rocksdb::Status repaired = rocksdb::RepairDB(copy, options, bookFamilies(), rocksdb::ColumnFamilyOptions());
    if (!repaired.ok()) {
      stream.item(kNote, {"RocksDB's repairer could not rebuild the book: " + gomoku::printable(repaired.ToString(), 200)});
      return 0;
    }
    names.clear();
    s = rocksdb::DB::ListColumnFamilies(options, copy, &names);
    if (s.ok()) s = open();
    if (!s.ok()) {
      stream.item(kNote, {"the rebuilt book cannot be opened: " + gomoku::printable(s.ToString(), 200)});
      return 0;
    }
  }
  for (const auto& line : drops->lines()) stream.item(kNote, {describeDrop(line)});
  std::unique_ptr<rocksdb::DB> db(raw);
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (!salvaged(names[i])) continue;
    std::unique_ptr<rocksdb::Iterator> it(db->NewIterator(rocksdb::ReadOptions(), handles[i]));
    readBothEnds(*it, names[i], "the book", stream);
  }
  for (auto* h : handles) db->DestroyColumnFamilyHandle(h);
  return 0;
}

int salvageTableTo(const std::string& file, int out) {
  ItemStream stream(out);
  const std::string name = fs::path(file).filename().string();
  rocksdb::SstFileReader reader{rocksdb::Options()};
  const rocksdb::Status s = reader.Open(file);
  if (!s.ok()) {
    stream.item(kNote, {name + ": cannot be read at all (" + gomoku::printable(s.ToString(), 160) + ")"});
    return 0;
  }
  const auto properties = reader.GetTableProperties();
  if (!properties || !salvaged(properties->column_family_name)) return 0;
  std::unique_ptr<rocksdb::Iterator> it(reader.NewIterator(rocksdb::ReadOptions()));
  readBothEnds(*it, properties->column_family_name, name, stream);
  return 0;
}

Salvage salvageBook(const std::string& dir, const std::string& scratch) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) throw BookError("book " + gomoku::printable(dir) + ": no such directory");
  const fs::path copy = fs::path(scratch) / "copy";
  fs::create_directories(copy, ec);
  bool any = false;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    if (!entry.is_regular_file() || name == "LOCK" || name.rfind("LOG", 0) == 0) continue;
    any = any || name.ends_with(".sst") || name.ends_with(".log") || name.rfind("MANIFEST-", 0) == 0;
    fs::copy_file(entry.path(), copy / name, fs::copy_options::overwrite_existing, ec);
    if (ec) throw BookError("book " + gomoku::printable(dir) + ": cannot copy " + gomoku::printable(name) + ": " + ec.message());
  }
  if (!any) throw BookError("book " + gomoku::printable(dir) + ": no book files here (no table, log or manifest)");

  Salvage salvage;
  auto take = [&](const std::vector<Item>& items) {
    for (const Item& item : items) {
      if (item.tag == kValue && !item.fields[0].empty()) {
        // First come, kept: the repaired book first, then tables newest first.
        salvage.values[item.fields[0]].emplace(item.fields[1], item.fields[2]);
      } else if (item.tag == kNote) {
        salvage.lost.push_back(item.fields[0]);
      } else if (item.tag == kLost) {
        salvage.lostPositions.push_back({item.fields[0], item.fields[1], item.fields[2]});
      }
    }
  };

  const std::string copyPath = copy.string();
  const IsolatedResult whole = runIsolated({"salvage-db", copyPath}, [&](int out) { return salvageDatabaseTo(copyPath, out); });
  // A stretch the whole could not read lies in a table; the table's own reading below says what
  // of it is lost.
  std::vector<Item> wholeItems = parseItems(whole.output);
  std::erase_if(wholeItems, [](const Item& i) { return i.tag == kLost; });
  take(wholeItems);
  if (!whole.ran || whole.crashed || whole.status != 0) salvage.lost.push_back(crashNote("the book as a whole", whole));
  // Then every table alone, for what the whole could not reach (a damaged block stops a scan of
  // the whole at that block). What the whole read is newer and is kept.
  std::vector<fs::path> tables;
  for (const auto& entry : fs::directory_iterator(dir, ec))
    if (entry.path().extension() == ".sst") tables.push_back(entry.path());
  std::sort(tables.begin(), tables.end(), [](const fs::path& a, const fs::path& b) { return tableNumber(a) > tableNumber(b); });
  for (const auto& table : tables) {
    const std::string path = table.string();
    const IsolatedResult one = runIsolated({"salvage-table", path}, [&](int out) { return salvageTableTo(path, out); });
    take(parseItems(one.output));
    if (one.crashed || one.status != 0) salvage.lost.push_back(crashNote(table.filename().string(), one));
  }
  return salvage;
}

}  // namespace tengen::book
