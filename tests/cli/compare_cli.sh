#!/bin/sh
# compare_cli.sh -- `simtref compare` reports bad input clearly and leaves
# no report behind: an unknown kernel, mode, scheduler, fetch policy or
# preset, a bad --jobs, a swept value out of range, a mode that no
# configuration of the matrix has, a point that fails (its error and the
# command that repeats it are printed, exit 1, no compare.md, .csv, .json
# or plot written), and in --merge a matrix file or a point's JSON that is
# missing or malformed (named).  Then the speedups and geometric means of
# a small matrix are the ones the points' own cycle counts give.
set -u
fail=0
out=test-out/compare-cli
rm -rf "$out" && mkdir -p "$out" || exit 1
. "$SRCDIR/tests/lib.sh"
small="--preset tiny --block 8 --kernels vecadd,nqueens"
JSON_GET=${JSON_GET:-./tests/tools/json_get}


# no_report DIR: nothing but the points' directory in DIR.
no_report() {
  if [ -d "$1" ] && ls -A "$1" | grep -qv '^points$'; then
    echo "FAIL: a failed compare left files in $1:"; ls -A "$1" | sed 's/^/    /'
    fail=1
  fi
}

# --- the command line --------------------------------------------------------
expect 1 "no kernel 'nosuch' in the suite" -- \
  "$SIMTREF" compare --preset tiny --kernels vecadd,nosuch --out "$out/r"
expect 2 "--modes: unknown name 'stack' (one of sbr, harp, minpc, ics-first)" -- \
  "$SIMTREF" compare $small --modes sbr,stack --out "$out/r"
expect 2 "--schedulers: unknown name 'fifo'" -- \
  "$SIMTREF" compare $small --schedulers lrr,fifo --out "$out/r"
expect 2 "--fetch: unknown name 'icount'" -- \
  "$SIMTREF" compare $small --fetch icount --out "$out/r"
expect 2 "'gto' is listed twice" -- \
  "$SIMTREF" compare $small --schedulers gto,lrr,gto --out "$out/r"
expect 1 "unknown preset 'fermi-nope'" -- \
  "$SIMTREF" compare --preset tiny,fermi-nope --out "$out/r"
for j in 0 x 2x -3; do
  expect 2 "--jobs '$j': not an integer from 1 to 1024" -- \
    "$SIMTREF" compare $small -j "$j" --out "$out/r"
done
expect 2 "unknown option '--kernel'" -- \
  "$SIMTREF" compare --kernel vecadd --out "$out/r"
expect 2 "--size 'bfs=64': the kernel is not in the matrix" -- \
  "$SIMTREF" compare $small --size bfs=64 --out "$out/r"
expect 2 "--merge DIR takes only --out and --no-plots" -- \
  "$SIMTREF" compare --merge "$out" --kernels vecadd
expect 1 "--set ibuffer_slots=999" -- \
  "$SIMTREF" compare $small --sweep ibuffer_slots=1,999 --out "$out/r"
expect 1 "no configuration of the matrix has mode harp" -- \
  "$SIMTREF" compare --preset fermi-sbr --kernels vecadd --modes harp --out "$out/r"
[ -e "$out/r" ] && { echo "FAIL: a refused command line made $out/r"; fail=1; }

# A mode one configuration lacks is left out there, with a note; the
# other configuration keeps it.
expect 0 "not run: mode harp at fermi-sbr" -- \
  "$SIMTREF" compare --preset tiny,fermi-sbr --kernels vecadd --modes sbr,harp \
    --emit-jobs "$out/emit"
n=$(grep -c . "$out/stdout")
h=$(grep -c 'reconvergence=harp' "$out/stdout")
if [ "$n" -ne 3 ] || [ "$h" -ne 1 ] || grep 'reconvergence=harp' "$out/stdout" | grep -q fermi-sbr; then
  echo "FAIL: tiny,fermi-sbr x sbr,harp gave $n jobs, $h under harp (want 3 and 1, none at fermi-sbr):"
  sed 's/^/    /' "$out/stdout"; fail=1
fi

# A setting that only the listed mode takes is run under it: warps of 32
# at fermi-harp (HARP needs warps as wide as its 16-lane SIMD) under sbr,
# also as a swept value; under harp it is refused with harp's reason.
# runs COMMAND...: the command succeeds (stdout in $out/stdout).
runs() {
  "$@" > "$out/stdout" 2> "$out/stderr" && return
  echo "FAIL: '$*' exited $?, stderr:"; sed 's/^/    /' "$out/stderr"
  fail=1
}
runs "$SIMTREF" compare --preset fermi-harp --kernels vecadd --modes sbr \
  --set warp_size=32 --set max_warps_per_tb=32 --emit-jobs "$out/emit-w"
if [ "$(grep -c 'warp_size=32.*reconvergence=sbr' "$out/stdout")" -ne 1 ]; then
  echo "FAIL: fermi-harp, sbr, warp_size=32 gave these jobs (want one):"
  sed 's/^/    /' "$out/stdout"; fail=1
fi
runs "$SIMTREF" compare --preset fermi-harp --kernels vecadd --modes sbr \
  --set max_warps_per_tb=32 --sweep warp_size=16,32 --emit-jobs "$out/emit-w"
if [ "$(grep -c 'reconvergence=sbr' "$out/stdout")" -ne 2 ]; then
  echo "FAIL: fermi-harp, sbr, warp_size swept over 16,32 gave these jobs (want two):"
  sed 's/^/    /' "$out/stdout"; fail=1
