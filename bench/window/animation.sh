#!/usr/bin/env bash
# The rendered frame time while an animation runs (lesson 1's cut and the ZeRO demo), 1280x800
# under Xvfb, as one Markdown table row for bench/run.
# Usage: bench/window/animation.sh [BUILD_DIR]   (default build)
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build}
cmake --build "$build" --target animation_bench -j2 >/dev/null
line=$(xvfb-run -a -s "-screen 0 1920x1080x24" "$build/bench/window/animation_bench")
p99=$(sed -E 's/.*p99 ([0-9.]+) ms.*/\1/' <<<"$line")
p50=$(sed -E 's/.*p50 ([0-9.]+) ms.*/\1/' <<<"$line")
echo "| rendered frame while an animation runs, 1280×800, llvmpipe (p99) | $p99 ms (median $p50 ms) | ≤ 8 ms |"
awk -v v="$p99" 'BEGIN { exit !(v <= 8) }'
