#!/bin/sh
# sim_suite.sh -- every kernel of the suite gives the right result (its
# host reference) under every control-flow mode at the presets in
# $SIM_PRESETS (harp where the preset has the HARP tables), and under
# every scheduler and fetch policy at tiny, with the system invariant
# checked every cycle.  make check runs tiny and fermi-harp, where every
# mode exists, and each scheduler (with LRR fetch) and each fetch policy
# (with the LRR scheduler); `make sim-long` runs every preset and every
# pair of scheduler and fetch policy (SIM_POLICIES=pairs).
# Kernels run at their default sizes; at tiny a TB is 8 threads (tiny holds
# 4 warps of 2 per TB) and srad, 277 instructions long, gets 9-bit PCs
# (tiny's 8 bits address 256).  Under sbr the recursive kernel's calls
# nest deeper than a preset's SBR stack holds (a CALL entry and a side per
# level; the stack does not spill to memory, docs/isa.md): at tiny's
# sbr_stack_depth it must stop with the overflow error naming the kernel,
# the key and the depth, and it runs with sbr_stack_depth = 64 (the most
# the model holds), under every scheduler and fetch policy at tiny.
# deepcall calls a function that calls another inside a divergent branch
# inside a divergent loop: five entries, one more than tiny holds.  Under
# harp the RBT's access is also pipelined into 2 and 4 stages (HARP
# 7.3.2): every kernel at tiny, and the divergent ones (types A and B) and
# those that exit in divergent code at fermi-harp.  The runs go in
# parallel over the online processors.
#
# The runs of each mode at each preset use the tool under test ($SIMTREF,
# sanitized in make check); the runs of the scheduler and fetch policies
# and of the pipelined RBT use the tool built without sanitizers
# (simtref-plain, which make check builds for valgrind.sh), in about a
# third of the processor time.  The sanitized library still runs every
# policy pair: kgen.sh draws one per random program.
set -u
PLAIN=${SIMTREF_PLAIN:-./simtref-plain}
[ -x "$PLAIN" ] || { echo "FAIL: $PLAIN was not built"; exit 1; }
out=test-out/sim-suite
rm -rf "$out" && mkdir -p "$out" || exit 1
kernels=$("$SIMTREF" kernel list | tail -n +3 | cut -d'|' -f2 | tr -d ' ')
[ "$(echo $kernels | wc -w)" -ge 18 ] || { echo "FAIL: the suite lists: $kernels"; exit 1; }
# The build's list of ELF files (mk/kernels.am) is the suite's, in order.
[ -z "${SUITE_KERNEL_NAMES:-}" ] || [ "$(echo $kernels)" = "$(echo $SUITE_KERNEL_NAMES)" ] || {
  echo "FAIL: simtref kernel list names: $(echo $kernels)"
  echo "      mk/kernels.am's KERNEL_NAMES: $SUITE_KERNEL_NAMES"; exit 1; }

# The runs, one per line: KERNEL PRESET MODE SCHEDULER FETCH (SCHEDULER
# rbtP: the preset's policies, rbt_pipeline_stages = P).
# Each preset runs under the modes the tool says it can (a preset
# without the HARP tables' keys does not run harp).
presets=${SIM_PRESETS:-tiny fermi-harp}
for p in $presets; do
  modes=$("$SIMTREF" config --modes --preset "$p") && [ -n "$modes" ] \
    || { echo "FAIL: simtref config --modes --preset $p listed no mode"; exit 1; }
  echo $modes > "$out/modes-$p"
done
for k in $kernels; do
  for p in $presets; do
    for m in $(cat "$out/modes-$p"); do echo "$k $p $m - -"; done
  done
  # every scheduler and fetch policy at tiny under harp (and under sbr for
  # the recursive kernel, whose calls the SBR stack's CALL entries hold)
  for s in lrr gto tls mwf_lrr mwf_gto saws; do
    for f in lrr cff fef; do
      [ "${SIM_POLICIES:-each}" = pairs ] || [ $s = lrr ] || [ $f = lrr ] \
        || continue
      echo "$k tiny harp $s $f"
      [ "$k" = recursion ] && echo "$k tiny sbr $s $f"
    done
  done
  for n in 2 4; do
    echo "$k tiny harp rbt$n -"
    case $k in nqueens|mummer|nw|particlefilter|bfs|backprop|hotspot|exits)
      echo "$k fermi-harp harp rbt$n -" ;; esac
  done
done > "$out/runs"
echo "recursion tiny sbr overflow -" >> "$out/runs"

# One run: its result is right (or, for recursion under sbr at the preset's
# depth, it stops with the overflow error); a line "FAIL ..." and the
# output otherwise.
one='
k=$1 p=$2 m=$3 s=$4 f=$5 run=$4 tool=$SIMTREF
set -- --kernel "$k" --preset "$p" --set reconvergence="$m"
if [ "$s" = overflow ]; then
  s=-
elif [ "$k $m" = "recursion sbr" ]; then
  set -- "$@" --set sbr_stack_depth=64
elif [ "$k $m $p" = "deepcall sbr tiny" ]; then
  set -- "$@" --set sbr_stack_depth=5
fi
case $s in
  -) ;;
  rbt*) set -- "$@" --set rbt_pipeline_stages="${s#rbt}"; tool=$PLAIN ;;
  *) set -- "$@" --set scheduler="$s" --set fetch="$f"; tool=$PLAIN ;;
esac
if [ "$p" = tiny ]; then
  set -- "$@" --block 8
  [ "$k" = srad ] && set -- "$@" --set pc_bits=9
fi
log=$0/$k-$p-$m-$run-$f
if "$tool" sim --check-invariants "$@" > "$log.out" 2> "$log.err"; then
  if [ "$run" = overflow ]; then
    echo "FAIL: simtref sim $*: the recursion fits the preset SBR stack"
  elif ! grep -q "^result  *right (host reference)" "$log.out"; then
    echo "FAIL: simtref sim $*: no checked result"; sed "s/^/    /" "$log.out"
  fi
elif [ "$run" != overflow ] || ! grep -q "kernel recursion: .*SBR stack overflow: .* needs more than sbr_stack_depth = 4 entries" "$log.err"; then
  echo "FAIL: simtref sim $*"; sed "s/^/    /" "$log.err"
fi'

start=$(date +%s)
jobs=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
SIMTREF=$SIMTREF PLAIN=$PLAIN xargs -P "$jobs" -L 1 sh -c "$one" "$out" < "$out/runs" > "$out/failures"
runs=$(wc -l < "$out/runs")
echo "$runs runs in $(( $(date +%s) - start )) s on $jobs processors"
if [ -s "$out/failures" ]; then cat "$out/failures"; exit 1; fi
exit 0