fi
expect 1 "needs warps as wide as the SIMD" -- \
  "$SIMTREF" compare --preset fermi-harp --kernels vecadd --modes harp \
    --set warp_size=32 --set max_warps_per_tb=32 --out "$out/r"
[ -e "$out/r" ] && { echo "FAIL: a refused command line made $out/r"; fail=1; }

# --- a point that fails --------------------------------------------------------
expect 1 "point vecadd at tiny (sbr, mwf_lrr, cff) failed (exit status 1)" -- \
  "$SIMTREF" compare $small --modes sbr,harp --max-cycles 50 --out "$out/fails" -j 2
grep -qF "not done after the limit of 50 cycles" "$out/stderr" \
  || { echo "FAIL: the point's own error is not printed:"; sed 's/^/    /' "$out/stderr"; fail=1; }
cmd=$(grep -m 1 '^  to repeat it: .* sim --kernel vecadd ' "$out/stderr" | sed 's/^  to repeat it: //')
if [ -z "$cmd" ]; then
  echo "FAIL: no command that repeats the failed point"; fail=1
else
  # The command printed repeats the failure (and writes no JSON).
  sh -c "$cmd" > /dev/null 2>&1 && { echo "FAIL: '$cmd' succeeded"; fail=1; }
fi
no_report "$out/fails"
expect 1 "points failed" -- \
  "$SIMTREF" compare $small --size nqueens=99 --out "$out/fails2"
grep -qF "nqueens" "$out/stderr" || { echo "FAIL: the bad size is not named"; fail=1; }
no_report "$out/fails2"

# --- --merge of bad points --------------------------------------------------------
"$SIMTREF" compare $small --modes sbr,harp --emit-jobs "$out/m" > "$out/jobs" 2> "$out/stderr" \
  || { echo "FAIL: --emit-jobs"; cat "$out/stderr"; exit 1; }
sh "$out/jobs" > /dev/null || { echo "FAIL: the emitted jobs"; exit 1; }
"$SIMTREF" compare --merge "$out/m" --out "$out/m-report" > "$out/merged.md" \
  || { echo "FAIL: --merge of complete points"; fail=1; }
one="$out/m/vecadd.tiny.harp.mwf_lrr.cff.json"
cp "$one" "$out/saved.json"
head -c 100 "$out/saved.json" > "$one"
expect 1 "$one:" -- "$SIMTREF" compare --merge "$out/m" --out "$out/m-bad"
no_report "$out/m-bad"
grep -v '"class"' "$out/saved.json" > "$one"
expect 1 "$one: not a point of simtref sim --json: " -- \
  "$SIMTREF" compare --merge "$out/m" --out "$out/m-bad"
grep -qF "class" "$out/stderr" || { echo "FAIL: the missing key is not named"; fail=1; }
# a point whose run failed (its JSON written whole, with the error)
"$SIMTREF" sim --kernel vecadd --preset tiny --max-cycles 1 --json "$one" > /dev/null 2>&1
expect 1 "$one: the point's run failed: kernel vecadd: not done after the limit of 1 cycles" -- \
  "$SIMTREF" compare --merge "$out/m" --out "$out/m-bad"
no_report "$out/m-bad"
rm "$one"
expect 1 "$one: cannot read: No such file or directory" -- "$SIMTREF" compare --merge "$out/m" --out "$out/m-bad"
no_report "$out/m-bad"
cp "$out/saved.json" "$one"
rm "$out/m/matrix.txt"
expect 1 "$out/m/matrix.txt: cannot read" -- "$SIMTREF" compare --merge "$out/m" --out "$out/m-bad"
no_report "$out/m-bad"

# --- the figures are the points' --------------------------------------------------
# speedup over SBR = sbr cycles / harp cycles, per kernel; the geometric
# mean of the two coherent/divergent classes is each kernel's own.
cyc() { "$JSON_GET" "$out/m/$1.tiny.$2.mwf_lrr.cff.json" cycles; }
for k in vecadd nqueens; do
  want=$(awk -v s="$(cyc $k sbr)" -v h="$(cyc $k harp)" 'BEGIN { printf "%.3f", s / h }')
  row=$(sed -n '/^Speedup over SBR/,/^| all |/p' "$out/merged.md" | grep "| $k |")
  case $row in
    *"| $want |") ;;
    *) echo "FAIL: $k: speedup over SBR should be $want: $row"; fail=1 ;;
  esac
done
all=$(awk -v a="$(cyc vecadd sbr)" -v b="$(cyc vecadd harp)" -v c="$(cyc nqueens sbr)" \
  -v d="$(cyc nqueens harp)" 'BEGIN { printf "%.3f", sqrt((a / b) * (c / d)) }')
row=$(sed -n '/^Speedup over SBR/,/^| all |/p' "$out/merged.md" | grep "| all | geometric mean |")
case $row in
  *"| $all |") ;;
  *) echo "FAIL: the geometric mean of all kernels should be $all: $row"; fail=1 ;;
esac
# No scheduler but the configuration's: no speedup over LRR is made up.
grep -q "^Speedup over LRR" "$out/merged.md" \
  && { echo "FAIL: a speedup over LRR without lrr in the matrix"; fail=1; }

[ $fail -eq 0 ] && echo "compare command line: all checks passed"
exit $fail
