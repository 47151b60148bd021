#!/bin/sh
# rtl.sh -- `make bench`'s second part: the composed SM in Verilog
# (simtref_sm) against the C SM, the same kernels on each alone.
#
# For each configuration of $CONFIGS (tests/data/scenarios/NAME.conf) it
# runs the composed SM's testbench in its timing mode (tb_sm --bench
# $REPEAT): every suite kernel on the C SM alone, as `simtref sim` runs
# it, and on the Verilated module alone, its fetches answered and its
# memory served as in the lockstep; the simulated cycles per second of
# each (wall time, the best of $REPEAT runs) and their ratio.  The module
# is timed as Verilator builds it for one thread (tbbin/tb_sm-NAME) and
# for two (--threads 2: tbbin/tb_sm-NAME-mt).  A configuration whose
# testbenches are not built is skipped with a line saying so.
set -u
CONFIGS=${CONFIGS:-sm-tiny-sbr-or1}
REPEAT=${REPEAT:-3}
status=0
for c in $CONFIGS; do
  conf=$SRCDIR/tests/data/scenarios/$c.conf
  for b in tbbin/tb_sm-$c tbbin/tb_sm-$c-mt; do
    case $b in
      *-mt) what="the module built for two threads (--threads 2)" ;;
      *) what="the module built for one thread" ;;
    esac
    if [ ! -x "$b" ]; then
      echo "$c: $b is not built: skipped"
      continue
    fi
    echo "## $c: the C SM against $what"
    echo
    "$b" --config "$conf" --cycles 2000000 --bench "$REPEAT" || status=1
    echo
  done
done
exit $status
