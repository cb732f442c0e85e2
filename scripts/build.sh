#!/usr/bin/env bash
# Configures and builds Ringmaster into ./build (or $RINGMASTER_BUILD_DIR).
# Extra arguments go to CMake's configure step, e.g. -DRINGMASTER_SANITIZE=ON.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${RINGMASTER_BUILD_DIR:-$top/build}
# Paths relative to the checkout, so that ccache (when installed) serves every clone.
export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$top}
cmake -S "$top" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo "$@" >/dev/null
cmake --build "$build" -j "$(nproc)"
