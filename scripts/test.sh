#!/usr/bin/env bash
# Quick start, second command: install what is missing, build with warnings as errors, and run
# every test through ctest. Three passes, each in its own build directory:
#   1. AddressSanitizer + UndefinedBehaviorSanitizer, the whole suite   ($build-asan)
#   2. ThreadSanitizer, the threaded parts: run loop and executors, store, end to end,
#      engines kept alive                                                ($build-tsan)
#   3. the plain build, the whole suite; its ctest summary closes the output ($build)
# RINGMASTER_SANITIZERS=0 skips passes 1 and 2 (a quicker local run).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${RINGMASTER_BUILD_DIR:-$top/build}
jobs=$(nproc)
"$top/scripts/install-deps.sh"
flags=(-DRINGMASTER_WERROR=ON -DRINGMASTER_TESTS=ON)
# The sanitizer builds at -O1 with line tables only: about half the compile time of -O2 -g,
# stack traces still name file and line.
sanitizer_flags=("${flags[@]}" "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG")

if [ "${RINGMASTER_SANITIZERS:-1}" != 0 ]; then
  echo "== tests under AddressSanitizer and UndefinedBehaviorSanitizer ($build-asan)"
  RINGMASTER_BUILD_DIR=$build-asan "$top/scripts/build.sh" "${sanitizer_flags[@]}" -DRINGMASTER_SANITIZE=ON
  (cd "$build-asan" && ctest --no-tests=error --output-on-failure -j "$jobs")

  echo "== tests under ThreadSanitizer ($build-tsan)"
  tsan_tests=(run_tests store_tests e2e_tests reuse_tests)
  RINGMASTER_BUILD_DIR=$build-tsan RINGMASTER_BUILD_TARGETS="${tsan_tests[*]} ringmaster ringbot ringmaster-play scripted_engine" \
    "$top/scripts/build.sh" "${sanitizer_flags[@]}" -DRINGMASTER_TSAN=ON
  label_regex="^($(IFS='|'; echo "${tsan_tests[*]}"))\$"
  (cd "$build-tsan" && TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" \
     ctest --no-tests=error --output-on-failure -j "$jobs" -L "$label_regex")
  echo "== tests of the plain build ($build)"
fi

"$top/scripts/build.sh" "${flags[@]}"
cd "$build"
exec ctest --no-tests=error --output-on-failure -j "$jobs"
