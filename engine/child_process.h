// A program run as a child process, spoken to line by line through its standard input and
// output (an outside Gomocup engine); reads wait for a deadline, so a stuck child never hangs us.
#pragma once

#include <sys/types.h>

#include <optional>
#include <string>

namespace tengen::engine {

class ChildProcess {
 public:
  // Runs `command` with /bin/sh -c, its standard error discarded. Throws std::runtime_error when
  // the pipes or the process cannot be made (a command that does not exist ends at once instead:
  // its first read sees the end of its output).
  explicit ChildProcess(const std::string& command);
  ~ChildProcess();  // closes its input, gives it a moment to end, then kills it (and its group)
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  // False when the child no longer reads (it ended).
  bool send(const std::string& line);
  // The next line (without its end of line), or nullopt at the end of its output or after
  // `seconds`.
  std::optional<std::string> line(double seconds);
  // How it ended, once a read saw the end of its output: "exited with status N", "killed by
  // signal N", or "is still running".
  std::string status();
  pid_t pid() const { return pid_; }

 private:
  pid_t pid_ = -1;
  int to_ = -1, from_ = -1;
  std::string buffer_;
  int waitStatus_ = -1;
};

}  // namespace tengen::engine
