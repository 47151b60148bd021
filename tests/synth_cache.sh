#!/bin/sh
# synth_cache.sh -- `simtref area` with a synthesis cache: a second run of
# an unchanged configuration runs no Yosys (every structure's log says it
# came from the cache, and no netlist is written) and prints the same
# report; a damaged entry is synthesized again and replaced; progress
# lines go to stderr on a terminal only.
set -u
fail=0
out=test-out/synth-cache
rm -rf "$out"
mkdir -p "$out"
cache=$out/cache

run() { # run NAME: area of tiny into $out/NAME.md, synthesis in $out/NAME
  "$SIMTREF" area --preset tiny --jobs 2 --cache "$cache" --workdir "$out/$1" \
    > "$out/$1.md" 2> "$out/$1.err" \
    || { echo "FAIL: simtref area ($1)"; cat "$out/$1.err"; exit 1; }
}
# cached NAME: the structures of run NAME that came from the cache
cached() { grep -l "^Not run: the outputs" "$out/$1"/simtref_*/yosys.log 2>/dev/null | wc -l; }

run fresh
n=$(ls -d "$out"/fresh/simtref_*/ | wc -l)
[ "$n" -ge 5 ] || { echo "FAIL: only $n structures synthesized"; fail=1; }
[ "$(cached fresh)" -eq 0 ] || { echo "FAIL: the first run took results from an empty cache"; fail=1; }
[ "$(ls "$cache"/*.syn | wc -l)" -eq "$n" ] || { echo "FAIL: not one cache entry per structure"; fail=1; }
[ -s "$out/fresh.err" ] && { echo "FAIL: output on stderr off a terminal:"; cat "$out/fresh.err"; fail=1; }

run again
[ "$(cached again)" -eq "$n" ] || { echo "FAIL: $(cached again) of $n structures came from the cache"; fail=1; }
ls "$out"/again/simtref_*/netlist.v >/dev/null 2>&1 && { echo "FAIL: a cached run wrote a netlist"; fail=1; }
cmp -s "$out/fresh.md" "$out/again.md" || { echo "FAIL: the cached report differs"; diff "$out/fresh.md" "$out/again.md"; fail=1; }

# Damage two entries: one cut short, one with a figure changed.
set -- "$cache"/*.syn
head -c 100 "$1" > "$out/cut" && mv "$out/cut" "$1"
sed 's/^\( *Number of cells: *\)\([0-9]\)/\1 9\2/' "$2" > "$out/alt"
cmp -s "$2" "$out/alt" && { echo "FAIL: the test could not alter an entry"; fail=1; }
mv "$out/alt" "$2"
run damaged
[ "$(cached damaged)" -eq $((n - 2)) ] || { echo "FAIL: $(cached damaged) of $n cached after damaging 2 entries"; fail=1; }
cmp -s "$out/fresh.md" "$out/damaged.md" || { echo "FAIL: the report after damage differs"; diff "$out/fresh.md" "$out/damaged.md"; fail=1; }
run repaired
[ "$(cached repaired)" -eq "$n" ] || { echo "FAIL: the damaged entries were not replaced"; fail=1; }

# On a terminal (script(1) gives the tool one), a line per structure.
if command -v script >/dev/null 2>&1; then
  script -qec "\"$SIMTREF\" area --preset tiny --cache \"$cache\" > \"$out/tty.md\"" /dev/null \
    > "$out/tty.err" 2>&1 || { echo "FAIL: simtref area on a terminal"; fail=1; }
  lines=$(grep -c "simtref: \[[0-9]*/$n\] simtref_[a-z_]* *cached" "$out/tty.err")
  [ "$lines" -eq "$n" ] || { echo "FAIL: $lines progress lines of $n on a terminal:"; cat "$out/tty.err"; fail=1; }
  cmp -s "$out/fresh.md" "$out/tty.md" || { echo "FAIL: progress lines in the report on stdout"; fail=1; }
else
  echo "script(1) missing: the terminal check is skipped"
fi
exit $fail
