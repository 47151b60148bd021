#!/bin/sh
# bad_input.sh -- every bad input gets a clear message, a non-zero exit and
# no output file: the configurations of tests/data/bad-configs/ (expected file,
# line and message in tests/data/bad-configs/EXPECTED) through every subcommand
# that reads a configuration, and bad command lines.
set -u
fail=0
bad=$SRCDIR/tests/data/bad-configs
out=test-out/bad-input
rm -rf "$out" && mkdir -p "$out" || exit 1
. "$SRCDIR/tests/lib.sh"


tab=$(printf '\t')
while IFS="$tab" read -r name line message; do
  file=$bad/$name
  for cmd in "config" "area" "rtl --out $out"; do
    # shellcheck disable=SC2086
    expect_begins "$file:$line: " 1 "$message" -- "$SIMTREF" $cmd "$file"
  done
done < "$bad/EXPECTED"
[ -z "$(ls "$out" | grep -v -e stdout -e stderr)" ] || { echo "FAIL: output left in $out"; fail=1; }

# A file that does not exist.
expect 1 "no-such.conf:0: cannot open" -- "$SIMTREF" config no-such.conf
# Command lines.
expect 2 "unknown command 'frobnicate'" -- "$SIMTREF" frobnicate
expect 2 "unknown option '--bogus'" -- "$SIMTREF" config --bogus
expect 2 "unknown option '--out'" -- "$SIMTREF" config --preset tiny --out x
expect 2 "option '--preset' needs a value" -- "$SIMTREF" config --preset
expect 2 "rtl needs --out DIR" -- "$SIMTREF" rtl --preset tiny
expect 2 "unknown defect 'nope'" -- "$SIMTREF" rtl --preset tiny --out "$out" --defect nope
# A defect of a structure the configuration does not have, and one of
# logic its module has under another mode only: refused, nothing written.
expect 1 "the defect 'rbt-early-release' breaks simtref_rbt.v, which the configuration 'gtx480-baws' does not have" \
  -- "$SIMTREF" rtl --preset gtx480-baws --out "$out/defect" --defect rbt-early-release
expect 1 "the defect 'sm-front-no-flush-on-pop' breaks simtref_sm_front.v under sbr and minpc only; the configuration 'sm-tiny-ics' runs ics-first" \
  -- "$SIMTREF" rtl "$SRCDIR/tests/data/scenarios/sm-tiny-ics.conf" --out "$out/defect" --defect sm-front-no-flush-on-pop
expect 1 "the defect 'sm-reconv-late-first' breaks simtref_sm_reconv.v under sbr only; the configuration 'sm-tiny-minpc' runs minpc" \
  -- "$SIMTREF" rtl "$SRCDIR/tests/data/scenarios/sm-tiny-minpc.conf" --out "$out/defect" --defect sm-reconv-late-first
# A defect of the operand-read stage's gate, on a configuration without
# the stage.
expect 1 "the defect 'sm-exec-runs-held' breaks the operand-read stage's gate of simtref_sm_exec.v; the configuration 'tiny' has operand_read_cycles = 0" \
  -- "$SIMTREF" rtl --preset tiny --out "$out/defect" --defect sm-exec-runs-held
[ ! -e "$out/defect" ] || { echo "FAIL: a refused defect left $out/defect"; fail=1; }
expect 2 "either --preset or a file" -- "$SIMTREF" config --preset tiny "$bad/EXPECTED"
expect 1 "unknown preset 'huge'" -- "$SIMTREF" config --preset huge
expect 1 "has no key 'rbt_entries'" -- "$SIMTREF" config --preset gtx480-baws --get rbt_entries
# rtl --out creates a directory that does not exist (and its parents),
# and names what is in the way when it cannot.
if ! "$SIMTREF" rtl --preset tiny --out "$out/new/dir" > "$out/stdout" 2> "$out/stderr" ||
   [ ! -f "$out/new/dir/simtref_rbt.v" ]; then
  echo "FAIL: rtl --out NEWDIR did not create it and write the modules:"; cat "$out/stderr"; fail=1
fi
# ... and says why the composed SM is not among them
if ! grep -q "note: no simtref_sm.v: the SM composed of its stages is written for reconvergence = sbr, minpc or ics-first with operand_read_cycles = 1 (this configuration: harp, 0)" "$out/stderr" ||
   [ -f "$out/new/dir/simtref_sm.v" ]; then
  echo "FAIL: rtl at tiny wrote simtref_sm.v or did not say why not:"; cat "$out/stderr"; fail=1
fi
rm -rf "$out/new"
if ! "$SIMTREF" rtl "$SRCDIR/tests/data/scenarios/sm-tiny-sbr-or1.conf" --out "$out/new" 2> "$out/stderr" ||
   [ ! -f "$out/new/simtref_sm.v" ] || [ -s "$out/stderr" ]; then
  echo "FAIL: rtl at sm-tiny-sbr-or1 did not write simtref_sm.v quietly:"; cat "$out/stderr"; fail=1
fi
rm -rf "$out/new"
expect 1 "$bad/EXPECTED/dir: cannot create: Not a directory" -- "$SIMTREF" rtl --preset tiny --out "$bad/EXPECTED/dir"
expect 1 "$bad/EXPECTED: not a directory" -- "$SIMTREF" rtl --preset tiny --out "$bad/EXPECTED"
expect 2 "option '--preset' is given more than once" -- "$SIMTREF" config --preset tiny --preset fermi-sbr
expect 2 "option '--out' is given more than once" -- "$SIMTREF" rtl --preset tiny --out "$out" --out "$out"
expect 2 "an empty argument is not a file name" -- "$SIMTREF" config ""
expect 2 "more than one configuration file" -- "$SIMTREF" config "$bad/empty.conf" "$bad/empty.conf"
expect 1 "not a regular file but a directory" "$bad:0: " -- "$SIMTREF" config "$bad"
expect 1 "cannot make directory" -- "$SIMTREF" area --preset tiny --workdir /nonexistent/dir

