#!/bin/sh
# user_kernels.sh -- kernels written the way a user writes them, built
# with `simtref kernel build` and run as files outside the suite (each
# checks its own results and stops the run with an access outside memory
# when one is wrong):
#   table.c   a few instructions and a 1.6 KB constant table: runs at tiny
#             (pc_bits counts instructions, not constants), built with
#             kernels/link.ld without the linker's RWX warning, and with
#             a link script that puts everything in one segment;
#   switch.c  a switch compiled to a jump table, its cases taken by the
#             threads of a TB six ways, then a barrier: runs under every
#             mode at tiny (two-thread warps: two cases per warp) and
#             fermi-harp, where a warp's lanes take three or more cases,
#             which sbr serializes a target at a time;
#   fnptr.c   calls through a table of function pointers in divergent
#             code: with a function per thread (a warp's lanes call two
#             to four functions from one jump) it runs under harp, minpc
#             and ics-first and sbr refuses it; with a function per warp
#             (fnptr-warp.elf) it runs under every mode.
set -u
fail=0
src=$SRCDIR/tests/data/user-kernels
out=test-out/user-kernels
rm -rf "$out" && mkdir -p "$out" || exit 1
cc=${RISCV_CC:-riscv64-unknown-elf-gcc}
command -v "$cc" > /dev/null || { echo "SKIP: no $cc"; exit 77; }

# build NAME SOURCE [FLAGS]: $out/NAME.elf from $src/SOURCE.c.
build() {
  name=$1 k=$2 flags=${3:-}
  if ! "$SIMTREF" kernel build "$src/$k.c" -o "$out/$name.elf" \
         ${flags:+--cflags "$flags"} > "$out/$name.build" 2>&1; then
    echo "FAIL: simtref kernel build $k.c $flags:"; cat "$out/$name.build"; exit 1
  fi
  if grep -qi "warning" "$out/$name.build"; then
    echo "FAIL: building $k.c $flags warns:"; cat "$out/$name.build"; fail=1
  fi
}
build table table
build switch switch
build fnptr fnptr
build fnptr-warp fnptr -DFNPTR_PER_WARP=1
"$cc" -march=rv32ima_zicsr -mabi=ilp32 -O2 -ffreestanding -nostdlib \
  -Wl,--no-warn-rwx-segments -I"$SRCDIR/kernels" -T "$src/one-segment.ld" \
  -o "$out/table-one-segment.elf" "$SRCDIR/kernels/crt0.S" "$src/table.c" || exit 1

# run STATUS PRESET MODE FILE [SUBSTRING]: sim exits with STATUS; its
# stderr contains SUBSTRING.
run() {
  want=$1 preset=$2 mode=$3 file=$4 text=${5:-}
  "$SIMTREF" sim --kernel "$file" --preset "$preset" --grid 1 --block 8 \
    --set reconvergence="$mode" --check-invariants > "$out/stdout" 2> "$out/stderr"
  rc=$?
  if [ $rc -ne "$want" ] || { [ -n "$text" ] && ! grep -qF -- "$text" "$out/stderr"; }; then
    echo "FAIL: $(basename "$file") at $preset under $mode exited $rc (want $want), stderr:"
    sed 's/^/    /' "$out/stderr"
    [ -n "$text" ] && echo "    expected to contain: $text"
    fail=1
  fi
}

# the modes, from the tool (tiny and fermi-harp run every one)
modes=$("$SIMTREF" config --modes) && [ -n "$modes" ] \
  || { echo "FAIL: simtref config --modes listed no mode"; exit 1; }
for mode in $modes; do
  run 0 tiny "$mode" "$out/table.elf"
  run 0 tiny "$mode" "$out/table-one-segment.elf"
  run 0 tiny "$mode" "$out/switch.elf"
done
for mode in $modes; do
  run 0 fermi-harp "$mode" "$out/switch.elf"
done
for preset in tiny fermi-harp; do
  for mode in $modes; do    # every mode but sbr, which refuses it
    [ "$mode" = sbr ] || run 0 "$preset" "$mode" "$out/fnptr.elf"
  done
  run 1 "$preset" sbr "$out/fnptr.elf" "the SBR stack"
  for mode in $modes; do
    run 0 "$preset" "$mode" "$out/fnptr-warp.elf"
  done
done
# Under sbr at fermi-harp a warp's lanes take three or more cases: the
# jump is executed once per target, by the lanes of that target (the
# trace shows the switch's "jr" issued more often than the warps that
# reach it, each time with a part of the warp).
"$SIMTREF" sim --kernel "$out/switch.elf" --preset fermi-harp --grid 1 \
  --block 32 --set reconvergence=sbr --trace "$out/sbr.trace" > /dev/null 2>&1
jrs=$(grep -c ' jr a[0-9]' "$out/sbr.trace")
warps=$(grep ' jr a[0-9]' "$out/sbr.trace" | awk '{print $3}' | sort -u | wc -l)
if [ "$jrs" -le "$warps" ]; then
  echo "FAIL: under sbr the switch's jump issued $jrs times for $warps warps (no serialized targets)"
  fail=1
fi
[ $fail -eq 0 ] && echo "user kernels: a constant table, a switch and calls through function pointers run under every mode"
exit $fail
