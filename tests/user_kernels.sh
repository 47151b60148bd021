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
#             fermi-harp, except sbr at fermi-harp, where a warp's lanes
#             take three cases: refused naming the PC and sbr's limit.
set -u
fail=0
src=$SRCDIR/tests/user-kernels
out=test-out/user-kernels
rm -rf "$out" && mkdir -p "$out" || exit 1
cc=${RISCV_CC:-riscv64-unknown-elf-gcc}
command -v "$cc" > /dev/null || { echo "SKIP: no $cc"; exit 77; }

for k in table switch; do
  if ! "$SIMTREF" kernel build "$src/$k.c" -o "$out/$k.elf" > "$out/$k.build" 2>&1; then
    echo "FAIL: simtref kernel build $k.c:"; cat "$out/$k.build"; exit 1
  fi
  if grep -qi "warning" "$out/$k.build"; then
    echo "FAIL: building $k.c warns:"; cat "$out/$k.build"; fail=1
  fi
done
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

for mode in sbr harp minpc ics-first; do
  run 0 tiny "$mode" "$out/table.elf"
  run 0 tiny "$mode" "$out/table-one-segment.elf"
  run 0 tiny "$mode" "$out/switch.elf"
done
for mode in harp minpc ics-first; do
  run 0 fermi-harp "$mode" "$out/switch.elf"
done
# The PC of the switch's jump, as objdump disassembles it: "jr".
jr=$(${RISCV_OBJDUMP:-riscv64-unknown-elf-objdump} -d "$out/switch.elf" |
  sed -n 's/^ *\([0-9a-f]*\):.*\tjr\t.*/\1/p' | head -n 1)
if [ -n "$jr" ]; then
  run 1 fermi-harp sbr "$out/switch.elf" \
    "jump to more than two targets from PC $(printf '0x%08x' "0x$jr")"
fi
run 1 fermi-harp sbr "$out/switch.elf" "the SBR stack splits a warp only two ways"

[ $fail -eq 0 ] && echo "user kernels: a constant table and a switch run under every mode"
exit $fail
