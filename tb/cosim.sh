#!/bin/sh
# cosim.sh -- run one co-simulation described by a .cosim file.
#
# A .cosim file holds `key=value` words:
#   structure=wpt preset=tiny cycles=1000000 [defect=NAME expect=fail]
#   structure=rbt config=tests/data/scenarios/harp-fig10.conf scenario=fig10
#   structure=sm_reconv config=tests/data/scenarios/sm-tiny-sbr.conf kgen_count=100
# The testbench tbbin/tb_STRUCTURE-NAME[-DEFECT] must be built (make check
# builds it first); NAME is the preset, or the configuration file's name
# without .conf.  With scenario= the testbench runs that directed scenario
# instead of random stimulus; with kgen_count= a testbench of whole kernels
# runs that many kgen programs from kgen_seed= (default 1) instead
# (docs/kgen.md: the RISC-V compiler builds them, qemu-riscv32 runs them
# too).  With expect=fail the test passes only when
# the testbench reports a mismatch and leaves a waveform.
set -u
file=$1
structure= preset= config= cycles=1000000 defect= expect=pass seed= scenario=
kgen_seed=1 kgen_count=
for word in $(sed 's/#.*//' "$file"); do
  case "$word" in
    structure=*|preset=*|config=*|cycles=*|defect=*|expect=*|seed=*|scenario=*|\
    kgen_seed=*|kgen_count=*)
      eval "${word%%=*}=\${word#*=}" ;;
    *) echo "$file: unknown word '$word'" >&2; exit 99 ;;
  esac
done
if [ -n "$preset" ]; then
  name=$preset conf=${SRCDIR:-.}/configs/$preset.conf
else
  name=$(basename "$config" .conf) conf=${SRCDIR:-.}/$config
fi
tb=tbbin/tb_$structure-$name${defect:+-$defect}
mkdir -p test-out
fst=test-out/$(basename "$file" .cosim).fst
rm -f "$fst"
set -- --config "$conf" --cycles "$cycles" --fst "$fst"
[ -n "$seed" ] && set -- "$@" --seed "$seed"
[ -n "$scenario" ] && set -- "$@" --scenario "$scenario"
[ -n "$kgen_count" ] && set -- "$@" --kgen-seed "$kgen_seed" --kgen-count "$kgen_count"
"$tb" "$@"
rc=$?
if [ "$expect" = fail ]; then
  if [ $rc -eq 1 ] && [ -s "$fst" ]; then
    echo "PASS: the testbench rejects the defect '$defect' and wrote $fst"
    exit 0
  fi
  echo "FAIL: the testbench did not reject the defect '$defect' (status $rc)"
  exit 1
fi
exit $rc