# --set KEY=VALUE: checked as if written last in the file, in every
# subcommand that reads a configuration; the message names --set and the key.
for cmd in "config" "area" "rtl --out $out"; do
  # shellcheck disable=SC2086
  expect 1 "rbt_ways = 3 does not divide rbt_entries = 8" "--set rbt_ways=3: " -- \
    "$SIMTREF" $cmd --preset tiny --set rbt_ways=3
  # shellcheck disable=SC2086
  expect 1 "unknown key 'rbt_way' (did you mean 'rbt_ways'?)" "--set rbt_way=4: " -- \
    "$SIMTREF" $cmd --preset tiny --set scheduler=gto --set rbt_way=4
  # shellcheck disable=SC2086
  expect 1 "missing key 'first_level_entries'" "--set reconvergence=harp: " -- \
    "$SIMTREF" $cmd --preset fermi-sbr --set reconvergence=harp
done
expect 1 "expected KEY=VALUE" "--set sms: " -- "$SIMTREF" config --preset tiny --set sms
expect 1 "preset = NAME can only be the first key" "--set preset=tiny: " -- \
  "$SIMTREF" config --preset tiny --set preset=tiny
expect 2 "option '--set' needs a value" -- "$SIMTREF" config --preset tiny --set
expect 2 "--keys takes no other option" -- "$SIMTREF" config --keys --set sms=1
# A file that starts from a preset that does not exist.
printf '# x\npreset = huge\n' > "$out/from-huge.conf"
expect 1 "preset = huge: unknown preset 'huge'" "$out/from-huge.conf:2: " -- \
  "$SIMTREF" config "$out/from-huge.conf"
rm -f "$out/from-huge.conf"
# Not an error: a key of another reconvergence mode is kept, and marked unused.
if ! "$SIMTREF" config --preset fermi-sbr --set rbt_ways=3 > "$out/stdout" 2> "$out/stderr" ||
   ! grep -qx 'rbt_ways = 3  # unused: applies only when reconvergence = harp' "$out/stdout"; then
  echo "FAIL: a HARP key under reconvergence = sbr is not kept as unused:"; cat "$out/stdout" "$out/stderr"
  fail=1
fi
[ -z "$(ls "$out" | grep -v -e stdout -e stderr)" ] || { echo "FAIL: output left in $out"; fail=1; }

# A huge file: 200000 comment lines and then nothing (every key missing),
# read to its end and reported on the line after the last.
huge=$out/huge.conf
awk 'BEGIN { for (i = 0; i < 200000; i++) printf "# %0100d\n", i }' > "$huge"
expect 1 "missing key 'schedulers'" "$huge:200001: " -- "$SIMTREF" config "$huge"
rm -f "$huge"

# An output file in the way (a directory where a module goes): the error
# names it, and no module is written, not even those before it.
blocked=$out/blocked
mkdir -p "$blocked/simtref_rbt.v"
expect 1 "simtref_rbt.v: cannot write: not a regular file" -- "$SIMTREF" rtl --preset tiny --out "$blocked"
[ "$(ls -A "$blocked")" = simtref_rbt.v ] || { echo "FAIL: partial output in $blocked: $(ls -A "$blocked")"; fail=1; }
rm -rf "$blocked"

# simtref area: its options, and output files it cannot write (checked
# before any synthesis: these fail at once and leave no file).
expect 2 "unknown option '--bogus'" -- "$SIMTREF" area --bogus
expect 2 "unknown option '--sweep'" -- "$SIMTREF" config --preset tiny --sweep
expect 2 "option '--csv' needs a value" -- "$SIMTREF" area --preset tiny --csv
expect 2 "go with --sweep" -- "$SIMTREF" area --preset tiny --out "$out"
expect 2 "--sweep takes --out and --no-plots" -- "$SIMTREF" area --sweep --json "$out/x.json"
expect 1 "$out/none/a.csv: cannot write" -- "$SIMTREF" area --preset tiny --csv "$out/none/a.csv"
expect 1 "$out/none/a.json: cannot write" -- "$SIMTREF" area --preset tiny --json "$out/none/a.json"
expect 1 "$out/none: not a directory" -- "$SIMTREF" area --preset fermi-harp --sweep --out "$out/none"
expect 1 "the sweeps price the HARP tables" -- "$SIMTREF" area --preset gtx480-baws --sweep --no-plots
[ ! -e "$out/none" ] && [ -z "$(ls "$out" | grep -v -e stdout -e stderr)" ] \
  || { echo "FAIL: simtref area left output in $out"; fail=1; }

# An unwritable output directory leaves nothing behind.
ro=$out/readonly
mkdir -p "$ro" && chmod a-w "$ro"
if [ "$(id -u)" -ne 0 ]; then
  expect 1 "cannot write" -- "$SIMTREF" rtl --preset tiny --out "$ro"
fi
[ -z "$(ls -A "$ro")" ] || { echo "FAIL: partial output in $ro"; fail=1; }
chmod u+w "$ro"

[ $fail -eq 0 ] && echo "bad input: every case rejected with its message"
exit $fail
