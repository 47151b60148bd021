#!/bin/sh
# cli_outputs.sh -- what simtref writes goes where the user asked, and a
# write that fails fails the command:
#  - an output file replaces a regular file whole; through a symbolic
#    link it writes the link's target and the link stays a link; a
#    character device, a FIFO and '-' (standard output) are written
#    directly and stay what they are;
#  - every command's standard output is checked: a report cut short by a
#    full device (/dev/full) exits non-zero with a message.
set -u
fail=0
out=test-out/cli-outputs
rm -rf "$out" ./- && mkdir -p "$out" || exit 1

# --- outputs: symlink, FIFO, character device, '-' -------------------
sim="$SIMTREF sim --kernel vecadd --preset fermi-harp"

# A symbolic link (and a link to a link, and one whose target does not
# exist yet): the target gets the file, the link stays.
printf 'old\n' > "$out/target.json"
ln -s target.json "$out/link.json"
ln -s link.json "$out/link2.json"
ln -s absent.json "$out/dangling.json"
for l in link.json link2.json dangling.json; do
  if ! $sim --json "$out/$l" > "$out/stdout" 2> "$out/stderr"; then
    echo "FAIL: --json $l:"; cat "$out/stderr"; fail=1
  fi
  [ -L "$out/$l" ] || { echo "FAIL: --json $l replaced the link by a file"; fail=1; }
done
grep -q '"result": "right"' "$out/target.json" ||
  { echo "FAIL: the link's target was not written"; fail=1; }
grep -q '"result": "right"' "$out/absent.json" ||
  { echo "FAIL: the dangling link's target was not created"; fail=1; }
ls "$out" | grep -q '\.tmp-' && { echo "FAIL: a temporary was left: $(ls "$out")"; fail=1; }

# A FIFO: written directly (a reader gets the JSON), and stays a FIFO.
mkfifo "$out/fifo" || exit 1
cat "$out/fifo" > "$out/from-fifo" &
reader=$!
if ! $sim --json "$out/fifo" > "$out/stdout" 2> "$out/stderr"; then
  echo "FAIL: --json FIFO:"; cat "$out/stderr"; fail=1
fi
if [ -p "$out/fifo" ]; then
  # a reader still waiting for a writer gets an empty one
  [ $fail -eq 0 ] || : > "$out/fifo"
else
  echo "FAIL: --json FIFO replaced the FIFO"; fail=1
  kill $reader 2> /dev/null   # it waits on a FIFO no one can open now
fi
wait $reader
grep -q '"result": "right"' "$out/from-fifo" ||
  { echo "FAIL: the FIFO's reader got no JSON"; fail=1; }

# A character device: /dev/null itself as a normal user; as root a node
# of our own with its numbers (so that a failure cannot replace the
# system's /dev/null).
if [ "$(id -u)" -eq 0 ] && mknod "$out/null" c 1 3 2> /dev/null; then
  dev=$out/null
else
  dev=/dev/null
fi
for opt in --json --trace; do
  if ! $sim $opt "$dev" > "$out/stdout" 2> "$out/stderr"; then
    echo "FAIL: $opt $dev:"; cat "$out/stderr"; fail=1
  fi
  [ -c "$dev" ] || { echo "FAIL: $opt $dev: no longer a character device"; fail=1; }
done
if ! "$SIMTREF" cfg kernels/vecadd.elf --dot "$dev" > /dev/null 2> "$out/stderr" || [ ! -c "$dev" ]; then
  echo "FAIL: cfg --dot $dev:"; cat "$out/stderr"; fail=1
fi

# '-': standard output.
$sim --json - > "$out/stdout" 2> "$out/stderr" && grep -q '"result": "right"' "$out/stdout" ||
  { echo "FAIL: --json - did not write standard output:"; cat "$out/stderr"; fail=1; }
"$SIMTREF" cfg kernels/vecadd.elf --dot - > "$out/stdout" 2> "$out/stderr" &&
  grep -q '^digraph cfg' "$out/stdout" ||
  { echo "FAIL: cfg --dot - did not write standard output:"; cat "$out/stderr"; fail=1; }
[ -e ./- ] && { echo "FAIL: a file named '-' was written"; rm -f ./-; fail=1; }

# A directory in the way is refused, and left as it was.
mkdir "$out/dir.json"
$sim --json "$out/dir.json" > "$out/stdout" 2> "$out/stderr"
rc=$?
[ $rc -eq 1 ] && grep -q "dir.json: cannot write" "$out/stderr" && [ -d "$out/dir.json" ] ||
  { echo "FAIL: --json DIR exited $rc:"; cat "$out/stderr"; fail=1; }

# --- standard output checked: /dev/full -----------------------------
if [ -c /dev/full ]; then
  for cmd in "disasm kernels/bfs.elf" "sim --kernel vecadd --preset fermi-harp" "cfg kernels/bfs.elf" \
             "config --preset tiny" "config --keys" "area --preset tiny" "registry" \
             "registry --make" "kernel list" "--help" "sim --help" "--version" \
             "sim --kernel vecadd --preset fermi-harp --json -" "compare --kernels vecadd --emit-jobs $out/jobs"; do
    # shellcheck disable=SC2086
    "$SIMTREF" $cmd > /dev/full 2> "$out/stderr"
    rc=$?
    if [ $rc -eq 0 ] || ! grep -q "cannot write: No space left on device" "$out/stderr"; then
      echo "FAIL: simtref $cmd > /dev/full exited $rc:"; sed 's/^/    /' "$out/stderr"; fail=1
    fi
  done
else
  echo "no /dev/full: its part skipped"
fi

[ -e ./- ] && { echo "FAIL: a file named '-' was written"; rm -f ./-; fail=1; }

[ $fail -eq 0 ] && echo "outputs: every case as expected"
exit $fail
