// RocksDB behind the Book interface: opening (create, lock, version checks), point reads with a
// bloom filter and block cache, atomic batched writes through the WAL, scans.
#include "book/book.h"

#include <rocksdb/cache.h>
#include <rocksdb/db.h>
#include <rocksdb/filter_policy.h>
#include <rocksdb/table.h>
#include <rocksdb/write_batch.h>

#include <chrono>
#include <cstdlib>
#include <ctime>
#include <filesystem>

namespace tengen::book {
namespace {

namespace fs = std::filesystem;

constexpr const char* kPositions = "positions";
constexpr const char* kMetadata = "metadata";
// The coordinator's job state (what was tried with which budget), for resuming a run.
constexpr const char* kJobs = "jobs";

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

}  // namespace

std::string_view toolVersion() { return "tengen " TENGEN_VERSION; }

struct Book::Impl {
  std::unique_ptr<rocksdb::DB> db;
  std::vector<rocksdb::ColumnFamilyHandle*> handles;
  rocksdb::ColumnFamilyHandle* positions = nullptr;
  rocksdb::ColumnFamilyHandle* metadata = nullptr;
  rocksdb::ColumnFamilyHandle* jobs = nullptr;  // absent in a reader of a book made before it existed
  std::string secondaryDir;  // a reader's scratch directory for RocksDB's own log

