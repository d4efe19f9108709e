// The one MPI tag tengen's messages travel under (the message header says what they are).
#pragma once

namespace tengen::worker {
inline constexpr int kMessageTag = 7;
}
