#!/bin/sh
# sim_buffers.sh -- a user's kernel run and checked from the shell, with
# no C of the host's: examples/saxpy_kernel.c built with `simtref kernel
# build`, its buffers given to `simtref sim` from a file and from seeded
# random values, its argument block as numbers and buffer addresses, and
# its result written back (--out) and compared here with awk's y = a x +
# y; the same --seed gives the same random buffer, another seed another;
# a kernel whose threads exit with a non-zero code ends with exit status
# 3, the codes in the JSON and its buffers still written out; and bad
# uses (--size or a useless --seed for a user's file, --buffer for a
# suite kernel, a bad word in a buffer file named by file and line, an
# unknown buffer) are refused before the run, leaving no file.
set -u
fail=0
out=test-out/sim-buffers
rm -rf "$out" && mkdir -p "$out" || exit 1
. "$SRCDIR/tests/lib.sh"
cc=${RISCV_CC:-riscv64-unknown-elf-gcc}
command -v "$cc" > /dev/null || { echo "SKIP: no $cc"; exit 77; }

"$SIMTREF" kernel build "$SRCDIR/examples/saxpy_kernel.c" -o "$out/saxpy.elf" \
  > /dev/null || exit 1
"$cc" -march=rv32im_zicsr -mabi=ilp32 -nostdlib -ffreestanding \
  -T "$SRCDIR/kernels/link.ld" -Wl,--no-relax -I"$SRCDIR/tests/data/sim-semantics" \
  -o "$out/exitcode.elf" "$SRCDIR/tests/data/sim-semantics/exitcode.S" || exit 1

n=300
# x: one word a line, some in hex, a comment; xd.txt: the same in decimal
{ echo "# x for saxpy"; i=0; while [ $i -lt $n ]; do
    if [ $((i % 7)) -eq 0 ]; then printf '0x%x\n' $((i * 3)); else echo $((i * 3 - 50)); fi
    i=$((i + 1)); done; } > "$out/x.txt"
i=0; while [ $i -lt $n ]; do
  if [ $((i % 7)) -eq 0 ]; then echo $((i * 3)); else echo $((i * 3 - 50)); fi
  i=$((i + 1)); done > "$out/xd.txt"

