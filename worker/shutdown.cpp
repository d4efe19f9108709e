// The stop request: an atomic flag a signal handler may set, the reason kept as a signal number
// (async-signal-safe), and the launcher watchdog thread.
#include "worker/shutdown.h"

#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <thread>

namespace tengen::worker {
namespace {

std::atomic<bool> g_stop{false};
std::atomic<int> g_signal{0};  // the signal behind the request; -1: the launcher is gone

constexpr int kLauncherGone = -1;

void writeLine(const char* text) {
  std::size_t n = 0;
  while (text[n]) ++n;
  [[maybe_unused]] const auto written = ::write(STDERR_FILENO, text, n);
}

extern "C" void onStopSignal(int signal) {
  if (g_stop.exchange(true)) {
    writeLine("\ntengen: stopped at once (second signal); the book is consistent\n");
    std::_Exit(128 + signal);
  }
  g_signal.store(signal);
}

// A fatal deadline after a stop request: ends the process if it has not ended by itself.
void exitAfter(double seconds, int status) {
  std::thread([seconds, status] {
    std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
    writeLine("tengen: the launcher is gone and the run did not stop in time; exiting (the book is consistent)\n");
    std::_Exit(status);
  }).detach();
}

}  // namespace

const std::atomic<bool>& stopFlag() { return g_stop; }
bool stopRequested() { return g_stop.load(std::memory_order_relaxed); }

std::string stopReason() {
  switch (const int s = g_signal.load()) {
    case kLauncherGone: return "the launcher is gone";
    case SIGINT: return "SIGINT";
    case SIGTERM: return "SIGTERM";
    case SIGHUP: return "SIGHUP";
    default: return s ? "signal " + std::to_string(s) : "a stop request";
  }
}

int stopExitStatus() {
  const int s = g_signal.load();
  return s > 0 ? 128 + s : 1;
}

void catchStopSignals() {
  struct sigaction action {};
  action.sa_handler = onStopSignal;
  sigemptyset(&action.sa_mask);
  for (int s : {SIGINT, SIGTERM, SIGHUP}) sigaction(s, &action, nullptr);
}

bool launcherLost() { return g_signal.load() == kLauncherGone; }

void requestStopForLostLauncher() {
  if (g_stop.exchange(true)) return;
  g_signal.store(kLauncherGone);
}

void watchLauncher(bool coordinator, int rank, double graceSeconds) {
  const pid_t launcher = getppid();
  std::thread([=] {
    while (getppid() == launcher) std::this_thread::sleep_for(std::chrono::milliseconds(100));
    if (!coordinator) {
      char line[96];
      std::snprintf(line, sizeof line, "tengen worker rank %d: the launcher is gone; exiting\n", rank);
      writeLine(line);
      std::_Exit(1);
    }
    requestStopForLostLauncher();
    exitAfter(graceSeconds, 1);
  }).detach();
}

}  // namespace tengen::worker
