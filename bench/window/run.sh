#!/usr/bin/env bash
# Runs the window benchmarks and prints a Markdown table (bench/RESULTS.md keeps the last one):
#   start to first frame, lessonsim vs a bare GLFW + ImGui window, in one Xvfb run;
#   CPU while idle over 10 s, lessonsim vs the bare window's stock loop;
#   UI frame build time with no renderer.
# Usage: bench/window/run.sh [BUILD_DIR]   (default build)
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build}
cmake --build "$build" --target lessonsim bare_window frame_bench -j2 >/dev/null
app=$(find "$build" -name lessonsim -type f -perm -u+x | head -1)
lesson=lessons/datacenter-split.json
[ -f "$lesson" ] || lesson=tests/ui/data/mini-example.json
export app lesson bare="$build/bench/window/bare_window"

xvfb-run -a -s "-screen 0 1920x1080x24" python3 - <<'PY'
import os, resource, statistics, subprocess, tempfile, time

app, bare, lesson = os.environ["app"], os.environ["bare"], os.environ["lesson"]
data = tempfile.mkdtemp(prefix="lessonsim-bench-")
runs = 25

cpu = {}

def start_time(cmd):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    elapsed = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    used = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    cpu.setdefault(cmd[0], []).append(used)
    return elapsed

app_cmd = [app, "--lesson", lesson, "--data-dir", data, "--exit-after-frames", "1"]
bare_cmd = [bare, "1"]
start_time(app_cmd), start_time(bare_cmd)  # warm the page cache and Xvfb's GL state
a, b = [], []
for _ in range(runs):  # interleaved, so both see the same machine load
    a.append(start_time(app_cmd))
    b.append(start_time(bare_cmd))
# The machine may be shared: the median is the typical start, the minimum the least disturbed.
ma, mb = statistics.median(a), statistics.median(b)
na, nb = min(a), min(b)

def idle_cpu(cmd, settle=2.0, window=10.0):
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(settle)
    def ticks():
        with open(f"/proc/{p.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])
    t0, c0 = time.perf_counter(), ticks()
    time.sleep(window)
    t1, c1 = time.perf_counter(), ticks()
    p.terminate()
    p.wait()
    return 100.0 * (c1 - c0) / os.sysconf("SC_CLK_TCK") / (t1 - t0)

idle_app = idle_cpu([app, "--lesson", lesson, "--data-dir", data])
idle_bare = idle_cpu([bare, "0"])

print("| what | lessonsim | bare GLFW + ImGui | budget |")
print("| --- | --- | --- | --- |")
print(f"| start to first frame, median of {runs} (Xvfb already up) | {ma*1000:.0f} ms | {mb*1000:.0f} ms "
      f"| ≤ 1.3× bare: {ma/mb:.2f}× |")
print(f"| start to first frame, fastest of {runs} | {na*1000:.0f} ms | {nb*1000:.0f} ms "
      f"| ≤ 1.3× bare: {na/nb:.2f}× |")
ca, cb = statistics.median(cpu[app]), statistics.median(cpu[bare])
print(f"| CPU time from start to first frame, median | {ca*1000:.0f} ms | {cb*1000:.0f} ms | {ca/cb:.2f}× |")
print(f"| CPU while idle, 10 s, window open | {idle_app:.1f}% of a core | {idle_bare:.1f}% (stock loop) | ≤ 1% |")
PY
frame=$("$build/bench/window/frame_bench")
echo "| UI frame build, null backend (every step, both locales) | ${frame#frame build, null backend: } | | ≤ 1 ms |"
