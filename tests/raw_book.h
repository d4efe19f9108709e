// Tests that damage a book on purpose: a value written straight into RocksDB, behind the book's
// back, as disk damage, a newer tool or a hostile program would.
#pragma once

#include <gtest/gtest.h>
#include <rocksdb/db.h>

#include <string>
#include <vector>

namespace tengen::tests {

inline void putBehindTheBooksBack(const std::string& dir, const std::string& family, const std::string& key,
                                  const std::string& bytes) {
  rocksdb::DBOptions options;
  std::vector<std::string> families;
  ASSERT_TRUE(rocksdb::DB::ListColumnFamilies(options, dir, &families).ok());
  std::vector<rocksdb::ColumnFamilyDescriptor> descriptors;
  for (const auto& f : families) descriptors.emplace_back(f, rocksdb::ColumnFamilyOptions());
  std::vector<rocksdb::ColumnFamilyHandle*> handles;
  rocksdb::DB* db = nullptr;
  ASSERT_TRUE(rocksdb::DB::Open(options, dir, descriptors, &handles, &db).ok());
  for (std::size_t i = 0; i < families.size(); ++i)
    if (families[i] == family) {
      EXPECT_TRUE(db->Put(rocksdb::WriteOptions(), handles[i], key, bytes).ok());
    }
  for (auto* h : handles) db->DestroyColumnFamilyHandle(h);
  delete db;
}

}  // namespace tengen::tests
