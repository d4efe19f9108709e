// The seal: format byte, then the archive's CRC-32 big-endian, then the archive.
#include "book/sealed_bytes.h"

#include <boost/crc.hpp>
#include <cstdint>
#include <string>

#include "book/book_error.h"

namespace tengen::book {
std::uint32_t crc32(std::string_view bytes) {
  boost::crc_32_type crc;
  crc.process_bytes(bytes.data(), bytes.size());
  return crc.checksum();
}

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

namespace {

constexpr char kBoundFormat = 'K';

std::uint32_t bindingCrc(std::string_view key, std::string_view payload) {
  boost::crc_32_type crc;
  const unsigned char length[4] = {static_cast<unsigned char>(key.size() >> 24), static_cast<unsigned char>(key.size() >> 16),
                                   static_cast<unsigned char>(key.size() >> 8), static_cast<unsigned char>(key.size())};
  crc.process_bytes(length, sizeof length);
  crc.process_bytes(key.data(), key.size());
  crc.process_bytes(payload.data(), payload.size());
  return crc.checksum();
}

std::uint32_t storedCrc(std::string_view bytes) {
  std::uint32_t crc = 0;
  for (int i = 0; i < 4; ++i) crc = (crc << 8) | static_cast<unsigned char>(bytes[1 + i]);
  return crc;
}

}  // namespace

std::string bindToKey(std::string_view key, std::string_view payload) {
  std::string bytes(5, '\0');
  bytes[0] = kBoundFormat;
  const std::uint32_t crc = bindingCrc(key, payload);
  for (int i = 0; i < 4; ++i) bytes[1 + i] = static_cast<char>((crc >> (24 - 8 * i)) & 0xFF);
  return bytes.append(payload);
}

std::string_view boundPayload(std::string_view key, std::string_view stored, bool acceptUnbound, std::string_view what) {
  const std::string prefix = "unreadable " + std::string(what) + ": ";
  if (stored.empty() || stored[0] != kBoundFormat) {
    if (acceptUnbound) return stored;
    throw RecordError(prefix + "not bound to its key (damaged, or put there by something other than tengen)");
  }
  if (stored.size() < 5) throw RecordError(prefix + "cut short (damaged on disk)");
  const std::string_view payload = stored.substr(5);
  if (bindingCrc(key, payload) == storedCrc(stored)) return payload;
  // The payload's own seal intact: the bytes are whole, but they belong under another key.
  if (payload.size() >= 5 && crc32(payload.substr(5)) == storedCrc(payload))
    throw RecordError(prefix + "stored under another position's key (moved or copied there)");
  throw RecordError(prefix + "checksum mismatch (damaged on disk)");
}

}  // namespace tengen::book
