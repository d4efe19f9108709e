// The seal: format byte, then the archive's CRC-32 big-endian, then the archive.
#include "book/sealed_bytes.h"

#include <boost/crc.hpp>
#include <cstdint>

#include "book/book_error.h"

namespace tengen::book {
namespace {

std::uint32_t crc32(std::string_view bytes) {
  boost::crc_32_type crc;
  crc.process_bytes(bytes.data(), bytes.size());
  return crc.checksum();
}

}  // namespace

std::string seal(char format, std::string_view archive) {
  std::string bytes(5, '\0');
  bytes[0] = format;
  const std::uint32_t crc = crc32(archive);
  for (int i = 0; i < 4; ++i) bytes[1 + i] = static_cast<char>((crc >> (24 - 8 * i)) & 0xFF);
  return bytes.append(archive);
}

std::string_view unseal(std::string_view bytes, char format, std::string_view what) {
  const std::string prefix = "unreadable " + std::string(what) + ": ";
  if (bytes.size() < 5 || bytes[0] != format) throw RecordError(prefix + "unknown " + std::string(what) + " format");
  std::uint32_t crc = 0;
  for (int i = 0; i < 4; ++i) crc = (crc << 8) | static_cast<unsigned char>(bytes[1 + i]);
  const std::string_view archive = bytes.substr(5);
  if (crc32(archive) != crc) throw RecordError(prefix + "checksum mismatch (damaged on disk)");
  return archive;
}

}  // namespace tengen::book
