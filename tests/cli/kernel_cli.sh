#!/bin/sh
# kernel_cli.sh -- simtref cfg and simtref kernel: the listing of a suite
# kernel, a Graphviz file that dot reads, a user's kernel built and
# loaded; and bad input -- a broken ELF file, a kernel that does not
# compile or has no 'kernel', bad options -- refused with a message, a
# non-zero exit and no output file.
set -u
fail=0
out=test-out/kernel-cli
rm -rf "$out" && mkdir -p "$out" || exit 1
. "$SRCDIR/tests/lib.sh"

absent() {
  if [ -e "$1" ] || [ -e "$1.tmp" ]; then echo "FAIL: $1 was left behind"; fail=1; fi
}

# A suite kernel: every conditional branch of the kernel is listed with
# a re-convergence PC inside the text or at the exit.
"$SIMTREF" cfg kernels/nested.elf --levels 3 --dot "$out/nested.dot" \
  > "$out/cfg" 2> "$out/stderr" || { echo "FAIL: simtref cfg nested.elf"; cat "$out/stderr"; fail=1; }
n=$(${RISCV_OBJDUMP:-riscv64-unknown-elf-objdump} -d -M no-aliases kernels/nested.elf |
    grep -cE '	b(eq|ne|lt|ge|ltu|geu)	')
listed=$(grep -cE '^0x[0-9a-f]{8}  b' "$out/cfg")
[ "$n" -gt 0 ] && [ "$n" -eq "$listed" ] ||
  { echo "FAIL: objdump shows $n conditional branches, simtref cfg lists $listed"; fail=1; }
grep -q 'deepest ICS-First level [0-2] (of 3 levels)' "$out/cfg" ||
  { echo "FAIL: with 3 levels a thread goes above level 2:"; sed -n 2p "$out/cfg"; fail=1; }
if command -v dot > /dev/null 2>&1; then
  dot -Tsvg "$out/nested.dot" -o "$out/nested.svg" ||
    { echo "FAIL: dot does not read the --dot file"; fail=1; }
fi

# A user's kernel, built and loaded.
cat > "$out/mine.c" <<'K'
#include "simt.h"
struct mine_args { uint32_t n, x; };
void kernel(const void *args)
{
    const struct mine_args *p = args;
    int32_t *x = SIMT_PTR(int32_t, p->x);
    for (uint32_t i = simt_global_id(); i < p->n; i += simt_global_threads())
        x[i] = x[i] & 1 ? 3 * x[i] + 1 : x[i] / 2;
}
K
"$SIMTREF" kernel build "$out/mine.c" > "$out/stdout" 2> "$out/stderr" &&
  "$SIMTREF" cfg "$out/mine.elf" > /dev/null ||
  { echo "FAIL: simtref kernel build mine.c"; cat "$out/stderr"; fail=1; }

# A user's compiler flags reach the compiler, after the suite's: by
# --cflags (split at spaces) and after "--" (one flag an argument).
cat > "$out/flags.c" <<'K'
#include "simt.h"
#if !defined(SCALE) || !defined(OFFSET)
#error "build with -DSCALE=N -DOFFSET=N"
#endif
void kernel(const void *args)
{
    int32_t *x = SIMT_PTR(int32_t, *(const uint32_t *)args);
    x[simt_global_id()] = SCALE * x[simt_global_id()] + OFFSET;
}
K
expect 1 "build with -DSCALE=N" -- "$SIMTREF" kernel build "$out/flags.c"
absent "$out/flags.elf"
"$SIMTREF" kernel build "$out/flags.c" --cflags '-DSCALE=3 -DOFFSET=1' > "$out/stdout" 2> "$out/stderr" &&
  [ -f "$out/flags.elf" ] || { echo "FAIL: kernel build --cflags"; cat "$out/stderr"; fail=1; }
rm -f "$out/flags.elf"
"$SIMTREF" kernel build "$out/flags.c" -o "$out/flags2.elf" -- -DSCALE=3 '-DOFFSET=(1 + 1)' \
  > "$out/stdout" 2> "$out/stderr" && [ -f "$out/flags2.elf" ] ||
  { echo "FAIL: kernel build -- FLAGS"; cat "$out/stderr"; fail=1; }

# simtref disasm: a label per function and a line per word of the text,
# as many as objdump shows.
"$SIMTREF" disasm kernels/vecadd.elf > "$out/disasm" 2> "$out/stderr" \
  || { echo "FAIL: simtref disasm kernels/vecadd.elf"; cat "$out/stderr"; fail=1; }
n_ours=$(grep -c '^ *[0-9a-f]*:	' "$out/disasm")
n_objdump=$("${RISCV_OBJDUMP:-riscv64-unknown-elf-objdump}" -d kernels/vecadd.elf | grep -c '^ *[0-9a-f]*:	')
[ "$n_ours" -gt 0 ] && [ "$n_ours" = "$n_objdump" ] && grep -q '^00010010 <kernel>:' "$out/disasm" \
  || { echo "FAIL: simtref disasm gave $n_ours instructions, objdump $n_objdump"; fail=1; }

# Bad input.
printf 'not a kernel\n' > "$out/text.elf"
expect 1 "$out/text.elf: not an ELF file" -- "$SIMTREF" cfg "$out/text.elf" --dot "$out/bad.dot"
absent "$out/bad.dot"
expect 1 "no symbol 'kernel'" -- "$SIMTREF" cfg tests/data/bad-elf/no-kernel.elf
printf 'void kernel(const void *a) { (void)a; no_such_variable = 1; }\n' > "$out/broken.c"
expect 1 "broken.c: the kernel did not build" -- "$SIMTREF" kernel build "$out/broken.c"
absent "$out/broken.elf"
printf 'void other(void);\nvoid other(void) {}\n' > "$out/nokernel.c"
expect 1 "undefined reference to \`kernel'" -- "$SIMTREF" kernel build "$out/nokernel.c"
absent "$out/nokernel.elf"
expect 2 "--levels '0': not an integer from 1 to 32" -- "$SIMTREF" cfg kernels/nested.elf --levels 0
expect 2 "no kernel: give KERNEL.elf" -- "$SIMTREF" cfg
expect 2 "does not end in .c" -- "$SIMTREF" kernel build "$out/mine.txt"
expect 2 "unknown subcommand" -- "$SIMTREF" kernel run x.c
expect 1 "$out/text.elf: not an ELF file" -- "$SIMTREF" disasm "$out/text.elf"
expect 2 "no kernel: give KERNEL.elf" -- "$SIMTREF" disasm
exit $fail
