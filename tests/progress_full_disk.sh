#!/usr/bin/env bash
# A full or read-only disk never costs the learner their progress, for real: the data folder on a
# small tmpfs, filled up or remounted read-only. Every start shows what was saved, says that
# nothing can be saved and why, and leaves the store byte for byte as it was; a save that fails
# mid-session says so once and the session goes on; a later start with room finds everything.
# Before, any start on a full disk moved the store aside as broken and lost it.
# Runs in a mount namespace of its own (exit 77 where no file system can be mounted).
set -euo pipefail
bin="$1"
lesson="$2"
finish="$3"
if [ -z "${LESSONSIM_OWN_MOUNTS:-}" ]; then
  export LESSONSIM_OWN_MOUNTS=1
  for ns in "unshare --mount --propagation private" "unshare --user --map-root-user --mount"; do
    if $ns true 2>/dev/null; then exec $ns "$0" "$@"; fi
  done
  echo "no mount namespace here: skipped"
  exit 77
fi
work=$(mktemp -d)
disk="$work/disk"
mkdir "$disk"
if ! mount -t tmpfs -o size=1m tmpfs "$disk" 2>/dev/null; then
  rm -rf "$work"
  echo "cannot mount a tmpfs here: skipped"
  exit 77
fi
trap 'umount "$disk" 2>/dev/null; rm -rf "$work"' EXIT
data="$disk/data"
fail() { echo "FAILED: $*"; for f in out err; do [ -f "$work/$f" ] && cat "$work/$f"; done; exit 1; }
progress() { "$bin" progress --data-dir "$1" >"$work/out" 2>"$work/err" || fail "progress exit $?"; }
shows_done() { grep -q "^done  *datacenter-split" "$work/out" || fail "the finished lesson is not shown"; }
nothing_aside() { ! ls "$data" | grep -q broken || fail "a store was moved aside"; }
fill() { dd if=/dev/zero of="$disk/filler" bs=4k 2>/dev/null || true; }

"$bin" play "$lesson" --locale en --data-dir "$data" --script "$finish" >/dev/null
progress "$data"
shows_done
cp "$data/progress.db" "$work/saved.db"

# 1. A full disk: twice in the same second, as the window and `progress` might.
fill
for run in 1 2; do
  progress "$data"
  shows_done
  grep -q "Nothing can be saved in $data (the disk is full)" "$work/err" || fail "full: notice"
  grep -q "What was saved before is shown, untouched" "$work/err" || fail "full: notice"
done
printf 'goto drive\n+\n' >"$work/moves"
"$bin" play "$lesson" --locale en --data-dir "$data" --script "$work/moves" >"$work/out" \
  2>"$work/err" || fail "play on a full disk: exit $?"
grep -q "the disk is full" "$work/err" || fail "play on a full disk: no notice"
nothing_aside
cmp -s "$data/progress.db" "$work/saved.db" || fail "the store changed on a full disk"
rm "$disk/filler"
progress "$data"
shows_done
[ ! -s "$work/err" ] || fail "with room again: a notice"

# 2. A disk that fills up during a session: said once, the session plays on, nothing is lost.
(echo "goto drive"; for _ in $(seq 300); do printf '+\n-\n'; done) >"$work/churn"
avail=$(df --output=avail -k "$disk" | tail -1)
dd if=/dev/zero of="$disk/filler" bs=1k count=$((avail - 64)) 2>/dev/null
"$bin" play "$lesson" --locale en --data-dir "$data" --script "$work/churn" >"$work/out" \
  2>"$work/err" || fail "play while the disk fills: exit $?"
[ "$(grep -c "can no longer be saved in $data (the disk is full)" "$work/err")" = 1 ] ||
  fail "the disk filling up is not said exactly once"
grep -q "^> -$" "$work/out" && [ "$(grep -c '^> [+-]$' "$work/out")" = 600 ] ||
  fail "the session did not play on"
rm "$disk/filler"
nothing_aside
progress "$data"
shows_done

# 3. A read-only disk: shown, said, left alone.
mount -o remount,ro "$disk"
progress "$data"
shows_done
grep -q "Nothing can be saved in $data (the disk is read-only)" "$work/err" || fail "ro: notice"
nothing_aside
mount -o remount,rw "$disk"

# 4. --data-dir on a regular file: said, the file untouched.
echo "my notes" >"$disk/notes.txt"
progress "$disk/notes.txt"
grep -q "Nothing can be saved in $disk/notes.txt (it is not a folder)" "$work/err" || fail "file"
[ "$(cat "$disk/notes.txt")" = "my notes" ] || fail "the file named as --data-dir changed"

# 5. A damaged store on a full disk: kept, byte for byte, under a new name; never replaced.
mkdir "$disk/damaged"
head -c 8192 /dev/urandom >"$disk/damaged/progress.db"
cp "$disk/damaged/progress.db" "$work/damaged.db"
fill
progress "$disk/damaged"
grep -q "could not be read. It was kept, unchanged, as $disk/damaged/progress.db.broken-" \
  "$work/err" || fail "damaged: notice"
grep -q "Nothing can be saved in $disk/damaged (the disk is full)" "$work/err" || fail "damaged"
aside=$(ls "$disk/damaged"/progress.db.broken-* | head -1)
cmp -s "$aside" "$work/damaged.db" || fail "the damaged store was not kept as it was"
[ ! -e "$disk/damaged/progress.db" ] || fail "an empty store was left in its place"
echo "full, filling, read-only, a file as the folder, damaged on a full disk: nothing lost"
