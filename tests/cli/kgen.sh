#!/bin/sh
# kgen.sh -- KGEN_COUNT (default 200) random valid SIMT kernels from
# KGEN_SEED (default 1) end with the same global memory under sbr, harp,
# minpc and ics-first, each with a (scheduler, fetch) pair drawn from the
# seed, as under qemu-riscv32 run thread by thread (tests/tools/kgen_check.c,
# docs/kgen.md).  The seeds are split over KGEN_JOBS (default 2)
# processes; KGEN_CFLAGS adds compiler flags.  Any mismatch, error, hang
# or build failure fails the test; each is printed with the command that
# replays it, and the program is kept in test-out/kgen/fail.  Then a deliberately wrong qemu variant
# must fail the check.
set -u
check=${KGEN_CHECK:-./tests/tools/kgen_check}
seed=${KGEN_SEED:-1}
count=${KGEN_COUNT:-200}
jobs=${KGEN_JOBS:-2}
out=test-out/kgen
rm -rf "$out" && mkdir -p "$out" || exit 1
command -v "${QEMU_RISCV32:-qemu-riscv32}" > /dev/null 2>&1 ||
  { echo "FAIL: qemu-riscv32 not found"; exit 1; }

# KGEN_CFLAGS: more compiler flags for every program (kgen_check --cflag)
set --
for f in ${KGEN_CFLAGS:-}; do
  set -- "$@" --cflag "$f"
done

per=$(( (count + jobs - 1) / jobs ))
pids=
j=0
while [ "$j" -lt "$jobs" ]; do
  s=$(( seed + j * per ))
  n=$per
  [ $(( j * per + n )) -gt "$count" ] && n=$(( count - j * per ))
  if [ "$n" -gt 0 ]; then
    "$check" --seed "$s" --count "$n" --quiet --keep "$out/fail" "$@" \
      > "$out/job$j" 2>&1 &
    pids="$pids $!"
  fi
  j=$(( j + 1 ))
done
fail=0
for p in $pids; do
  wait "$p" || fail=1
done
cat "$out"/job*
grep -h '^kgen_check: seeds' "$out"/job* > "$out/summary"
n=$(awk '{ s += $6 } END { print s + 0 }' "$out/summary")
echo "kgen: $n of $count programs checked from seed $seed"
[ "$n" -eq "$count" ] || { echo "FAIL: not every program was checked"; fail=1; }
if [ "$fail" -ne 0 ]; then
  # the failures by mode and kind, numbers left out
  echo "the failing runs by mode and kind:"
  grep -h '^FAIL' "$out"/job* |
    sed -E 's/^FAIL seed [0-9]+ mode ([a-z-]+) scheduler [a-z_]+ fetch [a-z]+: /\1: /;
            s/^FAIL seed [0-9]+: /build or qemu: /; s/kgen-[0-9]+/kgen-N/g;
            s/0x[0-9a-f]+/X/g; s/[0-9]+/N/g; s/(warps( N)+)/warps N/g; s/words? differ/words differ/' |
    cut -c1-200 | sort | uniq -c | sort -rn
  echo "FAIL: $(grep -hc '^FAIL' "$out"/job* | awk '{ s += $1 } END { print s + 0 }') failing runs;" \
       "replay one with the command printed under it"
fi

# The check itself is checked: a qemu variant whose lane index is wrong
# (kgen_qemu.h, KGEN_QEMU_WRONG_LANE) must be caught as a memory mismatch
# in every mode, on a program with no feature that a known bug touches.
if "$check" --seed 1 --count 1 --no-exits --no-lrsc --no-switches \
     --cflag -DKGEN_QEMU_WRONG_LANE --keep "$out/wrong" > "$out/wrong.log" 2>&1; then
  echo "FAIL: a wrong qemu variant passed the check"; fail=1
elif [ "$(grep -c "^FAIL seed 1 mode .*global memory differs from qemu's" "$out/wrong.log")" -ne 4 ]; then
  echo "FAIL: the wrong qemu variant was not caught in all four modes:"
  cat "$out/wrong.log"; fail=1
else
  echo "a wrong qemu variant is caught in every mode: $(grep -m1 '^FAIL' "$out/wrong.log")"
fi
exit $fail
