#!/usr/bin/env bash
# Runs the window benchmarks and prints Markdown table rows (what | measured | budget/reference),
# as part of bench/run's table:
#   start to first frame: wall time, CPU time and peak memory, lessonsim vs a bare GLFW + ImGui
#     window, in alternating pairs in one Xvfb run, as medians of the per-pair ratios;
#   CPU while idle over 10 s, lessonsim vs the bare window's stock loop;
#   peak memory of the window (lesson 1, and the 100,000-GPU site view) vs the bare window;
#   UI frame build time with no renderer; the 100,000-GPU site view's frame build.
# Xvfb runs with -noreset: a server resetting after its last client refuses the next one for a
# moment, and every run here is a last client.
# Usage: bench/window/run.sh [BUILD_DIR]   (default build)
# LESSONSIM_BENCH_BEFORE=PATH adds another lessonsim binary (an earlier build, copied out of its
# tree's way) to the same alternation and prints its row beside this one, for before/after.
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build}
cmake --build "$build" --target lessonsim bare_window frame_bench rack_view_bench -j2 >/dev/null
app=$(find "$build" -name lessonsim -type f -perm -u+x | head -1)
lesson=lessons/datacenter-split.json
[ -f "$lesson" ] || lesson=tests/ui/data/mini-example.json
export app lesson bare="$build/bench/window/bare_window" before="${LESSONSIM_BENCH_BEFORE:-}"

xvfb-run -a -s "-screen 0 1920x1080x24 -noreset" python3 - <<'PY'
import os, statistics, subprocess, tempfile, time

app, bare, lesson = os.environ["app"], os.environ["bare"], os.environ["lesson"]
before = os.environ["before"]
data = tempfile.mkdtemp(prefix="lessonsim-bench-")
pairs = 25

def start(cmd):
    """Wall time to the first frame, CPU time (user + system) and peak resident memory (MiB)."""
    t = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t
    if status != 0:
        raise SystemExit(f"{cmd[0]} exited with {status}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024.0

app_cmd = [app, "--lesson", lesson, "--data-dir", data, "--exit-after-frames", "1"]
bare_cmd = [bare, "1"]          # its panel drawn in the first frame
stock_cmd = [bare, "1", "stock"]  # ImGui's stock first frame: the panel hidden, nothing drawn
cmds = [("app", app_cmd), ("bare", bare_cmd), ("stock", stock_cmd)]
if before:
    cmds.insert(1, ("before", [before] + app_cmd[1:]))
for _, cmd in cmds:
    start(cmd)  # warm the page cache and Xvfb's GL state
runs = {name: [] for name, _ in cmds}
load_before = os.getloadavg()[0]
for k in range(pairs):  # alternating, so each pair sees the same machine load
    order = list(cmds)
    if k % 2:
        order.reverse()
    for name, cmd in order:
        runs[name].append(start(cmd))
load_after = os.getloadavg()[0]

def median(name, field):
    return statistics.median(r[field] for r in runs[name])

def ratio(field, ref="bare", name="app"):
    """The median of the per-pair ratios: steadier than a ratio of medians on a shared machine."""
    return statistics.median(a[field] / b[field] for a, b in zip(runs[name], runs[ref]))

wall, cpu_s, peak = (ratio(f) for f in range(3))
print(f"| start to first frame under Xvfb, median of {pairs} alternating pairs | "
      f"{median('app', 0)*1000:.0f} ms; a bare GLFW + ImGui window drawing its panel "
      f"{median('bare', 0)*1000:.0f} ms: **{wall:.2f}×** | ≤ 1.15× the bare window |")
print(f"| CPU time from start to first frame, same pairs | {median('app', 1)*1000:.0f} ms; bare "
      f"{median('bare', 1)*1000:.0f} ms: {cpu_s:.2f}× | (steadier than wall time) |")
print(f"| peak memory to the first frame (maxrss), same pairs | **{median('app', 2):.0f} MiB**; "
      f"bare {median('bare', 2):.0f} MiB: **{peak:.2f}×** | ≤ 1.15× the bare window |")
print(f"| the same against the stock bare window, whose first frame draws nothing | wall "
      f"{median('stock', 0)*1000:.0f} ms: {ratio(0, 'stock'):.2f}×; CPU {ratio(1, 'stock'):.2f}×; "
      f"peak {median('stock', 2):.0f} MiB: {ratio(2, 'stock'):.2f}× | (the issue's 2026-12-01 "
      f"reference) |")
print(f"| load average (1 min) before and after those pairs | {load_before:.2f} → {load_after:.2f} "
      f"on {os.cpu_count()} cores | (a busy machine inflates wall times; ratios suffer less) |")
if before:
    print(f"| the same, {before} (before), same runs | wall {median('before', 0)*1000:.0f} ms: "
          f"{ratio(0, name='before'):.2f}×; CPU {median('before', 1)*1000:.0f} ms: "
          f"{ratio(1, name='before'):.2f}×; peak {median('before', 2):.0f} MiB: "
          f"{ratio(2, name='before'):.2f}× | (before/after) |")

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

print(f"| CPU while idle, 10 s, window open | **{idle_app:.1f}%** of a core; the stock ImGui loop "
      f"{idle_bare:.1f}% | ≤ 1% |")
row = f"| peak memory of the window (VmHWM), lesson 1 | **{peak_app:.0f} MiB**; bare window {peak_bare:.0f} MiB"
if peak_site is not None:
    row += f"; the 100,000-GPU site view {peak_site:.0f} MiB"
print(row + " | (no budget; the bare window is the reference) |")
PY
frame=$("$build/bench/window/frame_bench")
echo "| UI frame build, null backend, every step of every lesson, both locales | ${frame#frame build, null backend: } | ≤ 1 ms per frame |"
site=$("$build/bench/window/rack_view_bench")
echo "| the 100,000-GPU site view, frame build | ${site#rack site view, } | ≤ 4 ms per frame |"
