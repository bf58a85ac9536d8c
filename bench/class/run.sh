#!/usr/bin/env bash
# `lessonsim class` over 10,000 statements (budget: 2 s, docs/benchmarks.md): an LRS started on
# 127.0.0.1 (scripts/lrs serve) is filled with a class of 200 learners × 50 statements, made
# the way lessonsim makes them, then `class --json` reads them back five times: the median wall
# time is the figure (the LRS's own query time included, as an instructor waits for it).
# Prints one Markdown table row. Usage: bench/class/run.sh [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build}
app=$(find "$build" -name lessonsim -type f -perm -u+x | head -1)
exec python3 bench/class/class_bench.py "$app" "$PWD"
