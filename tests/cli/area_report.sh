#!/bin/sh
# area_report.sh -- `simtref area` on every preset: the report is produced,
# the WPT's storage bits are those of the configuration, and at
# gtx480-baws they equal the published BAWS figure, labeled as published;
# at fermi-harp the HARP tables' organisation (banks, entries, sets, ways,
# tag and row bits), as the models compute it, is HARP Table 7's, the
# computed areas are printed beside the published ones with the ratio
# computed / published, and the totals are there; on every preset the CSV
# and the JSON parse and carry the same figures; the sweep machinery runs
# (tables, no plots).  make check runs tiny, gtx480-baws and fermi-harp,
# the presets with a published figure to check or none to show; `make
# area-long` every preset (fermi-sbr's synthesis, with stacks for 48
# warps, is the costliest after fermi-harp's, and its report checks
# nothing the three do not).
set -u
presets=${AREA_PRESETS:-tiny gtx480-baws fermi-harp}
JSON_GET=${JSON_GET:-./tests/tools/json_get}
fail=0
mkdir -p test-out
for p in $presets; do
  if ! "$SIMTREF" area --preset "$p" --csv "test-out/area-$p.csv" --json "test-out/area-$p.json" \
       > "test-out/area-$p.md" 2> "test-out/area-$p.err"; then
    echo "FAIL: simtref area --preset $p"; cat "test-out/area-$p.err"; fail=1; continue
  fi
  tbs=$("$SIMTREF" config --preset "$p" --get max_tbs)
  warps=$("$SIMTREF" config --preset "$p" --get max_warps_per_tb)
  w=0; while [ $((1 << w)) -lt "$warps" ]; do w=$((w + 1)); done
  grep -q "| WPT (BAWS 4.1.2) | SM | $tbs counters x $w bits | $((tbs * w))" "test-out/area-$p.md" \
    || { echo "FAIL: $p: no WPT row with $tbs x $w = $((tbs * w)) bits"; fail=1; }
  # The CSV: its header, four fields per line, the value a number or empty.
  awk -F, 'NR == 1 { if ($0 != "section,item,quantity,value") bad = 1; next }
           NF != 4 || ($4 != "" && $4 !~ /^-?[0-9]+(\.[0-9]+)?(e[-+]?[0-9]+)?$/) { bad = 1 }
           END { exit bad || NR < 10 }' "test-out/area-$p.csv" \
    || { echo "FAIL: $p: the CSV is malformed"; fail=1; }
  # The JSON parses, and every figure of the CSV is in it, the same.
  if "$JSON_GET" "test-out/area-$p.json"; then
    tail -n +2 "test-out/area-$p.csv" | while IFS=, read -r section item key value; do
      got=$("$JSON_GET" "test-out/area-$p.json" "$section" "$item" "$key") || got=missing
      [ "$got" = "${value:-null}" ] \
        || { echo "FAIL: $p: $section/$item/$key is '$value' in the CSV, '$got' in the JSON"; exit 1; }
    done || fail=1
  else
    echo "FAIL: $p: the JSON does not parse"; fail=1
  fi
done
cat test-out/area-gtx480-baws.md
grep -q "| 48 (6 bytes) | 48 (6 bytes) published, BAWS 4.1.2; ratio 1.00 |" test-out/area-gtx480-baws.md \
  || { echo "FAIL: gtx480-baws: WPT is not 48 bits beside the published 48"; fail=1; }
grep -q "none for this configuration" test-out/area-tiny.md \
  || { echo "FAIL: tiny: a published figure shown for a configuration the paper did not use"; fail=1; }

