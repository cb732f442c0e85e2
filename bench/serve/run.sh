#!/usr/bin/env bash
# bench/serve/run.sh BIN_DIR WORK_DIR [N] [TYPE...]
#
# `ringmaster serve` on large databases. For each competition type (default: playoff and
# spsa_tuner), fills WORK_DIR/<type>.db with N games (default 1,000,000) through
# bench/million_games's make_games (skipped when the database already holds N games or more),
# starts `ringmaster serve WORK_DIR`, then times with curl:
#   cold: the first GET of the page (waits for what is left of serve's first read of the
#   competition, which it starts as it starts), then its JSON; for the first type also the
#   time from starting serve to that page;
#   warm: the median of 10 GETs of each while nothing changed (the cached read);
#   changed: two more games committed, then the page and its JSON (the last snapshot, while
#   the new one is read in the background), and how long until the new read is served;
# and `show --json` beside them. Prints each time and its ratio to the 200 ms target.
# Run it under nice: a million games take minutes to generate.
set -euo pipefail
if [ $# -lt 2 ] || [ "$1" = --help ] || [ "$1" = -h ]; then
  usage="usage: run.sh BIN_DIR WORK_DIR [N] [TYPE...]"
  if [ $# -ge 1 ] && { [ "$1" = --help ] || [ "$1" = -h ]; }; then echo "$usage"; exit 0; fi
  echo "$usage" >&2
  exit 2
fi
bin=$(cd "$1" && pwd)
work=$2
n=${3:-1000000}
shift $(( $# < 3 ? $# : 3 ))
types=("$@")
[ ${#types[@]} -gt 0 ] || types=(playoff spsa_tuner)
controls=$(cd "$(dirname "$0")/../million_games/controls" && pwd)
mkdir -p "$work"
target=0.200

games_in() { sqlite3 "file:$1?mode=ro" 'select count(*) from games' 2>/dev/null || echo 0; }
get() { curl --noproxy '*' -s -o /dev/null -w '%{time_total}' "$1"; }
# When serve last read competition $1 (its taken_at in /api/competitions).
taken() {
  curl --noproxy '*' -s "$base/api/competitions" |
    python3 -c 'import json, sys; print([c["taken_at"] for c in json.load(sys.stdin)["competitions"] if c["id"] == sys.argv[1]][0])' "$1"
}
median() { sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
ratio() { awk -v t="$1" -v g="$target" 'BEGIN { printf "%.3f s (%.2fx the 200 ms target)", t, t / g }'; }

for t in "${types[@]}"; do
  ctl=$work/$t.yaml
  if [ ! -f "$work/$t.db" ] || [ "$(games_in "$work/$t.db")" -lt "$n" ]; then
    "$bin/ringmaster" "$ctl" reset >/dev/null 2>&1 || true
    cp "$controls/$t.yaml" "$ctl"
    "$bin/make_games" "$ctl" "$n" --batch-report "$n" >/dev/null
  fi
done

log=$work/serve.out
serve_started=$(date +%s.%N)
"$bin/ringmaster" serve "$work" --port 0 >"$log" 2>&1 &
serve_pid=$!
trap 'kill -INT $serve_pid 2>/dev/null; wait $serve_pid 2>/dev/null || true' EXIT
for _ in $(seq 6000); do grep -q "^open http://" "$log" && break; sleep 0.01; done
port=$(sed -n 's#^open http://localhost:\([0-9]*\)/.*#\1#p' "$log")
base=http://127.0.0.1:$port

for t in "${types[@]}"; do
  ctl=$work/$t.yaml
  page=$base/competition/$t
  json=$base/api/competition/$t.json
  games=$(games_in "$work/$t.db")
  echo "$t: $games games, db $(du -h "$work/$t.db" | cut -f1)"
  cold=$(get "$page")
  if [ "$t" = "${types[0]}" ]; then
    # The first request of all: from serve's start (exec, the scan, the first read) to the page.
    since_start=$(echo "$(date +%s.%N) - $serve_started" | bc)
    echo "$t: first page $(ratio "$since_start") after serve was started"
  fi
  echo "$t: cold page $(ratio "$cold"), then JSON $(ratio "$(get "$json")")"
  warm_page=$(for _ in $(seq 10); do get "$page"; echo; done | median)
  warm_json=$(for _ in $(seq 10); do get "$json"; echo; done | median)
  echo "$t: warm page $(ratio "$warm_page"), JSON $(ratio "$warm_json") (median of 10)"
  before=$(taken "$t")
  sleep 1.1  # taken_at has whole seconds
  "$bin/make_games" "$ctl" 2 --batch-report 2 >/dev/null
  echo "$t: after two new games: page $(ratio "$(get "$page")"), then JSON $(ratio "$(get "$json")")"
  t0=$(date +%s.%N)
  while [ "$(taken "$t")" = "$before" ]; do sleep 0.05; done
  t1=$(date +%s.%N)
  echo "$t: read again in the background, served $(echo "$t1 - $t0" | bc) s after the games"
  t0=$(date +%s.%N)
  "$bin/ringmaster" "$ctl" show --json >/dev/null
  t1=$(date +%s.%N)
  echo "$t: show --json $(ratio "$(echo "$t1 - $t0" | bc)")"
done
