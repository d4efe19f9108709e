// Scratch directories of book opens: removed when their owner ends, left for the next open's
// sweep when it dies, and never swept while their owner lives.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "book/scratch_dir.h"
#include "tests/temp_dir.h"

namespace tengen::book {
namespace {

namespace fs = std::filesystem;

// A parent folder of its own, so the sweeps see only this test's scratch folders.
class ScratchParent {
 public:
  fs::path path() const { return dir_.path(); }
  int entries() const {
    int n = 0;
    for ([[maybe_unused]] const auto& e : fs::directory_iterator(path())) ++n;
    return n;
  }

 private:
  tests::TempDir dir_{"scratch-test"};
};

// A scratch directory made by a child process, which holds it until release() and then dies
// without running any destructor.
class OtherOwner {
 public:
  explicit OtherOwner(const fs::path& parent) {
    int out[2], hold[2];
    EXPECT_EQ(::pipe(out), 0);
    EXPECT_EQ(::pipe(hold), 0);
    child_ = ::fork();
    if (child_ == 0) {
      ::close(out[0]);
      ::close(hold[1]);
      auto* dir = new ScratchDir(parent);  // never deleted: the process dies holding it
      const std::string& path = dir->path();
      if (::write(out[1], path.data(), path.size()) < 0) std::_Exit(2);
      ::close(out[1]);
      char c;
      while (::read(hold[0], &c, 1) > 0) {
      }
      std::_Exit(0);
    }
    ::close(out[1]);
    ::close(hold[0]);
    hold_ = hold[1];
    std::string path;
    char buf[256];
    for (ssize_t n; (n = ::read(out[0], buf, sizeof buf)) > 0;) path.append(buf, static_cast<std::size_t>(n));
    ::close(out[0]);
    path_ = path;
  }
  ~OtherOwner() { release(); }
  const fs::path& path() const { return path_; }
  // Lets the child die (its lock goes with it) and waits for it.
  void release() {
    if (hold_ < 0) return;
    ::close(hold_);
    hold_ = -1;
    int status = 0;
    ::waitpid(child_, &status, 0);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  }

 private:
  pid_t child_ = -1;
  int hold_ = -1;
  fs::path path_;
};

fs::path abandonedScratchDir(const fs::path& parent) {
  OtherOwner owner(parent);
  owner.release();
  return owner.path();
}

TEST(ScratchDir, IsRemovedWithItsOwner) {
  ScratchParent parent;
  std::string path;
  {
    ScratchDir dir(parent.path());
    path = dir.path();
    EXPECT_TRUE(fs::is_directory(path));
    EXPECT_EQ(fs::path(path).parent_path(), parent.path());
  }
  EXPECT_FALSE(fs::exists(path));
  EXPECT_EQ(parent.entries(), 0);
}

TEST(ScratchDir, OneLeftByADeadProcessIsSweptByTheNextOpen) {
  ScratchParent parent;
  const fs::path left = abandonedScratchDir(parent.path());
  ASSERT_TRUE(fs::is_directory(left));
  std::ofstream(left / "LOG") << "a secondary instance's log";
  {
    ScratchDir next(parent.path());
    EXPECT_FALSE(fs::exists(left));
    EXPECT_EQ(parent.entries(), 1);  // only the new one
  }
  EXPECT_EQ(parent.entries(), 0);
}

TEST(ScratchDir, ALiveOwnersDirectoryIsNeverSwept) {
  ScratchParent parent;
  ScratchDir live(parent.path());
  EXPECT_EQ(sweepAbandonedScratchDirs(parent.path()), 0);
  ScratchDir second(parent.path());
  EXPECT_TRUE(fs::is_directory(live.path()));
  EXPECT_NE(live.path(), second.path());
  EXPECT_EQ(sweepAbandonedScratchDirs(parent.path()), 0);
  EXPECT_EQ(parent.entries(), 2);
}

TEST(ScratchDir, AnotherLiveProcesssDirectoryIsSweptOnlyOnceItDies) {
  ScratchParent parent;
  OtherOwner other(parent.path());
  ASSERT_TRUE(fs::is_directory(other.path()));
  EXPECT_EQ(sweepAbandonedScratchDirs(parent.path()), 0);
  {
    ScratchDir mine(parent.path());  // its open sweeps too
    EXPECT_TRUE(fs::is_directory(other.path()));
  }
  other.release();
  EXPECT_TRUE(fs::is_directory(other.path()));  // nobody removes it but a sweep
  EXPECT_EQ(sweepAbandonedScratchDirs(parent.path()), 1);
  EXPECT_FALSE(fs::exists(other.path()));
}

TEST(ScratchDir, TheSweepLeavesDirectoriesWithoutALockAlone) {
  ScratchParent parent;
  // An older tengen's scratch directory (no lock file), one being made right now (its lock file
  // not yet renamed into place), and someone else's directory.
  fs::create_directory(parent.path() / "tengen-reader-older1");
  fs::create_directory(parent.path() / "tengen-reader-making");
  std::ofstream(parent.path() / "tengen-reader-making" / "owner.lock.new");
  fs::create_directory(parent.path() / "unrelated");
  std::ofstream(parent.path() / "unrelated" / "owner.lock");
  const fs::path dead = abandonedScratchDir(parent.path());
  EXPECT_EQ(sweepAbandonedScratchDirs(parent.path()), 1);
  EXPECT_FALSE(fs::exists(dead));
  EXPECT_TRUE(fs::exists(parent.path() / "tengen-reader-older1"));
  EXPECT_TRUE(fs::exists(parent.path() / "tengen-reader-making"));
  EXPECT_TRUE(fs::exists(parent.path() / "unrelated"));
}

TEST(ScratchDir, AMissingParentIsAClearError) {
  try {
    ScratchDir dir("/nonexistent-tengen-parent/sub");
    FAIL() << "made " << dir.path();
  } catch (const std::exception& e) {
    EXPECT_NE(std::string(e.what()).find("cannot make a scratch directory in /nonexistent-tengen-parent/sub"),
              std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace tengen::book
