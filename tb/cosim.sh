#!/bin/sh
# cosim.sh -- run one co-simulation described by a .cosim file.
#
# A .cosim file holds `key=value` words:
#   structure=wpt preset=tiny cycles=1000000 [defect=NAME expect=fail]
# The testbench tbbin/tb_STRUCTURE-PRESET[-DEFECT] must be built (make check
# builds it first).  With expect=fail the test passes only when the
# testbench reports a mismatch and leaves a waveform.
set -u
file=$1
structure= preset= cycles=1000000 defect= expect=pass seed=
for word in $(sed 's/#.*//' "$file"); do
  case "$word" in
    structure=*|preset=*|cycles=*|defect=*|expect=*|seed=*) eval "${word%%=*}=\${word#*=}" ;;
    *) echo "$file: unknown word '$word'" >&2; exit 99 ;;
  esac
done
tb=tbbin/tb_$structure-$preset${defect:+-$defect}
mkdir -p test-out
fst=test-out/$(basename "$file" .cosim).fst
rm -f "$fst"
set -- --config "${SRCDIR:-.}/configs/$preset.conf" --cycles "$cycles" --fst "$fst"
[ -n "$seed" ] && set -- "$@" --seed "$seed"
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
