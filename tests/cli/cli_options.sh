#!/bin/sh
# cli_options.sh -- every command reads its command line the same way:
# --help prints its own usage and exits 0, an unknown option is called
# unknown (at the end of a line too), a missing value missing, --set has
# one limit, sim's sizes are the kernels' own; and the defaults of sim
# run every kernel of the suite.
set -u
fail=0
out=test-out/cli-options
rm -rf "$out" && mkdir -p "$out" || exit 1
. "$SRCDIR/tests/lib.sh"


# --help: exit 0, the command's own usage on stdout, nothing on stderr.
for cmd in config rtl area registry cfg disasm sim compare findings \
           "kernel list" "kernel build" kernel; do
  # shellcheck disable=SC2086
  "$SIMTREF" $cmd --help > "$out/stdout" 2> "$out/stderr"
  rc=$?
  if [ $rc -ne 0 ] || [ -s "$out/stderr" ] || [ "$(head -n 1 "$out/stdout")" != usage: ] ||
     ! grep -q "^  $cmd\( \|\$\)" "$out/stdout"; then
    echo "FAIL: simtref $cmd --help exited $rc:"; head -n 3 "$out/stdout" "$out/stderr"
    fail=1
  fi
done
# ... and after other options too.
expect 0 -- "$SIMTREF" sim --kernel vecadd --help
grep -q -- '--max-cycles N' "$out/stdout" || { echo "FAIL: sim --help lacks --max-cycles"; fail=1; }

# An unknown option is unknown, also as the last word of the line, in
# every command; a missing value is missing.
for cmd in "config --preset tiny" "rtl --preset tiny" "area" "registry" \
           "cfg kernels/vecadd.elf" "disasm kernels/vecadd.elf" \
           "sim --kernel vecadd" "compare" "findings" "kernel list" \
           "kernel build x.c"; do
  # shellcheck disable=SC2086
  expect 2 "unknown option '--bogus'" -- "$SIMTREF" $cmd --bogus
  # shellcheck disable=SC2086
  expect 2 "unknown option '--bogus'" -- "$SIMTREF" $cmd --bogus value
done
expect 2 "option '--kernel' needs a value" -- "$SIMTREF" sim --kernel
expect 2 "option '--dot' needs a value" -- "$SIMTREF" cfg kernels/vecadd.elf --dot
expect 2 "option '-o' needs a value" -- "$SIMTREF" kernel build x.c -o
expect 2 "option '--out' needs a value" -- "$SIMTREF" compare --out
expect 2 "option '--trace' is given more than once" -- \
  "$SIMTREF" sim --kernel vecadd --trace a --trace b
expect 2 "unknown subcommand 'run'" -- "$SIMTREF" kernel run

# A value in the option's own word, as getopt_long() reads it: --name=VALUE
# for any option, -xVALUE for a one-letter one; judged as a value in the
# next word is, and a flag takes none.
expect 0 -- "$SIMTREF" sim --kernel=vecadd --preset=tiny --size=64
grep -q "^launch .*size 64," "$out/stdout" ||
  { echo "FAIL: sim --size=64 did not run size 64:"; head -n 4 "$out/stdout"; fail=1; }
expect 0 -- "$SIMTREF" sim --kernel=vecadd --preset=tiny --json="$out/s.json"
[ -s "$out/s.json" ] || { echo "FAIL: sim --json=FILE wrote no $out/s.json"; fail=1; }
expect 0 -- "$SIMTREF" kernel build "$SRCDIR/kernels/vecadd.c" -o"$out/v.elf"
[ -s "$out/v.elf" ] || { echo "FAIL: kernel build -oFILE wrote no $out/v.elf"; fail=1; }
expect 2 "--jobs '0': not an integer from 1 to 256" -- "$SIMTREF" area -j0
expect 2 "--jobs 'x': not an integer from 1 to 256" -- "$SIMTREF" area --jobs=x
expect 2 "option '--kernel' needs a value" -- "$SIMTREF" sim --kernel=
expect 2 "option '--no-cache' takes no value" -- "$SIMTREF" area --no-cache=1
expect 2 "unknown option '--kernels=vecadd'" -- "$SIMTREF" sim --kernels=vecadd
expect 2 "option '--kernel' is given more than once" -- \
  "$SIMTREF" sim --kernel=vecadd --kernel vecadd

# One --set limit: no command counts the settings (a configuration has
# fewer keys than any limit would allow); 70 of them are judged alike by
# every command that reads a configuration: the second sets a key twice.
sets=
i=0
while [ $i -lt 70 ]; do sets="$sets --set scheduler=gto"; i=$((i + 1)); done
for cmd in "config --preset tiny" "rtl --preset tiny --out $out/rtl" \
           "sim --kernel vecadd" "compare --kernels vecadd --emit-jobs $out/jobs"; do
  # shellcheck disable=SC2086
  expect 1 "--set scheduler=gto: duplicate key 'scheduler'" -- "$SIMTREF" $cmd $sets
done

# sim --size: the kernel's own range (simtref kernel list), nothing less.
max=$("$SIMTREF" kernel list | awk -F'|' '$2 ~ /histogram/ { print $5 }' |
      sed 's/.*\.\. \([0-9]*\)).*/\1/')
[ "$max" -gt 1048576 ] || { echo "FAIL: kernel list gives histogram up to '$max'"; fail=1; }
expect 1 "not done after the limit of 1 cycles" -- \
  "$SIMTREF" sim --kernel histogram --size "$max" --max-cycles 1
expect 1 "1 .. $max" -- "$SIMTREF" sim --kernel histogram --size $((max + 1))

# The defaults run every kernel of the suite (no option but --kernel),
# and a preset too small for a kernel's TB runs it with the largest
# block it holds, said in the summary.
for k in $("$SIMTREF" kernel list | tail -n +3 | cut -d'|' -f2); do
  if ! "$SIMTREF" sim --kernel "$k" > "$out/$k.out" 2> "$out/$k.err" ||
     ! grep -q '^result  *right' "$out/$k.out"; then
    echo "FAIL: simtref sim --kernel $k:"; cat "$out/$k.err"; fail=1
  fi
done
expect 0 -- "$SIMTREF" sim --kernel vecadd --preset tiny
grep -q "block 8, .*the kernel's block of 64 threads does not fit" "$out/stdout" ||
  { echo "FAIL: the clamped block is not said:"; grep launch "$out/stdout"; fail=1; }

# cfg --dot to a path that cannot be written fails before the report.
expect 1 "$out/none/g.dot: cannot write" -- "$SIMTREF" cfg kernels/vecadd.elf --dot "$out/none/g.dot"
[ -s "$out/stdout" ] && { echo "FAIL: cfg printed its report before failing"; fail=1; }

[ $fail -eq 0 ] && echo "command lines: every case as expected"
exit $fail
