// RocksDB behind the Book interface: opening (create only where nothing else lives, lock and
// version checks, every listed file present and readable), point and batched reads with a bloom
// filter and block cache, atomic batched writes through the WAL, scans. RocksDB's errors are told
// apart by their status codes and by asking the lock file who holds it, never by their text.
#include "book/book.h"

#include <fcntl.h>
#include <unistd.h>


#include <rocksdb/cache.h>
#include <rocksdb/db.h>
#include <rocksdb/filter_policy.h>
#include <rocksdb/sst_file_reader.h>
#include <rocksdb/table.h>
#include <rocksdb/write_batch.h>

#include <algorithm>
#include <ctime>
#include <filesystem>
#include <map>
#include <mutex>
#include <set>

#include "book/acknowledged_writes.h"
#include "book/files_check.h"
#include "book/game_entries.h"
#include "book/isolated_run.h"
#include "book/position_key.h"
#include "book/scratch_dir.h"
#include "book/sealed_bytes.h"
#include "solver/gomoku/notation.h"

namespace tengen::book {
namespace {

namespace fs = std::filesystem;

constexpr const char* kPositions = "positions";
constexpr const char* kMetadata = "metadata";
// The coordinator's job state (what was tried with which budget), for resuming a run.
constexpr const char* kJobs = "jobs";
// Campaign logs: samples of where a long proof stands (Book::appendCampaignSample).
constexpr const char* kCampaigns = "campaigns";
// Every column family tengen makes, in the order a new book gets them: each game with entries of
// its own (game_entries.h) has one, apart from the renju and gomoku positions.
const std::vector<std::string>& ownFamilies() {
  static const std::vector<std::string> families = [] {
    std::vector<std::string> f = {rocksdb::kDefaultColumnFamilyName, kPositions, kMetadata, kJobs};
    for (const GameEntries* kind : gameEntryKinds()) f.emplace_back(kind->family);
    f.emplace_back(kCampaigns);
    return f;
  }();
  return families;
}

// "an Othello entry" in messages about a game's stored values.
std::string entryNoun(std::string_view family) {
  const GameEntries* kind = gameEntriesIn(family);
  return std::string(kind ? kind->title : family) + " entry";
}

std::string nowUtc() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

rocksdb::ColumnFamilyOptions positionOptions() {
  rocksdb::ColumnFamilyOptions cf;
  rocksdb::BlockBasedTableOptions table;
  table.filter_policy.reset(rocksdb::NewBloomFilterPolicy(10));
  table.whole_key_filtering = true;
  // Small blocks: a point read decompresses little. One cache for the process, large enough for
  // the hot part of a big book.
  table.block_size = 4 * 1024;
  static const std::shared_ptr<rocksdb::Cache> cache = rocksdb::NewLRUCache(256 << 20);
  table.block_cache = cache;
  table.cache_index_and_filter_blocks = false;
  cf.table_factory.reset(rocksdb::NewBlockBasedTableFactory(table));
  // Records are small archives with much in common: LZ4 shrinks them and decodes fast.
  cf.compression = rocksdb::kLZ4Compression;
  return cf;
}

// The process that holds RocksDB's lock on the book (a POSIX record lock on its LOCK file), or 0
// when no other process does. Locks this process holds are not reported (see writersHere()).
pid_t lockHolder(const std::string& dir) {
  const int fd = ::open((fs::path(dir) / "LOCK").c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return 0;
  struct flock query {};
  query.l_type = F_WRLCK;
  query.l_whence = SEEK_SET;
  const bool asked = ::fcntl(fd, F_GETLK, &query) == 0;
  ::close(fd);
  return asked && query.l_type != F_UNLCK ? query.l_pid : 0;
}

// Books this process has open for writing (canonical paths): RocksDB refuses a second writer in
// the same process too, and the lock file cannot say so.
std::set<std::string>& writersHere() {
  static std::set<std::string> open;
  return open;
}
std::mutex& writersMutex() {
  static std::mutex m;
  return m;
}

std::string canonicalPath(const std::string& dir) {
  std::error_code ec;
  const fs::path p = fs::weakly_canonical(fs::absolute(dir), ec);
  return ec ? dir : p.string();
}

// What is in the directory before a writer may create a book there. A directory holding a
// book's own files but no CURRENT is a damaged book, never "other files".
enum class Place { Missing, Empty, Book, BookWithoutCurrent, Other, NotADirectory };
Place inspect(const std::string& dir) {
  std::error_code ec;
  const auto status = fs::status(dir, ec);
  if (ec || !fs::exists(status)) return Place::Missing;
  if (!fs::is_directory(status)) return Place::NotADirectory;
  if (fs::exists(fs::path(dir) / "CURRENT", ec)) return Place::Book;
  bool acked = false, rocks = false, other = false;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    if (name == kAcknowledgedFile) acked = true;
    else if (name.rfind("MANIFEST-", 0) == 0 || name.ends_with(".sst") || name.ends_with(".log")) rocks = true;
    else other = true;
  }
  if (ec) return Place::Other;
  // A creation cut off after its first step (the acknowledged-writes file) and before RocksDB's.
  if (acked && !rocks && !other) return Place::Empty;
  if (acked || rocks) return Place::BookWithoutCurrent;
  return other ? Place::Other : Place::Empty;
}

// Options every open of a book's files shares, writer, reader and files check alike.
rocksdb::DBOptions baseOptions() {
  rocksdb::DBOptions db;
  db.info_log_level = rocksdb::InfoLogLevel::WARN_LEVEL;
  db.max_open_files = -1;
  db.paranoid_checks = true;
  // Tables are opened up front (max_open_files -1), by 16 threads a column family by default: a
  // thread start each, on every open of every command. Two do the work on a small book as fast.
  db.max_file_opening_threads = 2;
  // A write-ahead log damaged anywhere but in a last record cut short by a crash (a write never
  // acknowledged) refuses the open: the default would replay up to the damage, and a writer
  // would then drop the rest for good. A log cut at a record's edge is TENGEN-ACKED's to catch.
  db.wal_recovery_mode = rocksdb::WALRecoveryMode::kTolerateCorruptedTailRecords;
  // A log is kept until every column family with writes in it is flushed, and the small families
  // (jobs, campaigns) seldom fill a memtable: without a cap, a long campaign kept all its logs
  // (700 MB after 25 minutes), every open replaying them. Past the cap RocksDB flushes the
  // families that hold the oldest log.
  db.max_total_wal_size = 256ull << 20;
  return db;
}

// The one line for a book that holds fewer writes than it acknowledged.
std::string writesLost(const std::string& shown, std::uint64_t found, std::uint64_t acknowledged) {
  return "book " + shown + ": damaged: writes it acknowledged are missing (found up to sequence " +
         std::to_string(found) + " of " + std::to_string(acknowledged) +
         ": a write-ahead log or manifest cut short or deleted); " + kRepairHint;
}

}  // namespace

std::string_view toolVersion() { return "tengen " TENGEN_VERSION; }

namespace {

// Whether a RocksDB lacking tengen's own families is a tengen book whose creation was cut off
// (kill -9 between RocksDB's default family and ours): only families tengen makes, and nothing
// written in any of them. A database of anything else holds keys, or families of its own.
bool cutOffBeforeItsFamilies(const rocksdb::DBOptions& options, const std::string& dir,
                             const std::vector<std::string>& found,
                             const std::vector<rocksdb::ColumnFamilyDescriptor>& descriptors) {
  const auto& ours = ownFamilies();
  for (const auto& name : found)
    if (std::find(ours.begin(), ours.end(), name) == ours.end()) return false;
  rocksdb::DBOptions readOnly = options;
  readOnly.create_if_missing = false;
  std::vector<rocksdb::ColumnFamilyHandle*> handles;
  rocksdb::DB* raw = nullptr;
  if (!rocksdb::DB::OpenForReadOnly(readOnly, dir, descriptors, &handles, &raw).ok()) return false;
  std::unique_ptr<rocksdb::DB> db(raw);
  bool empty = true;
  for (auto* handle : handles) {
    std::unique_ptr<rocksdb::Iterator> it(db->NewIterator(rocksdb::ReadOptions(), handle));
    it->SeekToFirst();
    empty = empty && !it->Valid() && it->status().ok();
  }
  for (auto* handle : handles) db->DestroyColumnFamilyHandle(handle);
  db->Close();
  return empty;
}

}  // namespace

struct Book::Impl {
  std::unique_ptr<rocksdb::DB> db;
  std::vector<rocksdb::ColumnFamilyHandle*> handles;
  rocksdb::ColumnFamilyHandle* positions = nullptr;  // these two are null only in a reader of a book
  rocksdb::ColumnFamilyHandle* metadata = nullptr;   // whose creation was cut off before them
  rocksdb::ColumnFamilyHandle* jobs = nullptr;  // absent in a reader of a book made before it existed
  // Each game's own family (game_entries.h), when the book has it (the same).
  std::map<std::string, rocksdb::ColumnFamilyHandle*, std::less<>> games;
  rocksdb::ColumnFamilyHandle* game(std::string_view family) const {
    const auto it = games.find(family);
    return it == games.end() ? nullptr : it->second;
  }
  rocksdb::ColumnFamilyHandle* campaigns = nullptr;  // the same
  std::unique_ptr<ScratchDir> scratch;          // a secondary instance's and the files check's own logs
  std::string writerPath;                       // a writer's entry in writersHere()
  std::unique_ptr<AcknowledgedWrites> acked;    // a writer's account of what it acknowledged
  bool bound = false;                           // every value bound to its key (format 2 on)

