// book_transplant DIR RULE SIZE FROM TO: copies the stored value of position FROM onto position
// TO's key in the book at DIR, straight through RocksDB (as ldb or a program of one's own would):
// the forged book the transplant test then reads with every command.
#include <rocksdb/db.h>

#include <iostream>
#include <string>
#include <vector>

#include "book/position_key.h"
#include "solver/gomoku/position.h"

int main(int argc, char** argv) {
  if (argc != 6) {
    std::cerr << "usage: book_transplant DIR RULE SIZE FROM TO\n";
    return 2;
  }
  using namespace tengen;
  gomoku::PositionOptions o;
  gomoku::parseRule(argv[2], o.rule);
  o.size = std::stoi(argv[3]);
  auto keyOf = [&](const char* text) {
    const gomoku::Position p = gomoku::parsePosition(text, o);
    return book::canonicalKey(p.board, p.rule, p.toMove).bytes;
  };
  const std::string from = keyOf(argv[4]), to = keyOf(argv[5]);
  rocksdb::DBOptions options;
  std::vector<std::string> families;
  if (!rocksdb::DB::ListColumnFamilies(options, argv[1], &families).ok()) return 1;
  std::vector<rocksdb::ColumnFamilyDescriptor> descriptors;
  for (const auto& f : families) descriptors.emplace_back(f, rocksdb::ColumnFamilyOptions());
  std::vector<rocksdb::ColumnFamilyHandle*> handles;
  rocksdb::DB* db = nullptr;
  if (!rocksdb::DB::Open(options, argv[1], descriptors, &handles, &db).ok()) return 1;
  int status = 1;
  for (std::size_t i = 0; i < families.size(); ++i) {
    if (families[i] != "positions") continue;
    std::string value;
    if (db->Get(rocksdb::ReadOptions(), handles[i], from, &value).ok() &&
        db->Put(rocksdb::WriteOptions(), handles[i], to, value).ok())
      status = 0;
  }
  for (auto* h : handles) db->DestroyColumnFamilyHandle(h);
  delete db;
  return status;
}
