#!/usr/bin/env bash
# bench/tuner_evidence/unseen_nd.sh [BIN_DIR] [TUNER...]
#
# The tuners of two or more parameters on problems no setting was chosen on: the fifteen win
# rates that unseen_nd.py draws (five kinds: quadratic, skewed, flat, kinked, ridge; in 2, 3 and
# 5 parameters), on shifted ranges (--range-shift 0.125), at 1,000 and 10,000 games, on seed
# 4000 (runs 0 to 99), each TUNER paired against the model_tuner preset. The default TUNERs are
# the ce_tuner and two grids for each number of parameters: mc8 and mc16 in 2, mc4 and mc8 in
# 3, mc3 and mc4 in 5 (a finer grid has more cells than 10,000 games can visit). Writes every
# run's regret to unseen-nd-D.json (D the number of parameters) in the current directory and
# the problems' names to unseen-nd.names, then prints each TUNER's paired difference by name;
# `paired.py --names unseen-nd.names A B` compares two such files (two builds).
# RUNS, SEED, PROBLEM_SEED, BUDGETS and THREADS override the defaults (100, 4000, 2026,
# 1k,10k, nproc); TUNERS_2, TUNERS_3 and TUNERS_5 (space-separated) the TUNERs of that number
# of parameters, where no TUNER is given.
set -euo pipefail
if [ "${1:-}" = --help ] || [ "${1:-}" = -h ]; then
  echo "usage: unseen_nd.sh [BIN_DIR] [TUNER...]"
  sed -n '4,15p' "$0" | sed 's/^# \{0,1\}//'
  exit 0
fi
here=$(cd "$(dirname "$0")" && pwd)
bin=${1:-$here/../../build/bin}
shift $(($# > 0 ? 1 : 0))
: >unseen-nd.names
for d in 2 3 5; do
  tuners=("$@")
  if [ ${#tuners[@]} -eq 0 ]; then
    own=TUNERS_$d
    read -r -a tuners <<<"${!own:-}"
  fi
  if [ ${#tuners[@]} -eq 0 ]; then
    case $d in
      2) tuners=(mc8 mc16 ce) ;;
      3) tuners=(mc4 mc8 ce) ;;
      5) tuners=(mc3 mc4 ce) ;;
    esac
  fi
  list=model
  for t in "${tuners[@]}"; do list+=",$t"; done
  problems=()
  names=()
  mapfile -t names < <(python3 "$here/unseen_nd.py" --seed "${PROBLEM_SEED:-2026}" --dims "$d" --names)
  while read -r e; do problems+=(-e "$e"); done \
    < <(python3 "$here/unseen_nd.py" --seed "${PROBLEM_SEED:-2026}" --dims "$d")
  for i in "${!names[@]}"; do printf '%s\t%s\n' "${names[$i]}" "${problems[$((2 * i + 1))]}"; done \
    >>unseen-nd.names
  nice "$bin/ringmaster-simulate" "${problems[@]}" -t "$list" --baseline model \
    -b "${BUDGETS:-1k,10k}" -r "${RUNS:-100}" -s "${SEED:-4000}" -j "${THREADS:-$(nproc)}" \
    --range-shift 0.125 --json "unseen-nd-$d.json" >/dev/null
  for t in "${tuners[@]}"; do
    echo "== $d parameters: $t - model, regret x 1000 (negative: $t is better)"
    python3 "$here/paired.py" --names unseen-nd.names "unseen-nd-$d.json" "unseen-nd-$d.json" model "$t"
  done
done
