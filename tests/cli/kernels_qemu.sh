#!/bin/sh
# kernels_qemu.sh -- every kernel of the suite, run single-threaded under
# qemu-riscv32 (kernels/qemu/NAME.elf, one thread per TB), gives the
# result of its host reference: at its default size, grid and seed, and
# again on three TBs with another seed.  Then the check itself is
# checked: a vecadd with an off-by-one must be caught, naming c[n-1].
set -u
run=./kernels/qemu/run
qemu=${QEMU_RISCV32:-qemu-riscv32}
out=test-out/kernels-qemu
rm -rf "$out" && mkdir -p "$out" || exit 1
kernels=$("$run" --list) || exit 1
fail=0

# shellcheck disable=SC2086
"$run" --qemu "$qemu" $kernels > "$out/default" 2>&1 || fail=1
# shellcheck disable=SC2086
"$run" --qemu "$qemu" --grid 3 --seed 7 $kernels > "$out/grid3" 2>&1 || fail=1
cat "$out/default" "$out/grid3"
n=$(grep -c '^ok ' "$out/default")
echo "$n kernels checked at their defaults, $(grep -c '^ok ' "$out/grid3") on 3 TBs"
[ "$n" -ge 18 ] || { echo "FAIL: fewer than 18 kernels"; fail=1; }

if "$run" --qemu "$qemu" --dir tests/data/bad-kernels/qemu --size 100 vecadd \
     > "$out/bad" 2>&1; then
  echo "FAIL: the off-by-one vecadd passed the check"; fail=1
elif ! grep -q 'c\[99\] at 0x.* is 0, the host reference gives' "$out/bad"; then
  echo "FAIL: the off-by-one vecadd failed, but not on c[99]:"; cat "$out/bad"; fail=1
else
  echo "the off-by-one vecadd is caught: $(cat "$out/bad")"
fi

# Kernels built by clang give the same results (clang 14 takes rv32ima
# and reads csrr without naming zicsr); gcc links them with the same
# start code and linker script.
clang=${CLANG:-clang}
cc=${RISCV_CC:-riscv64-unknown-elf-gcc}
if command -v "$clang" > /dev/null 2>&1; then
  mkdir -p "$out/clang"
  for k in nested collange deepcall bfs mergesort; do
    "$clang" --target=riscv32 -march=rv32ima -mabi=ilp32 -O2 -ffreestanding \
      -nostdlib -mno-relax -DSIMT_SINGLE_THREAD -I"$SRCDIR/kernels" \
      -c "$SRCDIR/kernels/$k.c" -o "$out/clang/$k.o" &&
    "$cc" -march=rv32ima_zicsr -mabi=ilp32 -O2 -ffreestanding -nostdlib \
      -DSIMT_SINGLE_THREAD -I"$SRCDIR/kernels" \
      -I"$SRCDIR/kernels/qemu" -T "$SRCDIR/kernels/qemu/link.ld" \
      -o "$out/clang/$k.elf" "$SRCDIR/kernels/qemu/crt0.S" \
      "$SRCDIR/kernels/qemu/start.c" "$out/clang/$k.o" ||
      { echo "FAIL: clang did not build $k"; fail=1; }
  done
  "$run" --qemu "$qemu" --dir "$out/clang" nested collange deepcall bfs mergesort \
    > "$out/clang/run" 2>&1 || fail=1
  sed 's/^/clang: /' "$out/clang/run"
else
  echo "clang not found: the clang-built kernels are not checked"
fi

# Bad sizes and grids are refused by the host side, naming the kernel.
bad() {  # expected-message run-arguments...
  want=$1; shift
  if "$run" --qemu "$qemu" "$@" > "$out/badarg" 2>&1; then
    echo "FAIL: run $* was accepted"; fail=1
  elif ! grep -q "$want" "$out/badarg"; then
    echo "FAIL: run $*: expected '$want', got:"; cat "$out/badarg"; fail=1
  else
    echo "refused as it should be: $(cat "$out/badarg")"
  fi
}
bad 'kernel mergesort: size 100: the segment length must be a power of two' --size 100 mergesort
bad 'kernel nqueens: size 13: the board side must be 4 .. 12' --size 13 nqueens
bad 'kernel tiledmm: size 20: the matrix side must be a multiple of the tile' --size 20 tiledmm
bad 'kernel vecadd: grid 0: give 1 .. 65536 TBs' --grid 0 vecadd
exit $fail
