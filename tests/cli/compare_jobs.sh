#!/bin/sh
# compare_jobs.sh -- a matrix farmed out: the commands `simtref compare
# --emit-jobs` writes, one per point, run by GNU parallel, and merged with
# --merge, give the same tables as `simtref compare` running the same
# matrix itself; with a swept key too (a column per value).  The matrix is
# small: four kernels at tiny, two modes, two schedulers.
set -u
fail=0
out=test-out/compare-jobs
rm -rf "$out" && mkdir -p "$out" || exit 1
PARALLEL=${PARALLEL:-parallel}
command -v "$PARALLEL" > /dev/null \
  || { echo "FAIL: GNU parallel ($PARALLEL) is not installed (Debian: parallel)"; exit 1; }
jobs=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)

# farm NAME OPTIONS...: emit, run with parallel, merge; then compare runs
# the same matrix; the two tables must be equal.
farm() {
  name=$1; shift
  "$SIMTREF" compare "$@" --emit-jobs "$out/$name-jobs" > "$out/$name.jobs" \
    2> "$out/$name.emit.err" \
    || { echo "FAIL: $name: --emit-jobs"; cat "$out/$name.emit.err"; fail=1; return; }
  points=$(grep -c '^point ' "$out/$name-jobs/matrix.txt")
  lines=$(grep -c . "$out/$name.jobs")
  if [ "$points" -ne "$lines" ] || [ "$lines" -lt 4 ]; then
    echo "FAIL: $name: $lines commands for $points points"; fail=1; return
  fi
  "$PARALLEL" --will-cite --halt now,fail=1 -j "$jobs" < "$out/$name.jobs" \
    > "$out/$name.parallel.out" 2>&1 \
    || { echo "FAIL: $name: a job failed under parallel"; cat "$out/$name.parallel.out"; fail=1; return; }
  "$SIMTREF" compare --merge "$out/$name-jobs" --out "$out/$name-merged" \
    > "$out/$name.merged.md" 2> "$out/$name.merge.err" \
    || { echo "FAIL: $name: --merge"; cat "$out/$name.merge.err"; fail=1; return; }
  "$SIMTREF" compare "$@" --out "$out/$name-run" > "$out/$name.run.md" \
    2> "$out/$name.run.err" \
    || { echo "FAIL: $name: compare"; cat "$out/$name.run.err"; fail=1; return; }
  if ! diff -u "$out/$name.run.md" "$out/$name.merged.md" > "$out/$name.diff"; then
    echo "FAIL: $name: the merged table differs from the one compare prints:"
    sed 's/^/    /' "$out/$name.diff"; fail=1
  fi
  for f in compare.md compare.csv compare.json; do
    cmp -s "$out/$name-run/$f" "$out/$name-merged/$f" \
      || { echo "FAIL: $name: $f differs between the run and the merge"; fail=1; }
  done
  echo "$name: $points points by parallel, merged: the same tables"
}

small="--preset tiny --block 8 --kernels vecadd,nqueens,scalarprod,nested --modes sbr,harp"
farm matrix $small --schedulers lrr,gto
grep -q "^| all | geometric mean |" "$out/matrix.merged.md" \
  && grep -q "^Speedup over SBR" "$out/matrix.merged.md" \
  && grep -q "^Speedup over LRR" "$out/matrix.merged.md" \
  || { echo "FAIL: the tables of IPC and of both speedups are not all there"; fail=1; }
for png in speedup-over-sbr-harp.png ipc-over-lrr-tiny.png; do
  [ -s "$out/matrix-merged/$png" ] || { echo "FAIL: no plot $png"; fail=1; }
done

farm sweep $small --sweep ibuffer_slots=1,2
head -n 12 "$out/sweep.merged.md" | grep -q "| ibuffer_slots=1 sbr | ibuffer_slots=1 harp | ibuffer_slots=2 sbr | ibuffer_slots=2 harp |" \
  || { echo "FAIL: the sweep's values are not columns:"; head -n 12 "$out/sweep.merged.md"; fail=1; }

exit $fail
