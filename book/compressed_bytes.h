// Zstandard frames in memory: proof files and compressed entry exports share one reader, which
// streams with a cap (a frame may not say its size, and a hostile one may claim any).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace tengen::book {

// One frame of `bytes` at Zstandard's `level` (1-22). Throws std::runtime_error("compression
// failed: ...") when the library refuses.
std::string compressBytes(std::string_view bytes, int level);

struct Decompressed {
  enum class Status { Whole, CannotOpen, NotCompressed, TooLarge, CutShort };
  Status status = Status::Whole;
  std::string bytes;   // the frame's content when Whole
  std::string detail;  // the library's reason when NotCompressed
};
// The content of the frame(s) in `frame`, at most `maxBytes` of it.
Decompressed decompressBytes(std::string_view frame, std::size_t maxBytes);
// The same for the whole file at `path` (CannotOpen when it cannot be read).
Decompressed readCompressedFile(const std::string& path, std::size_t maxBytes);

}  // namespace tengen::book
