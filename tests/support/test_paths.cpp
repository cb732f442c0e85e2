#include "tests/support/test_paths.hpp"

namespace rm::test {
const char* bin_dir() {
  return RM_TEST_BIN_DIR;
}
const char* source_dir() {
  return RM_TEST_SOURCE_DIR;
}
}  // namespace rm::test
