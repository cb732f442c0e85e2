#!/usr/bin/env bash
# Quick start, second command: install what is missing, build with warnings as errors,
# and run the whole test suite through ctest.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${RINGMASTER_BUILD_DIR:-$top/build}
"$top/scripts/install-deps.sh"
"$top/scripts/build.sh" -DRINGMASTER_WERROR=ON -DRINGMASTER_TESTS=ON
cd "$build"
exec ctest --no-tests=error --output-on-failure -j "$(nproc)"
