// Zstandard in and out of memory, for the file formats that compress (proof files, entry exports).
#include "book/compressed_bytes.h"

#include <zstd.h>

#include <fstream>
#include <iterator>
#include <memory>
#include <stdexcept>

namespace tengen::book {

std::string compressBytes(std::string_view bytes, int level) {
  std::string frame(ZSTD_compressBound(bytes.size()), '\0');
  const std::size_t n = ZSTD_compress(frame.data(), frame.size(), bytes.data(), bytes.size(), level);
  if (ZSTD_isError(n)) throw std::runtime_error(std::string("compression failed: ") + ZSTD_getErrorName(n));
  frame.resize(n);
  return frame;
}

Decompressed decompressBytes(std::string_view frame, std::size_t maxBytes) {
  Decompressed out;
  const std::unique_ptr<ZSTD_DStream, decltype(&ZSTD_freeDStream)> stream(ZSTD_createDStream(), ZSTD_freeDStream);
  ZSTD_initDStream(stream.get());
  ZSTD_inBuffer input{frame.data(), frame.size(), 0};
  std::string chunk(ZSTD_DStreamOutSize(), '\0');
  std::size_t status = 1;
  while (input.pos < input.size) {
    ZSTD_outBuffer output{chunk.data(), chunk.size(), 0};
    status = ZSTD_decompressStream(stream.get(), &output, &input);
    if (ZSTD_isError(status)) {
      out.status = Decompressed::Status::NotCompressed;
      out.detail = ZSTD_getErrorName(status);
      out.bytes.clear();
      return out;
    }
    out.bytes.append(chunk.data(), output.pos);
    if (out.bytes.size() > maxBytes) {
      out.status = Decompressed::Status::TooLarge;
      out.bytes.clear();
      return out;
    }
    if (output.pos == 0 && status != 0 && input.pos == input.size) break;
  }
  if (frame.empty() || status != 0) {
    out.status = Decompressed::Status::CutShort;
    out.bytes.clear();
  }
  return out;
}

Decompressed readCompressedFile(const std::string& path, std::size_t maxBytes) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    Decompressed out;
    out.status = Decompressed::Status::CannotOpen;
    return out;
  }
  const std::string frame((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return decompressBytes(frame, maxBytes);
}

}  // namespace tengen::book
