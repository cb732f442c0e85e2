#!/usr/bin/env bash
# Quick start, second command: install what is missing, build with warnings as errors, and run
# every test through ctest. Up to three passes, each in its own build directory:
#   asan: AddressSanitizer + UndefinedBehaviorSanitizer, the whole suite but the browser tests,
#         the long kill-and-resume runs, the 200-pair start race and the longest searches and
#         simulations (the plain pass runs them, and shorter tests run the same code under the
#         sanitizer)                                                          ($build-asan)
#   tsan: ThreadSanitizer, the threaded parts: run loop and executors, processes, store, end
#         to end, engines kept alive, the workers executor, serve; the same exclusions  ($build-tsan)
#   then the plain build, the whole suite; its ctest summary closes the output ($build)
# Before them, the clang pass ($build-clang): the programs (and so every library) built with
# clang++ and -Werror, without the tests; compile only, cheap through ccache when warm.
# RINGMASTER_CLANG=0 skips it. Then the clang-tidy gate (scripts/check-tidy.sh) over every
# project .cpp, RINGMASTER_TIDY=0 skips it: about a minute warm (its cache is shared by every
# clone on the machine); each file whose preprocessed source changed costs about 11 CPU-s.
# RINGMASTER_SANITIZERS lists the sanitizer passes to run first: "asan tsan" (the default),
# "asan", "" (none). A failing pass stops the script.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${RINGMASTER_BUILD_DIR:-$top/build}
jobs=$(nproc)
sanitizers=${RINGMASTER_SANITIZERS-asan tsan}
"$top/scripts/install-deps.sh"
flags=(-DRINGMASTER_WERROR=ON -DRINGMASTER_TESTS=ON)
# The sanitizer builds at -O1 with line tables only: about half the compile time of -O2 -g,
# stack traces still name file and line.
sanitizer_flags=("${flags[@]}" "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG")
# Instrumented programs run several times slower: the tests' safety limits stretch with this.
export RM_TEST_TIME_SCALE=4

# Left out of the ASan pass, run by the plain one: the long kill-and-resume runs, the start
# race, and the searches and simulations that are pure arithmetic over thousands of games
# (3-10 minutes each under the sanitizer; shorter tests run the same code under it).
asan_excluded='killed|^run: of two runs started together|^model search: one parameter, two hills'
asan_excluded+='|^ringmaster-simulate: table and JSON|^ringmaster-simulate: --baseline prints'
asan_excluded+='|^simulation: each tuner runs unchanged'

if [ "${RINGMASTER_CLANG:-1}" != 0 ]; then
  echo "== clang build ($build-clang)"
  # configured with the tests, for check-tidy's compile_commands.json; only the programs built
  RINGMASTER_BUILD_DIR=$build-clang CXX=clang++ CC=clang \
    RINGMASTER_BUILD_TARGETS="ringmaster ringbot ringmaster-play ringmaster-simulate ringmaster-simulate-spsa" \
    "$top/scripts/build.sh" "${flags[@]}"
  if [ "${RINGMASTER_TIDY:-1}" = 1 ]; then "$top/scripts/check-tidy.sh" "$build-clang"; fi
fi

for pass in $sanitizers; do
  case $pass in
    asan)
      echo "== tests under AddressSanitizer and UndefinedBehaviorSanitizer ($build-asan)"
      RINGMASTER_BUILD_DIR=$build-asan "$top/scripts/build.sh" "${sanitizer_flags[@]}" \
        -DRINGMASTER_SANITIZE=ON
      (cd "$build-asan" && ctest --no-tests=error --output-on-failure -j "$jobs" \
        -LE '^(report_browser_tests|serve_browser_tests)$' -E "$asan_excluded")
      ;;
    tsan)
      echo "== tests under ThreadSanitizer ($build-tsan)"
      tsan_tests=(run_tests process_tests store_tests e2e_tests reuse_tests workers_tests serve_tests)
      RINGMASTER_BUILD_DIR=$build-tsan \
        RINGMASTER_BUILD_TARGETS="${tsan_tests[*]} ringmaster ringbot ringmaster-play scripted_engine" \
        "$top/scripts/build.sh" "${sanitizer_flags[@]}" -DRINGMASTER_TSAN=ON
      label_regex="^($(
        IFS='|'
        echo "${tsan_tests[*]}"
      ))\$"
      (cd "$build-tsan" && TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 suppressions=$top/scripts/tsan.supp" \
        ctest --no-tests=error --output-on-failure -j "$jobs" -L "$label_regex" \
        -E 'killed|^run: of two runs started together')
      ;;
    *)
      echo "scripts/test.sh: unknown sanitizer pass '$pass' in RINGMASTER_SANITIZERS (asan, tsan)" >&2
      exit 2
      ;;
  esac
done

unset RM_TEST_TIME_SCALE
echo "== tests of the plain build ($build)"
"$top/scripts/build.sh" "${flags[@]}"
cd "$build"
exec ctest --no-tests=error --output-on-failure -j "$jobs"
