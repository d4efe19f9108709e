// The test-data folder is fixed at configure time (TENGEN_TEST_DATA_DIR, inside the source tree).
#include "bench/test_data.h"

namespace tengen::bench {

std::string testData(const std::string& file) { return std::string(TENGEN_TEST_DATA_DIR) + "/" + file; }

}  // namespace tengen::bench
