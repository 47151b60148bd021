#!/bin/sh
# findings.sh -- `simtref findings` on a reduced kernel set, a kernel of
# each class the findings use: every finding and what-if of the report
# has simtref's figure (or the SM's own reason why it cannot be
# measured), its direction is "yes" exactly when that figure has the
# published figure's sign, and the CSV has a line per row of the
# Markdown.  Two runs with the same seed, one filling a fresh cache and
# one with --no-cache, write the same bytes; a third reuses every cached
# point, and runs again the one whose cache entry no longer reads.  Bad
# input (an unknown kernel, a bad --jobs or --seed, --cache with
# --no-cache, a kernel ELF that does not load) exits non-zero with a
# message naming it and writes no report.
#
# The second full report, the one with --no-cache, runs on the tool built
# without sanitizers (simtref-plain, which make check builds for
# valgrind.sh), in a quarter of the processor time: it must write the
# bytes the sanitized tool wrote.
set -u
PLAIN=${SIMTREF_PLAIN:-./simtref-plain}
[ -x "$PLAIN" ] || { echo "FAIL: $PLAIN was not built"; exit 1; }
fail=0
out=test-out/findings
rm -rf "$out" && mkdir -p "$out" || exit 1
kernels=nqueens,backprop,vecadd,histogram,collange

# report TOOL NAME [OPTIONS]: the reduced report by TOOL into $out/NAME
# (stdout and stderr beside it); it must succeed.
report() {
  tool=$1 name=$2; shift 2
  "$tool" findings --kernels "$kernels" --no-plots --jobs 2 --seed 3 \
    --out "$out/$name" "$@" > "$out/$name.stdout" 2> "$out/$name.stderr" && return 0
  echo "FAIL: simtref findings --out $out/$name $* exited $?:"
  sed 's/^/    /' "$out/$name.stderr"
  fail=1
  return 1
}

# check_rows DIR: each finding of DIR/findings.md has a figure and the
# direction its sign gives; each what-if has a figure.
check_rows() {
  awk -F'|' -v file="$1/findings.md" '
    /^## Findings/ { part = "f"; next }
    /^## What-ifs/ { part = "w"; next }
    /^## / { part = ""; next }
    part == "f" && /^\| [a-z]/ && $2 != " finding " {
      rows++
      fig = $7; dir = $9; pub = $6
      if (fig == " not modelled ") {
        if ($10 !~ /^ the SM: ./) { print "FAIL: " file ": " $2 "is not modelled without the SM'\''s reason"; bad = 1 }
        next
      }
      if (fig !~ /^ [+-][0-9]+\.[0-9] (%|pts) $/) { print "FAIL: " file ": finding" $2 "has no figure: " fig; bad = 1; next }
      # The published figure, when the paper gives one: its sign decides.
      if (match(pub, /[+-][0-9.]+/)) {
        p = substr(pub, RSTART, RLENGTH) + 0; s = substr(fig, 2) + 0
        want = (p > 0 && s > 0) || (p < 0 && s < 0) ? " yes " : " no "
        if (dir != want) { print "FAIL: " file ": " $2 "published " p ", simtref " s ", direction says" dir; bad = 1 }
      } else if (dir != " yes " && dir != " no ") {
        print "FAIL: " file ": " $2 "direction " dir; bad = 1
      }
    }
    part == "w" && /^\| [a-z]/ && $2 != " what-if " {
      whatifs++
      if ($6 !~ /^ [+-][0-9]+\.[0-9] (%|pts) $/ && $6 != " not modelled ") { print "FAIL: " file ": what-if" $2 "has no figure: " $6; bad = 1 }
    }
    END {
      if (rows < 20 || whatifs < 1) { print "FAIL: " file ": " rows " findings and " whatifs " what-ifs"; bad = 1 }
      exit bad
    }' "$1/findings.md" || fail=1
  md=$(grep -c '^| [a-z]' "$1/findings.md")
  csv=$(grep -c '^\(finding\|what-if\),' "$1/findings.csv")
  # less the two header lines of the Markdown tables
  [ "$((md - 2))" -eq "$csv" ] || {
    echo "FAIL: $1: $((md - 2)) rows in findings.md, $csv in findings.csv"; fail=1; }
}

