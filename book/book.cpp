// RocksDB behind the Book interface: opening (create only where nothing else lives, lock and
// version checks, every listed file present and readable), point and batched reads with a bloom
// filter and block cache, atomic batched writes through the WAL, scans. RocksDB's errors are told
// apart by their status codes and by asking the lock file who holds it, never by their text.
#include "book/book.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>

#include <rocksdb/cache.h>
#include <rocksdb/db.h>
#include <rocksdb/filter_policy.h>
#include <rocksdb/table.h>
#include <rocksdb/write_batch.h>

#include <algorithm>
#include <ctime>
#include <filesystem>
#include <mutex>
#include <set>

#include "book/files_check.h"
#include "book/position_key.h"
#include "book/scratch_dir.h"
#include "solver/gomoku/notation.h"

namespace tengen::book {
namespace {

namespace fs = std::filesystem;

constexpr const char* kPositions = "positions";
constexpr const char* kMetadata = "metadata";
// The coordinator's job state (what was tried with which budget), for resuming a run.
constexpr const char* kJobs = "jobs";
// Othello entries (othello_entry.h), apart from the renju and gomoku positions.
constexpr const char* kOthello = "othello";
// Every column family tengen makes, in the order a new book gets them.
const std::vector<std::string>& ownFamilies() {
  static const std::vector<std::string> families = {rocksdb::kDefaultColumnFamilyName, kPositions, kMetadata,
                                                    kJobs, kOthello};
  return families;
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

// What is in the directory before a writer may create a book there.
enum class Place { Missing, Empty, Book, Other, NotADirectory };
Place inspect(const std::string& dir) {
  std::error_code ec;
  const auto status = fs::status(dir, ec);
  if (ec || !fs::exists(status)) return Place::Missing;
  if (!fs::is_directory(status)) return Place::NotADirectory;
  if (fs::exists(fs::path(dir) / "CURRENT", ec)) return Place::Book;
  return fs::is_empty(dir, ec) && !ec ? Place::Empty : Place::Other;
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
  rocksdb::ColumnFamilyHandle* othello = nullptr;  // the same
  std::unique_ptr<ScratchDir> scratch;          // a secondary instance's and the files check's own logs
  std::string writerPath;                       // a writer's entry in writersHere()

  ~Impl() {
    if (db) {
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
  if (s.IsCorruption()) return BookError("book " + dir + ": damaged: " + what);
  if (s.IsIOError()) {
    if (s.IsNoSpace()) return BookError("book " + dir + ": " + doing + " failed: no space left on the device");
    if (s.IsPathNotFound()) return BookError("book " + dir + ": damaged: a file of the book is missing: " + what);
    return BookError("book " + dir + ": " + doing + " failed (I/O error): " + what);
  }
  if (s.IsBusy() || s.IsTryAgain()) return BookError("book " + dir + ": " + doing + " failed: busy: " + what);
  return BookError("book " + dir + ": " + doing + " failed: " + what);
}

// Opens the book's files without a writer's rights in this process: read-only where no writer
// holds the book (then every file the manifest lists must be there: a secondary instance would
// leave a missing one out without a word), as a secondary instance beside a writer (which checked
// the same when it opened). Returns what went wrong, or an empty string.
std::string openFilesOnce(const rocksdb::DBOptions& options, const std::string& dir,
                          const std::vector<rocksdb::ColumnFamilyDescriptor>& descriptors, const std::string& scratch) {
  std::vector<rocksdb::ColumnFamilyHandle*> handles;
  rocksdb::DB* raw = nullptr;
  const rocksdb::Status s = lockHolder(dir)
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
  for (auto* h : handles) db->DestroyColumnFamilyHandle(h);
  db->Close();
  return error;
}

// The helper that opens a book's files in a clean process of its own (book/files_check_main.cpp),
// beside this executable; empty when there is none.
std::string filesCheckHelper() {
  std::error_code ec;
  const fs::path self = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return {};
  const fs::path helper = self.parent_path() / "tengen-files-check";
  return ::access(helper.c_str(), X_OK) == 0 ? helper.string() : std::string();
}

// Starts the check in a child: the helper executed afresh where there is one (a forked copy of a
// process with other threads, MPI's or a sanitizer's, can inherit a lock some thread held and
// hang in the open), else a forked copy of this process. The child's stdout carries its error.
pid_t startFilesCheck(const rocksdb::DBOptions& options, const std::string& dir,
                      const std::vector<rocksdb::ColumnFamilyDescriptor>& descriptors, const std::string& scratch,
                      int out) {
  if (const std::string helper = filesCheckHelper(); !helper.empty()) {
    std::vector<std::string> args = {helper, dir, scratch};
    for (const auto& d : descriptors) args.push_back(d.name);
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, out, STDOUT_FILENO);
    // RocksDB's assertion text is not for the user.
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
    pid_t child = -1;
    const int failed = posix_spawn(&child, helper.c_str(), &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (failed == 0) return child;
  }
  const pid_t child = ::fork();
  if (child != 0) return child;
  const int devnull = ::open("/dev/null", O_WRONLY);
  if (devnull >= 0) ::dup2(devnull, STDERR_FILENO);
  std::string error;
  try {
    error = openFilesOnce(options, dir, descriptors, scratch);
  } catch (const std::exception& e) {
    error = e.what();
  }
  const char* at = error.data();
  for (std::size_t left = error.size(); left > 0;) {
    const ssize_t n = ::write(out, at, left);
    if (n <= 0) break;
    at += n;
    left -= static_cast<std::size_t>(n);
  }
  ::_exit(error.empty() ? 0 : 3);
}

// RocksDB can abort the whole process on a damaged table file (a properties block is parsed before
// its checksum is checked, and Debian's build keeps its assertions). So every open first opens the
// book's files in a child process: a crash there becomes a one-line error here.
void checkFilesInChild(const rocksdb::DBOptions& options, const std::string& dir,
                       const std::vector<rocksdb::ColumnFamilyDescriptor>& descriptors, const std::string& scratch) {
  int channel[2];
  if (::pipe(channel) != 0) return;  // no child to spare: the open below is the check
  const pid_t child = startFilesCheck(options, dir, descriptors, scratch, channel[1]);
  ::close(channel[1]);
  if (child < 0) {
    ::close(channel[0]);
    return;
  }
  std::string error;
  char buf[512];
  for (ssize_t n; (n = ::read(channel[0], buf, sizeof buf)) > 0;) error.append(buf, static_cast<std::size_t>(n));
  ::close(channel[0]);
  int status = 0;
  while (::waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFSIGNALED(status))
    throw BookError("book " + gomoku::printable(dir) + ": damaged: a file of the book cannot be opened (RocksDB died of signal " +
                    std::to_string(WTERMSIG(status)) + " reading it)");
  if (WIFEXITED(status) && WEXITSTATUS(status) == 3) throw BookError(error);
}

}  // namespace

std::string checkBookFiles(const std::string& dir, const std::string& scratch, const std::vector<std::string>& families) {
  rocksdb::DBOptions db;
  db.info_log_level = rocksdb::InfoLogLevel::WARN_LEVEL;
  db.max_open_files = -1;
  db.paranoid_checks = true;
  std::vector<rocksdb::ColumnFamilyDescriptor> descriptors;
  for (const auto& name : families) descriptors.emplace_back(name, positionOptions());
  return openFilesOnce(db, dir, descriptors, scratch);
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
    case Place::Book: break;
  }
  const bool writer = access != Access::ReadOnly;
  if (writer) {
    const std::string path = canonicalPath(dir_);
    std::lock_guard lock(writersMutex());
    if (!writersHere().insert(path).second) throw fail("already open for writing in this process");
    impl_->writerPath = path;
  }

  rocksdb::DBOptions db;
  db.create_if_missing = access == Access::Create;
  db.create_missing_column_families = writer;
  db.info_log_level = rocksdb::InfoLogLevel::WARN_LEVEL;
  db.keep_log_file_num = 2;
  db.max_open_files = -1;
  db.paranoid_checks = true;
  // Readers map the files: a point read of a block not yet cached costs no system call.
  db.allow_mmap_reads = !writer;

  std::vector<std::string> families = ownFamilies();
  std::vector<rocksdb::ColumnFamilyDescriptor> existing;  // the families on disk, for the files check
  if (place == Place::Book) {
    std::vector<std::string> found;
    const rocksdb::Status s = rocksdb::DB::ListColumnFamilies(db, dir_, &found);
    if (!s.ok()) throw s.IsCorruption() || s.IsIOError() ? failure(dir_, s, "reading its manifest")
                                                         : fail("not a tengen book (" + s.ToString() + ")");
    auto has = [&](const char* name) { return std::find(found.begin(), found.end(), name) != found.end(); };
    for (const auto& name : found) existing.emplace_back(name, positionOptions());
    if (const char* need = !has(kPositions) ? kPositions : !has(kMetadata) ? kMetadata : nullptr)
      if (!cutOffBeforeItsFamilies(db, dir_, found, existing))
        throw fail(std::string("not a tengen book (no '") + need + "' column family)");
    families = found;  // open every family a newer tool may have added
    // A writer adds the families an older tool, or a creation cut off by kill -9, left out (a
    // reader of such a book reads the missing ones as empty).
    for (const char* added : {kPositions, kMetadata, kJobs, kOthello})
      if (writer && !has(added)) families.push_back(added);
  }
  std::vector<rocksdb::ColumnFamilyDescriptor> descriptors;
  for (const auto& name : families) descriptors.emplace_back(name, positionOptions());

  try {
    impl_->scratch = std::make_unique<ScratchDir>();
  } catch (const BookError& e) {
    throw fail(e.what());  // the book's name first, as every open error
  }
  // Only the families on disk: a read-only open of one that is not there fails.
  if (place == Place::Book) checkFilesInChild(db, dir_, existing, impl_->scratch->path());

  rocksdb::DB* raw = nullptr;
  rocksdb::Status s;
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
  for (std::size_t i = 0; i < families.size(); ++i) {
    if (families[i] == kPositions) impl_->positions = impl_->handles[i];
    if (families[i] == kMetadata) impl_->metadata = impl_->handles[i];
    if (families[i] == kJobs) impl_->jobs = impl_->handles[i];
    if (families[i] == kOthello) impl_->othello = impl_->handles[i];
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
  if (version.empty() && access == Access::Create && (place != Place::Book || holdsNothing())) {
    rocksdb::WriteBatch batch;
    batch.Put(impl_->metadata, "format_version", std::to_string(kFormatVersion));
    batch.Put(impl_->metadata, "created", nowUtc());
    batch.Put(impl_->metadata, "created_by", std::string(toolVersion()));
    rocksdb::WriteOptions w;
    w.sync = true;
    s = impl_->db->Write(w, &batch);
    if (!s.ok()) throw failure(dir_, s, "writing its metadata");
    version = std::to_string(kFormatVersion);
    // Flushed at once, so the write-ahead log never has to keep it (and all after it) alive.
    impl_->db->Flush(rocksdb::FlushOptions(), impl_->metadata);
  }
  // An empty book whose creation is under way, or was cut off before its metadata: nothing in it
  // can be misread, so it reads as an empty book (its next writer finishes the creation).
  if (version.empty() && place == Place::Book && holdsNothing()) version = std::to_string(kFormatVersion);
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
  return decodeRecord(*raw, keyToMove(key));
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
      const BookRecord record = decodeRecord(std::string_view(values[j].data(), values[j].size()), keyToMove(keys[i]));
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
  return readFrom(*impl_->db, impl_->jobs, key, dir_);
}

void Book::write(const std::vector<std::pair<std::string, BookRecord>>& records) { write(records, {}); }

void Book::write(const std::vector<std::pair<std::string, BookRecord>>& records,
                 const std::vector<std::pair<std::string, std::string>>& jobStates) {
  if (access_ == Access::ReadOnly) throw BookError("book " + name_ + ": opened read-only");
  if (records.empty() && jobStates.empty()) return;
  rocksdb::WriteBatch batch;
  for (const auto& [key, record] : records) batch.Put(impl_->positions, key, encodeRecord(record));
  for (const auto& [key, state] : jobStates) batch.Put(impl_->jobs, key, state);
  // Through the WAL (never disableWAL): a killed process loses no acknowledged batch, and a
  // batch is applied whole or not at all.
  rocksdb::WriteOptions w;
  const rocksdb::Status s = impl_->db->Write(w, &batch);
  if (!s.ok()) throw failure(dir_, s, "a write");
}

void Book::forEach(const Visitor& visit) const {
  if (!impl_->positions) return;
  std::unique_ptr<rocksdb::Iterator> it(impl_->db->NewIterator(rocksdb::ReadOptions(), impl_->positions));
  for (it->SeekToFirst(); it->Valid(); it->Next()) {
    const std::string_view key(it->key().data(), it->key().size());
    const std::string_view value(it->value().data(), it->value().size());
    bool more;
    try {
      const BookRecord record = decodeRecord(value, keyToMove(key));
      more = visit(key, &record, std::string());
    } catch (const RecordError& e) {
      more = visit(key, nullptr, e.what());
    }
    if (!more) break;
  }
  if (!it->status().ok()) throw failure(dir_, it->status(), "a scan");
}

std::optional<std::string> Book::othelloEntry(std::string_view key) const {
  if (!impl_->othello) return std::nullopt;
  return readFrom(*impl_->db, impl_->othello, key, dir_);
}

void Book::writeOthello(const std::vector<std::pair<std::string, std::string>>& entries) {
  if (access_ == Access::ReadOnly) throw BookError("book " + name_ + ": opened read-only");
  rocksdb::WriteBatch batch;
  for (const auto& [key, bytes] : entries) batch.Put(impl_->othello, key, bytes);
  const rocksdb::Status s = impl_->db->Write(rocksdb::WriteOptions(), &batch);
  if (!s.ok()) throw failure(dir_, s, "a write");
}

void Book::forEachOthello(const std::function<bool(std::string_view key, std::string_view bytes)>& visit) const {
  if (!impl_->othello) return;
  std::unique_ptr<rocksdb::Iterator> it(impl_->db->NewIterator(rocksdb::ReadOptions(), impl_->othello));
  for (it->SeekToFirst(); it->Valid(); it->Next())
    if (!visit(std::string_view(it->key().data(), it->key().size()),
               std::string_view(it->value().data(), it->value().size())))
      break;
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
