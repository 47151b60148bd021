#!/bin/sh
# sim_bad_input.sh -- `simtref sim` on bad input: each gets a clear message
# naming what is wrong (kernel, PC, thread, address, TB, warps) and a
# non-zero exit.  Input refused before the run leaves no trace or JSON
# file; a run that fails leaves both whole: the trace of every
# warp-instruction up to the failure and a last line naming the error,
# the JSON with the error and the counts so far.  The bad kernels are
# built here from tests/data/sim-bad/*.S with the RISC-V compiler.
set -u
fail=0
out=test-out/sim-bad
rm -rf "$out" && mkdir -p "$out" || exit 1
. "$SRCDIR/tests/lib.sh"
# No failing run leaves a trace or a JSON file.
expect_more() {
  if ls "$out" | grep -q -e '^trace' -e '^json'; then
    echo "FAIL: '$*' left an output file:"; ls "$out" | grep -e '^trace' -e '^json'
    rm -f "$out"/trace* "$out"/json*
    fail=1
  fi
}
cc=${RISCV_CC:-riscv64-unknown-elf-gcc}
command -v "$cc" > /dev/null || { echo "SKIP: no $cc"; exit 77; }

for k in illegal misaligned outside barrier forever leave spin yield; do
  "$cc" -march=rv32im_zicsr -mabi=ilp32 -nostdlib -ffreestanding \
    -T "$SRCDIR/kernels/link.ld" -Wl,--no-relax -I"$SRCDIR/tests/data/sim-bad" \
    -o "$out/$k.elf" "$SRCDIR/tests/data/sim-bad/$k.S" || exit 1
done
printf 'not an ELF file\n' > "$out/text.elf"

json_get=${JSON_GET:-tests/tools/json_get}

# failed_run SUBSTRING -- command...: the run fails (status 1) with
# SUBSTRING on stderr, and leaves the trace and the JSON ($files) whole,
# each ending in the error.
failed_run() {
  text=$1; shift 2
  "$@" > "$out/stdout" 2> "$out/stderr"
  rc=$?
  err=$(sed -n 's/^simtref sim: //p' "$out/stderr" | head -n 1)
  if [ $rc -ne 1 ] || ! grep -qF -- "$text" "$out/stderr"; then
    echo "FAIL: '$*' exited $rc (want 1), stderr:"; sed 's/^/    /' "$out/stderr"
    echo "    expected to contain: $text"
    fail=1
  elif [ ! -f "$out/trace" ] ||
       [ "$(grep '^error: ' "$out/trace" | head -n 1)" != "error: $err" ] ||
       [ "$(sed '1,/^error: /d' "$out/trace" | grep -vc '^error: ')" -ne 0 ]; then
    echo "FAIL: '$*' left no trace ending in 'error: $err' and its error lines:"
    tail -n 2 "$out/trace" 2>&1 | sed 's/^/    /'
    fail=1
  elif [ "$(grep -c '^[0-9]* s[0-9]* w[0-9]* ' "$out/trace")" -lt 1 ]; then
    echo "FAIL: '$*': the trace holds no warp-instruction"; fail=1
  elif [ "$("$json_get" "$out/json" result)" != '"error"' ] ||
       ! "$json_get" "$out/json" error | grep -qF -- "$text" ||
       [ -z "$("$json_get" "$out/json" cycles)" ]; then
    echo "FAIL: '$*': the JSON does not hold the error and the counts:"
    sed 's/^/    /' "$out/json"
    fail=1
  fi
  if ls "$out" | grep -q -e '\.tmp-'; then
    echo "FAIL: '$*' left a temporary file:"; ls "$out" | grep -e '\.tmp-'
    fail=1
  fi
  rm -f "$out"/trace* "$out"/json*
}


files="--trace $out/trace --json $out/json"
modes=$("$SIMTREF" config --modes --preset tiny) && [ -n "$modes" ] \
  || { echo "FAIL: simtref config --modes --preset tiny listed no mode"; exit 1; }
