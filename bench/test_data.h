// Where the repo's own test data lives: tests/data/ in the source tree this binary was built
// from. Nothing outside the repo is ever read.
#pragma once

#include <string>

namespace tengen::bench {

// The path of tests/data/<file> in the source tree.
std::string testData(const std::string& file);

}  // namespace tengen::bench
