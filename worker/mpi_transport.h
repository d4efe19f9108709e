// What both ends of tengen's MPI transport share: the one tag messages travel under (the
// message header says what they are), waiting for a message without spinning a core, and
// receiving a probed message into a buffer of exactly its size (so no message can overflow a
// fixed buffer).
#pragma once

#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <optional>
#include <string>
#include <thread>

namespace tengen::worker {

inline constexpr int kMessageTag = 7;

// Waits for a message from `source` (or MPI_ANY_SOURCE) under kMessageTag until `deadline`:
// polled without a pause for `spin`, then with a pause that grows to a millisecond. Not
// MPI_Probe: Open MPI's blocking probe busy-polls, so an idle rank would burn a whole core while
// another rank works alone; the spin keeps a prompt answer (the next job, a lent proof) prompt.
inline std::optional<MPI_Status> awaitMessage(int source, std::chrono::steady_clock::time_point deadline,
                                              std::chrono::microseconds spin) {
  using Clock = std::chrono::steady_clock;
  const auto spinUntil = Clock::now() + spin;
  MPI_Status status;
  int flag = 0;
  auto pause = std::chrono::microseconds(20);
  while (true) {
    MPI_Iprobe(source, kMessageTag, MPI_COMM_WORLD, &flag, &status);
    if (flag) return status;
    const auto now = Clock::now();
    if (now >= deadline) return std::nullopt;
    if (now < spinUntil) continue;
    std::this_thread::sleep_for(pause);
    pause = std::min(pause * 2, std::chrono::microseconds(1000));
  }
}

// Receives the message `status` (from MPI_Probe or MPI_Iprobe) describes.
inline std::string receiveProbed(const MPI_Status& status) {
  int count = 0;
  MPI_Get_count(&status, MPI_BYTE, &count);
  std::string bytes(static_cast<std::size_t>(count), '\0');
  MPI_Recv(bytes.data(), count, MPI_BYTE, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  return bytes;
}

}  // namespace tengen::worker