# --- two runs, the same bytes --------------------------------------------------
report "$SIMTREF" fresh --cache "$PWD/$out/cache" || exit 1
grep -q ' 0 from the cache' "$out/fresh.stderr" \
  || { echo "FAIL: a fresh cache gave points:"; cat "$out/fresh.stderr"; fail=1; }
cmp -s "$out/fresh.stdout" "$out/fresh/findings.md" \
  || { echo "FAIL: the printed report is not findings.md"; fail=1; }
check_rows "$out/fresh"
report "$PLAIN" again --no-cache || exit 1
[ -d "$out/again/points" ] || { echo "FAIL: --no-cache wrote no points in DIR/points"; fail=1; }
for f in findings.md findings.csv findings.json; do
  cmp "$out/fresh/$f" "$out/again/$f" \
    || { echo "FAIL: two runs with the same seed differ in $f:"; diff "$out/fresh/$f" "$out/again/$f" | head -20; fail=1; }
done

# --- the cache ------------------------------------------------------------------
# Every point is reused; one whose entry does not read is run again.
entry=$(ls "$out/cache"/*.json | head -n 1)
head -c 40 "$entry" > "$entry.part" && mv "$entry.part" "$entry"
report "$SIMTREF" cached --cache "$PWD/$out/cache" || exit 1
grep -q '(1 run, ' "$out/cached.stderr" \
  || { echo "FAIL: a broken cache entry was not run again (want 1 run):"; cat "$out/cached.stderr"; fail=1; }
cmp -s "$out/fresh/findings.md" "$out/cached/findings.md" \
  || { echo "FAIL: the report from the cache differs"; fail=1; }

. "$SRCDIR/tests/lib.sh"
# A refused run writes no report into $out/bad.
expect_more() {
  if ls "$out/bad"/findings.* > /dev/null 2>&1; then
    echo "FAIL: '$*' left a report:"; ls "$out/bad"; fail=1
  fi
}
expect 2 "--kernels: no kernel 'nosuch' in the suite" -- \
  "$SIMTREF" findings --kernels vecadd,nosuch --out "$out/bad"
for j in 0 x -2; do
  expect 2 "--jobs '$j': not an integer from 1 to 1024" -- \
    "$SIMTREF" findings --kernels vecadd --jobs "$j" --out "$out/bad"
done
expect 2 "--seed 'x': not an integer" -- \
  "$SIMTREF" findings --kernels vecadd --seed x --out "$out/bad"
expect 2 "--cache DIR and --no-cache exclude each other" -- \
  "$SIMTREF" findings --kernels vecadd --cache "$out/c" --no-cache --out "$out/bad"
expect 2 "unknown option '--kernel'" -- \
  "$SIMTREF" findings --kernel vecadd --out "$out/bad"
[ -e "$out/bad" ] && { echo "FAIL: a refused command line made $out/bad"; fail=1; }
# A kernel whose ELF does not load: named, exit 1, no report.
mkdir -p "$out/elf" && cp "$SIMTREF_KERNEL_ELF_DIR"/*.elf "$out/elf/" \
  && head -c 64 "$SIMTREF_KERNEL_ELF_DIR/vecadd.elf" > "$out/elf/vecadd.elf"
elfdir=$SIMTREF_KERNEL_ELF_DIR
SIMTREF_KERNEL_ELF_DIR="$PWD/$out/elf"; export SIMTREF_KERNEL_ELF_DIR
expect 1 "vecadd.elf" -- \
  "$SIMTREF" findings --kernels "$kernels" --no-plots --cache "$PWD/$out/cache" \
    --out "$out/bad"
SIMTREF_KERNEL_ELF_DIR=$elfdir

exit $fail
