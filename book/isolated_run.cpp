// The child: posix_spawn of the helper, or fork; its standard output read through a pipe.
#include "book/isolated_run.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>

namespace tengen::book {
namespace {

namespace fs = std::filesystem;

std::string helperPath() {
  std::error_code ec;
  const fs::path self = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return {};
  const fs::path helper = self.parent_path() / "tengen-files-check";
  return ::access(helper.c_str(), X_OK) == 0 ? helper.string() : std::string();
}

pid_t start(const std::vector<std::string>& helperArgs, const std::function<int(int)>& work, int out) {
  if (const std::string helper = helperPath(); !helper.empty()) {
    std::vector<std::string> args = {helper};
    args.insert(args.end(), helperArgs.begin(), helperArgs.end());
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, out, STDOUT_FILENO);
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
    pid_t child = -1;
    const int failed = posix_spawn(&child, helper.c_str(), &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (failed == 0) return child;
  }
  const pid_t child = ::fork();
  if (child != 0) return child;
  if (const int devnull = ::open("/dev/null", O_WRONLY); devnull >= 0) ::dup2(devnull, STDERR_FILENO);
  int status = 3;
  try {
    status = work(out);
  } catch (const std::exception& e) {
    writeAllTo(out, e.what());
  }
  ::_exit(status);
}

}  // namespace

void writeAllTo(int fd, const std::string& bytes) {
  const char* at = bytes.data();
  for (std::size_t left = bytes.size(); left > 0;) {
    const ssize_t n = ::write(fd, at, left);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    at += n;
    left -= static_cast<std::size_t>(n);
  }
}

IsolatedResult runIsolated(const std::vector<std::string>& helperArgs, const std::function<int(int out)>& work) {
  IsolatedResult result;
  int channel[2];
  if (::pipe(channel) != 0) return result;
  const pid_t child = start(helperArgs, work, channel[1]);
  ::close(channel[1]);
  if (child < 0) {
    ::close(channel[0]);
    return result;
  }
  result.ran = true;
  char buf[4096];
  for (ssize_t n; (n = ::read(channel[0], buf, sizeof buf)) != 0;) {
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) break;
    result.output.append(buf, static_cast<std::size_t>(n));
  }
  ::close(channel[0]);
  int status = 0;
  while (::waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
  result.crashed = WIFSIGNALED(status);
  result.signal = result.crashed ? WTERMSIG(status) : 0;
  result.status = WIFEXITED(status) ? WEXITSTATUS(status) : 0;
  return result;
}

}  // namespace tengen::book
