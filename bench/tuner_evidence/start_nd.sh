#!/usr/bin/env bash
# bench/tuner_evidence/start_nd.sh [BIN_DIR]
#
# The model_tuner's `start` (docs/model-tuner-research.md, "A start, as shipped"), in two
# tables, written to the current directory:
#   middle: a start at the middle of the ranges with spread 0.25 (start-dD.yaml), on the fifteen
#     problems of unseen_nd.sh and its shifted ranges, paired against the model_tuner without a
#     start (unseen_nd.sh's output) and against the ce_tuner, whose start is the middle too;
#   near: a start 0.2 (normalised) from each problem's top in 2 and 3 parameters, on the ranges
#     as drawn, spreads 0.25 and 0.1, paired against no start and against the ce_tuner started
#     there (start_nd.py --table).
# RUNS, SEED, PROBLEM_SEED and THREADS override the defaults (100, 4000, 2026, nproc).
set -euo pipefail
if [ "${1:-}" = --help ] || [ "${1:-}" = -h ]; then
  echo "usage: start_nd.sh [BIN_DIR]"
  sed -n '4,12p' "$0" | sed 's/^# \{0,1\}//'
  exit 0
fi
here=$(cd "$(dirname "$0")" && pwd)
bin=$(cd "${1:-$here/../../build/bin}" && pwd)
seed=${PROBLEM_SEED:-2026}
python3 "$here/start_nd.py" --dir . --seed "$seed" --spreads 0.25
for d in 2 3 5; do export "TUNERS_$d=ce start-d$d.yaml"; done
BUDGETS=1k,10k "$here/unseen_nd.sh" "$bin"
for d in 2 3 5; do
  echo "== $d parameters: start-d$d.yaml - ce, regret x 1000 (negative: the start is better)"
  python3 "$here/paired.py" --names unseen-nd.names "unseen-nd-$d.json" "unseen-nd-$d.json" \
    ce "start-d$d.yaml"
done
python3 "$here/start_nd.py" --dir near --seed "$seed" --dims 2,3 --offset 0.2 --spreads 0.25,0.1
cd near
for tag in $(cat names); do
  nice "$bin/ringmaster-simulate" -e "$(cat "$tag.expr")" \
    -t "model,$tag-model-0.25.yaml,$tag-model-0.1.yaml,$tag-ce.yaml" \
    -b 1k,10k -r "${RUNS:-100}" -s "${SEED:-4000}" -j "${THREADS:-$(nproc)}" \
    --json "near-$tag.json" >/dev/null
done
cd ..
echo "== a start 0.2 from the top, regret x 1000 (negative: the start is better)"
python3 "$here/start_nd.py" --dir near --spreads 0.25,0.1 --table
