#!/bin/sh
# synth_cache.sh -- `simtref area` with a synthesis cache: a fresh run into
# --workdir keeps each structure's mapped netlist; a second run of
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

run() { # run NAME [ARG...]: area of tiny into $out/NAME.md, synthesis in $out/NAME
  name=$1; shift
  "$SIMTREF" area --preset tiny --jobs 2 --cache "$cache" --workdir "$out/$name" "$@" \
    > "$out/$name.md" 2> "$out/$name.err" \
    || { echo "FAIL: simtref area ($name)"; cat "$out/$name.err"; exit 1; }
}
# syndirs NAME: run NAME's synthesis directories, each with its module's
# file ("DIR FILE" a line): a structure's, and under harp part (c)'s two
# register files (with per-lane offsets and without)
syndirs() {
  for d in "$out/$1"/simtref_*/; do echo "$d ${d%/}.v"; done
  for d in "$out/$1"/regfile-*/synth/; do
    [ -d "$d" ] && echo "$d ${d%/synth/}/simtref_regfile.v"
  done
}
# cached NAME: the syntheses of run NAME that came from the cache
cached() { syndirs "$1" | while read -r d f; do grep -l "^Not run: the outputs" "$d/yosys.log"; done | wc -l; }

run fresh
n=$(syndirs fresh | wc -l)
[ "$(ls -d "$out"/fresh/regfile-*/synth/ | wc -l)" -eq 2 ] \
  || { echo "FAIL: tiny (harp): not the two register files of part (c) synthesized"; fail=1; }
[ "$n" -ge 5 ] || { echo "FAIL: only $n structures synthesized"; fail=1; }
[ "$(cached fresh)" -eq 0 ] || { echo "FAIL: the first run took results from an empty cache"; fail=1; }
[ "$(ls "$cache"/*.syn | wc -l)" -eq "$n" ] || { echo "FAIL: not one cache entry per structure"; fail=1; }
[ -s "$out/fresh.err" ] && { echo "FAIL: output on stderr off a terminal:"; cat "$out/fresh.err"; fail=1; }
[ "$(syndirs fresh | while read -r d f; do ls "$d/netlist.v"; done 2>/dev/null | wc -l)" -eq "$n" ] \
  || { echo "FAIL: a fresh run into --workdir did not keep every mapped netlist"; fail=1; }

run again
[ "$(cached again)" -eq "$n" ] || { echo "FAIL: $(cached again) of $n structures came from the cache"; fail=1; }
ls "$out"/again/simtref_*/netlist.v "$out"/again/regfile-*/synth/netlist.v >/dev/null 2>&1 && { echo "FAIL: a cached run wrote a netlist"; fail=1; }
cmp -s "$out/fresh.md" "$out/again.md" || { echo "FAIL: the cached report differs"; diff "$out/fresh.md" "$out/again.md"; fail=1; }

# A changed configuration: exactly the structures whose generated module
# changed are synthesized anew, the others come from the cache (a copy of
# it, so that the entries below are the unchanged configuration's).
cp -r "$cache" "$out/cache-changed"
cache=$out/cache-changed
run changed --set waiting_lookup_entries=4
cache=$out/cache
anew=0
syndirs changed > "$out/changed.dirs"
while read -r d f; do
  m=${d#"$out/changed/"}
  if cmp -s "$out/fresh/${f#"$out/changed/"}" "$f"; then
    grep -q "^Not run: the outputs" "$d/yosys.log" || { echo "FAIL: $m is unchanged but was synthesized anew"; fail=1; }
  else
    anew=$((anew + 1))
    grep -q "^Not run: the outputs" "$d/yosys.log" && { echo "FAIL: $m changed but came from the cache"; fail=1; }
  fi
done < "$out/changed.dirs"
[ "$anew" -ge 1 ] || { echo "FAIL: --set waiting_lookup_entries=4 changed no synthesized module"; fail=1; }

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

# An entry that reads back whole but whose figures fail the cell-area
# cross-check (its Chip area changed, its checksum made anew): the run
# says the figures came from the cache, names the entry, synthesizes the
# structure anew and replaces the entry; the report is the fresh one.
set -- "$cache"/*.syn
entry=$1
sed 's/^\(   Chip area for module [^:]*: *\)\([0-9]\)/\19/' "$entry" | head -n -1 > "$out/forged"
cmp -s "$out/forged" "$(head -n -1 "$entry" > "$out/orig"; echo "$out/orig")" &&
  { echo "FAIL: the test could not alter the Chip area"; fail=1; }
printf 'sha256 %s\n' "$(sha256sum < "$out/forged" | cut -d' ' -f1)" >> "$out/forged"
mv "$out/forged" "$entry"
"$SIMTREF" area --preset tiny --jobs 2 --cache "$cache" > "$out/forged.md" 2> "$out/forged.err"
rc=$?
if [ $rc -ne 0 ] || ! grep -q "from the synthesis cache" "$out/forged.err" ||
   ! grep -qF "$entry" "$out/forged.err"; then
  echo "FAIL: a cached entry failing the cross-check (exit $rc):"; sed 's/^/    /' "$out/forged.err"; fail=1
fi
cmp -s "$out/fresh.md" "$out/forged.md" || { echo "FAIL: the report after a forged entry differs"; fail=1; }
run replaced
[ "$(cached replaced)" -eq "$n" ] || { echo "FAIL: the forged entry was not replaced"; fail=1; }

# Figures that fail the check straight from Yosys (a Yosys that alters
# its report): the message names a work file, and that file is kept.
real=$(command -v "${YOSYS:-yosys}")
cat > "$out/yosys-liar" <<EOF
#!/bin/sh
"$real" "\$@" || exit
if [ "\$1" = -s ]; then
  sed -i 's/^\(   Chip area for module [^:]*: *\)\([0-9]\)/\19/' "\$(dirname "\$2")/stat.txt"
fi
EOF
chmod +x "$out/yosys-liar"
mkdir -p "$out/tmp"
TMPDIR=$PWD/$out/tmp YOSYS=$PWD/$out/yosys-liar "$SIMTREF" area --preset tiny --jobs 1 --no-cache \
  > /dev/null 2> "$out/liar.err"
named=$(sed -n 's/.*(see \([^)]*\)).*/\1/p' "$out/liar.err")
if [ -z "$named" ] || [ ! -f "$named" ]; then
  echo "FAIL: the failed check names a work file that is not there: '$named'"
  sed 's/^/    /' "$out/liar.err"; fail=1
fi
rm -rf "$out/tmp"

# On a terminal (script(1) gives the tool one), a line per structure.
if command -v script >/dev/null 2>&1; then
  script -qec "\"$SIMTREF\" area --preset tiny --cache \"$cache\" > \"$out/tty.md\"" /dev/null \
    > "$out/tty.err" 2>&1 || { echo "FAIL: simtref area on a terminal"; fail=1; }
  lines=$(grep -cE "simtref: \[[0-9]*/$n\] simtref_[a-z_]*( \((offsets|shared)\))? *cached" "$out/tty.err")
  [ "$lines" -eq "$n" ] || { echo "FAIL: $lines progress lines of $n on a terminal:"; cat "$out/tty.err"; fail=1; }
  cmp -s "$out/fresh.md" "$out/tty.md" || { echo "FAIL: progress lines in the report on stdout"; fail=1; }
else
  echo "script(1) missing: the terminal check is skipped"
fi
exit $fail
