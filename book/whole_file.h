// Files written whole or not at all: the bytes go to a temporary file beside the target, which is
// then renamed over it, so a crash or a full disk never leaves half a file under the name.
#pragma once

#include <string>
#include <string_view>

namespace tengen::book {

// Throws std::runtime_error naming the file when it cannot be written.
void writeWholeFile(const std::string& path, std::string_view bytes);

}  // namespace tengen::book
