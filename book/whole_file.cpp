// writeWholeFile: a temporary file, flushed, then renamed over the target.
#include "book/whole_file.h"

#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "solver/gomoku/notation.h"

namespace tengen::book {

void writeWholeFile(const std::string& path, std::string_view bytes) {
  const std::string pending = path + ".new";
  {
    std::ofstream out(pending, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    if (!out.flush()) {
      std::error_code ignored;
      std::filesystem::remove(pending, ignored);
      throw std::runtime_error(gomoku::printable(path) + ": cannot write it");
    }
  }
  std::error_code ec;
  std::filesystem::rename(pending, path, ec);
  if (ec) throw std::runtime_error(gomoku::printable(path) + ": cannot write it: " + ec.message());
}

}  // namespace tengen::book