  ~Impl() {
    if (db) {
      // A writer leaves its data in checksummed tables, the manifest listing them, and no write-ahead
      // log to replay: a closed book does not depend on its log.
      if (acked) {
        rocksdb::FlushOptions flush;
        flush.wait = true;
        if (db->Flush(flush, handles).ok()) db->SyncWAL();
        try {
          acked->record(db->GetLatestSequenceNumber(), /*durable=*/true);
        } catch (const BookError&) {
          // Nothing to say from a destructor: the file keeps an older, smaller number, which is safe.
        }
      }
      for (auto* h : handles) db->DestroyColumnFamilyHandle(h);
      db->Close();
      db.reset();
    }
    if (!writerPath.empty()) {
      std::lock_guard lock(writersMutex());
      writersHere().erase(writerPath);
    }
  }
};

namespace {

// One line for a failed RocksDB call, told apart by the status code.
BookError failure(const std::string& rawDir, const rocksdb::Status& s, const std::string& doing) {
  const std::string dir = gomoku::printable(rawDir);
  std::string what = gomoku::printable(s.getState() ? s.getState() : s.ToString(), 400);
  // RocksDB nests statuses ("Corruption: IO error: ..."); the kind is said once, below.
  for (const char* nested : {"Corruption: ", "IO error: "})
    if (what.rfind(nested, 0) == 0) what.erase(0, std::char_traits<char>::length(nested));
  if (s.IsCorruption()) return BookError("book " + dir + ": damaged: " + what + "; " + kRepairHint);
  if (s.IsIOError()) {
    if (s.IsNoSpace()) return BookError("book " + dir + ": " + doing + " failed: no space left on the device");
    if (s.IsPathNotFound())
      return BookError("book " + dir + ": damaged: a file of the book is missing: " + what + "; " + kRepairHint);
    return BookError("book " + dir + ": " + doing + " failed (I/O error): " + what);
  }
  if (s.IsBusy() || s.IsTryAgain()) return BookError("book " + dir + ": " + doing + " failed: busy: " + what);
  return BookError("book " + dir + ": " + doing + " failed: " + what);
}

// A table file in the directory that the manifest does not list: left by a flush or compaction
// cut off by a kill, or the inputs of a compaction not yet deleted (harmless: the book holds every
// key it holds, from the log or from other tables), or listed by manifest edits that were lost
// (the book lacks what it holds). The next writer's open deletes such files, so a table holding a
// key the book lacks must be reported first. Keys only: a newer value of a key elsewhere is the
// normal case after a kill; a table a kill left half written cannot be opened, and is skipped.
// Returns what is wrong, or "".
std::string strayTablesCheck(rocksdb::DB& db, const std::string& dir,
                             const std::vector<rocksdb::ColumnFamilyDescriptor>& descriptors,
                             const std::vector<rocksdb::ColumnFamilyHandle*>& handles) {
  std::vector<rocksdb::LiveFileMetaData> live;
  db.GetLiveFilesMetaData(&live);
  std::set<std::uint64_t> listed;
  for (const auto& f : live) listed.insert(f.file_number);
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    if (entry.path().extension() != ".sst") continue;
    std::uint64_t number = 0;
    try {
      number = std::stoull(entry.path().stem().string());
    } catch (const std::exception&) {
      continue;
    }
    if (listed.count(number)) continue;
    const std::string name = entry.path().filename().string();
    const std::string lacks = "book " + gomoku::printable(dir) + ": damaged: table file " + name +
                              " holds entries the book lacks (its manifest no longer lists it); " + kRepairHint;
    rocksdb::SstFileReader reader{rocksdb::Options()};
    if (!reader.Open(entry.path().string()).ok()) continue;
    const auto properties = reader.GetTableProperties();
    rocksdb::ColumnFamilyHandle* family = nullptr;
    for (std::size_t i = 0; i < descriptors.size(); ++i)
      if (properties && descriptors[i].name == properties->column_family_name) family = handles[i];
    if (!family) return lacks;
    std::unique_ptr<rocksdb::Iterator> it(reader.NewIterator(rocksdb::ReadOptions()));
    std::string value;
    for (it->SeekToFirst(); it->Valid(); it->Next())
      if (db.Get(rocksdb::ReadOptions(), family, it->key(), &value).IsNotFound()) return lacks;
  }
  return {};
}

// Opens the book's files without a writer's rights in this process: read-only where no writer
// holds the book (then every file the manifest lists must be there: a secondary instance would
// leave a missing one out without a word), as a secondary instance beside a writer (which checked
// the same when it opened). Returns what went wrong, or an empty string.
std::string openFilesOnce(const rocksdb::DBOptions& options, const std::string& dir,
                          const std::vector<rocksdb::ColumnFamilyDescriptor>& descriptors, const std::string& scratch,
                          std::optional<std::uint64_t> acknowledged) {
  std::vector<rocksdb::ColumnFamilyHandle*> handles;
  rocksdb::DB* raw = nullptr;
  const bool besideWriter = lockHolder(dir) != 0;
  const rocksdb::Status s = besideWriter
                                ? rocksdb::DB::OpenAsSecondary(options, dir, scratch, descriptors, &handles, &raw)
                                : rocksdb::DB::OpenForReadOnly(options, dir, descriptors, &handles, &raw);
  if (!s.ok()) return failure(dir, s, "opening").what();
  std::unique_ptr<rocksdb::DB> db(raw);
  std::string error;
  for (std::size_t i = 0; i < descriptors.size(); ++i) {
    rocksdb::TablePropertiesCollection tables;
    const rocksdb::Status t = db->GetPropertiesOfAllTables(handles[i], &tables);
    if (!t.ok() && error.empty()) error = failure(dir, t, "opening its files").what();
  }
  // Beside a live writer a secondary instance may read a manifest its flush has just replaced and
  // miss the log it deleted: it can lag what the writer acknowledged, and the writer checked the
  // count itself when it opened. A waiting writer took that lag for lost writes.
  if (error.empty() && acknowledged && !besideWriter && db->GetLatestSequenceNumber() < *acknowledged)
    error = writesLost(gomoku::printable(dir), db->GetLatestSequenceNumber(), *acknowledged);
  // Beside a writer, its flushes and compactions are under way: the tables it is making are its own.
  if (error.empty() && !besideWriter) error = strayTablesCheck(*db, dir, descriptors, handles);
  // From format 2 on, a book keeps TENGEN-ACKED: without it a loss could not be seen. Checked here,
  // before a writer's open recovers the log into tables for good.
  for (std::size_t i = 0; i < descriptors.size() && error.empty() && !acknowledged; ++i) {
    if (descriptors[i].name != kMetadata) continue;
    std::string version;
    if (db->Get(rocksdb::ReadOptions(), handles[i], "format_version", &version).ok() && version != "1")
      error = "book " + gomoku::printable(dir) + ": damaged: its record of acknowledged writes (" + kAcknowledgedFile +
              ") is missing; " + kRepairHint;
  }
  for (auto* h : handles) db->DestroyColumnFamilyHandle(h);
  db->Close();
  return error;
}

// RocksDB can abort the whole process on a damaged table file, so every open first opens the
// book's files in a child process: a crash there becomes a one-line error here.
void checkFilesInChild(const rocksdb::DBOptions& options, const std::string& dir,
                       const std::vector<rocksdb::ColumnFamilyDescriptor>& descriptors, const std::string& scratch,
                       std::optional<std::uint64_t> acknowledged) {
  std::vector<std::string> args = {"check", dir, scratch, acknowledged ? std::to_string(*acknowledged) : "-"};
  for (const auto& d : descriptors) args.push_back(d.name);
  const IsolatedResult child = runIsolated(args, [&](int out) {
    const std::string error = openFilesOnce(options, dir, descriptors, scratch, acknowledged);
    writeAllTo(out, error);
    return error.empty() ? 0 : 3;
  });
  // No child to spare: the open that follows is the check.
  if (!child.ran) return;
  if (child.crashed)
    throw BookError("book " + gomoku::printable(dir) + ": damaged: a file of the book cannot be opened (RocksDB died of signal " +
                    std::to_string(child.signal) + " reading it); " + kRepairHint);
  if (child.status == 3) throw BookError(child.output);
}

}  // namespace

