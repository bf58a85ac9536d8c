#!/usr/bin/env bash
# `lessonsim card` writes the capability card as Markdown and as a PNG (rendered under Xvfb).
set -euo pipefail
bin="$1"
source_dir="$2"
command -v xvfb-run >/dev/null || { echo "no xvfb-run: skipped"; exit 77; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$bin" play "$source_dir/lessons/datacenter-split.json" --locale en --data-dir "$dir" \
  --script "$source_dir/tests/app/data/datacenter-split.play" >/dev/null
xvfb-run -a -s "-screen 0 1280x800x24 -noreset" "$bin" card --data-dir "$dir" --out-dir "$dir/out" \
  --locale en
grep -q "^# How AI infrastructure works" "$dir/out/card.md"
grep -q "^### " "$dir/out/card.md"
grep -q "1 of " "$dir/out/card.md"
# A real PNG, wider than tall is not required, but it must have a sensible size.
[ "$(head -c 8 "$dir/out/card.png" | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ]
size=$(python3 -c "import struct,sys; d=open(sys.argv[1],'rb').read(24); print(*struct.unpack('>II', d[16:24]))" "$dir/out/card.png")
read -r w h <<<"$size"
[ "$w" -ge 400 ] && [ "$h" -ge 150 ] && [ "$h" -le 8192 ]
echo "card.md and card.png (${w}x${h}) written"
