#!/usr/bin/env bash
# bench/spsa_baseline/run.sh [BIN_DIR] [TUNER...]
#
# The baseline reproduction (docs/spsa-research.md): plain SPSA with the designed c and r on
# spsa_simul's five anchors (quadratic, optimum at the centre, start 10 Elo below, draw ratio
# 0.001, 95% confidence), at the designed games, played as spsa_simul plays (one game a step)
# and as Go pairs (colour-swapped game pairs). TUNERs (default: plain) are ringmaster-simulate-spsa
# variants, the first the baseline of the paired differences. RUNS, SEED, THREADS, PLAY and
# BUDGETS override the defaults (200, 1, nproc, "game pair", 1x). With 4 parameters of 2 Elo
# even the box's farthest corner loses only 8 Elo: spsa_simul starts 10 Elo below outside its
# box (it evaluates the surface there); the search stays in its box, so that anchor starts at
# the corner, 8 Elo below (the design does not depend on the start).
set -euo pipefail
if [ "${1:-}" = --help ] || [ "${1:-}" = -h ]; then
  echo "usage: run.sh [BIN_DIR] [TUNER...]"
  sed -n '4,12p' "$0" | sed 's/^# \{0,1\}//'
  exit 0
fi
top=$(cd "$(dirname "$0")/../.." && pwd)
bin=${1:-$top/build/bin}
shift $(($# > 0 ? 1 : 0))
tuners=("$@")
[ ${#tuners[@]} -gt 0 ] || tuners=(plain)
list=$(IFS=,; echo "${tuners[*]}")
for play in ${PLAY:-game pair}; do
  # N, Elo per parameter, precision, start: spsa_simul's anchors (issue 31).
  for anchor in "10 5 2 10" "20 5 2 10" "4 2 1 8" "10 2 1 10" "20 2 1 10"; do
    set -- $anchor
    echo "== play $play: N=$1, $2 Elo per parameter, precision $3, start $4 Elo below"
    nice "$bin/ringmaster-simulate-spsa" -d "$1" -E "$2" --precision "$3" --start-elo "$4" \
      --draw-ratio 0.001 --play "$play" -t "$list" --baseline "${tuners[0]}" \
      -b "${BUDGETS:-1x}" -r "${RUNS:-200}" -s "${SEED:-1}" -j "${THREADS:-$(nproc)}" \
      --json "spsa-baseline-$play-N$1-E$2-p$3.json"
    echo
  done
done