std::string checkBookFiles(const std::string& dir, const std::string& scratch, const std::vector<std::string>& families,
                           std::optional<std::uint64_t> acknowledged) {
  std::vector<rocksdb::ColumnFamilyDescriptor> descriptors;
  for (const auto& name : families) descriptors.emplace_back(name, positionOptions());
  return openFilesOnce(baseOptions(), dir, descriptors, scratch, acknowledged);
}

Book::Book(std::string dir, Access access)
    : dir_(std::move(dir)), name_(gomoku::printable(dir_)), access_(access), impl_(std::make_unique<Impl>()) {
  auto fail = [&](const std::string& why) { return BookError("book " + name_ + ": " + why); };
  const Place place = inspect(dir_);
  switch (place) {
    case Place::NotADirectory: throw fail("not a directory");
    case Place::Missing:
    case Place::Empty:
      if (access == Access::ReadOnly || access == Access::ReadWrite)
        throw fail(place == Place::Missing ? "no book here (solve with --book, or 'tengen book init', to create one)"
                                           : "no book here (the directory is empty)");
      break;
    case Place::Other:
      throw fail("not a tengen book (the directory holds other files; a new book needs a missing or empty directory)");
    case Place::BookWithoutCurrent:
      throw fail("damaged: the book's CURRENT file is missing; " + std::string(kRepairHint));
    case Place::Book: break;
  }
  const bool writer = access != Access::ReadOnly;
  if (writer) {
    const std::string path = canonicalPath(dir_);
    std::lock_guard lock(writersMutex());
    if (!writersHere().insert(path).second) throw fail("already open for writing in this process");
    impl_->writerPath = path;
  }

  rocksdb::DBOptions db = baseOptions();
  db.create_if_missing = access == Access::Create;
  db.create_missing_column_families = writer;
  db.keep_log_file_num = 2;
  // Readers map the files: a point read of a block not yet cached costs no system call.
  db.allow_mmap_reads = !writer;

  // What the book last acknowledged, read before any open: a writer that opens a book recovers its
  // log into tables for good, so a loss must be seen first.
  const std::optional<std::uint64_t> acknowledged =
      place == Place::Book ? AcknowledgedWrites::read(dir_, name_) : std::nullopt;
  // A book that acknowledged writes was made whole once: what it lacks now was lost, never a
  // creation cut off before it was done.
  const bool wroteOnce = acknowledged && *acknowledged > 0;
  std::vector<std::string> families = ownFamilies();
  std::vector<rocksdb::ColumnFamilyDescriptor> existing;  // the families on disk, for the files check
  if (place == Place::Book) {
    std::vector<std::string> found;
    const rocksdb::Status s = rocksdb::DB::ListColumnFamilies(db, dir_, &found);
    if (!s.ok()) {
      // A manifest cut short or gone in a directory that holds a book's files is a damaged book.
      std::error_code ec;
      const bool ours = fs::exists(fs::path(dir_) / kAcknowledgedFile, ec);
      if (s.IsCorruption() || s.IsIOError() || ours)
        throw fail("damaged: its manifest cannot be read (" + gomoku::printable(s.ToString(), 200) +
                   "); " + kRepairHint);
      throw fail("not a tengen book (" + gomoku::printable(s.ToString(), 200) + ")");
    }
    auto has = [&](const char* name) { return std::find(found.begin(), found.end(), name) != found.end(); };
    for (const auto& name : found) existing.emplace_back(name, positionOptions());
    if (const char* need = !has(kPositions) ? kPositions : !has(kMetadata) ? kMetadata : nullptr) {
      // A book of ours whose manifest lost the families it made: damaged, not someone else's.
      if (wroteOnce)
        throw fail(std::string("damaged: its manifest no longer lists the '") + need + "' column family; " + kRepairHint);
      if (!cutOffBeforeItsFamilies(db, dir_, found, existing))
        throw fail(std::string("not a tengen book (no '") + need + "' column family)");
    }
    families = found;  // open every family a newer tool may have added
    // A writer adds the families an older tool, or a creation cut off by kill -9, left out (a
    // reader of such a book reads the missing ones as empty).
    for (const auto& added : ownFamilies())
      if (writer && added != rocksdb::kDefaultColumnFamilyName && !has(added.c_str())) families.push_back(added);
  }
  std::vector<rocksdb::ColumnFamilyDescriptor> descriptors;
  for (const auto& name : families) descriptors.emplace_back(name, positionOptions());

  try {
    impl_->scratch = std::make_unique<ScratchDir>();
  } catch (const BookError& e) {
    throw fail(e.what());  // the book's name first, as every open error
  }
  // Only the families on disk: a read-only open of one that is not there fails.
  if (place == Place::Book) checkFilesInChild(db, dir_, existing, impl_->scratch->path(), acknowledged);
  if (place != Place::Book) {
    // A new book's account of its writes comes first, so every book with data has one.
    std::error_code ec;
    fs::create_directories(dir_, ec);
    if (ec) throw fail("cannot make the directory: " + ec.message());
    impl_->acked = std::make_unique<AcknowledgedWrites>(dir_, name_, 0);
  }

  rocksdb::DB* raw = nullptr;
  rocksdb::Status s;
  // A reader beside a live writer sees the book as of the files it read (see openFilesOnce).
  bool besideWriter = !writer && lockHolder(dir_) != 0;
  if (writer) {
    s = rocksdb::DB::Open(db, dir_, descriptors, &impl_->handles, &raw);
    if (!s.ok() && s.IsIOError())
      if (const pid_t holder = lockHolder(dir_))
        throw BookLockedError("book " + name_ + ": in use by another writer (process " + std::to_string(holder) +
                                  "; one solve, build, import or verify at a time; queries may run beside it)",
                              static_cast<long>(holder));
  } else {
    s = rocksdb::DB::OpenAsSecondary(db, dir_, impl_->scratch->path(), descriptors, &impl_->handles, &raw);
  }
  if (!s.ok()) throw failure(dir_, s, "opening");
  impl_->db.reset(raw);
  // Asked again: a writer that started while the files were read can have moved on past them too.
  besideWriter = besideWriter || (!writer && lockHolder(dir_) != 0);
  if (acknowledged && !besideWriter && impl_->db->GetLatestSequenceNumber() < *acknowledged)
    throw BookError(writesLost(name_, impl_->db->GetLatestSequenceNumber(), *acknowledged));
  // A writer's account of its writes, made once the book is known to be sound (or new).
  auto keepAccount = [&] {
    if (writer && !impl_->acked)
      impl_->acked = std::make_unique<AcknowledgedWrites>(dir_, name_, impl_->db->GetLatestSequenceNumber());
  };
  for (std::size_t i = 0; i < families.size(); ++i) {
    if (families[i] == kPositions) impl_->positions = impl_->handles[i];
    if (families[i] == kMetadata) impl_->metadata = impl_->handles[i];
    if (families[i] == kJobs) impl_->jobs = impl_->handles[i];
    if (gameEntriesIn(families[i])) impl_->games[families[i]] = impl_->handles[i];
    if (families[i] == kCampaigns) impl_->campaigns = impl_->handles[i];
  }

  auto readMeta = [&](const char* key) {
    std::string v;
    if (!impl_->metadata) return std::string();  // a reader of a book cut off before its families
    const rocksdb::Status r = impl_->db->Get(rocksdb::ReadOptions(), impl_->metadata, key, &v);
    if (r.IsNotFound()) return std::string();
    if (!r.ok()) throw failure(dir_, r, "reading its metadata");
    return v;
  };
  std::string version = readMeta("format_version");
  // A new book, or one whose creation was cut off before its metadata was written.
  auto holdsNothing = [&] {
    if (!impl_->positions) return true;
    std::unique_ptr<rocksdb::Iterator> it(impl_->db->NewIterator(rocksdb::ReadOptions(), impl_->positions));
    it->SeekToFirst();
    return !it->Valid() && it->status().ok();
  };
  if (version.empty() && wroteOnce)
    throw fail(std::string("damaged: its metadata (the format version) is missing; ") + kRepairHint);
  if (version.empty() && access == Access::Create && (place != Place::Book || holdsNothing())) {
    keepAccount();
    rocksdb::WriteBatch batch;
    batch.Put(impl_->metadata, "format_version", std::to_string(kFormatVersion));
    batch.Put(impl_->metadata, "created", nowUtc());
    batch.Put(impl_->metadata, "created_by", std::string(toolVersion()));
    rocksdb::WriteOptions w;
    w.sync = true;
    s = impl_->db->Write(w, &batch);
    if (!s.ok()) throw failure(dir_, s, "writing its metadata");
    impl_->acked->record(impl_->db->GetLatestSequenceNumber());
    version = std::to_string(kFormatVersion);
    // Flushed at once, so the write-ahead log never has to keep it (and all after it) alive.
    impl_->db->Flush(rocksdb::FlushOptions(), impl_->metadata);
  }
  // An empty book whose creation is under way, or was cut off before its metadata: nothing in it
  // can be misread, so it reads as an empty book (its next writer finishes the creation).
  if (version.empty() && place == Place::Book && holdsNothing())
    version = acknowledged ? std::to_string(kFormatVersion) : "1";
  if (version.empty()) throw fail("not a tengen book (no format version)");
  try {
    metadata_.formatVersion = std::stoi(version);
  } catch (const std::exception&) {
    throw fail("unreadable format version '" + version.substr(0, 20) + "'");
  }
  if (metadata_.formatVersion > kFormatVersion || metadata_.formatVersion < 1)
    throw fail("format version " + version.substr(0, 20) + " is not one this tengen reads (it reads 1 to " +
               std::to_string(kFormatVersion) + "); use a newer tengen");
  metadata_.created = readMeta("created");
  metadata_.createdBy = readMeta("created_by");
  // From format 2 on, a book keeps TENGEN-ACKED: without it, a loss could not be seen.
  if (metadata_.formatVersion >= 2 && place == Place::Book && !acknowledged)
    throw fail(std::string("damaged: its record of acknowledged writes (") + kAcknowledgedFile +
               ") is missing; " + kRepairHint);
  impl_->bound = metadata_.formatVersion >= 2;
  keepAccount();
  if (writer && metadata_.formatVersion < kFormatVersion) upgrade();
}

