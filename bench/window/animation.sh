#!/usr/bin/env bash
# The rendered frame time while an animation runs (lesson 1's demo, the ZeRO demo, the rack's
# zoom out to the site and back, a cut and a merge, the gradient exchange on a new link),
# 1280x800 under Xvfb, as Markdown table rows for bench/run: one per animation, then all of
# them against the budget. Beside the wall time: the CPU time per frame (llvmpipe's rasterizer
# threads included), steadier when other work shares the cores, and the pixels the frame's
# triangles cover (overdraw), which no load changes.
# Usage: bench/window/animation.sh [BUILD_DIR]   (default build)
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build}
cmake --build "$build" --target animation_bench -j2 >/dev/null
out=$(xvfb-run -a -s "-screen 0 1920x1080x24" "$build/bench/window/animation_bench")
# "WHAT: p50 A ms, p99 B ms over N frames; CPU p50 C ms, p99 D ms; filled p50 E, p99 F windows"
row() {
  sed -E 's/^(.*): p50 ([0-9.]+) ms, p99 ([0-9.]+) ms.*CPU p50 ([0-9.]+) ms, p99 ([0-9.]+) ms; filled p50 ([0-9.]+), p99 ([0-9.]+) windows/\1|\3|\2|\5|\4|\7/' <<<"$1"
}
while IFS= read -r line; do
  IFS='|' read -r what p99 p50 cpu99 cpu50 fill99 <<<"$(row "$line")"
  figures="$p99 ms (median $p50 ms); CPU per frame, every thread, p99 $cpu99 ms (median $cpu50 ms); pixels filled p99 $fill99× the window"
  if [ "$what" = "rendered frame while animating" ]; then
    echo "| rendered frame while an animation runs, 1280×800, llvmpipe (p99, all) | **$figures** | ≤ 8 ms |"
    total=$p99
  else
    echo "| … during $what (p99) | $figures | |"
  fi
done <<<"$out"
awk -v v="$total" 'BEGIN { exit !(v <= 8) }'
