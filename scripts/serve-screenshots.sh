#!/usr/bin/env bash
# scripts/serve-screenshots.sh [BIN_DIR [OUT_DIR]]
#
# Regenerates docs/reports.md's two screenshots of `ringmaster serve`'s live page, taken by
# headless Chromium while the events run: control_examples/spsa_tuner_ringbot.yaml after
# $SPSA_GAMES games (default 200) -> OUT_DIR/serve_spsa_tuner.png, and
# control_examples/playoff_ringbot.yaml once its SPRT matchup has decided (or after
# $PLAYOFF_GAMES games, default 150) -> OUT_DIR/serve_playoff_sprt.png. BIN_DIR defaults to
# build/bin, OUT_DIR to docs/images. Each event runs in a scratch directory (removed after),
# `run -q -j 1`; serve and the runs are stopped at the end, whatever happens. A few minutes on
# two cores; run it under nice.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
if [ "${1:-}" = --help ] || [ "${1:-}" = -h ]; then
  echo "usage: serve-screenshots.sh [BIN_DIR [OUT_DIR]]"
  exit 0
fi
bin=$(cd "${1:-$top/build/bin}" && pwd)
out=$(mkdir -p "${2:-$top/docs/images}" && cd "${2:-$top/docs/images}" && pwd)
spsa_games=${SPSA_GAMES:-200}
playoff_games=${PLAYOFF_GAMES:-150}
chromium=${CHROMIUM:-/usr/bin/chromium}
size=1100,1400

work=$(mktemp -d /tmp/serve-screenshots.XXXXXX)
pids=()
cleanup() {
  # Only what this script started: each run (which stops its engines) and serve, by pid.
  for p in "${pids[@]}"; do kill -INT "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

# The events in events/, Chromium's profile beside it: serve would list the profile's files.
events=$work/events
mkdir "$events"
cp "$top/control_examples/spsa_tuner_ringbot.yaml" "$events/spsa_tuner_ringbot.yaml"
cp "$top/control_examples/playoff_ringbot.yaml" "$events/playoff_ringbot.yaml"

# serve first, so that both events are found as they start (it looks again every few seconds).
"$bin/ringmaster" serve "$events" --port 0 >"$work/serve.out" 2>&1 &
pids+=($!)
for _ in $(seq 300); do grep -q '^open http://' "$work/serve.out" && break; sleep 0.1; done
port=$(sed -n 's#^open http://localhost:\([0-9]*\)/.*#\1#p' "$work/serve.out")
[ -n "$port" ] || { echo "serve did not start: $(cat "$work/serve.out")" >&2; exit 1; }
base=http://127.0.0.1:$port

# A field of the competition's JSON report ("" while it has none).
field() {
  curl --noproxy '*' -s "$base/api/competition/$1.json" |
    python3 -c 'import json, sys
try: print(json.load(sys.stdin).get(sys.argv[1], ""))
except Exception: print("")' "$2"
}
sprt_decided() {
  curl --noproxy '*' -s "$base/api/competition/playoff_ringbot.json" | grep -q '"decision": *"accept'
}
# Waits until `condition` holds (checked every 2 s), the event still running.
wait_for() {
  local what=$1
  shift
  until "$@"; do
    kill -0 "${pids[-1]}" 2>/dev/null || { echo "the $what run ended early" >&2; exit 1; }
    sleep 2
  done
}
games_at_least() { [ "$(field "$1" games_played)" -ge "$2" ] 2>/dev/null; }
shoot() {
  # serve answers the page from its last read: wait a moment for the read of the newest games.
  # The virtual time lets the page's script make its first poll (the bar says when).
  sleep 3
  "$chromium" --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --disable-extensions --user-data-dir="$work/chromium" --window-size="$size" \
    --virtual-time-budget=2500 \
    --screenshot="$2" "$base/competition/$1" >/dev/null 2>&1
  echo "$2: $(du -k "$2" | cut -f1) KB"
}

(cd "$events" && exec "$bin/ringmaster" spsa_tuner_ringbot.yaml run -q -j 1 >/dev/null 2>&1) &
pids+=($!)
wait_for spsa_tuner games_at_least spsa_tuner_ringbot "$spsa_games"
shoot spsa_tuner_ringbot "$out/serve_spsa_tuner.png"
kill -INT "${pids[-1]}"
wait "${pids[-1]}" 2>/dev/null || true

(cd "$events" && exec "$bin/ringmaster" playoff_ringbot.yaml run -q -j 1 >/dev/null 2>&1) &
pids+=($!)
playoff_ready() { sprt_decided || games_at_least playoff_ringbot "$playoff_games"; }
wait_for playoff playoff_ready
shoot playoff_ringbot "$out/serve_playoff_sprt.png"
