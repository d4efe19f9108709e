// Scratch directories for book opens, and the sweep of those whose process is gone. The lock is
// an flock on a file inside: the kernel drops it when its holder dies, however it dies, and it
// works across pid namespaces sharing the directory (a pid test would not).
#include "book/scratch_dir.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <mutex>
#include <set>
#include <system_error>

#include "book/book_error.h"

namespace tengen::book {
namespace {

namespace fs = std::filesystem;

constexpr const char* kPrefix = "tengen-reader-";
constexpr const char* kLockName = "owner.lock";

// This process's own folders, never swept by it: where flock is emulated by POSIX record locks
// (NFS), a process can take its own lock again.
std::mutex& ownMutex() {
  static std::mutex m;
  return m;
}
std::set<std::string>& ownFolders() {
  static std::set<std::string> folders;
  return folders;
}

}  // namespace

ScratchDir::ScratchDir(fs::path parent) {
  if (parent.empty()) {
    std::error_code ec;
    parent = fs::temp_directory_path(ec);  // $TMPDIR when it names a directory
    if (ec) parent = "/tmp";
  }
  sweepAbandonedScratchDirs(parent);
  std::string pattern = (parent / (std::string(kPrefix) + "XXXXXX")).string();
  if (!::mkdtemp(pattern.data()))
    throw BookError("cannot make a scratch directory in " + parent.string() + ": " + std::strerror(errno));
  path_ = pattern;
  // Locked under a temporary name, then renamed: a sweep sees the lock file only once it is
  // held, so it never takes a directory being made for abandoned.
  const std::string pending = path_ + "/" + kLockName + ".new";
  lockFd_ = ::open(pending.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  if (lockFd_ < 0 || ::flock(lockFd_, LOCK_EX | LOCK_NB) != 0 ||
      ::rename(pending.c_str(), (path_ + "/" + kLockName).c_str()) != 0) {
    const int error = errno;
    if (lockFd_ >= 0) ::close(lockFd_);
    std::error_code ec;
    fs::remove_all(path_, ec);
    throw BookError("cannot lock the scratch directory " + path_ + ": " + std::strerror(error));
  }
  std::lock_guard lock(ownMutex());
  ownFolders().insert(path_);
}

ScratchDir::~ScratchDir() {
  {
    std::lock_guard lock(ownMutex());
    ownFolders().erase(path_);
  }
  std::error_code ec;
  fs::remove_all(path_, ec);
  ::close(lockFd_);
}

int sweepAbandonedScratchDirs(const fs::path& parent) {
  int removed = 0;
  std::error_code ec;
  for (fs::directory_iterator it(parent, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name.rfind(kPrefix, 0) != 0) continue;
    {
      std::lock_guard lock(ownMutex());
      if (ownFolders().count(it->path().string())) continue;
    }
    const std::string lock = (it->path() / kLockName).string();
    const int fd = ::open(lock.c_str(), O_RDWR | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0) continue;  // no lock file: not one of ours, or not ready yet
    // Held while removing: another sweep cannot lock it, and the directory is nobody's.
    if (::flock(fd, LOCK_EX | LOCK_NB) == 0) {
      std::error_code removeError;
      fs::remove_all(it->path(), removeError);
      if (!removeError) ++removed;
    }
    ::close(fd);
  }
  return removed;
}

}  // namespace tengen::book
