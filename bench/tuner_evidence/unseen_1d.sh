#!/usr/bin/env bash
# bench/tuner_evidence/unseen_1d.sh [BIN_DIR] [TUNER...]
#
# The one-parameter tuners on problems no setting was chosen on: the fifteen win rates that
# unseen_1d.py draws (three each of five kinds: skewed, flat, kinked, two hills, ripples), on
# shifted ranges (--range-shift 0.125), at 1,000 and 10,000 games, on seed 3000 (runs 0 to 99),
# each TUNER (default mc8 mc16) paired against the model_tuner preset. Writes every run's regret
# to unseen-1d.json in the current directory and the problems' names to unseen-1d.names, then
# prints each TUNER's paired difference by name; `paired.py --names unseen-1d.names A B`
# compares two such files (two builds of the simulator).
# RUNS, SEED, PROBLEM_SEED, BUDGETS and THREADS override the defaults (100, 3000, 2026, 1k,10k,
# nproc).
set -euo pipefail
if [ "${1:-}" = --help ] || [ "${1:-}" = -h ]; then
  echo "usage: unseen_1d.sh [BIN_DIR] [TUNER...]"
  sed -n '4,12p' "$0" | sed 's/^# \{0,1\}//'
  exit 0
fi
here=$(cd "$(dirname "$0")" && pwd)
bin=${1:-$here/../../build/bin}
shift $(($# > 0 ? 1 : 0))
tuners=("$@")
[ ${#tuners[@]} -gt 0 ] || tuners=(mc8 mc16)
list=model
for t in "${tuners[@]}"; do list+=",$t"; done
problems=()
names=()
mapfile -t names < <(python3 "$here/unseen_1d.py" --seed "${PROBLEM_SEED:-2026}" --names)
while read -r e; do problems+=(-e "$e"); done < <(python3 "$here/unseen_1d.py" --seed "${PROBLEM_SEED:-2026}")
for i in "${!names[@]}"; do printf '%s\t%s\n' "${names[$i]}" "${problems[$((2 * i + 1))]}"; done \
  >unseen-1d.names
nice "$bin/ringmaster-simulate" "${problems[@]}" -t "$list" --baseline model \
  -b "${BUDGETS:-1k,10k}" -r "${RUNS:-100}" -s "${SEED:-3000}" -j "${THREADS:-$(nproc)}" \
  --range-shift 0.125 --json unseen-1d.json >/dev/null
for t in "${tuners[@]}"; do
  echo "== $t - model, regret x 1000 (negative: $t is better)"
  python3 "$here/paired.py" --names unseen-1d.names unseen-1d.json unseen-1d.json model "$t"
done
