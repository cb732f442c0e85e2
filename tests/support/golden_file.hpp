// Golden files: a test's output compared with a file committed in the source tree. After an
// intended change, run the test with RM_UPDATE_GOLDEN=1 to rewrite the files, and review the
// diff (git diff) before committing it.
#pragma once

#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

namespace rm::test {

// `path` relative to the source tree.
inline void check_golden_file(const std::string& path, const std::string& actual) {
  const std::string full = std::string(RM_SOURCE_DIR) + "/" + path;
  if (std::getenv("RM_UPDATE_GOLDEN") != nullptr) {
    std::ofstream(full, std::ios::binary) << actual;
    WARN("rewrote " << path);
    return;
  }
  std::ifstream in(full, std::ios::binary);
  INFO("golden file " << path << " (RM_UPDATE_GOLDEN=1 rewrites it)");
  REQUIRE(in.good());
  std::stringstream stored;
  stored << in.rdbuf();
  const std::string expected = stored.str();
  if (actual == expected) return;
  // The first line that differs, so that a long file's change can be read in the log.
  std::istringstream a(actual), e(expected);
  std::string line_a, line_e;
  int line = 0;
  for (;;) {
    ++line;
    const bool more_a = static_cast<bool>(std::getline(a, line_a));
    const bool more_e = static_cast<bool>(std::getline(e, line_e));
    if (!more_a && !more_e) break;
    if (more_a != more_e || line_a != line_e) {
      FAIL_CHECK(path << ":" << line
                      << " differs\n  expected: " << (more_e ? line_e : "(end of file)")
                      << "\n  actual:   " << (more_a ? line_a : "(end of output)"));
      return;
    }
  }
  FAIL_CHECK(path << " differs");
}

}  // namespace rm::test
