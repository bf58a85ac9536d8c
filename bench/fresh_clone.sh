#!/usr/bin/env bash
# Prints one Markdown table row: a fresh `git clone` of this checkout's HEAD into a temporary
# folder, then `scripts/run --exit-after-frames 1` under Xvfb, timed from the command to the first
# frame with ccache off (CCACHE_DISABLE=1), the packages already present. Also the CPU seconds it
# took (user + system, children included) and the load average, because these machines are
# shared: on 2 idle cores the wall time is about the CPU seconds over two.
# Usage: bench/fresh_clone.sh
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d /tmp/lessonsim-fresh-XXXXXX)
trap 'rm -rf "$tmp"' EXIT
git clone -q "$PWD" "$tmp/clone"
load_before=$(cut -d' ' -f1 /proc/loadavg)
(
  cd "$tmp/clone"
  unset CMAKE_CXX_COMPILER_LAUNCHER CMAKE_C_COMPILER_LAUNCHER
  export CCACHE_DISABLE=1
  python3 - "$tmp" <<'PY'
import os, resource, subprocess, sys, time
tmp = sys.argv[1]
t = time.perf_counter()
with open(f"{tmp}/log", "w") as log:
    code = subprocess.call(["xvfb-run", "-a", "-s", "-screen 0 1280x800x24 -noreset", "scripts/run",
                            "--data-dir", f"{tmp}/data", "--exit-after-frames", "1"],
                           stdout=log, stderr=subprocess.STDOUT)
wall = time.perf_counter() - t
u = resource.getrusage(resource.RUSAGE_CHILDREN)
open(f"{tmp}/time", "w").write(f"{wall:.1f} {u.ru_utime:.1f} {u.ru_stime:.1f}\n")
sys.exit(code)
PY
) || { echo "| fresh clone: scripts/run to the first frame | failed: $(tail -3 "$tmp/log") | ≤ 150 s |"; exit 1; }
read -r wall user sys <"$tmp/time"
steps=$(grep -c '^\[' "$tmp/clone/build/scripts-run-build.log" || true)
cpu=$(python3 -c "print(f'{$user + $sys:.0f}')")
echo "| fresh clone, packages present: \`scripts/run\` to the first frame, ccache off | **${wall%.*} s** (${steps} build steps, ${cpu} CPU-s; load average ${load_before} at the start, $(cut -d' ' -f1 /proc/loadavg) at the end) | ≤ 150 s on 2 cores |"
