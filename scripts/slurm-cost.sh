#!/usr/bin/env bash
# Cost per game of the executors on the one-node test cluster (docs/cluster.md): the same
# small playoff (ringbot, 7x7, 2 playouts) played with local threads, with whole games on
# Slurm and with engines on Slurm. Prints wall time per game, the CPU of ringmaster and its
# local children (engines when local, srun clients when on Slurm) per game, and the CPU the
# Slurm daemons used per game.
#   scripts/slurm-cost.sh [GAMES] [IN_FLIGHT]        (defaults 40 and 4; the cluster must run)
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
bin=${RINGMASTER_BIN_DIR:-$top/build/bin}
games=${1:-40}
in_flight=${2:-4}
dir=${RINGMASTER_SLURM_DIR:-/tmp/ringmaster-slurm}
export SLURM_CONF=${SLURM_CONF:-$dir/etc/slurm.conf}
sinfo -h >/dev/null 2>&1 || {
  echo "slurm-cost: no cluster answers (scripts/slurm-cluster.sh start)" >&2
  exit 1
}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ticks=$(getconf CLK_TCK)

# utime+stime+cutime+cstime of a daemon, in clock ticks.
daemon_ticks() {
  local pidfile=$1
  [[ -s $pidfile ]] || {
    echo 0
    return
  }
  awk '{print $14 + $15 + $16 + $17}' "/proc/$(cat "$pidfile")/stat" 2>/dev/null || echo 0
}

slurm_ticks() {
  local conf_dir
  conf_dir=$(dirname "$(dirname "$SLURM_CONF")")
  echo $(($(daemon_ticks "$conf_dir/slurmctld.pid") + $(daemon_ticks "$conf_dir/slurmd.pid")))
}

measure() {
  local label=$1 executor=$2
  shift 2
  local code=cost_$RANDOM
  cat >"$work/$code.yaml" <<EOF
competition_type: playoff
players:
  a: {command: [ringbot, --playouts, '2', --seed, '1']}
  b: {command: [ringbot, --playouts, '2', --seed, '2']}
board_size: 7
komi: 4.5
skip_player_checks: true
matchups:
  - {player_1: a, player_2: b, number_of_games: $games}
$executor
EOF
  local before after
  before=$(slurm_ticks)
  /usr/bin/time -f "%e %U %S" -o "$work/time" "$bin/ringmaster" "$work/$code.yaml" run -q "$@" \
    >/dev/null
  after=$(slurm_ticks)
  read -r wall user sys <"$work/time"
  awk -v l="$label" -v g="$games" -v w="$wall" -v u="$user" -v s="$sys" \
    -v d=$((after - before)) -v t="$ticks" \
    'BEGIN { printf "%-34s wall %6.1f ms/game   ringmaster+children CPU %6.1f ms/game   slurm daemons CPU %6.1f ms/game\n",
             l, 1000*w/g, 1000*(u+s)/g, 1000*d/t/g }'
}

echo "$games games of ringbot (7x7, 2 playouts) per row; $(nproc) CPUs"
measure "local, -j 1" ""
measure "local, -j $in_flight" "" -j "$in_flight"
measure "slurm games, 1 in flight" "executor: {type: slurm, games_in_flight: 1}"
measure "slurm games, $in_flight in flight" "executor: {type: slurm, games_in_flight: $in_flight}"
measure "slurm engines, 1 in flight" "executor: {type: slurm, mode: engines, games_in_flight: 1}"
measure "slurm engines, $in_flight in flight" \
  "executor: {type: slurm, mode: engines, games_in_flight: $in_flight}"