Book::~Book() = default;

namespace {

// One point read from a column family: nullopt when absent, BookError when the read fails.
std::optional<std::string> readFrom(rocksdb::DB& db, rocksdb::ColumnFamilyHandle* family, std::string_view key,
                                    const std::string& dir) {
  std::string value;
  const rocksdb::Status s = db.Get(rocksdb::ReadOptions(), family, rocksdb::Slice(key.data(), key.size()), &value);
  if (s.IsNotFound()) return std::nullopt;
  if (!s.ok()) throw failure(dir, s, "a read");
  return value;
}

}  // namespace

std::optional<std::string> Book::getRaw(std::string_view key) const {
  if (!impl_->positions) return std::nullopt;
  return readFrom(*impl_->db, impl_->positions, key, dir_);
}

std::optional<BookRecord> Book::get(std::string_view key) const {
  const auto raw = getRaw(key);
  if (!raw) return std::nullopt;
  return decodeRecord(boundPayload(key, *raw, !impl_->bound, "record"), keyToMove(key));
}

void Book::commit(rocksdb::WriteBatch& batch) {
  // Synced: an acknowledged write survives a power cut as well as a killed process. Then counted
  // in TENGEN-ACKED, so an open that finds less knows the book lost it.
  rocksdb::WriteOptions w;
  w.sync = true;
  const rocksdb::Status s = impl_->db->Write(w, &batch);
  if (!s.ok()) throw failure(dir_, s, "a write");
  impl_->acked->record(impl_->db->GetLatestSequenceNumber());
}

