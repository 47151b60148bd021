#!/bin/sh
# prove.sh -- prove a structure's properties on one configuration.
#
#   prove.sh [--defect NAME | --rtl FILE] [--expect-fail] [--tag TAG]
#            STRUCT PRESET BMC K COVER
#
# PRESET is a preset name, or a configuration file (a path ending in .conf,
# relative to the source tree), e.g. tests/data/scenarios/sched-gto.conf; the
# proof is then named after the file without .conf.
#
# Generates the structure's RTL for PRESET (with a deliberate defect when
# asked; with --rtl FILE the module in FILE instead, e.g. a mutant), reads
# it with formal/STRUCT_props.v (module STRUCT_fv, sized from the
# configuration through formal/STRUCT.params: a key whose value is not a
# number, such as the scheduler policy, is passed as a string), and runs
# yosys-smtbmc:
#
#   base case   BMC from reset to depth BMC (must be >= K)
#   induction   K-step temporal induction: with the base case, an
#               unbounded proof of every assertion.  K = 0 skips it: the
#               assertions are then proved only to depth BMC, and the
#               report says so.
#   covers      every cover statement reached within COVER steps.  COVER
#               = 0 skips them, for a bounded run on a large configuration
#               whose covers are reached on a small one; the report says so.
#
# In the module under proof an x -- a read outside a vector at a constant
# index, an undriven net -- is a free value in every step (setundef
# -anyseq), not the 0 that write_smt2 would make of it: a design whose
# outputs depend on such a read fails the proof, as it may in a four-state
# simulator or in silicon (synthesis takes x as don't-care).  The property
# wrapper keeps its x (a procedural assertion's value while it is not
# enabled).  A read at a variable index is a $shiftx cell, whose
# out-of-range bits write_smt2 still makes 0.
#
# Arrays are mapped to registers with an unconstrained initial value (an
# SRAM is not reset).  The model is flattened and smtbmc unrolls it
# (--unroll): with the hierarchical, uninterpreted-function encoding z3 4.8
# stalls on these tables even at step 0.
#
# Output (SMT-LIB model, logs, counterexample or cover traces as VCD) goes
# to formal-out/STRUCT-PRESET[-DEFECT][-TAG]/ (TAG tells two proofs of one
# configuration apart, such as a quick one and one with every cover).  Exit 0 when everything holds (or,
# with --expect-fail, when the proof fails as it must: a counterexample
# from reset, or a cover the module can no longer reach; an induction step
# that fails alone shows no defect, only an invariant too weak to close);
# 1 otherwise.
#
# Environment: SIMTREF (the simtref binary), YOSYS, YOSYS_SMTBMC,
# SMT_SOLVERS (the first one runs the base case and the induction step,
# default z3; cvc5, when listed, the covers: see below),
# SRCDIR (source tree).
set -u

defect=
rtl=
tag=
expect_fail=0
while [ $# -gt 0 ]; do
  case "$1" in
    --defect) defect=$2; shift 2 ;;
    --rtl) rtl=$2; shift 2 ;;
    --expect-fail) expect_fail=1; shift ;;
    --tag) tag=$2; shift 2 ;;
    --*) echo "prove.sh: unknown option '$1'" >&2; exit 2 ;;
    *) break ;;
  esac
done
if [ $# -ne 5 ]; then
  echo "usage: prove.sh [--defect NAME | --rtl FILE] [--expect-fail] STRUCT PRESET BMC K COVER" >&2
  exit 2
fi
struct=$1 preset=$2 bmc=$3 k=$4 cover=$5
srcdir=${SRCDIR:-.}
simtref=${SIMTREF:-./simtref}
yosys=${YOSYS:-yosys}
smtbmc=${YOSYS_SMTBMC:-yosys-smtbmc}
solver=$(echo "${SMT_SOLVERS:-z3}" | cut -d' ' -f1)
# The covers run on cvc5 when the list names it, the base case and the
# induction step on the first solver: on the generated tables cvc5 reaches
# the covers in seconds where z3 searches for minutes (the LSU at tiny:
# 7 s of processor time against about 110 s), while z3 is the faster on
# the steps with no trace to find, which are most of a base case's and
# all of an induction step's (the LSU's base case: 17 s against 45 s; a
# broken module's counterexample found at depth 5 or 12 took cvc5 over
# 5 minutes, z3 two).
cover_solver=$solver
case " ${SMT_SOLVERS:-z3} " in *" cvc5 "*) cover_solver=cvc5 ;; esac
case "$preset" in
  *.conf)
    conf=$preset
    [ -f "$conf" ] || conf=$srcdir/$preset
    [ -f "$conf" ] || { echo "prove.sh: no configuration file '$preset'" >&2; exit 2; }
    cfg_args=$conf
    cfg_name=$(basename "$preset" .conf) ;;
  *)
    cfg_args="--preset $preset"
    cfg_name=$preset ;;
esac
name=$struct-$cfg_name${defect:+-$defect}${tag:+-$tag}
out=formal-out/$name
# A given module is proved beside its file.
[ -n "$rtl" ] && name=$struct-$cfg_name-rtl out=$(dirname "$rtl")/formal

