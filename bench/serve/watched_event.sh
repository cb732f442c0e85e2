#!/usr/bin/env bash
# bench/serve/watched_event.sh BIN_DIR WORK_DIR [GAMES] [POLLERS] [REPS]
#
# What watching costs a running event. Runs the same short real event 2 x REPS times
# (default 3): a playoff of GAMES (default 100) ringbot games on 9x9 (400 against 100
# playouts, fixed seeds), `run -q -j 1`, unwatched, and watched: with `ringmaster serve` on
# its directory and POLLERS (default 20) stand-in browsers (pollers.py: each fetches the
# competition page's live part and the index's every 2 s with If-None-Match, as /live.js
# does). The two alternate, in the order unwatched-watched, then watched-unwatched, and so on,
# so that a machine getting busier or quieter weighs on both alike. Prints each run's
# wall-clock and CPU (user + system, ringmaster and its engines), serve's own CPU, the
# pollers' answers, each repetition's watched / unwatched ratios, and at the end the CPU
# ratios over all repetitions: the event's CPU is what the event costs whatever else the
# machine runs (its wall-clock is mostly waiting for a core on a loaded machine), so the CPU
# ratio is the figure to read there. Run it under nice.
set -euo pipefail
if [ $# -lt 2 ] || [ "$1" = --help ] || [ "$1" = -h ]; then
  usage="usage: watched_event.sh BIN_DIR WORK_DIR [GAMES] [POLLERS] [REPS]"
  if [ $# -ge 1 ] && { [ "$1" = --help ] || [ "$1" = -h ]; }; then echo "$usage"; exit 0; fi
  echo "$usage" >&2
  exit 2
fi
bin=$(cd "$1" && pwd)
work=$2
games=${3:-100}
pollers=${4:-20}
reps=${5:-3}
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

# One run watched: serve and the pollers started before it and stopped after it. Sets wall1,
# cpu1 and serve_cpu (run in this shell, not in $(...), so that the EXIT trap knows the pids);
# the pollers' summary goes to $work/pollers.out.
serve_pid=
poll_pid=
stop_watching() {
  [ -z "$poll_pid" ] || { kill -TERM "$poll_pid" 2>/dev/null || true; wait "$poll_pid" 2>/dev/null || true; }
  [ -z "$serve_pid" ] || { kill -INT "$serve_pid" 2>/dev/null || true; wait "$serve_pid" 2>/dev/null || true; }
  poll_pid=
  serve_pid=
}
trap stop_watching EXIT
run_watched() {
  "$bin/ringmaster" serve "$work" --port 0 >"$work/serve.out" 2>&1 &
  serve_pid=$!
  for _ in $(seq 600); do grep -q '^open http://' "$work/serve.out" && break; sleep 0.1; done
  local port
  port=$(sed -n 's#^open http://localhost:\([0-9]*\)/.*#\1#p' "$work/serve.out")
  python3 "$here/pollers.py" "$port" watched "$pollers" 2 >"$work/pollers.out" &
  poll_pid=$!
  local before after
  before=$(cpu_of "$serve_pid")
  read -r wall1 cpu1 <<<"$(run_event)"
  after=$(cpu_of "$serve_pid")
  stop_watching
  serve_cpu=$(awk -v a="$after" -v b="$before" 'BEGIN { printf "%.2f", a - b }')
}

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
results=$work/ratios.txt
: >"$results"
for r in $(seq "$reps"); do
  order="unwatched watched"
  [ $((r % 2)) -eq 1 ] || order="watched unwatched"
  for kind in $order; do
    prepare
    if [ "$kind" = unwatched ]; then
      read -r wall0 cpu0 <<<"$(run_event)"
      echo "rep $r unwatched: $games games in ${wall0} s wall-clock, ${cpu0} s CPU"
    else
      run_watched
      echo "rep $r watched by $pollers pollers: $games games in ${wall1} s wall-clock," \
        "${cpu1} s CPU (serve meanwhile: ${serve_cpu} s CPU); pollers: $(cat "$work/pollers.out")"
    fi
  done
  echo "$wall0 $cpu0 $wall1 $cpu1 $serve_cpu" >>"$results"
  awk -v w0="$wall0" -v w1="$wall1" -v c0="$cpu0" -v c1="$cpu1" -v r="$r" 'BEGIN {
    printf "rep %d watched / unwatched: wall-clock %.3f, CPU %.3f (%+.1f%%)\n",
      r, w1 / w0, c1 / c0, 100 * (c1 / c0 - 1) }'
done
# Over all repetitions: the median of the CPU ratios, the ratio of the CPU totals, and serve's
# CPU beside the unwatched event's (what watching costs the machine, not only the event).
median=$(awk '{ print $4 / $2 }' "$results" | sort -g |
  awk '{ r[NR] = $1 } END { print NR % 2 ? r[(NR + 1) / 2] : (r[NR / 2] + r[NR / 2 + 1]) / 2 }')
awk -v m="$median" '{ c0 += $2; c1 += $4; s += $5 } END {
  printf "over %d repetitions: event CPU watched / unwatched median %.3f (%+.1f%%), totals %.3f (%+.1f%%); serve %.2f s CPU in all, %.1f%% of the unwatched events\n",
    NR, m, 100 * (m - 1), c1 / c0, 100 * (c1 / c0 - 1), s, 100 * s / c0 }' "$results"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
