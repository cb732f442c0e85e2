#!/usr/bin/env bash
# Fails when a C++ source differs from what clang-format (.clang-format) makes of it.
# Usage: scripts/check-format.sh [TOP]      scripts/check-format.sh --fix [TOP] rewrites them.
set -euo pipefail
fix=0
if [ "${1:-}" = --fix ]; then fix=1; shift; fi
top=${1:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$top"
mapfile -t files < <(find scales engine ringmaster tests bench \( -name '*.cpp' -o -name '*.hpp' \) | sort)
if [ $fix -eq 1 ]; then
  clang-format -i "${files[@]}"
  exit 0
fi
if ! clang-format --dry-run -Werror "${files[@]}"; then
  echo "check-format: the files above differ from clang-format's layout; scripts/check-format.sh --fix rewrites them" >&2
  exit 1
fi
echo "check-format: ${#files[@]} files as clang-format lays them out"
