#!/bin/sh
# sim_bypass.sh -- a directed behaviour seen in runs of the suite's
# kernels:
#
# - HARP's bypass of a full RBT set (4.2.2): nw with a one-entry RBT sends
#   threads past the full set, and still gives the right result; with
#   the preset's RBT nothing is bypassed.
set -u
fail=0
out=test-out/sim-bypass
rm -rf "$out" && mkdir -p "$out" || exit 1

sim() {
  "$SIMTREF" sim --check-invariants "$@" > "$out/stdout" 2> "$out/stderr" \
    || { echo "FAIL: simtref sim $*"; cat "$out/stderr"; fail=1; return 1; }
  grep -q "^result  *right (host reference)" "$out/stdout" \
    || { echo "FAIL: simtref sim $*: no right result"; fail=1; return 1; }
}

# --- HARP: bypass of a full RBT set -------------------------------------
bypassed() { sed -n 's/^HARP bypasses .* \([0-9]*\) threads past a full RBT set.*/\1/p' "$out/stdout"; }
if sim --kernel nw --preset fermi-harp --set rbt_entries=1 --set rbt_ways=1; then
  n=$(bypassed)
  [ -n "$n" ] && [ "$n" -gt 0 ] \
    || { echo "FAIL: nw with a one-entry RBT bypassed '$n' threads"; fail=1; }
fi
if sim --kernel nw --preset fermi-harp; then
  n=$(bypassed)
  [ "$n" = 0 ] || { echo "FAIL: nw at fermi-harp's RBT bypassed '$n' threads"; fail=1; }
fi
exit $fail
