#!/usr/bin/env bash
# The main job (README's first command): the demo tuning event of the bundled engine.
# It runs in a fresh copy under build/demo/ so the repository stays clean and every run
# starts from nothing: reset, run with two games at a time and the live display, then the
# report. Ctrl-C stops it (exit 3); running this script again starts over.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${RINGMASTER_BUILD_DIR:-$top/build}
ringmaster="$build/bin/ringmaster"
demo="$build/demo"

if [ ! -x "$ringmaster" ]; then
  echo "main-job: $ringmaster not found; build first (scripts/build.sh)" >&2
  exit 1
fi

mkdir -p "$demo"
cp "$top/control_examples/demo_ringbot.yaml" "$demo/demo_ringbot.yaml"
control="$demo/demo_ringbot.yaml"

"$ringmaster" "$control" reset
"$ringmaster" "$control" run -j 2
echo
echo "=== report ($demo/demo_ringbot.report) ==="
"$ringmaster" "$control" report
echo
echo "=== HTML report with plots: $demo/demo_ringbot.report.html (docs/reports.md) ==="
