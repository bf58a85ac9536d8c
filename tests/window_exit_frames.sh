#!/usr/bin/env bash
# `--exit-after-frames N` draws N frames and exits even when nothing happens in the window: an
# idle window (here also one whose progress store was corrupt and moved aside) must not wait for
# input that never comes. Under Xvfb; a hang is caught by the timeout.
set -euo pipefail
bin="$1"
lesson="$2"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
run() {
  timeout 60 xvfb-run -a -s "-screen 0 1280x800x24 -noreset" "$bin" --lesson "$lesson" --data-dir "$dir" \
    --exit-after-frames "$1"
}
run 12 || { echo "an idle window did not exit after 12 frames (exit $?)"; exit 1; }
printf 'this is not a database' >"$dir/progress.db"
run 8 || { echo "a window with a corrupt store did not exit after 8 frames (exit $?)"; exit 1; }
ls "$dir" | grep -q '^progress.db.broken-' || { echo "the corrupt store was not moved aside"; exit 1; }
echo "idle windows exit after their frames"
