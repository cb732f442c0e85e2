#!/usr/bin/env bash
# Quick start, first command: install what is missing, build, and run the main job
# (a tuning event of the bundled engine from control_examples/, then its report).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
"$top/scripts/install-deps.sh"
"$top/scripts/build.sh"
exec "$top/scripts/main-job.sh"