for mode in $modes; do
  sim="$SIMTREF sim $files --preset tiny --set reconvergence=$mode"
  failed_run "illegal instruction 0xffffffff (.4byte 0xffffffff)" -- $sim --kernel "$out/illegal.elf" --grid 1 --block 2
  failed_run "kernel $out/illegal.elf: thread 0 of TB 0 (warp 0, lane 0) at PC 0x0001000c: illegal" -- $sim --kernel "$out/illegal.elf" --grid 1 --block 2
  failed_run "kernel $out/misaligned.elf: thread 0 of TB 0 (warp 0, lane 0) at PC 0x00010008: misaligned access to 0x10000002 (lw)" -- \
    $sim --kernel "$out/misaligned.elf" --grid 1 --block 1
  failed_run "kernel $out/outside.elf: thread 0 of TB 0 (warp 0, lane 0) at PC 0x00010008: access to 0x00000040 outside memory (sw)" -- \
    $sim --kernel "$out/outside.elf" --grid 1 --block 1
  # a barrier that the other warp skips for the next one
  failed_run "the barrier of TB 0 cannot complete: its live threads wait at different barriers (warp 0 lanes 0x3 at PC 0x00010018, warp 1 lanes 0x3 at PC 0x00010020)" -- \
    $sim --kernel "$out/barrier.elf" --grid 1 --block 4
  # ... that the other lane of the warp skips: under sbr the barrier is in
  # divergent code; under harp the lane waits to re-converge with it
  case $mode in
    sbr)  skip="warp 0 of TB 0 reaches the barrier at PC 0x00010018 with lanes 0x1 of its live lanes 0x3" ;;
    harp) skip="the barrier of TB 0 cannot complete: threads wait at it while others of their warps wait to re-converge with them" ;;
    *)    skip="the barrier of TB 0 cannot complete: its live threads wait at different barriers (warp 0 lanes 0x1 at PC 0x00010018, warp 0 lanes 0x2 at PC 0x00010020)" ;;
  esac
  failed_run "$skip" -- $sim --kernel "$out/barrier.elf" --grid 1 --block 2
  # a warp that exited does not hold the barrier of the live ones
  if ! $SIMTREF sim --preset tiny --set reconvergence=$mode --kernel "$out/leave.elf" \
       --grid 1 --block 4 > "$out/stdout" 2> "$out/stderr"; then
    echo "FAIL: under $mode the exited warp holds the barrier:"; sed 's/^/    /' "$out/stderr"; fail=1
  fi
  # threads that exit on the other side of the branch whose one side meets
  # at a barrier (sbr: the barrier side yields to its sibling entry)
  if ! $SIMTREF sim --preset tiny --set reconvergence=$mode --kernel "$out/yield.elf" \
       --grid 2 --block 4 --check-invariants > "$out/stdout" 2> "$out/stderr"; then
    echo "FAIL: under $mode the barrier beside exiting threads fails:"; sed 's/^/    /' "$out/stderr"; fail=1
  fi
  failed_run "not done after the limit of 1000 cycles (0 of 1 TBs finished): TB 0 warps 0 at PC 0x00010008 (j 10008) running" -- \
    $sim --kernel "$out/forever.elf" --grid 1 --block 1 --max-cycles 1000
  # under harp the spinning threads are named with their table
  where=; [ $mode = harp ] && where=", in First-Level"
  failed_run "TB 0 warps 0 at PC 0x00010014 (j 10014) running (an endless loop, or spinning on a lock or a flag)$where; TB 0 warps 1 at PC 0x00010018 (simt.bar) waiting at the TB barrier" -- \
    $sim --kernel "$out/spin.elf" --grid 1 --block 4 --max-cycles 1000
done
expect 1 "$out/text.elf" -- $sim --kernel "$out/text.elf"
expect 1 "$out/none.elf" -- $sim --kernel "$out/none.elf"
expect 2 "--grid '0': not an integer from 1 to 65535" -- $sim --kernel "$out/forever.elf" --grid 0
expect 2 "--grid '-3': not an integer from 1 to 65535" -- $sim --kernel "$out/forever.elf" --grid -3
expect 2 "--block '2x': not an integer from 1 to 1024" -- $sim --kernel "$out/forever.elf" --block 2x
expect 2 "--block '1025': not an integer from 1 to 1024" -- $sim --kernel "$out/forever.elf" --block 1025
expect 2 "--size '': not an integer" -- $sim --kernel "$out/forever.elf" --size ""
expect 2 "--size '99999999999999999999': not an integer" -- $sim --kernel "$out/forever.elf" --size 99999999999999999999
expect 2 "option '--grid' needs a value" -- $sim --kernel "$out/forever.elf" --grid
expect 2 "sim needs --kernel" -- $SIMTREF sim $files --preset tiny
expect 1 "a TB of 9 threads needs 5 warps of 2" -- $sim --kernel "$out/forever.elf" --block 9
expect 1 "--set reconvergence=simd" -- $SIMTREF sim $files --preset tiny --set reconvergence=simd --kernel "$out/forever.elf"
exit $fail
