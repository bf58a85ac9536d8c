# Runs a script's phases one after another and says what each cost: wall seconds, and CPU
# seconds (user + system, of every process the phase ran), since on a shared machine the wall
# time depends on the neighbours. Sourced by scripts/test.
phase_rows=()
phase_start=$(date +%s.%N)

# Sets phase_cpu_seconds to the CPU seconds of every finished child of this shell so far
# (`times`, second line). `times` must run in this shell, not in a command substitution, whose
# children start from zero.
phase_cpu() {
  local f
  f=$(mktemp)
  times >"$f"
  phase_cpu_seconds=$(awk 'NR == 2 { for (i = 1; i <= 2; i++) { split($i, t, "m");
                           sub("s", "", t[2]); s += t[1] * 60 + t[2] } printf "%.1f", s }' "$f")
  rm -f "$f"
}

# phase NAME COMMAND...: runs COMMAND; on failure prints the table so far and exits with its code.
phase() {
  local name=$1 t0 t1 c0 c1 code=0
  shift
  echo "== $name"
  t0=$(date +%s.%N)
  phase_cpu
  c0=$phase_cpu_seconds
  "$@" || code=$?
  t1=$(date +%s.%N)
  phase_cpu
  c1=$phase_cpu_seconds
  local row
  row=$(awk -v n="$name" -v a="$t0" -v b="$t1" -v c="$c0" -v d="$c1" \
    'BEGIN { printf "%7.1f s wall %7.1f s CPU  %s", b - a, d - c, n }')
  echo "== ${row}"
  phase_rows+=("$row")
  if [ "$code" -ne 0 ]; then
    echo "== FAILED: $name (exit $code)"
    phase_summary
    exit "$code"
  fi
}

phase_summary() {
  echo "== phases"
  printf '%s\n' "${phase_rows[@]}"
  phase_cpu
  awk -v a="$phase_start" -v b="$(date +%s.%N)" -v c="$phase_cpu_seconds" \
    'BEGIN { printf "%7.1f s wall %7.1f s CPU  total\n", b - a, c }'
}
