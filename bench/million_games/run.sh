#!/usr/bin/env bash
# bench/million_games/run.sh BIN_DIR WORK_DIR [N] [TYPE...]
#
# For each competition type (default: all six), copies controls/<type>.yaml to WORK_DIR,
# fills its database with N games (default 1,000,000) through make_games, then times
# `show`, `report` and a resumed `run` (`run -q --max-games 0`: open the database, restore,
# start no game, write the report). Prints the cost of a commit at 1k games and at N games
# (1,000 games each) and the three times, wall-clock and CPU. Run it under nice: a million games take minutes.
set -euo pipefail
if [ $# -lt 2 ] || [ "$1" = --help ] || [ "$1" = -h ]; then
  usage="usage: run.sh BIN_DIR WORK_DIR [N] [TYPE...]"
  if [ $# -ge 1 ] && { [ "$1" = --help ] || [ "$1" = -h ]; }; then echo "$usage"; exit 0; fi
  echo "$usage" >&2
  exit 2
fi
bin=$1
work=$2
n=${3:-1000000}
shift $(( $# < 3 ? $# : 3 ))
types=("$@")
[ ${#types[@]} -gt 0 ] || types=(playoff allplayall mc_tuner ce_tuner model_tuner spsa_tuner)
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$work"
# Wall-clock and CPU (user + system) of one command: on a loaded machine the wall-clock is
# mostly waiting for a core, the CPU is what the command costs.
seconds() {
  local TIMEFORMAT='%R s wall, %U + %S s CPU'
  { time "$@" >/dev/null 2>&1; } 2>&1
}
for t in "${types[@]}"; do
  ctl=$work/$t.yaml
  "$bin/ringmaster" "$ctl" reset >/dev/null 2>&1 || true
  cp "$here/controls/$t.yaml" "$ctl"
  at_1k=$("$bin/make_games" "$ctl" 1000 --batch-report 1000 | tail -1)
  "$bin/make_games" "$ctl" $((n - 2000)) --batch-report $(( (n - 2000) / 4 > 0 ? (n - 2000) / 4 : 1 )) >/dev/null
  at_n=$("$bin/make_games" "$ctl" 1000 --batch-report 1000 | tail -1)
  echo "$t: commit at 1k: $at_1k"
  echo "$t: commit at n:  $at_n"
  echo "$t: db $(du -h "$work/$t.db" | cut -f1)"
  echo "$t: show $(seconds "$bin/ringmaster" "$ctl" show);" \
       "report $(seconds "$bin/ringmaster" "$ctl" report);" \
       "resumed run $(seconds "$bin/ringmaster" "$ctl" run -q --max-games 0)"
done