void Book::upgrade() {
  // Every value bound to its key, in batches, then format 2. Cut off midway, the book is still
  // format 1, which reads both kinds, and the next writer goes on.
  std::vector<rocksdb::ColumnFamilyHandle*> upgraded = {impl_->positions, impl_->jobs};
  for (const auto& [name, handle] : impl_->games) upgraded.push_back(handle);
  for (auto* family : upgraded) {
    if (!family) continue;
    std::unique_ptr<rocksdb::Iterator> it(impl_->db->NewIterator(rocksdb::ReadOptions(), family));
    rocksdb::WriteBatch batch;
    for (it->SeekToFirst(); it->Valid(); it->Next()) {
      const std::string_view key(it->key().data(), it->key().size());
      const std::string_view value(it->value().data(), it->value().size());
      try {
        boundPayload(key, value, false, "value");
        continue;  // bound by an upgrade cut off earlier
      } catch (const RecordError&) {
      }
      batch.Put(family, it->key(), bindToKey(key, value));
      if (batch.Count() >= 4096) {
        commit(batch);
        batch.Clear();
      }
    }
    if (!it->status().ok()) throw failure(dir_, it->status(), "upgrading it to format 2");
    if (batch.Count() > 0) commit(batch);
  }
  rocksdb::WriteBatch batch;
  batch.Put(impl_->metadata, "format_version", std::to_string(kFormatVersion));
  commit(batch);
  metadata_.formatVersion = kFormatVersion;
  impl_->bound = true;
}

