#!/bin/sh
# trace_mwf_barrier.sh -- MWF's order at a barrier (BAWS 4.1, Fig. 7,
# Table 1), seen in the trace of a barrier kernel of the suite: stencil at
# gtx480-baws (sbr, two schedulers) on 8 TBs of 4 warps, all resident, so
# that each scheduler holds warps of 8 TBs that wait at their barriers in
# turn.  tests/tools/trace_mwf rebuilds each TB's count of warps at its barrier
# from the simt.bar lines and checks every issued instruction against the
# line's ready set: no ready warp of the scheduler belongs to a TB with
# more warps waiting.
#
# - under mwf_lrr and mwf_gto the rule holds, on instructions where the
#   counts told the ready warps' TBs apart;
# - under lrr, which ignores the counts, the same check finds instructions
#   against the rule (the check can fail).
set -u
fail=0
out=test-out/trace-mwf
rm -rf "$out" && mkdir -p "$out" || exit 1
check=${TRACE_MWF:-./tests/tools/trace_mwf}
preset=gtx480-baws
grid=8
block=128

cfg() { "$SIMTREF" config --preset "$preset" | sed -n "s/^$1 = \([0-9]*\).*/\1/p"; }
schedulers=$(cfg schedulers)
warp_size=$(cfg warp_size)
[ -n "$schedulers" ] && [ -n "$warp_size" ] \
  || { echo "FAIL: simtref config --preset $preset: no schedulers or warp_size"; exit 1; }
tb_warps=$(( (block + warp_size - 1) / warp_size ))

# run SCHEDULER: the kernel's trace in $out/SCHEDULER.trace, its result right
run() {
  "$SIMTREF" sim --kernel stencil --preset "$preset" --grid $grid \
    --block $block --set scheduler="$1" --trace "$out/$1.trace" \
    > "$out/$1.out" 2> "$out/$1.err" \
    || { echo "FAIL: simtref sim --set scheduler=$1"; cat "$out/$1.err"; fail=1; return 1; }
  grep -q "^result  *right (host reference)" "$out/$1.out" \
    || { echo "FAIL: stencil under $1: no right result"; fail=1; return 1; }
}

# verdict SCHEDULER: the checker's exit status, its summary printed
verdict() {
  "$check" --schedulers "$schedulers" --tb-warps "$tb_warps" \
    "$out/$1.trace" > "$out/$1.check" 2>&1
  rc=$?
  echo "$1: $(tail -n 1 "$out/$1.check")"
  return $rc
}

for s in mwf_lrr mwf_gto; do
  run $s || continue
  verdict $s
  rc=$?
  decided=$(sed -n 's/.*instructions, \([0-9]*\) decided.*/\1/p' "$out/$s.check")
  if [ $rc = 1 ]; then
    echo "FAIL: $s breaks most-waiting-first:"; cat "$out/$s.check"; fail=1
  elif [ $rc != 0 ]; then
    echo "FAIL: the check cannot read the trace of $s (exit $rc)"; fail=1
  elif [ -z "$decided" ] || [ "$decided" -eq 0 ]; then
    echo "FAIL: $s: no instruction where the counts told the TBs apart"; fail=1
  fi
done

if run lrr; then
  verdict lrr
  rc=$?
  [ $rc = 1 ] \
    || { echo "FAIL: the check finds lrr's trace consistent with MWF (exit $rc)"; cat "$out/lrr.check"; fail=1; }
fi
exit $fail