# HARP Table 7, as published: banks, entries, sets, ways, tag and row bits
# and the storage bits beside the published bits; the areas beside the
# published ones, and the ratio printed is computed / published (from the
# CSV's own figures, to 2 decimals).
while IFS='|' read -r row organisation; do
  bits=${organisation##* }
  grep -qF "| $row | $organisation | $bits | " test-out/area-fermi-harp.md \
    || { echo "FAIL: fermi-harp: '$row' is not organised as HARP Table 7 ($organisation)"; fail=1; }
  ratio=$(awk -F, -v r="$row" '$1 == "table7" && $2 == r && $3 == "area_mm2" { a = $4 }
          $1 == "table7" && $2 == r && $3 == "published_area_mm2" { p = $4 }
          END { if (a != "" && p > 0) printf "%.2f", a / p }' test-out/area-fermi-harp.csv)
  [ -n "$ratio" ] && grep "^| $row | " test-out/area-fermi-harp.md | grep -qE "\| $ratio \|$" \
    || { echo "FAIL: fermi-harp: '$row': no ratio computed / published (${ratio:-none}) printed"; fail=1; }
done <<'EOF'
RBT lanes|16 | 128 | 8 | 16 | 6 | 7 | 26624
RBT RPC|1 | 128 | 8 | 16 | 33 | 32 | 8320
Second-Level|1 | 512 | 512 | 1 | - | 130 | 66560
Lookup Ready|1 | 8 | 1 | 8 | 128 | 128 | 2048
Lookup Waiting|1 | 8 | 1 | 8 | 128 | 128 | 2048
EOF
grep -qF "published tag + data mm^2 (HARP Table 7, CACTI 6.5, 40 nm)" test-out/area-fermi-harp.md \
  || { echo "FAIL: fermi-harp: the published areas are not labelled"; fail=1; }
grep -qF "Table 7 covers arrays only" test-out/area-fermi-harp.md \
  || { echo "FAIL: fermi-harp: the report does not say Table 7 covers arrays only"; fail=1; }

# The totals, each beside the published figure, with computed / published.
while IFS='|' read -r item label published; do
  ratio=$(awk -F, -v i="$item" -v p="$published" \
          '$1 == "table7_total" && $2 == i && $3 == "area_mm2" { printf "%.2f", $4 / p }' \
          test-out/area-fermi-harp.csv)
  grep -F "| $label | " test-out/area-fermi-harp.md | grep -F "| $published mm^2" | grep -qE "\| $ratio \|$" \
    || { echo "FAIL: fermi-harp: total '$label' not beside $published mm^2 with ratio ${ratio:-none}"; fail=1; }
done <<'EOF'
per warp scheduler|per warp scheduler|0.1622
per SM|per SM (2 warp schedulers)|0.3244
chip|16 SMs|5.19
EOF
# docs/area-model.md states the model's figures at fermi-harp: they are
# the ones the code computes now.
for row in "RBT lanes" "RBT RPC" "Second-Level" "Lookup Ready"; do
  a=$(awk -F, -v r="$row" '$1 == "table7" && $2 == r && $3 == "area_mm2" { printf "%.4f", $4 }' \
      test-out/area-fermi-harp.csv)
  grep "^| $row " "${SRCDIR:-.}/docs/area-model.md" | grep -qE "(= |\| )$a \|" \
    || { echo "FAIL: docs/area-model.md does not give $row as computed ($a mm^2)"; fail=1; }
done
a=$(awk -F, '$1 == "table7_total" && $2 == "per warp scheduler" && $3 == "area_mm2" { printf "%.4f", $4 }' \
    test-out/area-fermi-harp.csv)
grep -qF "| per warp scheduler | $a | 0.1622 |" "${SRCDIR:-.}/docs/area-model.md" \
  || { echo "FAIL: docs/area-model.md does not give the per-scheduler total as computed ($a mm^2)"; fail=1; }
grep -qF "| share of the 529 mm^2 die | " test-out/area-fermi-harp.md \
  || { echo "FAIL: fermi-harp: no share of the die"; fail=1; }
for s in "RBT (HARP 4.2.2)" "First- and Second-Level (HARP 4.2)" \
         "Ready-Lookup (HARP 4.2.1)" "Waiting-Lookup (HARP 4.2.1)"; do
  grep -qF "| $s | scheduler |" test-out/area-fermi-harp.md \
    || { echo "FAIL: fermi-harp: no synthesized row for $s"; fail=1; }
done

# Part (c), HARP section 8's cost: the offset circuits (the register file
# with per-lane offsets against without) and the bank decoders each cost
# something, the register offsets are their sum and HARP in all the
# tables' and the offsets'; each share beside the published one with
# the ratio computed / published from the CSV's own figures, at
# fermi-harp only (the published shares are of its Fermi); no part (c)
# outside harp.
hc() { awk -F, -v i="$2" -v k="$3" '$1 == "harp_cost" && $2 == i && $3 == k { print $4 }' \
         "test-out/area-$1.csv"; }
# Also at sizes off the presets: a register file of many rows in two
# banks (where one wide array would be organised otherwise).
"$SIMTREF" area --preset tiny --set threads_per_scheduler=64 --csv test-out/area-tiny64.csv \
  > test-out/area-tiny64.md 2> test-out/area-tiny64.err \
  || { echo "FAIL: simtref area --preset tiny --set threads_per_scheduler=64"; cat test-out/area-tiny64.err; fail=1; }
for p in tiny tiny64 fermi-harp; do
  grep -qF "## (c) HARP's cost as HARP section 8 counts it" "test-out/area-$p.md" \
    || { echo "FAIL: $p: no part (c)"; fail=1; }
  awk -v a="$(hc "$p" "offset circuits" per_sm_um2)" -v b="$(hc "$p" "bank decoders" per_sm_um2)" \
      -v o="$(hc "$p" "register offsets" per_sm_um2)" -v t="$(hc "$p" tables per_sm_um2)" \
      -v h="$(hc "$p" "HARP in all" per_sm_um2)" \
      'function near(x, y) { return x - y < 0.01 * (y > 0 ? y : 1) && y - x < 0.01 * (y > 0 ? y : 1) }
       BEGIN { exit !(a > 0 && b > 0 && t > 0 && near(o, a + b) && near(h, t + o)) }' \
    || { echo "FAIL: $p: part (c): offset circuits, bank decoders, their sum or HARP's total wrong"; fail=1; }
done
while IFS='|' read -r item published value; do
  [ "$(hc fermi-harp "$item" published_die_percent)" = "$value" ] \
    || { echo "FAIL: fermi-harp: part (c): '$item': the published share is not HARP's $value%"; fail=1; }
  ratio=$(awk -v d="$(hc fermi-harp "$item" die_percent)" -v p="$(hc fermi-harp "$item" published_die_percent)" \
          'BEGIN { if (p > 0) printf "%.2g", d / p }')
  grep "^| $item" test-out/area-fermi-harp.md | grep -F "| $published | " | grep -qE "\| $ratio \|$" \
    || { echo "FAIL: fermi-harp: part (c): '$item' not beside the published $published with ratio ${ratio:-none}"; fail=1; }
done <<'EOF'
register offsets|about 2.5%|2.5
HARP in all|3.5%|3.5
EOF
# docs/area-model.md and README state part (c)'s shares at fermi-harp as
# computed now.
d=$(awk -v v="$(hc fermi-harp "register offsets" die_percent)" 'BEGIN { printf "%.2f", v }')
r=$(awk -v v="$(hc fermi-harp "register offsets" ratio)" 'BEGIN { printf "%.2g", v }')
for f in docs/area-model.md README.md; do
  tr '\n' ' ' < "${SRCDIR:-.}/$f" | tr -s ' ' | grep -qE "$d% of the( 529 mm\^2)?( die)? *\(?$r of the published 2.5%|$d% of the 529 mm\^2 die: $r of the published" \
    || { echo "FAIL: $f does not give the register offsets' share as computed ($d%, ratio $r)"; fail=1; }
done
grep "^| register offsets |" test-out/area-tiny.md | grep -qE "\| about 2.5% \| - \|$" \
  || { echo "FAIL: tiny: part (c) compares with the published Fermi's share"; fail=1; }
! grep -q "^## (c)" test-out/area-gtx480-baws.md \
  || { echo "FAIL: gtx480-baws: part (c) outside harp"; fail=1; }

# The sweeps: a table per sweep, every point priced.
if "$SIMTREF" area --preset fermi-harp --sweep --no-plots > test-out/area-sweep.md 2> test-out/area-sweep.err; then
  for t in "RBT entries" "Second-Level entries" "lookup entries" "SIMD width"; do
    grep -qF "| $t |" test-out/area-sweep.md || { echo "FAIL: sweep: no table over $t"; fail=1; }
  done
  # share_table TITLE: the rows of the sweep's table of HARP's share
  share_table() { awk -v h="## HARP's cost as a share of the die: $1" \
                    '$0 == h { on = 1; next } /^#/ { on = 0 } on' test-out/area-sweep.md; }
  # HARP's share of the die by the models alone: at fermi-harp's own
  # sizes (48 warps per scheduler, SIMD 16, 128 RBT entries) the tables'
  # and the bank decoders' shares of part (c), computed from the
  # synthesized register file.
  want=$(awk -F, '$1 == "harp_cost" && ($2 == "tables" || $2 == "bank decoders") && $3 == "die_percent" { t += $4 }
         END { printf "%.3f", t }' test-out/area-fermi-harp.csv)
  for row in "warps per scheduler|48" "SIMD width (warp size alike)|16" "RBT size at 16 ways|128"; do
    share_table "${row%|*}" | grep -qE "^\| ${row#*|} \| .* \| $want% \|$" \
      || { echo "FAIL: sweep: HARP's share at ${row%|*} = ${row#*|} is not part (c)'s $want%"; fail=1; }
  done
  # docs/area-model.md gives the SIMD points as the sweep computes them.
  for x in 8 16 32; do
    d=$(share_table "SIMD width (warp size alike)" | awk -F'|' -v x="$x" '$2 + 0 == x && $2 ~ /[0-9]/ { gsub(/ /, "", $5); print $5 }')
    tr '\n' ' ' < "${SRCDIR:-.}/docs/area-model.md" | tr -s ' ' | grep -qE "$d at $x( lanes)?[,:) ]" \
      || { echo "FAIL: docs/area-model.md does not give HARP's share at SIMD $x as the sweep computes it (${d:-none})"; fail=1; }
  done
  grep -qE '^\| 1024 \| [0-9]+\.[0-9]{4} \|' test-out/area-sweep.md \
    || { echo "FAIL: sweep: no Second-Level point at 1024"; fail=1; }
else
  echo "FAIL: simtref area --sweep"; cat test-out/area-sweep.err; fail=1
fi
exit $fail