void Book::getMany(const std::vector<std::string_view>& keys, const Found& found) const {
  if (keys.empty() || !impl_->positions) return;
  // Buffers kept per thread: a batch of queries reads many key sets of about the same size.
  thread_local std::vector<std::uint32_t> order;
  thread_local std::vector<rocksdb::Slice> slices;
  thread_local std::vector<rocksdb::PinnableSlice> values;
  thread_local std::vector<rocksdb::Status> statuses;
  // Sorted here, so RocksDB need not sort them through its comparator: by the eight bytes after
  // the five a batch's keys usually share (rule, size, side, black count), then the rest.
  thread_local std::vector<std::uint64_t> head;
  order.resize(keys.size());
  head.resize(keys.size());
  for (std::uint32_t i = 0; i < order.size(); ++i) {
    order[i] = i;
    std::uint64_t h = 0;
    for (std::size_t b = 5; b < 13; ++b) h = h << 8 | (b < keys[i].size() ? static_cast<unsigned char>(keys[i][b]) : 0);
    head[i] = h;
  }
  std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
    if (head[a] != head[b] && keys[a].substr(0, 5) == keys[b].substr(0, 5)) return head[a] < head[b];
    return keys[a] < keys[b];
  });
  slices.clear();
  for (std::uint32_t i : order) slices.emplace_back(keys[i].data(), keys[i].size());
  if (values.size() < keys.size()) values.resize(keys.size());
  statuses.assign(keys.size(), rocksdb::Status());
  impl_->db->MultiGet(rocksdb::ReadOptions(), impl_->positions, keys.size(), slices.data(), values.data(),
                      statuses.data(), /*sorted_input=*/true);
  for (std::size_t j = 0; j < keys.size(); ++j) {
    if (statuses[j].IsNotFound()) continue;
    if (!statuses[j].ok()) throw failure(dir_, statuses[j], "a read");
    const std::uint32_t i = order[j];
    try {
      const std::string_view stored(values[j].data(), values[j].size());
      const BookRecord record = decodeRecord(boundPayload(keys[i], stored, !impl_->bound, "record"), keyToMove(keys[i]));
      values[j].Reset();
      found(i, &record, std::string());
    } catch (const RecordError& e) {
      values[j].Reset();
      found(i, nullptr, e.what());
    }
  }
}

