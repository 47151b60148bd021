#!/bin/sh
# disasm_objdump.sh -- rv32_disasm prints what riscv64-unknown-elf-objdump -d
# prints, on every word of every executable section.
#
#   disasm_objdump.sh [ELF...]
#
# With no argument the ELF is an object assembled here from every
# instruction form with edge operands plus random words (tests/tools/disasm_elf
# --forms; SEED picks the random words and is printed), and every kernel
# of the suite in $SIMTREF_KERNEL_ELF_DIR.  objdump's
# "<symbol+offset>" after a target and its "# ..." comments are dropped;
# the five SIMT words, which objdump prints as ".4byte", are mapped to
# their simt.* names (docs/isa.md).
set -eu

OBJDUMP=${RV_OBJDUMP:-riscv64-unknown-elf-objdump}
AS=${RV_AS:-riscv64-unknown-elf-as}
DRIVER=${DISASM_ELF:-./tests/tools/disasm_elf}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

if [ $# -eq 0 ]; then
    seed=${SEED:-$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}
    echo "disasm_objdump: seed $seed (replay: SEED=$seed $0)"
    "$DRIVER" --forms "$seed" 100000 > "$tmp/forms.S"
    "$AS" -march=rv32ima_zicsr -mabi=ilp32 -o "$tmp/forms.o" "$tmp/forms.S"
    set -- "$tmp/forms.o"
    # and every kernel of the suite, as make builds it
    if [ -n "${SIMTREF_KERNEL_ELF_DIR:-}" ]; then
        for k in "$SIMTREF_KERNEL_ELF_DIR"/*.elf; do
            [ -r "$k" ] && set -- "$@" "$k"
        done
        [ $# -gt 18 ] || { echo "disasm_objdump: the suite's kernels are missing in $SIMTREF_KERNEL_ELF_DIR" >&2; exit 1; }
    fi
fi

status=0
for elf in "$@"; do
    if [ ! -r "$elf" ]; then
        echo "disasm_objdump: $elf: cannot read" >&2
        exit 1
    fi
    "$OBJDUMP" -d -z --no-show-raw-insn "$elf" |
        sed -n 's/^ *\([0-9a-f][0-9a-f]*\):\t/\1:\t/p' |
        sed -e 's/ <[^>]*>//' -e 's/[[:space:]]*#.*$//' \
            -e 's/^\([0-9a-f]*:\t[^\t]*\)\t/\1 /' \
            -e 's/\.4byte 0xb$/simt.bar/' \
            -e 's/\.4byte 0x100b$/simt.exit/' \
            -e 's/\.4byte 0x200b$/simt.prio.raise/' \
            -e 's/\.4byte 0x300b$/simt.prio.lower/' \
            -e 's/\.4byte 0x400b$/simt.prio.setout/' > "$tmp/objdump.txt"
    "$DRIVER" "$elf" > "$tmp/disasm.txt"
    n=$(wc -l < "$tmp/objdump.txt")
    if [ "$n" -eq 0 ]; then
        echo "disasm_objdump: $elf: objdump printed no instruction" >&2
        exit 1
    fi
    if diff "$tmp/objdump.txt" "$tmp/disasm.txt" > "$tmp/diff"; then
        echo "disasm_objdump: $elf: $n words, all equal to objdump's"
    else
        echo "disasm_objdump: $elf: differs from objdump (< objdump, > rv32_disasm):" >&2
        head -n 40 "$tmp/diff" >&2
        echo "disasm_objdump: $(grep -c '^<' "$tmp/diff") of $n words differ" >&2
        status=1
    fi
done
exit $status
