#!/usr/bin/env bash
# The rendered frame time while an animation runs (lesson 1's demo, the ZeRO demo, the rack's
# zoom out to the site and back, a cut and a merge, the gradient exchange on a new link),
# 1280x800 under Xvfb, as Markdown table rows for bench/run: one per animation, then all of
# them against the budget.
# Usage: bench/window/animation.sh [BUILD_DIR]   (default build)
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build}
cmake --build "$build" --target animation_bench -j2 >/dev/null
out=$(xvfb-run -a -s "-screen 0 1920x1080x24" "$build/bench/window/animation_bench")
row() { sed -E 's/^(.*): p50 ([0-9.]+) ms, p99 ([0-9.]+) ms.*/\1|\3|\2/' <<<"$1"; }
while IFS= read -r line; do
  IFS='|' read -r what p99 p50 <<<"$(row "$line")"
  if [ "$what" = "rendered frame while animating" ]; then
    echo "| rendered frame while an animation runs, 1280×800, llvmpipe (p99, all) | $p99 ms (median $p50 ms) | ≤ 8 ms |"
    total=$p99
  else
    echo "| … during $what (p99) | $p99 ms (median $p50 ms) | |"
  fi
done <<<"$out"
awk -v v="$total" 'BEGIN { exit !(v <= 8) }'
