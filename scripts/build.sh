#!/usr/bin/env bash
# Configures and builds Ringmaster into ./build (or $RINGMASTER_BUILD_DIR).
# Extra arguments go to CMake's configure step, e.g. -DRINGMASTER_SANITIZE=ON.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${RINGMASTER_BUILD_DIR:-$top/build}
# Paths relative to the checkout, so that ccache (when installed) serves every clone.
export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$top}
# ...and without the build directory in the hash (ccache adds it for -g builds by default).
export CCACHE_NOHASHDIR=${CCACHE_NOHASHDIR:-1}
cmake -S "$top" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo "$@" >/dev/null
# RINGMASTER_BUILD_TARGETS="a b": build only those targets (default: everything).
targets=()
for t in ${RINGMASTER_BUILD_TARGETS:-}; do targets+=(--target "$t"); done
cmake --build "$build" -j "$(nproc)" "${targets[@]}"
