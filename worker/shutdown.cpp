// The stop request: an atomic flag a signal handler may set, the reason kept as a signal number
// (async-signal-safe), and the launcher watchdog thread.
#include "worker/shutdown.h"

#include <time.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
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

// When the first stop signal came (CLOCK_MONOTONIC, ns). A launcher such as timeout(1) sends
// its signal to the process and again to its group: a repeat within kRepeatNs is that same
// request, not a user's second Ctrl-C.
std::atomic<std::int64_t> g_firstSignalNs{0};
constexpr std::int64_t kRepeatNs = 500'000'000;

std::int64_t monotonicNs() {
  timespec t{};
  clock_gettime(CLOCK_MONOTONIC, &t);  // async-signal-safe
  return std::int64_t{t.tv_sec} * 1'000'000'000 + t.tv_nsec;
}

extern "C" void onStopSignal(int signal) {
  const std::int64_t now = monotonicNs();
  if (g_stop.exchange(true)) {
    const std::int64_t first = g_firstSignalNs.load();
    if (first != 0 && now - first < kRepeatNs) return;

    writeLine("\ntengen: stopped at once (second signal); the book is consistent\n");
    std::_Exit(128 + signal);
  }
  g_firstSignalNs.store(now);
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
