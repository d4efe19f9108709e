// What both ends of tengen's MPI transport share: the one tag messages travel under (the
// message header says what they are), and receiving a probed message into a buffer of exactly
// its size (so no message can overflow a fixed buffer).
#pragma once

#include <mpi.h>

#include <string>

namespace tengen::worker {

inline constexpr int kMessageTag = 7;

// Receives the message `status` (from MPI_Probe or MPI_Iprobe) describes.
inline std::string receiveProbed(const MPI_Status& status) {
  int count = 0;
  MPI_Get_count(&status, MPI_BYTE, &count);
  std::string bytes(static_cast<std::size_t>(count), '\0');
  MPI_Recv(bytes.data(), count, MPI_BYTE, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  return bytes;
}

}  // namespace tengen::worker
