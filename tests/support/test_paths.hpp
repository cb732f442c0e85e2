// Where the tests find the built executables (RM_BIN_DIR) and the source tree (RM_SOURCE_DIR).
// Every test object is compiled with this header forced in (tests/CMakeLists.txt); the paths
// themselves are compiled into test_paths.cpp alone, so that no other object depends on where
// the tree is and a clone elsewhere (CI's) reuses the compiler cache.
#pragma once

namespace rm::test {
const char* bin_dir();
const char* source_dir();
}  // namespace rm::test

#define RM_BIN_DIR (::rm::test::bin_dir())
#define RM_SOURCE_DIR (::rm::test::source_dir())
