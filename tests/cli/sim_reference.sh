#!/bin/sh
# sim_reference.sh -- the answers the SM model keeps for speed (struct
# sm_memo and the structure models' memos, sm_run()'s skipped quiet cycles
# and the LSU run alone) change nothing: each run below, made plainly and
# with `simtref sim --reference` (every cached answer recomputed where it
# is used, every cycle evaluated), writes a byte-identical trace (a line
# per issued warp-instruction with every register and memory write), JSON
# summary and printed summary, and the plain run's result is right.
#
# The runs: every kernel of the suite at its default size under every
# control-flow mode (sbr, harp, minpc, ics-first) at fermi-harp, and
# under sbr and harp with the operand-read stage too
# (operand_read_cycles = 1: a grant executes in the next cycle,
# docs/sm-timing.md; tests/unit/test_sm_timing.c counts skipped cycles
# with it under every mode) (recursion
# under sbr with sbr_stack_depth = 64, as tests/cli/sim_suite.sh); every
# kernel under harp with the MWF(GTO) scheduler and CFF fetch and under
# sbr with SAWS (a policy that moves without a grant) and FEF; and the SM
# filled, under every mode: matmul in 12 TBs of 256 threads (every warp
# slot of the 1536 held) and bfs in 16 TBs of 96 (every TB slot and warp
# slot), and bfs so under harp and ics-first with the operand-read stage.
# A difference names the run (kernel, mode, options), the file
# and its first differing line, plain and reference.  The runs go in
# parallel over the online processors.
set -u
# The tool built without sanitizers (simtref-plain, which make check
# builds for valgrind.sh): these runs take about a quarter of the
# sanitized tool's processor time, and sim_suite.sh runs the sanitized
# tool, answers kept, on the same kernels.
SIMTREF=${SIMTREF_PLAIN:-./simtref-plain}
[ -x "$SIMTREF" ] || { echo "FAIL: $SIMTREF was not built"; exit 1; }
out=test-out/sim-reference
rm -rf "$out" && mkdir -p "$out" || exit 1
kernels=$("$SIMTREF" kernel list | tail -n +3 | cut -d'|' -f2 | tr -d ' ')
[ "$(echo $kernels | wc -w)" -ge 18 ] || { echo "FAIL: the suite lists: $kernels"; exit 1; }

# The runs, one per line: KERNEL MODE [OPTIONS...]
for k in $kernels; do
  for m in sbr harp minpc ics-first; do echo "$k $m"; done
  for m in sbr harp; do echo "$k $m --set operand_read_cycles=1"; done
  echo "$k harp --set scheduler=mwf_gto --set fetch=cff"
  echo "$k sbr --set scheduler=saws --set fetch=fef"
done > "$out/runs"
for m in sbr harp minpc ics-first; do
  echo "matmul $m --size 32 --grid 12 --block 256"
  echo "bfs $m --grid 16 --block 96"
done >> "$out/runs"
echo "bfs harp --grid 16 --block 96 --set operand_read_cycles=1" >> "$out/runs"
echo "bfs ics-first --grid 16 --block 96 --set operand_read_cycles=1" >> "$out/runs"

# One run both ways: a line "FAIL ..." when they differ or the plain run
# has no right result.
one='
k=$1 m=$2; shift 2
[ "$k $m" = "recursion sbr" ] && set -- "$@" --set sbr_stack_depth=64
name=$(echo "$k-$m-$*" | tr " =" "_:" | tr -s "_" | sed "s/_*\$//")
dir=$0
for side in plain reference; do
  flag=; [ $side = reference ] && flag=--reference
  "$SIMTREF" sim --kernel "$k" --preset fermi-harp --set reconvergence="$m" \
    "$@" $flag --trace "$dir/$name.$side.trace" --json "$dir/$name.$side.json" \
    > "$dir/$name.$side.out" 2> "$dir/$name.$side.err"
  echo "exit $?" >> "$dir/$name.$side.out"
done
if ! grep -q "^result  *right (host reference)" "$dir/$name.plain.out"; then
  echo "FAIL: $k under $m $*: the plain run has no right result"
  sed "s/^/    /" "$dir/$name.plain.err"
fi
for f in trace json out err; do
  a=$dir/$name.plain.$f b=$dir/$name.reference.$f
  cmp -s "$a" "$b" && continue
  line=$(cmp "$a" "$b" 2>&1 | sed -n "s/.* line \\([0-9]*\\).*/\\1/p")
  [ -n "$line" ] || line=$(( $(wc -l < "$a") + 1 ))
  echo "FAIL: $k under $m $*: the $f differs with --reference, first at line $line:"
  echo "    plain:     $(sed -n "${line}p" "$a" | cut -c1-160)"
  echo "    reference: $(sed -n "${line}p" "$b" | cut -c1-160)"
done'

start=$(date +%s)
jobs=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
xargs -P "$jobs" -L 1 sh -c "$one" "$out" < "$out/runs" > "$out/failures"
runs=$(wc -l < "$out/runs")
lines=$(cat "$out"/*.plain.trace | wc -l)
echo "$runs runs both ways in $(( $(date +%s) - start )) s on $jobs processors, $lines trace lines"
# a check that compared nothing proves nothing
[ "$lines" -gt 0 ] || { echo "FAIL: no run wrote a trace"; exit 1; }
if [ -s "$out/failures" ]; then cat "$out/failures"; exit 1; fi
exit 0
