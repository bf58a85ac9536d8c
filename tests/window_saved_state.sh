#!/usr/bin/env bash
# A progress store edited by hand never crashes the window: a saved step that is a number, on the
# course map and in the lesson itself, gives a fresh start with a message (under Xvfb).
set -euo pipefail
bin="$1"
lesson="$2"
command -v xvfb-run >/dev/null || { echo "no xvfb-run: skipped"; exit 77; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
window() { timeout -s KILL 60 xvfb-run -a -s "-screen 0 1280x800x24 -noreset" "$bin" --data-dir "$dir" \
             --exit-after-frames 3 "$@"; }
window --lesson "$lesson" --step drive
edit() {
  python3 -c 'import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute(sys.argv[2]); c.commit()' \
    "$dir/progress.db" "$1"
}
damage() { edit "UPDATE lessons SET state = '{\"lesson\": \"datacenter-split\", \"step\": 7}'"; }
# The course map (no --lesson, progress saved) reads the saved step.
damage
window 2>"$dir/err" || { echo "the course map failed"; cat "$dir/err"; exit 1; }
# The lesson itself starts over, says so, and saves its first step over the damaged one.
damage
window --lesson "$lesson" 2>"$dir/err" || { echo "the lesson failed"; cat "$dir/err"; exit 1; }
grep -q "datacenter-split: Where you left this lesson could not be read" "$dir/err" || {
  cat "$dir/err"; exit 1; }
"$bin" progress --data-dir "$dir" | grep -q "in progress  datacenter-split  (step hook)"
echo "a damaged saved state: the map opened, the lesson started over with a message"
