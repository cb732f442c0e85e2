#!/usr/bin/env bash
# bench/spsa_half/run.sh [BIN_DIR] [TUNER]
#
# The half-the-games table (docs/spsa-research.md): TUNER (default budget) paired with
# plain SPSA run by run, at half and at the full designed games, on the held-out seed set
# (-s 1000, runs 0 to 199), played as colour-swapped pairs, draw ratio 0.001: the quadratic
# anchors (N = 4, 10, 20; 5 Elo per parameter precision 2 and 2 Elo per parameter precision 1,
# start 10 Elo below, 8 for N = 4 at 2 Elo) and, at N = 10, 5 Elo per parameter, the
# asymmetric, |z|^1.5, quartic and rotated (3 to 7 Elo per parameter) surfaces, the rotated
# asymmetric one, the true Elo per parameter spread 16 times around the guess (a wrong guess of
# the same total), and the saturating one from 48 Elo below; ROWS=all adds
# them and the rotated asymmetric one at 2 Elo per parameter, precision 1 (four times the
# games). Writes one JSON file per row (spsa-half-*.json) in the current directory and prints
# the summary: TUNER's share within the precision at the first budget (half the games) against
# plain's at the last (the full games), the mean losses, their paired difference, and the paired
# differences from plain at each budget. RUNS, SEED, THREADS, BUDGETS and ROWS (row names, e.g.
# "q10-5 asym10-5", or all) override the defaults (200, 1000, nproc, "0.5x,1x", the first
# thirteen rows); TABLE=1 only prints the summary of the JSON files present. The default rows
# take about 25 minutes on 2 shared threads, ROWS=all about 60.
set -euo pipefail
if [ "${1:-}" = --help ] || [ "${1:-}" = -h ]; then
  echo "usage: run.sh [BIN_DIR] [TUNER]"
  sed -n '4,19p' "$0" | sed 's/^# \{0,1\}//'
  exit 0
fi
top=$(cd "$(dirname "$0")/../.." && pwd)
bin=${1:-$top/build/bin}
tuner=${2:-budget}
# name | N | Elo per parameter | precision | start | more options
rows=(
  "q4-5|4|5|2|10|"
  "q10-5|10|5|2|10|"
  "q20-5|20|5|2|10|"
  "q4-2|4|2|1|8|"
  "q10-2|10|2|1|10|"
  "q20-2|20|2|1|10|"
  "asym10-5|10|5|2|10|--surface asymmetric"
  "pow10-5|10|5|2|10|--surface power1.5"
  "quart10-5|10|5|2|10|--surface quartic"
  "rot10-5|10|3,3.5,4,4.5,5,5,5.5,6,6.5,7|2|10|--rotate"
  "asym10-2|10|2|1|10|--surface asymmetric"
  "pow10-2|10|2|1|10|--surface power1.5"
  "quart10-2|10|2|1|10|--surface quartic"
  "rot10-2|10|1,1,1.5,1.5,2,2,2.5,2.5,3,3|1|10|--rotate"
  "rasym10-5|10|5|2|10|--rotate --surface asymmetric"
  "rasym10-2|10|2|1|10|--rotate --surface asymmetric"
  "spread10-5|10|5|2|10|--true-elos 0.8685,1.182,1.608,2.189,2.978,4.053,5.515,7.505,10.21,13.9"
  "sat10-5|10|5|2|48|--surface saturating"
)
default="q4-5 q10-5 q20-5 q4-2 q10-2 q20-2 asym10-5 pow10-5 quart10-5 rot10-5 rasym10-5 spread10-5 sat10-5"
selected=${ROWS:-$default}
[ "$selected" != all ] || selected="${rows[*]}"
selected=" ${selected//|/ } "
for row in "${rows[@]}"; do
  IFS='|' read -r name n elos precision start more <<<"$row"
  [[ "$selected" == *" $name "* ]] || continue
  [ -z "${TABLE:-}" ] || continue
  echo "== $name: N=$n, Elo per parameter $elos, precision $precision, start $start $more" >&2
  # shellcheck disable=SC2086
  nice "$bin/ringmaster-simulate-spsa" -d "$n" -E "$elos" --precision "$precision" \
    --start-elo "$start" --draw-ratio 0.001 $more -t "plain,$tuner" --baseline plain \
    -b "${BUDGETS:-0.5x,1x}" -r "${RUNS:-200}" -s "${SEED:-1000}" -j "${THREADS:-$(nproc)}" \
    --json "spsa-half-$name.json" >&2
done
printf '%-10s %9s | %-17s | %-16s | %-17s | %-16s | %-16s\n' row designed \
  "within half/plain" "mean half/plain" "half - plain 1x" "paired 0.5x" "paired 1x"
for row in "${rows[@]}"; do
  name=${row%%|*}
  [ -f "spsa-half-$name.json" ] || continue
  [[ "$selected" == *" $name "* ]] || continue
  # TUNER at half the games against plain at the full games: shares within the precision, mean
  # losses, their paired difference (the same runs); then the paired differences from plain at
  # the same games.
  jq -r --arg name "$name" '
    def row(t; i): [.rows[] | select(.tuner == t)][i];
    def pct: . * 1000 | round / 10 | tostring + "%";
    def num: . * 1000 | round / 1000 | tostring;
    def pm(m; se): (m | num) + " ± " + (se | num);
    def paired(a; b): [a, b] | transpose | map(.[0] - .[1]) | length as $n |
      (add / $n) as $m | pm($m; (map((. - $m) * (. - $m)) | add / ($n - 1) / $n | sqrt));
    (.rows[0].tuner) as $plain | ([.rows[] | select(.tuner != $plain)][0].tuner) as $t |
    row($t; 0) as $h | row($t; 1) as $f | row($plain; 1) as $p |
    [$name, (.design.games | tostring),
     ($h.within_precision | pct) + " / " + ($p.within_precision | pct),
     ($h.mean_loss | num) + " / " + ($p.mean_loss | num), paired($h.losses; $p.losses),
     pm($h.paired.mean_difference; $h.paired.standard_error),
     pm($f.paired.mean_difference; $f.paired.standard_error)] | join("|")' \
    "spsa-half-$name.json" |
    awk -F'|' '{printf "%-10s %9s | %-17s | %-16s | %-17s | %-16s | %-16s\n", $1, $2, $3, $4, $5, $6, $7}'
done
