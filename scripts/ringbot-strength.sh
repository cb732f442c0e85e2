#!/usr/bin/env bash
# Measures ringbot's strength on 9x9 (komi 7.5) at a few playout counts against a uniformly
# random player (ringbot --search random) and against GNU Go level 0 (when installed), and
# prints a Markdown table. Not a test: it takes minutes. Each playout count is a ringmaster
# playoff (colours alternate), run in a scratch directory and read back with `show --json`.
#
#   scripts/ringbot-strength.sh [BIN_DIR]
#   env: GAMES (default 10), PLAYOUTS (default "100 300 1000 3000"), SEARCH (default uct),
#        EXTRA (more ringbot options, e.g. "--rave_equiv 300"), GNUGO (default /usr/games/gnugo),
#        JOBS (games at once, default 2),
#        KEEP (a directory to keep the playoffs in, with their SGF records and reports)
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$top/build/bin}
games=${GAMES:-10}
playouts_list=${PLAYOUTS:-100 300 1000 3000}
search=${SEARCH:-uct}
extra=${EXTRA:-}
gnugo=${GNUGO:-/usr/games/gnugo}
jobs=${JOBS:-2}
for exe in ringbot ringmaster; do
  [[ -x $bin/$exe ]] || { echo "missing $bin/$exe: build the project first (scripts/build.sh)" >&2; exit 2; }
done
command -v python3 >/dev/null || { echo "python3 is needed to read the JSON report" >&2; exit 2; }
if [[ -n ${KEEP:-} ]]; then
  work=$KEEP
  mkdir -p "$work"
else
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
fi

# A YAML flow list of the words of a command line: [a, 'b c'] quoting every word.
yaml_words() {
  local out="" word
  for word in "$@"; do out+="${out:+, }'${word//\'/\'\'}'"; done
  echo "[$out]"
}

# Writes and runs the playoff for one playout count; prints a line per matchup: its id, ringbot's
# win rate and the CPU seconds per game of both engines together (what one core spends).
play() {
  local playouts=$1 code=strength_$1
  local -a ringbot_words=("$bin/ringbot" --search "$search" --playouts "$playouts" --seed 1)
  # shellcheck disable=SC2206  # EXTRA is a list of options, split on purpose
  ringbot_words+=($extra)
  {
    echo "competition_type: playoff"
    echo "description: ringbot ($search${extra:+ $extra}) with $playouts playouts on 9x9"
    echo "players:"
    echo "  ringbot: {command: $(yaml_words "${ringbot_words[@]}"), timeouts: {genmove: 600}}"
    echo "  random: {command: $(yaml_words "$bin/ringbot" --search random --seed 1)}"
    if [[ -x $gnugo ]]; then
      echo "  gnugo: {command: $(yaml_words "$gnugo" --mode gtp --chinese-rules --capture-all-dead --level 0 --seed 1)}"
    fi
    echo "board_size: 9"
    echo "komi: 7.5"
    echo "alternating: true"
    echo "number_of_games: $games"
    echo "matchups:"
    echo "  - {player_1: ringbot, player_2: random, id: random}"
    if [[ -x $gnugo ]]; then echo "  - {player_1: ringbot, player_2: gnugo, id: gnugo}"; fi
  } >"$work/$code.yaml"
  "$bin/ringmaster" "$work/$code.yaml" run -j "$jobs" --quiet >&2
  "$bin/ringmaster" "$work/$code.yaml" show --json | python3 -c '
import json, sys
for m in json.load(sys.stdin)["matchups"]:
    n = m["games_played"]
    rate = "%.2f" % (m["players"][0]["wins"] / n) if n else "n/a"
    cpu = [p["average_cpu_s"] for p in m["players"]]
    seconds = "%.2f" % sum(cpu) if n and None not in cpu else "n/a"
    print(m["id"], rate, seconds)
'
}

echo "ringbot ($search${extra:+ $extra}) on 9x9, komi 7.5, $games games per cell (win rate, CPU seconds per game of both engines)"
echo
echo "| playouts | vs random | s/game | vs GNU Go level 0 | s/game |"
echo "|---:|---:|---:|---:|---:|"
for playouts in $playouts_list; do
  declare -A rate=([random]="n/a" [gnugo]="n/a") cpu=([random]="-" [gnugo]="-")
  while read -r id win_rate seconds; do
    rate[$id]=$win_rate
    cpu[$id]=$seconds
  done < <(play "$playouts")
  echo "| $playouts | ${rate[random]} | ${cpu[random]} | ${rate[gnugo]} | ${cpu[gnugo]} |"
done
