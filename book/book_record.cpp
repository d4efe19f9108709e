// Record semantics (settle, merge) and the versioned, checksummed stored form.
#include "book/book_record.h"

#include <boost/archive/binary_iarchive.hpp>
#include <boost/archive/binary_oarchive.hpp>
#include <boost/crc.hpp>
#include <boost/iostreams/device/array.hpp>
#include <boost/iostreams/stream.hpp>
#include <boost/serialization/array.hpp>
#include <boost/serialization/string.hpp>
#include <boost/serialization/vector.hpp>
#include <boost/serialization/version.hpp>
#include <sstream>

#include "book/book_error.h"

// Class versions: bump one when a field is added, and read the old layout under `version`.
BOOST_CLASS_VERSION(tengen::book::ProofStep, 1)
BOOST_CLASS_VERSION(tengen::book::BookRecord, 1)

namespace boost::serialization {

template <class Archive>
void serialize(Archive& ar, tengen::book::ProofStep& s, unsigned /*version*/) {
  ar & s.present & s.attackerWins & s.moves & s.argumentKind & s.argumentMoves & s.best & s.size & s.depth &
      s.verified;
}

template <class Archive>
void serialize(Archive& ar, tengen::book::BookRecord& r, unsigned /*version*/) {
  ar & r.result & r.bestMove & r.steps & r.pn & r.dn & r.toolVersion;
}

}  // namespace boost::serialization

namespace tengen::book {
namespace {

constexpr char kFormatByte = 'T';
constexpr unsigned kArchiveFlags = boost::archive::no_header | boost::archive::no_codecvt;
// Bounds that no real record reaches; a larger count means damage, not data.
constexpr std::size_t kMaxMoves = 512;

std::uint32_t crc32(std::string_view bytes) {
  boost::crc_32_type crc;
  crc.process_bytes(bytes.data(), bytes.size());
  return crc.checksum();
}

bool sane(const ProofStep& s) {
  return s.moves.size() <= kMaxMoves && s.argumentMoves.size() <= kMaxMoves;
}

}  // namespace

bool BookRecord::verified() const {
  bool any = false;
  for (const auto& s : steps) {
    if (!s.present) continue;
    if (!s.verified) return false;
    any = true;
  }
  return any;
}

const ProofStep* BookRecord::decisiveStep(int toMove) const {
  switch (result) {
    case Value::BlackWins: return &steps[0];
    case Value::WhiteWins: return &steps[1];
    case Value::Draw: return &steps[1 - toMove];  // the side to move's step against the other's win
    case Value::Unknown: return nullptr;
  }
  return nullptr;
}

void settle(BookRecord& r, int toMove) {
  const ProofStep &black = r.steps[0], &white = r.steps[1];
  if (black.present && black.attackerWins) r.result = Value::BlackWins;
  else if (white.present && white.attackerWins) r.result = Value::WhiteWins;
  else if (black.present && white.present) r.result = Value::Draw;  // both disproved
  else r.result = Value::Unknown;
  const ProofStep* step = r.decisiveStep(toMove);
  r.bestMove = step ? step->best : kNoCell;
  if (r.result != Value::Unknown) r.pn = r.dn = 0;
}

std::optional<std::string> mergeRecord(BookRecord& into, const BookRecord& incoming, int toMove) {
  BookRecord merged = into;
  for (int c = 0; c < 2; ++c) {
    const ProofStep &have = into.steps[c], &add = incoming.steps[c];
    if (!add.present) continue;
    const char* colour = c == 0 ? "black" : "white";
    if (have.present && have.attackerWins != add.attackerWins)
      return std::string("one proof says ") + colour + (have.attackerWins ? " wins" : " cannot win") +
             ", the other says " + colour + (add.attackerWins ? " wins" : " cannot win");
    // A step already stored stays: its own subtree is in the book. A verified copy of it wins.
    if (!have.present || (!have.verified && add.verified)) merged.steps[c] = add;
  }
  if (merged.steps[0].present && merged.steps[0].attackerWins && merged.steps[1].present &&
      merged.steps[1].attackerWins)
    return std::string("one proof says black wins, the other says white wins");
  settle(merged, toMove);
  if (merged.result == Value::Unknown && incoming.result == Value::Unknown && (incoming.pn || incoming.dn)) {
    merged.pn = incoming.pn;
    merged.dn = incoming.dn;
  }
  if (!incoming.toolVersion.empty()) merged.toolVersion = incoming.toolVersion;
  into = std::move(merged);
  return std::nullopt;
}

std::string encodeRecord(const BookRecord& record) {
  std::ostringstream out;
  {
    boost::archive::binary_oarchive ar(out, kArchiveFlags);
    ar << record;
  }
  const std::string archive = std::move(out).str();
  std::string bytes(5, '\0');
  bytes[0] = kFormatByte;
  const std::uint32_t crc = crc32(archive);
  for (int i = 0; i < 4; ++i) bytes[1 + i] = static_cast<char>((crc >> (24 - 8 * i)) & 0xFF);
  return bytes + archive;
}

BookRecord decodeRecord(std::string_view bytes) {
  if (bytes.size() < 5 || bytes[0] != kFormatByte) throw BookError("unreadable record: unknown record format");
  std::uint32_t crc = 0;
  for (int i = 0; i < 4; ++i) crc = (crc << 8) | static_cast<unsigned char>(bytes[1 + i]);
  const std::string_view archive = bytes.substr(5);
  if (crc32(archive) != crc) throw BookError("unreadable record: checksum mismatch (damaged on disk)");
  BookRecord record;
  try {
    boost::iostreams::stream<boost::iostreams::array_source> in(archive.data(), archive.size());
    boost::archive::binary_iarchive ar(in, kArchiveFlags);
    ar >> record;
  } catch (const std::exception& e) {
    throw BookError(std::string("unreadable record: ") + e.what());
  }
  if (static_cast<unsigned>(record.result) > 3 || !sane(record.steps[0]) || !sane(record.steps[1]))
    throw BookError("unreadable record: fields out of range");
  return record;
}

std::string_view valueName(Value v) {
  switch (v) {
    case Value::BlackWins: return "black-wins";
    case Value::WhiteWins: return "white-wins";
    case Value::Draw: return "draw";
    case Value::Unknown: return "unknown";
  }
  return "?";
}

bool parseValue(std::string_view text, Value& out) {
  for (Value v : {Value::BlackWins, Value::WhiteWins, Value::Draw, Value::Unknown})
    if (valueName(v) == text) {
      out = v;
      return true;
    }
  return false;
}

}  // namespace tengen::book
