#!/bin/sh
# area_report.sh -- `simtref area` on every preset: the report is produced,
# the WPT's storage bits are those of the configuration, and at
# gtx480-baws they equal the published BAWS figure, labeled as published;
# at fermi-harp the HARP tables' organisation (banks, entries, sets, ways,
# tag and row bits), as the models compute it, is HARP Table 7's.
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
# HARP Table 7, as published: banks, entries, sets, ways, tag and row bits.
while IFS='|' read -r row organisation; do
  grep -qF "| $row | $organisation |" test-out/area-fermi-harp.md \
    || { echo "FAIL: fermi-harp: '$row' is not organised as HARP Table 7 ($organisation)"; fail=1; }
  grep "| $row | " test-out/area-fermi-harp.md | grep -qF "| yes |" \
    || { echo "FAIL: fermi-harp: '$row' not reported as published"; fail=1; }
done <<'EOF'
RBT lanes|16 | 128 | 8 | 16 | 6 | 7 | 26624
RBT RPC|1 | 128 | 8 | 16 | 33 | 32 | 8320
Second-Level|1 | 512 | 512 | 1 | - | 130 | 66560
Lookup Ready|1 | 8 | 1 | 8 | 128 | 128 | 2048
Lookup Waiting|1 | 8 | 1 | 8 | 128 | 128 | 2048
EOF
for s in "RBT (HARP 4.2.2)" "First- and Second-Level (HARP 4.2)" \
         "Ready-Lookup (HARP 4.2.1)" "Waiting-Lookup (HARP 4.2.1)"; do
  grep -qF "| $s | scheduler |" test-out/area-fermi-harp.md \
    || { echo "FAIL: fermi-harp: no synthesized row for $s"; fail=1; }
done
exit $fail
