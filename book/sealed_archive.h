// A value stored as a sealed Boost binary archive (sealed_bytes.h: a format byte and a CRC-32 in
// front), written and read the same way for every kind of stored value (a five-in-a-row record,
// an Othello entry).
#pragma once

#include <boost/archive/binary_iarchive.hpp>
#include <boost/archive/binary_oarchive.hpp>
#include <boost/iostreams/device/array.hpp>
#include <boost/iostreams/stream.hpp>
#include <sstream>
#include <string>
#include <string_view>

#include "book/book_error.h"
#include "book/sealed_bytes.h"

namespace tengen::book {

// No archive header: the format byte is the version that matters.
inline constexpr unsigned kArchiveFlags = boost::archive::no_header | boost::archive::no_codecvt;

template <class T>
std::string sealArchive(char format, const T& value) {
  std::ostringstream out;
  {
    boost::archive::binary_oarchive ar(out, kArchiveFlags);
    ar << value;
  }
  return seal(format, std::move(out).str());
}

// Throws RecordError ("unreadable <what>: ...") when the seal does not hold or the archive inside
// cannot be read.
template <class T>
T unsealArchive(std::string_view bytes, char format, std::string_view what) {
  const std::string_view archive = unseal(bytes, format, what);
  T value;
  try {
    boost::iostreams::stream<boost::iostreams::array_source> in(archive.data(), archive.size());
    boost::archive::binary_iarchive ar(in, kArchiveFlags);
    ar >> value;
  } catch (const std::exception& e) {
    throw RecordError("unreadable " + std::string(what) + ": " + e.what());
  }
  return value;
}

}  // namespace tengen::book