std::optional<std::string> Book::jobState(std::string_view key) const {
  if (!impl_->jobs) return std::nullopt;
  const auto stored = readFrom(*impl_->db, impl_->jobs, key, dir_);
  if (!stored) return std::nullopt;
  return std::string(boundPayload(key, *stored, !impl_->bound, "job state"));
}

void Book::write(const std::vector<std::pair<std::string, BookRecord>>& records) { write(records, {}); }

void Book::write(const std::vector<std::pair<std::string, BookRecord>>& records,
                 const std::vector<std::pair<std::string, std::string>>& jobStates) {
  if (access_ == Access::ReadOnly) throw BookError("book " + name_ + ": opened read-only");
  if (records.empty() && jobStates.empty()) return;
  rocksdb::WriteBatch batch;
  for (const auto& [key, record] : records) batch.Put(impl_->positions, key, bindToKey(key, encodeRecord(record)));
  for (const auto& [key, state] : jobStates) batch.Put(impl_->jobs, key, bindToKey(key, state));
  // Through the WAL (never disableWAL): a batch is applied whole or not at all.
  commit(batch);
}

void Book::forEach(const Visitor& visit) const {
  if (!impl_->positions) return;
  std::unique_ptr<rocksdb::Iterator> it(impl_->db->NewIterator(rocksdb::ReadOptions(), impl_->positions));
  for (it->SeekToFirst(); it->Valid(); it->Next()) {
    const std::string_view key(it->key().data(), it->key().size());
    const std::string_view value(it->value().data(), it->value().size());
    bool more;
    try {
      const BookRecord record = decodeRecord(boundPayload(key, value, !impl_->bound, "record"), keyToMove(key));
      more = visit(key, &record, std::string());
    } catch (const RecordError& e) {
      more = visit(key, nullptr, e.what());
    }
    if (!more) break;
  }
  if (!it->status().ok()) throw failure(dir_, it->status(), "a scan");
}

