#!/usr/bin/env bash
# Editing the open lesson under a running window (Xvfb): a good save is swapped in at the same
# step, broken saves (half-written, empty, binary, deleted) keep the window up with the last good
# version, and a deleted step moves the learner to the step at its place.
set -euo pipefail
bin="$1"
lesson="$2"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cp "$lesson" "$dir/lesson.json"
export bin dir
xvfb-run -a -s "-screen 0 1280x800x24 -noreset" bash -euo pipefail -c '
file="$dir/lesson.json"
"$bin" --lesson "$file" --data-dir "$dir/data" --step drive 2>"$dir/err" &
pid=$!
trap "kill $pid 2>/dev/null || true" EXIT
# Waits up to 10 s for stderr to say "$2" for the $1-th time (the window is slow under load).
said() {
  for _ in $(seq 200); do
    [ "$(grep -c -- "$2" "$dir/err" || true)" -ge "$1" ] && return 0
    kill -0 $pid 2>/dev/null || { echo "the window died"; cat "$dir/err"; exit 1; }
    sleep 0.05
  done
  echo "never said ($1×): $2"; cat "$dir/err"; exit 1
}
saved_step() { "$bin" progress --data-dir "$dir/data" | grep -q "(step $1)"; }
for _ in $(seq 200); do saved_step drive && break; sleep 0.05; done
saved_step drive
cp "$file" "$dir/good.json"

start=$(date +%s.%N)
sed -i "s/Now you drive/Edited title/" "$file"
said 1 "reloaded .* at step \"drive\""
echo "good save picked up in $(awk "BEGIN { print $(date +%s.%N) - $start }") s"

printf "{\"format\": 1, \"id\": " >"$file"
said 1 "has errors"
grep -q "lesson.json:1:" "$dir/err"
: >"$file"
said 2 "has errors"
head -c 3000 /dev/urandom >"$file"
said 3 "has errors"
rm "$file"
said 4 "has errors"
cp "$dir/good.json" "$file"
said 2 "reloaded .* at step \"drive\""

python3 - "$file" <<PY
import json, sys
lesson = json.load(open(sys.argv[1]))
lesson["steps"] = [s for s in lesson["steps"] if s["id"] != "drive"]
lesson.pop("playthroughs")
json.dump(lesson, open(sys.argv[1], "w"), ensure_ascii=False, indent=2)
PY
said 1 "at step \"place\": The step \"drive\" is gone"
for _ in $(seq 100); do saved_step place && break; sleep 0.05; done
saved_step place
kill -TERM $pid
wait $pid
echo "window: every save picked up, every broken one survived"
'
