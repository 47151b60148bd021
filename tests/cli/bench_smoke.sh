#!/bin/sh
# bench_smoke.sh -- `make bench` on a tiny subset writes a JSON file that
# parses and holds every field of every point it measured: vecadd under
# sbr and harp at 1x, under harp at 4x and at 1 scheduler, with callgrind's
# count when valgrind is installed.  Fails when a field is missing, is not
# a positive number, or when the 4x point's input is not four times the
# 1x one.  Run by make check and `make bench-smoke` (a few seconds).  A
# build with the sanitizers is not run under callgrind (valgrind cannot
# run AddressSanitizer's code); its JSON is checked all the same.
set -u
out=test-out/bench-smoke
rm -rf "$out" && mkdir -p "$out" || exit 1
json=$out/bench.json
cg=yes
command -v "${VALGRIND:-valgrind}" > /dev/null 2>&1 || cg=no
[ -z "${SAN_FLAGS:-}" ] || cg=no

KERNELS=vecadd MODES="sbr harp" SCALE_MODES=harp SIZES="1 4" SCHEDS="1 2" \
REPEAT=1 CALLGRIND=$cg BENCH_DIR=$out BENCH_JSON=$json \
  sh "$SRCDIR/bench/bench.sh" > "$out/stdout" 2> "$out/stderr" \
  || { echo "FAIL: bench.sh exited with $?"; cat "$out/stderr"; exit 1; }
[ -f "$json" ] || { echo "FAIL: no $json"; exit 1; }
./tests/tools/json_get "$json" || { echo "FAIL: $json is not JSON"; exit 1; }

fail=0
get() { ./tests/tools/json_get "$json" "$@" 2> /dev/null; }
for p in vecadd/sbr/s2/x1 vecadd/harp/s2/x1 vecadd/harp/s2/x4 vecadd/harp/s1/x1; do
  for f in schedulers size_factor size grid block cycles warp_instructions \
           thread_instructions sim_cpu_seconds sim_wall_seconds \
           cycles_per_second warp_instructions_per_second \
           thread_instructions_per_second host_instructions \
           host_instructions_per_warp_instruction; do
    v=$(get points "$p" "$f") || { echo "FAIL: point $p has no field $f"; fail=1; continue; }
    if [ "$cg" = no ] && [ "$v" = null ] && case $f in host_*) true ;; *) false ;; esac; then
      continue
    fi
    awk -v v="$v" 'BEGIN { exit !(v ~ /^[0-9.eE+-]+$/ && v + 0 > 0) }' \
      || { echo "FAIL: point $p: $f = $v is not a positive number"; fail=1; }
  done
  for f in kernel mode; do
    get points "$p" "$f" > /dev/null || { echo "FAIL: point $p has no field $f"; fail=1; }
  done
done
for f in preset revision time_measure host_instruction_measure \
         published_gpgpusim_thread_instructions_per_second; do
  get "$f" > /dev/null || { echo "FAIL: no top-level field $f"; fail=1; }
done
for m in sbr harp; do
  get modes "$m" thread_instructions_per_second > /dev/null \
    || { echo "FAIL: no speed of mode $m"; fail=1; }
done
s1=$(get points vecadd/harp/s2/x1 size) && s4=$(get points vecadd/harp/s2/x4 size) \
  && [ "$s4" -eq $((4 * s1)) ] \
  || { echo "FAIL: the 4x point's size ${s4:-?} is not 4 x ${s1:-?}"; fail=1; }
n=$(get points vecadd/harp/s1/x1 schedulers) && [ "$n" -eq 1 ] \
  || { echo "FAIL: the 1-scheduler point ran with ${n:-?} schedulers"; fail=1; }
grep -q "^| vecadd | harp |" "$out/stdout" || { echo "FAIL: no table row"; fail=1; }
[ "$fail" -eq 0 ] && echo "bench smoke: $json complete (callgrind: $cg)"
exit "$fail"
