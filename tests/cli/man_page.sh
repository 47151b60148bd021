#!/bin/sh
# man_page.sh -- the shipped man page simtref.1 is what help2man makes of
# the tool's --help and --version now (apart from its date line); after
# changing --help, run `make man`.
set -u
[ -n "${HELP2MAN:-}" ] || { echo "help2man missing (Debian: help2man): skipped"; exit 77; }
out=test-out/man
mkdir -p "$out"
"$HELP2MAN" --no-info --name='reference generator for SIMT SM control hardware' \
  --output="$out/simtref.1" "$SIMTREF" || { echo "FAIL: help2man $SIMTREF"; exit 1; }
grep -v '^\.TH ' "$SRCDIR/simtref.1" > "$out/shipped"
grep -v '^\.TH ' "$out/simtref.1" > "$out/now"
if ! cmp -s "$out/shipped" "$out/now"; then
  echo "FAIL: simtref.1 is not the man page of the tool's --help (run make man):"
  diff "$out/shipped" "$out/now"
  exit 1
fi
grep -q '^\.SH NAME' "$SRCDIR/simtref.1" || { echo "FAIL: simtref.1 has no NAME section"; exit 1; }
