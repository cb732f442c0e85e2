#!/usr/bin/env bash
# bench/tuner_evidence/run.sh [BIN_DIR] [TUNER...]
#
# The evidence for a tuner change (docs/simulation.md, "Comparing tuners"): every built-in
# problem on shifted ranges (--range-shift 0.125, so no grid is lucky), at 1,000 and 10,000
# games, on the held-out seed set (-s 1000, runs 0 to 199), each TUNER (presets or control
# files; default mc8 mc16 ce) paired against the model_tuner preset. Prints the table and the
# paired differences, and writes every run's regret to tuner-evidence.json in the current
# directory. RUNS, SEED, BUDGETS and THREADS override the defaults (200, 1000, 1k,10k, nproc);
# the held-out figures are those of the defaults.
set -euo pipefail
if [ "${1:-}" = --help ] || [ "${1:-}" = -h ]; then
  echo "usage: run.sh [BIN_DIR] [TUNER...]"
  sed -n '4,10p' "$0" | sed 's/^# \{0,1\}//'
  exit 0
fi
top=$(cd "$(dirname "$0")/../.." && pwd)
bin=${1:-$top/build/bin}
shift $(($# > 0 ? 1 : 0))
tuners=("$@")
[ ${#tuners[@]} -gt 0 ] || tuners=(mc8 mc16 ce)
list=model
for t in "${tuners[@]}"; do list+=",$t"; done
exec nice "$bin/ringmaster-simulate" -p all -t "$list" --baseline model \
  -b "${BUDGETS:-1k,10k}" -r "${RUNS:-200}" -s "${SEED:-1000}" -j "${THREADS:-$(nproc)}" \
  --range-shift 0.125 --json tuner-evidence.json
