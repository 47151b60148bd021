#!/bin/sh
# area_report.sh -- `simtref area` on every preset: the report is produced,
# the WPT's storage bits are those of the configuration, and at
# gtx480-baws they equal the published BAWS figure, labeled as published.
set -u
fail=0
mkdir -p test-out
for p in $PRESETS; do
  if ! "$SIMTREF" area --preset "$p" > "test-out/area-$p.md" 2> "test-out/area-$p.err"; then
    echo "FAIL: simtref area --preset $p"; cat "test-out/area-$p.err"; fail=1; continue
  fi
  tbs=$("$SIMTREF" config --preset "$p" --get max_tbs)
  warps=$("$SIMTREF" config --preset "$p" --get max_warps_per_tb)
  w=0; while [ $((1 << w)) -lt "$warps" ]; do w=$((w + 1)); done
  grep -q "| WPT (BAWS 4.1.2) | SM | $tbs counters x $w bits | $((tbs * w))" "test-out/area-$p.md" \
    || { echo "FAIL: $p: no WPT row with $tbs x $w = $((tbs * w)) bits"; fail=1; }
done
cat test-out/area-gtx480-baws.md
grep -q "| 48 (6 bytes) | 48 (6 bytes) published, BAWS 4.1.2; ratio 1.00 |" test-out/area-gtx480-baws.md \
  || { echo "FAIL: gtx480-baws: WPT is not 48 bits beside the published 48"; fail=1; }
grep -q "none for this configuration" test-out/area-tiny.md \
  || { echo "FAIL: tiny: a published figure shown for a configuration the paper did not use"; fail=1; }
exit $fail
