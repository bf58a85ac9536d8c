#!/usr/bin/env bash
# Closing the window mid-lesson and opening it again resumes at the same step (under Xvfb).
set -euo pipefail
bin="$1"
lesson="$2"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
run() { xvfb-run -a -s "-screen 0 1280x800x24 -noreset" "$bin" --lesson "$lesson" --data-dir "$dir" \
          --exit-after-frames 3 "$@"; }
run --step drive
"$bin" progress --data-dir "$dir" | grep -q "in progress  datacenter-split  (step drive)"
# No --step: the window must pick up at "drive"; had it started over, it would save "hook".
run
"$bin" progress --data-dir "$dir" | grep -q "in progress  datacenter-split  (step drive)"
echo "resumed at drive"