std::optional<std::string> Book::gameEntry(std::string_view family, std::string_view key) const {
  rocksdb::ColumnFamilyHandle* handle = impl_->game(family);
  if (!handle) return std::nullopt;
  const auto stored = readFrom(*impl_->db, handle, key, dir_);
  if (!stored) return std::nullopt;
  return std::string(boundPayload(key, *stored, !impl_->bound, entryNoun(family)));
}

void Book::writeGameEntries(std::string_view family, const std::vector<std::pair<std::string, std::string>>& entries) {
  if (access_ == Access::ReadOnly) throw BookError("book " + name_ + ": opened read-only");
  if (entries.empty()) return;
  rocksdb::ColumnFamilyHandle* handle = impl_->game(family);
  if (!handle) throw BookError("book " + name_ + ": no column family for " + std::string(family) + " entries");
  rocksdb::WriteBatch batch;
  for (const auto& [key, bytes] : entries) batch.Put(handle, key, bindToKey(key, bytes));
  commit(batch);
}

void Book::forEachGameEntry(std::string_view family, const GameEntryVisitor& visit) const {
  rocksdb::ColumnFamilyHandle* handle = impl_->game(family);
  if (!handle) return;
  const std::string noun = entryNoun(family);
  std::unique_ptr<rocksdb::Iterator> it(impl_->db->NewIterator(rocksdb::ReadOptions(), handle));
  for (it->SeekToFirst(); it->Valid(); it->Next()) {
    const std::string_view key(it->key().data(), it->key().size());
    std::string_view payload;
    std::string error;
    try {
      payload = boundPayload(key, std::string_view(it->value().data(), it->value().size()), !impl_->bound, noun);
    } catch (const RecordError& e) {
      error = e.what();
    }
    if (!visit(key, payload, error)) break;
  }
  if (!it->status().ok()) throw failure(dir_, it->status(), "a scan");
}

namespace {

std::string sampleKey(std::string_view campaign, std::uint64_t at) {
  std::string key(campaign);
  for (int i = 7; i >= 0; --i) key.push_back(static_cast<char>((at >> (8 * i)) & 0xFF));
  return key;
}

}  // namespace

void Book::appendCampaignSample(std::string_view campaign, std::uint64_t at, std::string_view sample) {
  if (access_ == Access::ReadOnly) throw BookError("book " + name_ + ": opened read-only");
  const std::string key = sampleKey(campaign, at);
  rocksdb::WriteBatch batch;
  batch.Put(impl_->campaigns, key, bindToKey(key, sample));
  commit(batch);
}

void Book::forEachCampaignSample(std::string_view campaign,
                                 const std::function<bool(std::uint64_t at, std::string_view sample)>& visit) const {
  if (!impl_->campaigns) return;
  std::unique_ptr<rocksdb::Iterator> it(impl_->db->NewIterator(rocksdb::ReadOptions(), impl_->campaigns));
  const rocksdb::Slice prefix(campaign.data(), campaign.size());
  for (it->Seek(prefix); it->Valid() && it->key().starts_with(prefix); it->Next()) {
    const std::string_view key(it->key().data(), it->key().size());
    if (key.size() != campaign.size() + 8) continue;
    std::uint64_t at = 0;
    for (std::size_t i = campaign.size(); i < key.size(); ++i) at = at << 8 | static_cast<unsigned char>(key[i]);
    // A damaged or moved sample is left out of the log (the log is a picture, not a proof).
    std::string_view sample;
    try {
      sample = boundPayload(key, std::string_view(it->value().data(), it->value().size()), false, "campaign sample");
    } catch (const RecordError&) {
      continue;
    }
    if (!visit(at, sample)) break;
  }
  if (!it->status().ok()) throw failure(dir_, it->status(), "a scan");
}

void Book::refresh() {
  if (access_ != Access::ReadOnly) return;
  const rocksdb::Status s = impl_->db->TryCatchUpWithPrimary();
  if (!s.ok()) throw failure(dir_, s, "catching up with the writer");
}

void Book::checkFiles() const {
  const rocksdb::Status s = impl_->db->VerifyChecksum();
  if (!s.ok()) throw failure(dir_, s, "checking its files");
}

std::uint64_t Book::diskBytes() const {
  std::uint64_t total = 0;
  std::error_code ec;
  for (const auto& entry : fs::recursive_directory_iterator(dir_, ec))
    if (entry.is_regular_file(ec)) total += entry.file_size(ec);
  return total;
}

void Book::compact() {
  if (access_ == Access::ReadOnly) return;
  impl_->db->Flush(rocksdb::FlushOptions(), impl_->handles);
  impl_->db->CompactRange(rocksdb::CompactRangeOptions(), impl_->positions, nullptr, nullptr);
}

}  // namespace tengen::book