for p in tiny fermi-harp; do
  rm -f "$out/y.txt" "$out/y0.txt"
  sim="$SIMTREF sim --kernel $out/saxpy.elf --preset $p --grid 3 --block 8 --check-invariants"
  if ! $sim --buffer x=file:$out/x.txt --buffer y=random:$n:-1000:1000 --seed 5 \
       --arg $n --arg -7 --arg @x --arg @y --out y=$out/y.txt --out x=$out/x-back.txt \
       --json "$out/run.json" > "$out/stdout" 2> "$out/stderr"; then
    echo "FAIL: saxpy at $p:"; cat "$out/stderr"; fail=1; continue
  fi
  # y before the run: the same random buffer, written back by a kernel
  # that does not touch it (no --arg: a0 is the block of buffer addresses)
  $SIMTREF sim --kernel "$out/exitcode.elf" --preset $p --grid 1 --block 4 \
    --buffer out=zeros:4 --buffer x=file:$out/x.txt --buffer y=random:$n:-1000:1000 \
    --seed 5 --out y=$out/y0.txt > /dev/null 2>&1
  [ $? -eq 3 ] || { echo "FAIL: exitcode.elf did not exit with status 3"; fail=1; }
  # x came back as it went in, as signed decimals
  cmp -s "$out/xd.txt" "$out/x-back.txt" \
    || { echo "FAIL: buffer x written back at $p is not x.txt"; fail=1; }
  # y = -7 x + y0, checked here
  bad=$(paste "$out/xd.txt" "$out/y0.txt" "$out/y.txt" \
    | awk '!bad && $3 != -7 * $1 + $2 { bad = "y[" NR - 1 "] is not -7 x + y (x, y, new y: " $0 ")" }
           END { if (!bad && NR != '$n') bad = NR " lines, not '$n'"; print bad }')
  [ -z "$bad" ] || { echo "FAIL: saxpy at $p: $bad"; fail=1; }
  grep -q '"exit_codes": {"nonzero_threads": 0, "first": \[\]}' "$out/run.json" \
    && grep -q '"result": "not checked"' "$out/run.json" \
    || { echo "FAIL: saxpy's JSON at $p:"; cat "$out/run.json"; fail=1; }
  grep -q '^  buffer y  *300 words at 0x' "$out/stdout" \
    || { echo "FAIL: the summary does not list buffer y"; cat "$out/stdout"; fail=1; }
done

# another seed, another random buffer; the same seed, the same
"$SIMTREF" sim --kernel "$out/exitcode.elf" --preset tiny --block 4 \
  --buffer out=zeros:4 --buffer r=random:64 --seed 6 --out r=$out/r6.txt > /dev/null 2>&1
"$SIMTREF" sim --kernel "$out/exitcode.elf" --preset tiny --block 4 \
  --buffer out=zeros:4 --buffer r=random:64 --seed 6 --out r=$out/r6b.txt > /dev/null 2>&1
"$SIMTREF" sim --kernel "$out/exitcode.elf" --preset tiny --block 4 \
  --buffer out=zeros:4 --buffer r=random:64 --seed 7 --out r=$out/r7.txt > /dev/null 2>&1
cmp -s "$out/r6.txt" "$out/r6b.txt" && ! cmp -s "$out/r6.txt" "$out/r7.txt" \
  && [ "$(sort -u "$out/r6.txt" | wc -l)" -gt 60 ] \
  || { echo "FAIL: random buffers do not follow --seed"; fail=1; }

# the exit codes: status 3, the JSON names the threads, out written whole
rm -f "$out/ex.json" "$out/ex.txt"
"$SIMTREF" sim --kernel "$out/exitcode.elf" --preset tiny --grid 1 --block 4 \
  --arg 0 --arg 0 --arg 0 --arg 0 --out args=$out/ex.txt --json "$out/ex.json" \
  > /dev/null 2> "$out/ex.err"
rc=$?
[ $rc -eq 3 ] && grep -q "^simtref sim: kernel $out/exitcode.elf: 2 threads exited with a non-zero code$" \
  "$out/ex.err" || { echo "FAIL: exitcode.elf exited $rc, not 3, or said:"; cat "$out/ex.err"; fail=1; }
grep -q '"exit_codes": {"nonzero_threads": 2, "first": \[{"ctaid": 0, "tid": 1, "pc": 65576, "code": 7}, {"ctaid": 0, "tid": 3, "pc": 65576, "code": 7}\]}' \
  "$out/ex.json" || { echo "FAIL: exitcode.elf's JSON:"; cat "$out/ex.json"; fail=1; }
[ "$(cat "$out/ex.txt" 2>/dev/null | tr '\n' ' ')" = "1 2 3 4 " ] \
  || { echo "FAIL: exitcode.elf's argument block (its output) was not written back"; fail=1; }
# the defaults of a user's file are said
"$SIMTREF" sim --kernel "$out/saxpy.elf" --preset tiny --buffer x=zeros:4 \
  --buffer y=zeros:4 --arg 4 --arg 1 --arg @x --arg @y > "$out/def.txt" 2>&1
grep -q '^launch               grid 1 x block 1 (grid and block: the default of a file outside the suite)$' \
  "$out/def.txt" || { echo "FAIL: the default launch is not said:"; cat "$out/def.txt"; fail=1; }

# bad uses, refused before the run, no file left
sim="$SIMTREF sim --preset tiny"
expect 2 "--size is the problem size of a suite kernel" \
  -- $sim --kernel "$out/saxpy.elf" --size 10
expect 2 "--seed seeds a suite kernel's inputs or a user's random buffers" \
  -- $sim --kernel "$out/saxpy.elf" --seed 3 --buffer x=zeros:4
expect 2 "vecadd is a kernel of the suite" -- $sim --kernel vecadd --buffer x=zeros:4
expect 2 "--arg @z: no --buffer named 'z'" -- $sim --kernel "$out/saxpy.elf" --arg @z
expect 2 "--out q=f: give NAME=FILE, NAME a --buffer" \
  -- $sim --kernel "$out/saxpy.elf" --buffer x=zeros:1 --out q=f
expect 2 "--buffer x=zeros:0: SPEC is" -- $sim --kernel "$out/saxpy.elf" --buffer x=zeros:0
expect 2 "a second buffer named 'x'" \
  -- $sim --kernel "$out/saxpy.elf" --buffer x=zeros:1 --buffer x=zeros:2
printf '1 2\n3 4x\n' > "$out/bad.txt"
expect 1 "$out/bad.txt:2: buffer x: '4x' is not a 32-bit integer" \
  -- $sim --kernel "$out/saxpy.elf" --buffer x=file:$out/bad.txt --out x=$out/never.txt
[ ! -e "$out/never.txt" ] || { echo "FAIL: a refused run left $out/never.txt"; fail=1; }
expect 1 "--buffer x: $out/absent.txt: cannot open" \
  -- $sim --kernel "$out/saxpy.elf" --buffer x=file:$out/absent.txt
expect 1 "buffer 'big' of 4000 bytes runs past global memory" \
  -- $sim --kernel "$out/saxpy.elf" --buffer a=zeros:16777000 --buffer big=zeros:1000
exit $fail
