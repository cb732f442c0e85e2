#!/usr/bin/env bash
# Measures ringbot's strength on 9x9 (komi 7.5) at a few playout counts against a uniformly
# random player (ringbot --search random) and against GNU Go level 0 (when installed), and
# prints a Markdown table. Not a test: it takes minutes. Games alternate colours.
#
#   scripts/ringbot-strength.sh [BIN_DIR]
#   env: GAMES (default 10), PLAYOUTS (default "100 300 1000 3000"), SEARCH (default uct),
#        EXTRA (more ringbot options, e.g. "--rave_equiv 300"), GNUGO (default /usr/games/gnugo)
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$top/build/bin}
games=${GAMES:-10}
playouts_list=${PLAYOUTS:-100 300 1000 3000}
search=${SEARCH:-uct}
extra=${EXTRA:-}
gnugo=${GNUGO:-/usr/games/gnugo}
for exe in ringbot ringbot_match; do
  [[ -x $bin/$exe ]] || { echo "missing $bin/$exe: build the ringbot and ringbot_match targets" >&2; exit 2; }
done

# Prints "win_rate sec_per_game" for ringbot (engine A) against the given opponent.
match() {
  local playouts=$1 opponent=$2
  "$bin/ringbot_match" --games "$games" --size 9 --komi 7.5 \
    --a "$bin/ringbot --search $search --playouts $playouts --seed {seed} $extra" \
    --b "$opponent" 2>/dev/null |
    awk '{for (i = 1; i < NF; i++) { if ($i == "a_win_rate") w = $(i+1); if ($i == "sec_per_game") s = $(i+1) } } END { print w, s }'
}

echo "ringbot ($search${extra:+ $extra}) on 9x9, komi 7.5, $games games per cell (win rate, seconds per game)"
echo
echo "| playouts | vs random | s/game | vs GNU Go level 0 | s/game |"
echo "|---:|---:|---:|---:|---:|"
for playouts in $playouts_list; do
  read -r random_rate random_secs < <(match "$playouts" "$bin/ringbot --search random --seed {seed}")
  if [[ -x $gnugo ]]; then
    read -r gnugo_rate gnugo_secs < <(match "$playouts" \
      "$gnugo --mode gtp --chinese-rules --capture-all-dead --level 0 --seed {seed}")
  else
    gnugo_rate="n/a"; gnugo_secs="-"
  fi
  echo "| $playouts | $random_rate | $random_secs | $gnugo_rate | $gnugo_secs |"
done
