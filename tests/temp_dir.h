// A fresh folder of its own for a test (under /tmp, named after the test's kind), removed with
// everything in it when the test ends: tests run in parallel and never share or leave a folder.
#pragma once

#include <stdlib.h>

#include <filesystem>
#include <stdexcept>
#include <string>

namespace tengen::tests {

class TempDir {
 public:
  explicit TempDir(const std::string& kind = "test") {
    std::string pattern = "/tmp/tengen-" + kind + "-XXXXXX";
    if (!::mkdtemp(pattern.data())) throw std::runtime_error("cannot make " + pattern);
    path_ = pattern;
  }
  ~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::string& path() const { return path_; }
  std::string sub(const std::string& name) const { return path_ + "/" + name; }

 private:
  std::string path_;
};

}  // namespace tengen::tests
