#!/usr/bin/env bash
# Runs the built test suite several times while other processes keep every core busy, and
# lists the tests that failed at least once: the way to find tests that depend on the
# machine being idle (CI's machine may not be).
# Usage: scripts/tests-under-load.sh [ROUNDS] [HOGS]   (defaults: 3 rounds, 2 hogs per core)
# Extra ctest arguments go in CTEST_ARGS, e.g. CTEST_ARGS="-L e2e_tests".
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${RINGMASTER_BUILD_DIR:-$top/build}
rounds=${1:-3}
hogs=${2:-$((2 * $(nproc)))}
pids=()
cleanup() { [ ${#pids[@]} -eq 0 ] || kill "${pids[@]}" 2>/dev/null || true; }
trap cleanup EXIT
for _ in $(seq "$hogs"); do
  (while :; do :; done) &
  pids+=($!)
done
failed=$(mktemp)
for r in $(seq "$rounds"); do
  log=$(mktemp)
  # shellcheck disable=SC2086
  (cd "$build" && ctest --no-tests=error -j "$(nproc)" ${CTEST_ARGS:-} >"$log" 2>&1) || true
  echo "round $r: $(grep -E 'tests passed' "$log" || tail -1 "$log")"
  grep -E '^\s+[0-9]+ - .* \((Failed|Timeout|SEGFAULT|Subprocess aborted|Exception)\)' "$log" |
    sed -E 's/^\s+[0-9]+ - //' >>"$failed" || true
  rm -f "$log"
done
if [ -s "$failed" ]; then
  echo "failed under load (times, test):"
  sort "$failed" | uniq -c | sort -rn
  rm -f "$failed"
  exit 1
fi
rm -f "$failed"
echo "no test failed in $rounds rounds with $hogs busy processes"
