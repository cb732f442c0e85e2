#!/usr/bin/env bash
# scripts/check-layers.sh must fail on an include that points upwards and on a file in no layer,
# and pass on a tree that keeps the order. Runs it on small copies of the layout.
set -euo pipefail
top=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/docs" "$tmp/scales" "$tmp/engine/go" "$tmp/ringmaster/run"
cp "$top/docs/architecture.md" "$tmp/docs/"
echo '#include "scales/scale.hpp"' >"$tmp/engine/go/board.cpp"
echo '#include "engine/go/board.hpp"' >"$tmp/ringmaster/run/run_loop.cpp"
"$top/scripts/check-layers.sh" "$tmp" >/dev/null || { echo "a downward tree was refused"; exit 1; }

echo '#include "ringmaster/run/run_loop.hpp"' >>"$tmp/engine/go/board.cpp"
if out=$("$top/scripts/check-layers.sh" "$tmp"); then echo "an upward include passed"; exit 1; fi
grep -q 'engine/go/board.cpp: includes ringmaster/run/run_loop.hpp' <<<"$out" || { echo "$out"; exit 1; }

sed -i '$d' "$tmp/engine/go/board.cpp"
mkdir -p "$tmp/ringmaster/nowhere" && touch "$tmp/ringmaster/nowhere/x.cpp"
if out=$("$top/scripts/check-layers.sh" "$tmp"); then echo "a file in no layer passed"; exit 1; fi
grep -q 'ringmaster/nowhere/x.cpp: in no layer' <<<"$out" || { echo "$out"; exit 1; }
echo "check-layers refuses upward includes and unlayered files"