  ~Impl() {
    if (db) {
      for (auto* h : handles) db->DestroyColumnFamilyHandle(h);
      db->Close();
      db.reset();
    }
    if (!secondaryDir.empty()) {
      std::error_code ec;
      fs::remove_all(secondaryDir, ec);
    }
  }
};

Book::Book(std::string dir, Access access) : dir_(std::move(dir)), access_(access), impl_(std::make_unique<Impl>()) {
  auto fail = [&](const std::string& why) { return BookError("book " + dir_ + ": " + why); };
  const bool exists = fs::exists(fs::path(dir_) / "CURRENT");
  if (!exists && access == Access::ReadOnly) {
    throw fail(fs::exists(dir_) ? "not a tengen book (no RocksDB database in the directory)"
                                : "no book here (solve with --book to create one)");
  }
  rocksdb::DBOptions db;
  db.create_if_missing = access == Access::ReadWrite;
  db.create_missing_column_families = access == Access::ReadWrite;
  db.info_log_level = rocksdb::InfoLogLevel::WARN_LEVEL;
  db.keep_log_file_num = 2;
  db.max_open_files = -1;

  std::vector<std::string> families = {rocksdb::kDefaultColumnFamilyName, kPositions, kMetadata, kJobs};
  if (exists) {
    std::vector<std::string> found;
    const rocksdb::Status s = rocksdb::DB::ListColumnFamilies(db, dir_, &found);
    if (!s.ok()) throw fail("cannot read the database: " + s.ToString());
    for (const char* need : {kPositions, kMetadata})
      if (std::find(found.begin(), found.end(), need) == found.end())
        throw fail(std::string("not a tengen book (no '") + need + "' column family)");
    families = found;  // open every family a newer tool may have added
    if (access == Access::ReadWrite && std::find(found.begin(), found.end(), kJobs) == found.end())
      families.push_back(kJobs);
  }
  std::vector<rocksdb::ColumnFamilyDescriptor> descriptors;
  for (const auto& name : families) descriptors.emplace_back(name, positionOptions());

  rocksdb::DB* raw = nullptr;
  rocksdb::Status s;
  if (access == Access::ReadWrite) {
    s = rocksdb::DB::Open(db, dir_, descriptors, &impl_->handles, &raw);
    if (!s.ok() && s.ToString().find("lock") != std::string::npos)
      throw fail("in use by another writer (one solve or import at a time; queries may run beside it)");
  } else {
    char scratch[] = "/tmp/tengen-reader-XXXXXX";
    if (!mkdtemp(scratch)) throw fail("cannot make a scratch directory for a reader");
    impl_->secondaryDir = scratch;
    s = rocksdb::DB::OpenAsSecondary(db, dir_, impl_->secondaryDir, descriptors, &impl_->handles, &raw);
  }
  if (!s.ok()) throw fail("cannot open: " + s.ToString());
  impl_->db.reset(raw);
  for (std::size_t i = 0; i < families.size(); ++i) {
    if (families[i] == kPositions) impl_->positions = impl_->handles[i];
    if (families[i] == kMetadata) impl_->metadata = impl_->handles[i];
    if (families[i] == kJobs) impl_->jobs = impl_->handles[i];
  }

  auto readMeta = [&](const char* key) {
    std::string v;
    return impl_->db->Get(rocksdb::ReadOptions(), impl_->metadata, key, &v).ok() ? v : std::string();
  };
  std::string version = readMeta("format_version");
  if (version.empty() && access == Access::ReadWrite) {
    rocksdb::WriteBatch batch;
    batch.Put(impl_->metadata, "format_version", std::to_string(kFormatVersion));
    batch.Put(impl_->metadata, "created", nowUtc());
    batch.Put(impl_->metadata, "created_by", std::string(toolVersion()));
    rocksdb::WriteOptions w;
    w.sync = true;
    s = impl_->db->Write(w, &batch);
    if (!s.ok()) throw fail("cannot write its metadata: " + s.ToString());
    version = std::to_string(kFormatVersion);
    // Flushed at once, so the write-ahead log never has to keep it (and all after it) alive.
    impl_->db->Flush(rocksdb::FlushOptions(), impl_->metadata);
  }
  if (version.empty()) throw fail("not a tengen book (no format version)");
  try {
    metadata_.formatVersion = std::stoi(version);
  } catch (const std::exception&) {
    throw fail("unreadable format version '" + version + "'");
  }
  if (metadata_.formatVersion > kFormatVersion || metadata_.formatVersion < 1)
    throw fail("format version " + version + " is not one this tengen reads (it reads 1 to " +
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
  if (!s.ok()) throw BookError("book " + dir + ": read failed: " + s.ToString());
  return value;
}

}  // namespace

std::optional<std::string> Book::getRaw(std::string_view key) const {
  return readFrom(*impl_->db, impl_->positions, key, dir_);
}

std::optional<BookRecord> Book::get(std::string_view key) const {
  const auto raw = getRaw(key);
  if (!raw) return std::nullopt;
  return decodeRecord(*raw);
}

std::optional<std::string> Book::jobState(std::string_view key) const {
  if (!impl_->jobs) return std::nullopt;
  return readFrom(*impl_->db, impl_->jobs, key, dir_);
}

void Book::write(const std::vector<std::pair<std::string, BookRecord>>& records) { write(records, {}); }

void Book::write(const std::vector<std::pair<std::string, BookRecord>>& records,
                 const std::vector<std::pair<std::string, std::string>>& jobStates) {
  if (access_ != Access::ReadWrite) throw BookError("book " + dir_ + ": opened read-only");
  if (records.empty() && jobStates.empty()) return;
  rocksdb::WriteBatch batch;
  for (const auto& [key, record] : records) batch.Put(impl_->positions, key, encodeRecord(record));
  for (const auto& [key, state] : jobStates) batch.Put(impl_->jobs, key, state);
  // Through the WAL (never disableWAL): a killed process loses no acknowledged batch, and a
  // batch is applied whole or not at all.
  rocksdb::WriteOptions w;
  const rocksdb::Status s = impl_->db->Write(w, &batch);
  if (!s.ok()) throw BookError("book " + dir_ + ": write failed: " + s.ToString());
}

void Book::forEach(const Visitor& visit) const {
  std::unique_ptr<rocksdb::Iterator> it(impl_->db->NewIterator(rocksdb::ReadOptions(), impl_->positions));
  for (it->SeekToFirst(); it->Valid(); it->Next()) {
    const std::string_view key(it->key().data(), it->key().size());
    const std::string_view value(it->value().data(), it->value().size());
    bool more;
    try {
      const BookRecord record = decodeRecord(value);
      more = visit(key, &record, std::string());
    } catch (const BookError& e) {
      more = visit(key, nullptr, e.what());
    }
    if (!more) break;
  }
  if (!it->status().ok()) throw BookError("book " + dir_ + ": scan failed: " + it->status().ToString());
}

void Book::refresh() {
  if (access_ == Access::ReadOnly) impl_->db->TryCatchUpWithPrimary();
}

std::uint64_t Book::diskBytes() const {
  std::uint64_t total = 0;
  std::error_code ec;
  for (const auto& entry : fs::recursive_directory_iterator(dir_, ec))
    if (entry.is_regular_file(ec)) total += entry.file_size(ec);
  return total;
}

void Book::compact() {
  if (access_ != Access::ReadWrite) return;
  impl_->db->Flush(rocksdb::FlushOptions(), impl_->handles);
  impl_->db->CompactRange(rocksdb::CompactRangeOptions(), impl_->positions, nullptr, nullptr);
}

}  // namespace tengen::book
