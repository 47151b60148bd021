#!/bin/sh
# valgrind.sh -- the command-line tool under valgrind: no invalid read or
# write, no use of uninitialised memory, no leak, on good and bad input.
#
# Runs ./simtref-plain, the tool built without sanitizers (which do not
# mix with valgrind).  Covered: config and rtl on tiny, config --get, every
# configuration of tests/data/bad-configs/ through config (three through rtl), and bad
# command lines.  `area` is left out: its time is Yosys's, and the tool's
# own part is the same loading code as config.  valgrind reports its
# errors with exit status 99 (the tool's own statuses are 0, 1 and 2)
# and in its log.  Skipped (exit 77) when valgrind is not installed.
set -u
srcdir=${SRCDIR:-.}
tool=./simtref-plain
vg=${VALGRIND:-}
[ -n "$vg" ] || vg=$(command -v valgrind 2>/dev/null)
if [ -z "$vg" ]; then
  echo "SKIP: valgrind not found (Debian: apt-get install valgrind)"
  exit 77
fi
[ -x "$tool" ] || { echo "FAIL: $tool was not built"; exit 1; }
out=test-out/valgrind
rm -rf "$out" && mkdir -p "$out/rtl" || exit 1
fail=0 runs=0

# run WANT ARGS... -- the tool under valgrind exits WANT with a clean log.
run() {
  want=$1; shift
  runs=$((runs + 1))
  log=$out/vg-$runs.log
  "$vg" -q --error-exitcode=99 --leak-check=full --show-leak-kinds=definite,indirect,possible \
    --errors-for-leak-kinds=definite,indirect,possible --log-file="$log" \
    "$tool" "$@" > "$out/stdout" 2> "$out/stderr"
  rc=$?
  if [ $rc -ne "$want" ] || [ -s "$log" ]; then
    echo "FAIL: simtref $* exited $rc (want $want)"
    sed 's/^/    /' "$log" | head -n 30
    fail=1
  fi
}

run 0 config --preset tiny
run 0 config --preset fermi-harp --get rbt_entries
run 0 rtl --preset tiny --out "$out/rtl"
run 0 config "$srcdir/configs/gtx480-baws.conf"
# Every bad configuration through config; rtl reads it the same way, so
# three of them are enough there.
for f in "$srcdir"/tests/data/bad-configs/*.conf; do
  run 1 config "$f"
done
for f in empty binary-junk huge-value; do
  run 1 rtl "$srcdir/tests/data/bad-configs/$f.conf" --out "$out/rtl"
done
run 1 config no-such.conf
run 1 config --preset tiny --get no_such_key
run 0 rtl --preset tiny --out "$out/new/dir"
: > "$out/file"
run 1 rtl --preset tiny --out "$out/file/dir"
run 2 frobnicate
run 2 config --preset
run 2 config --preset tiny --preset tiny
run 2 rtl --preset tiny

[ $fail -eq 0 ] && echo "PASS: $runs runs of simtref under valgrind, no error and no leak"
exit $fail
