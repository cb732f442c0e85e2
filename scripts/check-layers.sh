#!/usr/bin/env bash
# Fails when a source file includes a project header from a higher layer.
# The layer order is the one drawn in docs/architecture.md (its first code block, highest
# first); a file may include headers of its own layer and of any layer drawn below it.
# Usage: scripts/check-layers.sh [TOP]
set -euo pipefail
top=${1:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$top"

layers=$(awk '/^```/ { n++; next } n == 1 && /^[a-z]/ { sub("/$", "", $1); print $1 }' \
  docs/architecture.md)
if [ "$(wc -l <<<"$layers")" -lt 5 ]; then
  echo "check-layers: could not read the layer order from docs/architecture.md" >&2
  exit 2
fi

# One line per source file ("F <path>") and per project include ("I <path> <header>").
sources=$(find scales engine ringmaster -name '*.cpp' -o -name '*.hpp' | sort)
{
  sed 's/^/F /' <<<"$sources"
  # shellcheck disable=SC2086
  grep -HE '^[[:space:]]*#[[:space:]]*include[[:space:]]+"' $sources |
    sed -E 's/^([^:]*):[^"]*"([^"]*)".*/I \1 \2/'
} | awk -v layers="$layers" '
  BEGIN { n = split(layers, layer, "\n") }
  # rank of a path: index of the longest layer that prefixes it (1 = highest), 0 if none
  function rank(path,   i, best, len) {
    best = 0; len = 0
    for (i = 1; i <= n; i++)
      if (index(path, layer[i] "/") == 1 && length(layer[i]) > len) { best = i; len = length(layer[i]) }
    return best
  }
  $1 == "F" && rank($2) == 0 { print $2 ": in no layer of docs/architecture.md"; bad = 1 }
  $1 == "I" {
    from = rank($2); to = rank($3)
    if (from > 0 && to > 0 && to < from) {
      print $2 ": includes " $3 ": " layer[to] " is above " layer[from] " (docs/architecture.md)"
      bad = 1
    }
  }
  END {
    if (!bad) print "check-layers: " n " layers, no include points upwards"
    exit bad
  }'
