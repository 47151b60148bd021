#!/bin/sh
# sim_suite.sh -- every kernel of the suite gives the right result (its
# host reference) under every control-flow mode at every preset (harp
# where the preset has the HARP tables), and under every scheduler and
# fetch policy at tiny, with the system invariant checked every cycle.
# Kernels run at their default sizes; at tiny a TB is 8 threads (tiny holds
# 4 warps of 2 per TB) and srad, 277 instructions long, gets 9-bit PCs
# (tiny's 8 bits address 256).  Under sbr the recursive kernel is refused
# with its reason (the SBR stack has no call entries, docs/isa.md).
set -u
fail=0 runs=0
out=test-out/sim-suite
rm -rf "$out" && mkdir -p "$out" || exit 1
kernels=$("$SIMTREF" kernel list | tail -n +3 | cut -d'|' -f2 | tr -d ' ')
[ "$(echo $kernels | wc -w)" -ge 18 ] || { echo "FAIL: the suite lists: $kernels"; exit 1; }

# run KERNEL PRESET ARGS...: the kernel's result is right.
run() {
  k=$1 p=$2; shift 2
  set -- --kernel "$k" --preset "$p" "$@"
  if [ "$p" = tiny ]; then
    set -- "$@" --block 8
    [ "$k" = srad ] && set -- "$@" --set pc_bits=9
  fi
  runs=$((runs + 1))
  if ! "$SIMTREF" sim --check-invariants "$@" > "$out/stdout" 2> "$out/stderr"; then
    case "$k $*" in
      "recursion "*"reconvergence=sbr"*)
        grep -q "function fib may call itself (recursion, or a call through a pointer), which the SBR stack cannot run" "$out/stderr" && return ;;
    esac
    echo "FAIL: simtref sim $*"; sed 's/^/    /' "$out/stderr"
    fail=1
  elif ! grep -q "^result  *right (host reference)" "$out/stdout"; then
    echo "FAIL: simtref sim $*: no checked result"; cat "$out/stdout"; fail=1
  elif [ "$k" = recursion ] && echo "$*" | grep -q "reconvergence=sbr"; then
    echo "FAIL: simtref sim $*: a recursive kernel ran under sbr"; fail=1
  fi
}

start=$(date +%s)
for k in $kernels; do
  for p in tiny fermi-sbr gtx480-baws fermi-harp; do
    case $p in tiny|fermi-harp) modes="sbr harp minpc ics-first" ;;
                             *) modes="sbr minpc ics-first" ;; esac
    for m in $modes; do
      run "$k" "$p" --set reconvergence="$m"
    done
  done
done
# every scheduler and fetch policy, on every kernel at tiny under harp
for k in $kernels; do
  for s in lrr gto tls mwf_lrr mwf_gto saws; do
    for f in lrr cff fef; do
      run "$k" tiny --set reconvergence=harp --set scheduler=$s --set fetch=$f
    done
  done
done
echo "$runs runs in $(( $(date +%s) - start )) s"
exit $fail
