#!/usr/bin/env bash
# bench/serve/watched_event.sh BIN_DIR WORK_DIR [GAMES] [POLLERS]
#
# What watching costs a running event. Runs the same short real event twice, one after the
# other: a playoff of GAMES (default 100) ringbot games on 9x9 (400 against 100 playouts, fixed
# seeds), `run -q -j 1`, first unwatched, then with `ringmaster serve` on its directory and
# POLLERS (default 20) stand-in browsers (pollers.py: each fetches the competition page's live
# part and the index's every 2 s with If-None-Match, as /live.js does). Prints each run's
# wall-clock and CPU (user + system, ringmaster and its engines), serve's own CPU, the
# pollers' answers and the watched / unwatched ratios. Run it under nice on a quiet machine,
# several times: the ratio is as noisy as the machine.
set -euo pipefail
if [ $# -lt 2 ] || [ "$1" = --help ] || [ "$1" = -h ]; then
  usage="usage: watched_event.sh BIN_DIR WORK_DIR [GAMES] [POLLERS]"
  if [ $# -ge 1 ] && { [ "$1" = --help ] || [ "$1" = -h ]; }; then echo "$usage"; exit 0; fi
  echo "$usage" >&2
  exit 2
fi
bin=$(cd "$1" && pwd)
work=$2
games=${3:-100}
pollers=${4:-20}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$work"
ctl=$work/watched.yaml
cat >"$ctl" <<YAML
competition_type: playoff
description: bench/serve/watched_event.sh
players:
  ringbot-400: {command: ["$bin/ringbot", "--playouts", "400", "--seed", "1"]}
  ringbot-100: {command: ["$bin/ringbot", "--playouts", "100", "--seed", "1"]}
board_size: 9
komi: 7.5
matchups:
  - {player_1: ringbot-400, player_2: ringbot-100, alternating: true, number_of_games: $games}
YAML

# A fresh competition with its database and no game yet (so that serve lists it from the start).
prepare() {
  "$bin/ringmaster" "$ctl" reset >/dev/null 2>&1 || true
  "$bin/ringmaster" "$ctl" run -q --max-games 0 >/dev/null
}
# Runs the event; prints "WALL CPU" in seconds.
run_event() {
  /usr/bin/time -f '%e %U %S' -o "$work/time.out" "$bin/ringmaster" "$ctl" run -q -j 1 >/dev/null
  awk '{ printf "%.2f %.2f", $1, $2 + $3 }' "$work/time.out"
}
# User + system CPU seconds of a process so far (from /proc, clock ticks).
cpu_of() { awk -v hz="$(getconf CLK_TCK)" '{ printf "%.2f", ($14 + $15) / hz }' "/proc/$1/stat"; }

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
prepare
read -r wall0 cpu0 <<<"$(run_event)"
echo "unwatched: $games games in ${wall0} s wall-clock, ${cpu0} s CPU"

prepare
"$bin/ringmaster" serve "$work" --port 0 >"$work/serve.out" 2>&1 &
serve_pid=$!
poll_pid=
cleanup() {
  [ -z "$poll_pid" ] || kill -TERM "$poll_pid" 2>/dev/null || true
  kill -INT "$serve_pid" 2>/dev/null || true
  wait 2>/dev/null || true
}
trap cleanup EXIT
for _ in $(seq 600); do grep -q '^open http://' "$work/serve.out" && break; sleep 0.1; done
port=$(sed -n 's#^open http://localhost:\([0-9]*\)/.*#\1#p' "$work/serve.out")
python3 "$here/pollers.py" "$port" watched "$pollers" 2 >"$work/pollers.out" &
poll_pid=$!
serve_cpu_before=$(cpu_of "$serve_pid")
read -r wall1 cpu1 <<<"$(run_event)"
serve_cpu=$(awk -v a="$(cpu_of "$serve_pid")" -v b="$serve_cpu_before" 'BEGIN { printf "%.2f", a - b }')
kill -TERM "$poll_pid"
wait "$poll_pid" || true
poll_pid=
echo "watched by $pollers pollers: $games games in ${wall1} s wall-clock, ${cpu1} s CPU" \
  "(serve meanwhile: ${serve_cpu} s CPU)"
echo "pollers: $(cat "$work/pollers.out")"
awk -v w0="$wall0" -v w1="$wall1" -v c0="$cpu0" -v c1="$cpu1" 'BEGIN {
  printf "watched / unwatched: wall-clock %.3f (%+.1f%%), CPU %.3f (%+.1f%%)\n",
    w1 / w0, 100 * (w1 / w0 - 1), c1 / c0, 100 * (c1 / c0 - 1) }'
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
