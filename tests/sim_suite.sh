#!/bin/sh
# sim_suite.sh -- every kernel of the suite gives the right result under
# every control-flow mode at every preset (harp where the preset has the
# HARP tables), and under every scheduler and fetch policy on a subset,
# with the system invariant checked every cycle.  Sizes are small so that
# the whole matrix takes a few minutes on two cores.
set -u
fail=0 runs=0
out=test-out/sim-suite
rm -rf "$out" && mkdir -p "$out" || exit 1
# the kernels of the suite: kernels/NAME.c, one kernel each
kernels=$(cd "$SRCDIR/kernels" && ls *.c | sed 's/\.c$//')
[ -n "$kernels" ] || { echo "FAIL: no kernels"; exit 1; }

run() {
  runs=$((runs + 1))
  if ! "$SIMTREF" sim --check-invariants --size 64 --seed 7 "$@" \
       > "$out/stdout" 2> "$out/stderr"; then
    echo "FAIL: simtref sim $*"; sed 's/^/    /' "$out/stderr"
    fail=1
  fi
}

start=$(date +%s)
for k in $kernels; do
  for p in tiny fermi-sbr gtx480-baws fermi-harp; do
    case $p in tiny|fermi-harp) modes="sbr harp minpc ics-first" ;;
                             *) modes="sbr minpc ics-first" ;; esac
    for m in $modes; do
      run --kernel "$k" --preset "$p" --set reconvergence="$m"
    done
  done
done
# every scheduler and fetch policy, on the first kernels of the suite
for k in $(echo $kernels | cut -d' ' -f1-4); do
  for s in lrr gto tls mwf_lrr mwf_gto saws; do
    for f in lrr cff fef; do
      run --kernel "$k" --preset tiny --set reconvergence=sbr \
          --set scheduler=$s --set fetch=$f
    done
  done
done
echo "$runs runs in $(( $(date +%s) - start )) s"
exit $fail
