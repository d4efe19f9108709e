// TENGEN-ACKED: two 32-byte slots written in turn, each a magic, the sequence number, a generation
// and a CRC-32. A write cut short (a power cut in the middle of one) spoils one slot; the other
// still holds the value before it, never a larger one.
#include "book/acknowledged_writes.h"

#include <fcntl.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstring>

#include "book/book_error.h"
#include "book/sealed_bytes.h"

namespace tengen::book {
namespace {

constexpr std::size_t kSlotBytes = 32;
constexpr char kMagic[8] = {'T', 'G', 'A', 'C', 'K', 'E', 'D', '1'};

struct Slot {
  std::uint64_t sequence = 0;
  std::uint64_t generation = 0;
};

void putU64(char* at, std::uint64_t v) {
  for (int i = 0; i < 8; ++i) at[i] = static_cast<char>((v >> (8 * i)) & 0xFF);
}
std::uint64_t getU64(const char* at) {
  std::uint64_t v = 0;
  for (int i = 7; i >= 0; --i) v = v << 8 | static_cast<unsigned char>(at[i]);
  return v;
}

std::array<char, kSlotBytes> encode(const Slot& slot) {
  std::array<char, kSlotBytes> bytes{};
  std::memcpy(bytes.data(), kMagic, sizeof kMagic);
  putU64(bytes.data() + 8, slot.sequence);
  putU64(bytes.data() + 16, slot.generation);
  const std::uint32_t crc = crc32(std::string_view(bytes.data(), 24));
  putU64(bytes.data() + 24, crc);
  return bytes;
}

std::optional<Slot> decode(const char* bytes) {
  if (std::memcmp(bytes, kMagic, sizeof kMagic) != 0) return std::nullopt;
  if (getU64(bytes + 24) != crc32(std::string_view(bytes, 24))) return std::nullopt;
  return Slot{getU64(bytes + 8), getU64(bytes + 16)};
}

bool writeAll(int fd, const char* bytes, std::size_t n, off_t at) {
  while (n > 0) {
    const ssize_t done = ::pwrite(fd, bytes, n, at);
    if (done < 0 && errno == EINTR) continue;
    if (done <= 0) return false;
    bytes += done;
    n -= static_cast<std::size_t>(done);
    at += done;
  }
  return true;
}

std::string pathIn(const std::string& dir) { return dir + "/" + kAcknowledgedFile; }

}  // namespace

std::optional<std::uint64_t> AcknowledgedWrites::read(const std::string& dir, const std::string& shown) {
  const int fd = ::open(pathIn(dir).c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    if (errno == ENOENT) return std::nullopt;
    throw BookError("book " + shown + ": damaged: its record of acknowledged writes (" + kAcknowledgedFile +
                    ") cannot be read: " + std::strerror(errno));
  }
  char bytes[2 * kSlotBytes] = {};
  ssize_t got = 0;
  while (got < static_cast<ssize_t>(sizeof bytes)) {
    const ssize_t n = ::pread(fd, bytes + got, sizeof bytes - static_cast<std::size_t>(got), got);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    got += n;
  }
  ::close(fd);
  std::optional<Slot> best;
  for (std::size_t i = 0; i < 2; ++i) {
    if (static_cast<std::size_t>(got) < (i + 1) * kSlotBytes) break;
    const auto slot = decode(bytes + i * kSlotBytes);
    if (slot && (!best || slot->generation > best->generation)) best = slot;
  }
  if (!best)
    throw BookError("book " + shown + ": damaged: its record of acknowledged writes (" + kAcknowledgedFile +
                    ") is unreadable; " + kRepairHint);
  return best->sequence;
}

AcknowledgedWrites::AcknowledgedWrites(const std::string& dir, const std::string& shown, std::uint64_t sequence)
    : shown_(shown), sequence_(sequence) {
  const std::string path = pathIn(dir);
  fd_ = ::open(path.c_str(), O_RDWR | O_CLOEXEC);
  if (fd_ >= 0) {
    // Go on from what the file says: its generations keep counting.
    char bytes[2 * kSlotBytes] = {};
    const ssize_t got = ::pread(fd_, bytes, sizeof bytes, 0);
    for (std::size_t i = 0; i < 2; ++i)
      if (got >= static_cast<ssize_t>((i + 1) * kSlotBytes))
        if (const auto slot = decode(bytes + i * kSlotBytes); slot && slot->generation >= generation_) {
          generation_ = slot->generation;
          sequence_ = std::max(sequence_, slot->sequence);
        }
    return;
  }
  if (errno != ENOENT)
    throw BookError("book " + shown + ": cannot open " + kAcknowledgedFile + ": " + std::strerror(errno));
  // Made whole under another name, then renamed: a reader never sees half a file.
  const std::string pending = path + ".new";
  const int fd = ::open(pending.c_str(), O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  const auto first = encode({sequence, 1}), second = encode({sequence, 2});
  const bool made = fd >= 0 && writeAll(fd, first.data(), kSlotBytes, 0) &&
                    writeAll(fd, second.data(), kSlotBytes, kSlotBytes) && ::fsync(fd) == 0 &&
                    ::rename(pending.c_str(), path.c_str()) == 0;
  if (!made) {
    const int error = errno;
    if (fd >= 0) ::close(fd);
    ::unlink(pending.c_str());
    throw BookError("book " + shown + ": cannot write " + kAcknowledgedFile + ": " + std::strerror(error));
  }
  fd_ = fd;
  generation_ = 2;
  if (const int d = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC); d >= 0) {
    ::fsync(d);
    ::close(d);
  }
}

AcknowledgedWrites::~AcknowledgedWrites() {
  if (fd_ >= 0) ::close(fd_);
}

void AcknowledgedWrites::record(std::uint64_t sequence, bool durable) {
  std::lock_guard lock(mutex_);
  if (sequence < sequence_) sequence = sequence_;
  if (sequence == sequence_ && !durable) return;
  ++generation_;
  const auto bytes = encode({sequence, generation_});
  if (!writeAll(fd_, bytes.data(), kSlotBytes, static_cast<off_t>((generation_ % 2) * kSlotBytes)) ||
      (durable && ::fdatasync(fd_) != 0))
    throw BookError("book " + shown_ + ": writing " + kAcknowledgedFile + " failed: " + std::strerror(errno));
  sequence_ = sequence;
}

}  // namespace tengen::book
