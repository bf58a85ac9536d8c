#!/usr/bin/env bash
# The window's --lesson refuses a device behind a symlink and a FIFO at once, saying what they
# are (exit 3); a settings.json that is a FIFO is passed over with a warning and the window
# opens on the defaults (under Xvfb). Each run is killed after 20 s: before the bounded read,
# every one of them hung.
set -euo pipefail
bin="$1"
lesson="$2"
command -v xvfb-run >/dev/null || { echo "no xvfb-run: skipped"; exit 77; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
mkfifo "$dir/fifo.json"
ln -s /dev/urandom "$dir/urandom.json"
# -noreset: a server resetting as its only client leaves can race xvfb-run's clean-up, which
# then exits 5 whatever the program said (a lesson that fails to load connects and leaves fast).
window() { timeout -s KILL 20 xvfb-run -a -s "-screen 0 1280x800x24 -noreset" "$bin" "$@" --exit-after-frames 2; }
for bad in urandom fifo; do
  code=0
  window --lesson "$dir/$bad.json" --data-dir "$dir/data" 2>"$dir/err" || code=$?
  [ "$code" = 3 ] || { echo "--lesson $bad.json: exit $code, not 3"; cat "$dir/err"; exit 1; }
  grep -q "$dir/$bad.json: error: the file is a" "$dir/err" || { cat "$dir/err"; exit 1; }
done
mkdir -p "$dir/settings"
mkfifo "$dir/settings/settings.json"
window --lesson "$lesson" --data-dir "$dir/settings" 2>"$dir/err" || { cat "$dir/err"; exit 1; }
grep -q "settings.json: is a FIFO" "$dir/err" || { cat "$dir/err"; exit 1; }
echo "refused a device and a FIFO as the lesson; a FIFO settings.json was passed over"
