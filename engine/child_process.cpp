// fork and exec with two pipes; SIGPIPE is held back while writing, so a child that ended makes
// send() return false instead of killing us.
#include "engine/child_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <stdexcept>
#include <string_view>
#include <vector>

extern "C" char** environ;

namespace tengen::engine {

namespace {

// This process's environment without what makes a program an MPI rank (mpirun's and PMIx's
// variables): an engine a worker rank starts is a program of its own, not a rank of the run (a
// tengen engine would otherwise try to join the run and fail). Built before fork: the child may
// only exec.
std::vector<char*> childEnvironment() {
  std::vector<char*> env;
  for (char** e = environ; *e; ++e) {
    const std::string_view v(*e);
    if (v.starts_with("OMPI_") || v.starts_with("PMIX_") || v.starts_with("PMI_") || v.starts_with("SLURM_STEP_NUM_TASKS="))
      continue;
    env.push_back(*e);
  }
  env.push_back(nullptr);
  return env;
}

}  // namespace

ChildProcess::ChildProcess(const std::string& command) {
  std::vector<char*> env = childEnvironment();
  int in[2], out[2];
  if (pipe2(in, O_CLOEXEC) != 0) throw std::runtime_error("cannot make a pipe for " + command);
  if (pipe2(out, O_CLOEXEC) != 0) {
    close(in[0]);
    close(in[1]);
    throw std::runtime_error("cannot make a pipe for " + command);
  }
  pid_ = fork();
  if (pid_ < 0) {
    for (int fd : {in[0], in[1], out[0], out[1]}) close(fd);
    throw std::runtime_error("cannot start " + command);
  }
  if (pid_ == 0) {
    setpgid(0, 0);  // its own group: a kill reaches what the shell started too
    dup2(in[0], STDIN_FILENO);
    dup2(out[1], STDOUT_FILENO);
    const int null = open("/dev/null", O_WRONLY);
    if (null >= 0) dup2(null, STDERR_FILENO);
    execle("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr), env.data());
    _exit(127);
  }
  close(in[0]);
  close(out[1]);
  to_ = in[1];
  from_ = out[0];
}

ChildProcess::~ChildProcess() {
  if (to_ >= 0) close(to_);
  if (waitStatus_ < 0) {
    int status = 0;
    for (int i = 0; i < 50 && waitpid(pid_, &status, WNOHANG) == 0; ++i) usleep(20000);
    if (waitpid(pid_, &status, WNOHANG) == 0) {
      kill(-pid_, SIGKILL);
      waitpid(pid_, &status, 0);
    }
  }
  close(from_);
}

bool ChildProcess::send(const std::string& line) {
  const std::string text = line + "\n";
  // Hold SIGPIPE for this thread: writing to a child that ended must fail, not end the program.
  sigset_t pipeSignal, old;
  sigemptyset(&pipeSignal);
  sigaddset(&pipeSignal, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &pipeSignal, &old);
  std::size_t done = 0;
  bool broken = false;
  while (done < text.size()) {
    const ssize_t n = write(to_, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      broken = true;
      break;
    }
    done += static_cast<std::size_t>(n);
  }
  if (broken) {
    const timespec none{0, 0};
    while (sigtimedwait(&pipeSignal, nullptr, &none) > 0) {
    }  // take the signal our write raised, if it is pending
  }
  pthread_sigmask(SIG_SETMASK, &old, nullptr);
  return !broken;
}

std::optional<std::string> ChildProcess::line(double seconds) {
  using Clock = std::chrono::steady_clock;
  const auto deadline = Clock::now() + std::chrono::duration<double>(seconds);
  while (true) {
    if (const auto nl = buffer_.find('\n'); nl != std::string::npos) {
      std::string l = buffer_.substr(0, nl);
      buffer_.erase(0, nl + 1);
      if (!l.empty() && l.back() == '\r') l.pop_back();
      return l;
    }
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (ms <= 0) return std::nullopt;
    pollfd fd{from_, POLLIN, 0};
    const int ready = poll(&fd, 1, static_cast<int>(std::min<long long>(ms, 1 << 30)));
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) return std::nullopt;
    char buf[4096];
    const ssize_t n = read(from_, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return std::nullopt;
    buffer_.append(buf, static_cast<std::size_t>(n));
  }
}

std::string ChildProcess::status() {
  // Its output ended: it is ending or has ended; wait for it, up to 5 s (1 s was too short once
  // in CI, with MPI tests spinning on both cores beside it).
  for (int i = 0; i < 250 && waitStatus_ < 0; ++i) {
    int status = 0;
    if (waitpid(pid_, &status, WNOHANG) == pid_) waitStatus_ = status;
    else usleep(20000);
  }
  if (waitStatus_ < 0) return "is still running";
  if (WIFEXITED(waitStatus_)) return "exited with status " + std::to_string(WEXITSTATUS(waitStatus_));
  if (WIFSIGNALED(waitStatus_)) return "killed by signal " + std::to_string(WTERMSIG(waitStatus_));
  return "ended";
}

}  // namespace tengen::engine
