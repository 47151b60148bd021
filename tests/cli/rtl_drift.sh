#!/bin/sh
# rtl_drift.sh -- rtl/<preset>/ in the source tree must be exactly what the
# generator writes now (run `make rtl` after changing an emitter), and so
# must rtl/<name>/ of each configuration whose composed SM is committed
# ($COMPOSED: tests/data/scenarios/<name>.conf).
set -u
fail=0
for p in $PRESETS $COMPOSED; do
  out=test-out/drift/$p
  rm -rf "$out" && mkdir -p "$out" || exit 1
  case " $COMPOSED " in
    *" $p "*) "$SIMTREF" rtl "$SRCDIR/tests/data/scenarios/$p.conf" --out "$out" || exit 1 ;;
    *) "$SIMTREF" rtl --preset "$p" --out "$out" || exit 1 ;;
  esac
  for f in "$out"/*.v; do
    ref=$SRCDIR/rtl/$p/$(basename "$f")
    if ! diff -u "$ref" "$f" > "$out/$(basename "$f").diff" 2>&1; then
      echo "DRIFT rtl/$p/$(basename "$f"): differs from the generator (run 'make rtl')"
      head -n 20 "$out/$(basename "$f").diff"
      fail=1
    fi
  done
  for ref in "$SRCDIR"/rtl/"$p"/*.v; do
    [ -e "$out/$(basename "$ref")" ] || { echo "DRIFT rtl/$p/$(basename "$ref"): no longer generated"; fail=1; }
  done
done
[ $fail -eq 0 ] && echo "rtl/ matches the generator for: $PRESETS $COMPOSED"
exit $fail
