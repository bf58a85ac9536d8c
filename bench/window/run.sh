#!/usr/bin/env bash
# Runs the window benchmarks and prints Markdown table rows (what | measured | budget/reference),
# as part of bench/run's table:
#   start to first frame, lessonsim vs a bare GLFW + ImGui window, in one Xvfb run;
#   CPU while idle over 10 s, lessonsim vs the bare window's stock loop;
#   peak memory of the window (lesson 1, and the 100,000-GPU site view) vs the bare window;
#   UI frame build time with no renderer; the 100,000-GPU site view's frame build.
# Usage: bench/window/run.sh [BUILD_DIR]   (default build)
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build}
cmake --build "$build" --target lessonsim bare_window frame_bench rack_view_bench -j2 >/dev/null
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
    """CPU share over `window` seconds once settled, and the peak resident memory (VmHWM)."""
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(settle)
    def ticks():
        with open(f"/proc/{p.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])
    t0, c0 = time.perf_counter(), ticks()
    time.sleep(window)
    t1, c1 = time.perf_counter(), ticks()
    with open(f"/proc/{p.pid}/status") as f:
        peak_kb = next(int(l.split()[1]) for l in f if l.startswith("VmHWM:"))
    p.terminate()
    p.wait()
    return 100.0 * (c1 - c0) / os.sysconf("SC_CLK_TCK") / (t1 - t0), peak_kb / 1024.0

idle_app, peak_app = idle_cpu([app, "--lesson", lesson, "--data-dir", data])
idle_bare, peak_bare = idle_cpu([bare, "0"])
# The same lesson 4 step opened already zoomed out to the whole site (a copy whose setup says so).
site = os.path.join(os.path.dirname(lesson), "watts-and-cooling.json")
peak_site = None
if os.path.exists(site):
    import json
    doc = json.load(open(site))
    for step in doc["steps"]:
        if step["id"] == "zoom":
            step["setup"]["zoom"] = "site"
    site_copy = os.path.join(data, "site-view.json")
    json.dump(doc, open(site_copy, "w"))
    _, peak_site = idle_cpu([app, "--lesson", site_copy, "--step", "zoom", "--data-dir", data],
                            settle=3.0, window=1.0)

ca, cb = statistics.median(cpu[app]), statistics.median(cpu[bare])
print(f"| start to first frame under Xvfb, median of {runs} | {ma*1000:.0f} ms; a bare GLFW + ImGui "
      f"window {mb*1000:.0f} ms: **{ma/mb:.2f}×** | ≤ 1.3× the bare window |")
print(f"| start to first frame, fastest of {runs} | {na*1000:.0f} ms; bare {nb*1000:.0f} ms: {na/nb:.2f}× "
      f"| ≤ 1.3× |")
print(f"| CPU time from start to first frame, median | {ca*1000:.0f} ms; bare {cb*1000:.0f} ms: "
      f"{ca/cb:.2f}× | (steadier than wall time) |")
print(f"| CPU while idle, 10 s, window open | **{idle_app:.1f}%** of a core; the stock ImGui loop "
      f"{idle_bare:.1f}% | ≤ 1% |")
row = f"| peak memory of the window (VmHWM), lesson 1 | **{peak_app:.0f} MiB**; bare window {peak_bare:.0f} MiB"
if peak_site is not None:
    row += f"; the 100,000-GPU site view {peak_site:.0f} MiB"
print(row + " | (no budget in DESIGN.md; the bare window is the reference) |")
PY
frame=$("$build/bench/window/frame_bench")
echo "| UI frame build, null backend, every step of every lesson, both locales | ${frame#frame build, null backend: } | ≤ 1 ms per frame |"
site=$("$build/bench/window/rack_view_bench")
echo "| the 100,000-GPU site view, frame build | ${site#rack site view, } | ≤ 4 ms per frame |"