rm -rf "$out" && mkdir -p "$out" || exit 1

# The RTL, and the sizes of the property wrapper from the configuration.
rtl_args="$cfg_args --out $out"
[ -n "$defect" ] && rtl_args="$rtl_args --defect $defect"
# (every module of the configuration: a module may instantiate another,
# found beside it by hierarchy -libdir; a given module replaces its own)
"$simtref" rtl $rtl_args || exit 1
if [ -n "$rtl" ]; then
  cp "$rtl" "$out/simtref_$struct.v" || exit 1
fi
chparam=
while read -r param eq key; do
  case "$param" in ''|\#*) continue ;; esac
  value=$("$simtref" config $cfg_args --get "$key") || exit 1
  case "$value" in
    *[!0-9]*|'') value="\"$value\"" ;;
  esac
  chparam="$chparam -set $param $value"
done < "$srcdir/formal/$struct.params"

"$yosys" -q -l "$out/yosys.log" -p "
  read_verilog -formal -I$srcdir/formal $out/simtref_$struct.v $srcdir/formal/${struct}_props.v;
  chparam $chparam ${struct}_fv;
  hierarchy -libdir $out -top ${struct}_fv; proc;
  setundef -undriven -anyseq *simtref_${struct}*;
  prep -flatten -top ${struct}_fv;
  memory_map; opt_clean;
  async2sync; dffunmap;
  write_smt2 -wires $out/$struct.smt2" || { echo "FAIL $name: yosys, see $out/yosys.log"; exit 1; }

# Run one smtbmc mode on a solver; prints its time.  Returns 0 when
# smtbmc reports PASSED, 1 when it reports FAILED, and 2 (recorded in
# $broken) when it ends without either: a run that stops early proves
# nothing.
broken=0
run() {
  mode=$1 with=$2; shift 2
  start=$(date +%s.%N)
  "$smtbmc" -s "$with" --unroll --noprogress "$@" "$out/$struct.smt2" > "$out/$mode.log" 2>&1
  rc=$?
  end=$(date +%s.%N)
  secs=$(echo "$start $end" | awk '{ printf "%.2f", $2 - $1 }')
  status=$(grep -o 'Status: [A-Z]*' "$out/$mode.log" | tail -n 1)
  echo "  $mode: ${status:-no status} in ${secs} s on $with (log $out/$mode.log)"
  case "$status:$rc" in
    "Status: PASSED:0") return 0 ;;
    "Status: FAILED:"*) return 1 ;;
  esac
  echo "  $mode: smtbmc exited $rc without a PASSED or FAILED status"
  broken=1
  return 2
}

what="$solver, BMC depth $bmc"
if [ "$k" -gt 0 ]; then what="$what, induction k = $k"; else what="$what (bounded only)"; fi
if [ "$cover" -gt 0 ]; then what="$what, covers within $cover steps on $cover_solver"; else what="$what, no covers"; fi
echo "$name: $what"
fail=0 shown=0
run base "$solver" -t "$bmc" --dump-vcd "$out/base-cex.vcd" || { fail=1; shown=1; }
# A counterexample from reset settles the verdict (a defect's rejection
# included): the induction step would only repeat it.
if [ "$k" -gt 0 ] && [ $fail -eq 0 ]; then
  run induction "$solver" -i -t "$k" --dump-vcd "$out/induction-cex.vcd" || fail=1
elif [ "$k" -gt 0 ]; then
  echo "  induction: not run, the base case failed"
fi
if [ $fail -eq 0 ] && [ "$cover" -gt 0 ]; then
  run cover "$cover_solver" -c -t "$cover" --dump-vcd "$out/cover.vcd" || { fail=1; shown=1; }
fi
if [ $fail -ne 0 ]; then
  grep -h -E 'Assert failed|failed!|Unreached cover' "$out"/base.log "$out"/induction.log "$out"/cover.log 2>/dev/null | sed 's/^/    /' | head -n 10
fi

if [ $broken -eq 1 ]; then
  echo "FAIL $name: a solver run ended without a verdict"
  exit 1
fi
if [ $expect_fail -eq 1 ]; then
  if [ $shown -eq 1 ]; then
    echo "PASS $name: the proof rejects the defect (counterexample in $out)"
    exit 0
  fi
  if [ $fail -eq 1 ]; then
    echo "FAIL $name: only the induction step failed, which shows no defect (no counterexample from reset within $bmc steps)"
    exit 1
  fi
  echo "FAIL $name: the proof accepted a defective module"
  exit 1
fi
if [ $fail -eq 1 ]; then
  echo "FAIL $name"
  exit 1
fi
if [ "$cover" -gt 0 ]; then
  covers="all covers reached"
else
  covers="covers not run on this configuration"
fi
if [ "$k" -gt 0 ]; then
  echo "PASS $name: proved by $k-induction (unbounded); $covers"
else
  echo "PASS $name: bounded proof only, no violation within $bmc steps of reset; $covers"
fi
exit 0
