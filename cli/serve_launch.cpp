// `tengen serve` in the tengen executable: replaced by tengen-serve, found beside this executable,
// with the same arguments. Keeping the web server's libraries out of tengen saves every other
// command about 3.4 ms of start-up (cpp-httplib pulls OpenSSL and brotli in).
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <stdexcept>
#include <vector>

#include "cli/args.h"
#include "cli/commands.h"
#include "cli/help.h"

namespace tengen::cli {

int runServe(int argc, char** argv) {
  const Args args(argc, argv, 2, commandHelp("serve"));  // --help and bad options answered here
  std::error_code ec;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
  const std::filesystem::path server = self.parent_path() / "tengen-serve";
  if (ec || ::access(server.c_str(), X_OK) != 0)
    throw std::runtime_error("the web view is the program tengen-serve, and there is none beside " +
                             (ec ? std::string("this tengen") : self.string()) + " (build it with ./dev.sh build)");
  std::vector<char*> args2(argv, argv + argc);
  const std::string path = server.string();
  args2[0] = const_cast<char*>(path.c_str());
  args2.push_back(nullptr);
  ::execv(path.c_str(), args2.data());
  throw std::runtime_error("cannot start " + path + ": " + std::strerror(errno));
}

}  // namespace tengen::cli
