#!/bin/sh
# sim_suite.sh -- every kernel of the suite gives the right result (its
# host reference) under every control-flow mode at the presets in
# $SIM_PRESETS (harp where the preset has the HARP tables), and under
# every scheduler and fetch policy at tiny, with the system invariant
# checked every cycle.  make check runs tiny and fermi-harp, where every
# mode exists; `make sim-long` runs every preset.
# Kernels run at their default sizes; at tiny a TB is 8 threads (tiny holds
# 4 warps of 2 per TB) and srad, 277 instructions long, gets 9-bit PCs
# (tiny's 8 bits address 256).  Under sbr the recursive kernel is refused
# with its reason (the SBR stack has no call entries, docs/isa.md).  The
# runs go in parallel over the online processors.
set -u
out=test-out/sim-suite
rm -rf "$out" && mkdir -p "$out" || exit 1
kernels=$("$SIMTREF" kernel list | tail -n +3 | cut -d'|' -f2 | tr -d ' ')
[ "$(echo $kernels | wc -w)" -ge 18 ] || { echo "FAIL: the suite lists: $kernels"; exit 1; }

# The runs, one per line: KERNEL PRESET MODE SCHEDULER FETCH.
for k in $kernels; do
  for p in ${SIM_PRESETS:-tiny fermi-harp}; do
    case $p in tiny|fermi-harp) modes="sbr harp minpc ics-first" ;;
                             *) modes="sbr minpc ics-first" ;; esac
    for m in $modes; do echo "$k $p $m - -"; done
  done
  # every scheduler and fetch policy at tiny under harp
  for s in lrr gto tls mwf_lrr mwf_gto saws; do
    for f in lrr cff fef; do echo "$k tiny harp $s $f"; done
  done
done > "$out/runs"

# One run: its result is right (or, for recursion under sbr, it is
# refused with the reason); a line "FAIL ..." and the output otherwise.
one='
k=$1 p=$2 m=$3 s=$4 f=$5
set -- --kernel "$k" --preset "$p" --set reconvergence="$m"
[ "$s" = - ] || set -- "$@" --set scheduler="$s" --set fetch="$f"
if [ "$p" = tiny ]; then
  set -- "$@" --block 8
  [ "$k" = srad ] && set -- "$@" --set pc_bits=9
fi
log=$0/$k-$p-$m-$s-$f
if "$SIMTREF" sim --check-invariants "$@" > "$log.out" 2> "$log.err"; then
  if [ "$k $m" = "recursion sbr" ]; then
    echo "FAIL: simtref sim $*: a recursive kernel ran under sbr"
  elif ! grep -q "^result  *right (host reference)" "$log.out"; then
    echo "FAIL: simtref sim $*: no checked result"; sed "s/^/    /" "$log.out"
  fi
elif [ "$k $m" != "recursion sbr" ] || ! grep -q "function fib may call itself (recursion, or a call through a pointer), which the SBR stack cannot run" "$log.err"; then
  echo "FAIL: simtref sim $*"; sed "s/^/    /" "$log.err"
fi'

start=$(date +%s)
jobs=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
xargs -P "$jobs" -L 1 sh -c "$one" "$out" < "$out/runs" > "$out/failures"
runs=$(wc -l < "$out/runs")
echo "$runs runs in $(( $(date +%s) - start )) s on $jobs processors"
if [ -s "$out/failures" ]; then cat "$out/failures"; exit 1; fi
exit 0
