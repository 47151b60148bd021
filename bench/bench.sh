#!/bin/sh
# bench.sh -- `make bench`: how fast the SM model simulates the kernel suite.
#
# For each point (kernel, control-flow mode, schedulers, input size) it runs
# `simtref sim --time` and records the simulated cycles, warp- and
# thread-instructions, and the processor seconds spent in sm_run() alone
# (loading, input generation and the result check are not timed; the best
# of $REPEAT runs).  Then it runs the same point under
# `valgrind --tool=callgrind --toggle-collect=sm_run`, which counts the
# host instructions executed inside sm_run() and the functions it calls,
# a count that does not depend on the machine's load.
#
# The points, at preset $PRESET (fermi-harp: the target configuration):
#   modes    every kernel under every mode of $MODES, the preset's
#            schedulers, the kernel's default size;
#   sizes    every kernel under the modes of $SCALE_MODES at 1x, 4x and 16x
#            its default input ($SIZES), as bench_size_args says;
#   schedulers  the same at 1 to 4 schedulers ($SCHEDS), the SM's threads
#            kept: threads_per_scheduler = the preset's threads per SM / N,
#            and thread_id_bits widened when a scheduler holds more
#            threads than the preset's ids name.
#
# Callgrind runs some 50 times slower than the model itself, so a point
# of more than CALLGRIND_MAX_WI warp-instructions (default 30000) is only
# timed: its host instructions read n/a (null in the JSON), and the cost
# per warp-instruction at 16x against 1x is then given by the processor
# time alone (the "CPU ns" columns).
#
# Variables: SIMTREF (the tool), PRESET, KERNELS (default: the suite),
# MODES (default: the modes `simtref config --modes` lists for PRESET),
# SCALE_MODES, SIZES, SCHEDS, REPEAT (3), JOBS (online processors:
# points run in parallel), CALLGRIND (yes or no), CALLGRIND_MAX_WI,
# BENCH_JSON (bench.json), BENCH_DIR (bench-out: logs), REVISION (default:
# git describe).
#
# Prints Markdown tables and writes BENCH_JSON atomically (a temporary
# renamed into place once complete).  A run that fails (a wrong result, a
# model error) gives no figure: it is listed in the output and under
# "failed" in the JSON, and the exit status is 1.  A kernel the mode
# refuses (recursion under sbr: the SBR stack overflows at the preset
# depth, and it does not spill) is listed under "refused".
set -u

SIMTREF=${SIMTREF:-./simtref}
PRESET=${PRESET:-fermi-harp}
# every mode the preset can run under, as the tool lists them
MODES=${MODES:-$("$SIMTREF" config --modes --preset "$PRESET" | tr '\n' ' ')}
[ -n "$MODES" ] || { echo "bench: simtref config --modes listed no mode" >&2; exit 2; }
SCALE_MODES=${SCALE_MODES:-harp}
SIZES=${SIZES:-1 4 16}
SCHEDS=${SCHEDS:-1 2 3 4}
REPEAT=${REPEAT:-3}
CALLGRIND=${CALLGRIND:-yes}
CALLGRIND_MAX_WI=${CALLGRIND_MAX_WI:-30000}
BENCH_JSON=${BENCH_JSON:-bench.json}
BENCH_DIR=${BENCH_DIR:-bench-out}
JOBS=${JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)}
me=$0

die() { echo "bench: $*" >&2; exit 1; }

# The kernel's default size and grid, from `simtref kernel list`.
kernel_field() {   # KERNEL COLUMN (5: size, 6: grid)
  "$SIMTREF" kernel list | awk -F'|' -v k="$1" -v c="$2" '
    { n = $2; gsub(/ /, "", n); v = $(c + 1); gsub(/ /, "", v) }
    n == k { print v; found = 1 } END { exit !found }'
}

# The options that make kernel K's input F times its default (F a power of
# 4).  What grows, by what the kernel's --size counts (kernels/host/*.c):
#   a TB's own input (a segment, vector, array, image or sequence pair
#   per TB; bfs: a source per TB): the grid, times F;
#   the side of a square input (hotspot, matmul, coulomb, tiledmm): the
#   side, times sqrt(F), so the input has F times the elements;
#   nqueens' board side: plus log4(F) (the work grows about 4 to 5 times
#   per row; no board has exactly F times the work);
#   anything else (elements, queries, keys, values...): the size, times F.
bench_size_args() {   # KERNEL FACTOR
  size=$(kernel_field "$1" 5) && grid=$(kernel_field "$1" 6) \
    || die "no kernel '$1' in the suite"
  root=$(awk -v f="$2" 'BEGIN { r = 1; l = 0; while (r * r < f) { r *= 2; l++ }
                                if (r * r != f) exit 1; print r, l }') \
    || die "size factor $2 is not a power of 4"
  set -- "$1" "$2" $root
  case $1 in
    bfs|fwt|mergesort|nw|srad|stencil) echo "--grid $((grid * $2))" ;;
    hotspot|matmul|coulomb|tiledmm)    echo "--size $((size * $3))" ;;
    nqueens)                           echo "--size $((size + $4))" ;;
    *)                                 echo "--size $((size * $2))" ;;
  esac
}

# The options that set N schedulers at the preset's threads per SM.
bench_sched_args() {   # N
  s0=$(preset_get schedulers) && t0=$(preset_get threads_per_scheduler) \
    && ws=$(preset_get warp_size) && tb=$(preset_get thread_id_bits) \
    || die "preset $PRESET: cannot read its keys"
  [ "$1" = "$s0" ] && return 0
  total=$((s0 * t0))
  [ $((total % $1)) -eq 0 ] && [ $((total / $1 % ws)) -eq 0 ] \
    || die "$total threads do not split into $1 schedulers of whole warps of $ws"
  t=$((total / $1))
  bits=$tb
  while [ $((1 << bits)) -lt "$t" ]; do bits=$((bits + 1)); done
  echo "--set schedulers=$1 --set threads_per_scheduler=$t --set thread_id_bits=$bits"
}

preset_get() { "$SIMTREF" config --preset "$PRESET" --get "$1"; }

# One point: KERNEL MODE SCHEDULERS FACTOR -> $BENCH_DIR/points/ID.
run_point() {
  k=$1 m=$2 n=$3 f=$4
  id="$k/$m/s$n/x$f"
  base="$BENCH_DIR/points/$k-$m-s$n-x$f"
  rm -f "$base".*
  sz=$(bench_size_args "$k" "$f") && sch=$(bench_sched_args "$n") || exit 1
  # shellcheck disable=SC2086
  set -- sim --kernel "$k" --preset "$PRESET" --set reconvergence="$m" \
         $sch $sz --time
  best= wall=
  r=0
  while [ "$r" -lt "$REPEAT" ]; do
    if ! "$SIMTREF" "$@" --json "$base.json" > "$base.out" 2> "$base.err"; then
      if grep -q "SBR stack overflow: .* (the stack does not spill to memory" "$base.err"; then
        printf 'id=%s refused=%s\n' "$id" "$(head -1 "$base.err" | tr '"\\' "''")" > "$base.refused"
        exit 0
      fi
      printf 'id=%s failed=simtref %s: %s\n' "$id" "$*" "$(head -1 "$base.err" | tr '"\\' "''")" > "$base.failed"
      exit 0
    fi
    grep -q '"result": "right"' "$base.json" \
      || { printf 'id=%s failed=simtref %s: the result is not checked right\n' "$id" "$*" > "$base.failed"; exit 0; }
    cpu=$(jfield sim_cpu_seconds < "$base.json")
    w=$(jfield sim_wall_seconds < "$base.json")
    if [ -z "$best" ] || awk -v a="$cpu" -v b="$best" 'BEGIN { exit !(a < b) }'; then
      best=$cpu wall=$w
    fi
    r=$((r + 1))
  done
  ir=
  wi=$(jfield warp_instructions < "$base.json")
  if [ "$CALLGRIND" = yes ] && [ "$wi" -le "$CALLGRIND_MAX_WI" ]; then
    valgrind --tool=callgrind --toggle-collect=sm_run \
      --callgrind-out-file="$base.cg" "$SIMTREF" "$@" > "$base.vgout" \
      2> "$base.vgerr" || { echo "bench: callgrind of simtref $* failed:" >&2
                            tail -5 "$base.vgerr" >&2; exit 1; }
    ir=$(awk '$1 == "totals:" { print $2 }' "$base.cg")
    [ -n "$ir" ] || die "no totals in $base.cg"
    rm -f "$base.cg"
  fi
  {
    printf 'id=%s kernel=%s mode=%s schedulers=%s factor=%s' "$id" "$k" "$m" "$n" "$f"
    for key in size grid block cycles warp_instructions thread_instructions; do
      printf ' %s=%s' "$key" "$(jfield "$key" < "$base.json")"
    done
    printf ' sim_cpu_seconds=%s sim_wall_seconds=%s host_instructions=%s\n' \
      "$best" "$wall" "${ir:-null}"
  } > "$base.point"
}

# The value of "KEY": in simtref's JSON (one key per line).
jfield() {
  awk -v k="\"$1\":" '$1 == k { v = $2; sub(/,$/, "", v); gsub(/"/, "", v); print v }'
}

if [ "${1:-}" = --point ]; then
  shift
  run_point "$@"
  exit $?
fi

command -v valgrind > /dev/null || [ "$CALLGRIND" != yes ] \
  || die "valgrind is not installed (CALLGRIND=no skips the instruction counts)"
[ -x "$SIMTREF" ] || die "no tool at $SIMTREF (build it first)"
KERNELS=${KERNELS:-$("$SIMTREF" kernel list | tail -n +3 | cut -d'|' -f2 | tr -d ' ')}
[ -n "$KERNELS" ] || die "no kernels"
s0=$(preset_get schedulers) || die "no preset $PRESET"
REVISION=${REVISION:-$(git -C "$(dirname "$me")" describe --always --dirty 2>/dev/null || echo unknown)}
mkdir -p "$BENCH_DIR/points" || exit 1
rm -f "$BENCH_DIR"/points/*

for k in $KERNELS; do
  for m in $MODES; do echo "$k $m $s0 1"; done
  for m in $SCALE_MODES; do
    for f in $SIZES; do echo "$k $m $s0 $f"; done
    for n in $SCHEDS; do echo "$k $m $n 1"; done
  done
done | awk '!seen[$0]++' > "$BENCH_DIR/runs"

start=$(date +%s)
export SIMTREF PRESET REPEAT CALLGRIND CALLGRIND_MAX_WI BENCH_DIR
# the slowest points first: larger inputs, then by kernel
sort -k4,4nr "$BENCH_DIR/runs" \
  | xargs -P "$JOBS" -L 1 sh "$me" --point || die "a run failed (logs in $BENCH_DIR/points)"
secs=$(( $(date +%s) - start ))

cat "$BENCH_DIR"/points/*.point > "$BENCH_DIR/points.txt" 2> /dev/null \
  || die "no point was measured"
cat "$BENCH_DIR"/points/*.refused > "$BENCH_DIR/refused.txt" 2> /dev/null \
  || : > "$BENCH_DIR/refused.txt"
cat "$BENCH_DIR"/points/*.failed > "$BENCH_DIR/failed.txt" 2> /dev/null \
  || : > "$BENCH_DIR/failed.txt"

# The tables and the JSON, from the points.  GPGPU-Sim's figure is the
# one issue 17 quotes (published, not measured here).
tmp="$BENCH_JSON.tmp.$$"
trap 'rm -f "$tmp"' EXIT
awk -v preset="$PRESET" -v rev="$REVISION" -v secs="$secs" -v s0="$s0" \
    -v modes="$MODES" -v smodes="$SCALE_MODES" -v sizes="$SIZES" \
    -v scheds="$SCHEDS" -v kernels="$KERNELS" -v repeat="$REPEAT" \
    -v json="$tmp" -v refused="$BENCH_DIR/refused.txt" \
    -v failed="$BENCH_DIR/failed.txt" -v cgmax="$CALLGRIND_MAX_WI" '
function num(x) { return x == "null" ? "null" : x + 0 }
function rate(a, s) { return s > 0 ? a / s : 0 }
function fmt_m(x) { return sprintf("%.3f", x / 1e6) }
function per_wi(i) { return H[i] == "null" ? "n/a" : sprintf("%.0f", H[i] / WI[i]) }
BEGIN { nk = split(kernels, K, " "); nm = split(modes, M, " ")
        ns = split(smodes, SM, " "); nf = split(sizes, F, " ")
        nn = split(scheds, N, " ") }
{
  delete v
  for (i = 1; i <= NF; i++) { p = index($i, "="); v[substr($i, 1, p - 1)] = substr($i, p + 1) }
  id = v["id"]; ids[++np] = id
  KER[id] = v["kernel"]; MOD[id] = v["mode"]; SCH[id] = v["schedulers"]
  FAC[id] = v["factor"]; SIZE[id] = v["size"]; GRID[id] = v["grid"]
  BLOCK[id] = v["block"]; CYC[id] = v["cycles"]; WI[id] = v["warp_instructions"]
  TI[id] = v["thread_instructions"]; CPU[id] = v["sim_cpu_seconds"]
  WALL[id] = v["sim_wall_seconds"]; H[id] = v["host_instructions"]
}
END {
  while ((getline line < refused) > 0) {
    p = index(line, " refused="); rid = substr(line, 4, p - 4)
    REF[rid] = substr(line, p + 9); nref++; rids[nref] = rid
  }
  while ((getline line < failed) > 0) {
    p = index(line, " failed="); fid = substr(line, 4, p - 4)
    FAIL[fid] = substr(line, p + 8); nfail++; fids[nfail] = fid
  }
  printf "simtref bench: preset %s, revision %s; %d points in %d s\n\n", preset, rev, np, secs
  printf "Rates divide by the processor seconds spent in sm_run() alone (best of %d runs);\n", repeat
  printf "host instructions are callgrind'"'"'s count inside sm_run() (--toggle-collect=sm_run).\n\n"

  print "## Every kernel under every mode (1x input, " s0 " schedulers)\n"
  print "| kernel | mode | cycles | warp-insns | thread-insns | CPU s | cycles/s | warp-insns/s | thread-insns/s | host insns / warp-insn |"
  print "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|"
  for (a = 1; a <= nk; a++) for (b = 1; b <= nm; b++) {
    id = K[a] "/" M[b] "/s" s0 "/x1"
    if (id in REF) { printf "| %s | %s | refused: the SBR stack overflows at the preset depth (no spill) |||||||\n", K[a], M[b]; continue }
    if (!(id in CYC)) continue
    printf "| %s | %s | %d | %d | %d | %.4f | %.0f | %.0f | %.0f | %s |\n", K[a], M[b], CYC[id], WI[id], TI[id],
      CPU[id], rate(CYC[id], CPU[id]), rate(WI[id], CPU[id]), rate(TI[id], CPU[id]), per_wi(id)
    mt[M[b]] += TI[id]; mw[M[b]] += WI[id]; ms[M[b]] += CPU[id]; if (H[id] != "null") { mh[M[b]] += H[id]; mhw[M[b]] += WI[id] }
    if (!(M[b] in mmin) || rate(TI[id], CPU[id]) < mmin[M[b]]) { mmin[M[b]] = rate(TI[id], CPU[id]); mmk[M[b]] = K[a] }
  }
  print "\n## Speed per mode (1x, all kernels: total instructions / total CPU seconds)\n"
  print "| mode | thread-insns/s | warp-insns/s | slowest kernel (thread-insns/s) | host insns / warp-insn |"
  print "|---|---:|---:|---|---:|"
  for (b = 1; b <= nm; b++) if (ms[M[b]] > 0)
    printf "| %s | %s M | %s M | %s (%s M) | %s |\n", M[b], fmt_m(mt[M[b]] / ms[M[b]]), fmt_m(mw[M[b]] / ms[M[b]]),
      mmk[M[b]], fmt_m(mmin[M[b]]), (mhw[M[b]] > 0 ? sprintf("%.0f", mh[M[b]] / mhw[M[b]]) : "n/a")

  print "\n## Input size (" s0 " schedulers): host instructions per warp-instruction\n"
  hdr = "| kernel | mode |"; sep = "|---|---|"
  for (c = 1; c <= nf; c++) { hdr = hdr " " F[c] "x: size/grid | " F[c] "x: warp-insns | " F[c] "x: host/warp-insn | " F[c] "x: CPU ns/warp-insn |"; sep = sep "---|---:|---:|---:|" }
  print hdr " host ratio " F[nf] "x/" F[1] "x | CPU ratio " F[nf] "x/" F[1] "x |"; print sep "---:|---:|"
  maxr = 0; maxt = 0
  for (a = 1; a <= nk; a++) for (b = 1; b <= ns; b++) {
    line = "| " K[a] " | " SM[b] " |"; got = 0
    for (c = 1; c <= nf; c++) {
      id = K[a] "/" SM[b] "/s" s0 "/x" F[c]
      if (id in CYC) { got++; line = line " " SIZE[id] "/" GRID[id] " | " WI[id] " | " per_wi(id) " | " sprintf("%.0f", 1e9 * CPU[id] / WI[id]) " |" }
      else line = line " | | | |"
    }
    lo = K[a] "/" SM[b] "/s" s0 "/x" F[1]; hi = K[a] "/" SM[b] "/s" s0 "/x" F[nf]
    r = "n/a"; rt = "n/a"
    if ((lo in H) && (hi in H) && H[lo] != "null" && H[hi] != "null") {
      rr = (H[hi] / WI[hi]) / (H[lo] / WI[lo]); r = sprintf("%.3f", rr)
      RATIO[K[a] "/" SM[b]] = rr; if (rr > maxr) { maxr = rr; maxk = K[a] "/" SM[b] }
    }
    if ((lo in CPU) && (hi in CPU) && CPU[lo] > 0) {
      tt = (CPU[hi] / WI[hi]) / (CPU[lo] / WI[lo]); rt = sprintf("%.3f", tt)
      TRATIO[K[a] "/" SM[b]] = tt; if (tt > maxt) { maxt = tt; maxtk = K[a] "/" SM[b] }
    }
    if (got) print line " " r " | " rt " |"
  }

  print "\n## Schedulers (1x input, the SM'"'"'s threads kept)\n"
  hdr = "| kernel | mode |"; sep = "|---|---|"
  for (c = 1; c <= nn; c++) { hdr = hdr " " N[c] ": cycles | " N[c] ": host/warp-insn | " N[c] ": thread-insns/s |"; sep = sep "---:|---:|---:|" }
  print hdr; print sep
  for (a = 1; a <= nk; a++) for (b = 1; b <= ns; b++) {
    line = "| " K[a] " | " SM[b] " |"; got = 0
    for (c = 1; c <= nn; c++) {
      id = K[a] "/" SM[b] "/s" N[c] "/x1"
      if (id in CYC) { got++; line = line " " CYC[id] " | " per_wi(id) " | " sprintf("%.0f", rate(TI[id], CPU[id])) " |" }
      else line = line " | | |"
    }
    if (got) print line
  }

  print "\n## Targets (issue 17)\n"
  pm = ""; for (b = 1; b <= nm; b++) if (ms[M[b]] > 0 && (pm == "" || M[b] == "harp")) pm = M[b]
  if (pm != "") {
    tr = mt[pm] / ms[pm]
    printf "- thread-instructions per second at %s, mode %s, all kernels: %s M (target 5 M on one core: %s); slowest kernel %s at %s M\n",
      preset, pm, fmt_m(tr), (tr >= 5e6 ? "met" : "not met"), mmk[pm], fmt_m(mmin[pm])
  }
  print "- GPGPU-Sim on a GTX480 configuration: about 0.2 M thread-instructions per second (published figure quoted by issue 17, not measured here)"
  if (maxr > 0)
    printf "- host instructions per warp-instruction, %sx against %sx input: largest ratio %.3f (%s)\n", F[nf], F[1], maxr, maxk
  if (maxt > 0)
    printf "- CPU time per warp-instruction, %sx against %sx input: largest ratio %.3f (%s)\n", F[nf], F[1], maxt, maxtk

  if (nfail) {
    print "\n## Failed runs (a model or kernel error: no figure)\n"
    for (i = 1; i <= nfail; i++) print "- " fids[i] ": " FAIL[fids[i]]
  }

  # JSON
  printf "{\n  \"preset\": \"%s\",\n  \"revision\": \"%s\",\n  \"seconds\": %d,\n", preset, rev, secs > json
  printf "  \"time_measure\": \"processor seconds inside sm_run, best of %d runs\",\n", repeat > json
  printf "  \"host_instruction_measure\": \"callgrind Ir inside sm_run (--toggle-collect=sm_run), points of at most %d warp-instructions\",\n", cgmax > json
  printf "  \"published_gpgpusim_thread_instructions_per_second\": 200000,\n" > json
  printf "  \"points\": {" > json
  for (i = 1; i <= np; i++) {
    id = ids[i]
    printf "%s\n    \"%s\": {\"kernel\": \"%s\", \"mode\": \"%s\", \"schedulers\": %d, \"size_factor\": %d, \"size\": %d, \"grid\": %d, \"block\": %d, \"cycles\": %d, \"warp_instructions\": %d, \"thread_instructions\": %d, \"sim_cpu_seconds\": %s, \"sim_wall_seconds\": %s, \"cycles_per_second\": %.1f, \"warp_instructions_per_second\": %.1f, \"thread_instructions_per_second\": %.1f, \"host_instructions\": %s, \"host_instructions_per_warp_instruction\": %s}",
      (i > 1 ? "," : ""), id, KER[id], MOD[id], SCH[id], FAC[id], SIZE[id], GRID[id], BLOCK[id], CYC[id], WI[id], TI[id],
      CPU[id], WALL[id], rate(CYC[id], CPU[id]), rate(WI[id], CPU[id]), rate(TI[id], CPU[id]),
      num(H[id]), (H[id] == "null" ? "null" : sprintf("%.2f", H[id] / WI[id])) > json
  }
  printf "\n  },\n  \"refused\": {" > json
  for (i = 1; i <= nref; i++) printf "%s\n    \"%s\": \"%s\"", (i > 1 ? "," : ""), rids[i], REF[rids[i]] > json
  printf "\n  },\n  \"failed\": {" > json
  for (i = 1; i <= nfail; i++) printf "%s\n    \"%s\": \"%s\"", (i > 1 ? "," : ""), fids[i], FAIL[fids[i]] > json
  printf "\n  },\n  \"modes\": {" > json
  c = 0
  for (b = 1; b <= nm; b++) if (ms[M[b]] > 0)
    printf "%s\n    \"%s\": {\"thread_instructions_per_second\": %.1f, \"warp_instructions_per_second\": %.1f, \"host_instructions_per_warp_instruction\": %s}",
      (c++ ? "," : ""), M[b], mt[M[b]] / ms[M[b]], mw[M[b]] / ms[M[b]], (mhw[M[b]] > 0 ? sprintf("%.2f", mh[M[b]] / mhw[M[b]]) : "null") > json
  printf "\n  },\n  \"size_ratio\": {" > json
  c = 0
  for (r in RATIO) printf "%s\n    \"%s\": %.4f", (c++ ? "," : ""), r, RATIO[r] > json
  printf "\n  },\n  \"size_cpu_ratio\": {" > json
  c = 0
  for (r in TRATIO) printf "%s\n    \"%s\": %.4f", (c++ ? "," : ""), r, TRATIO[r] > json
  printf "\n  }\n}\n" > json
  close(json)
}' "$BENCH_DIR/points.txt" || die "could not write the tables"
mv "$tmp" "$BENCH_JSON" || die "could not write $BENCH_JSON"
trap - EXIT
echo
echo "JSON: $BENCH_JSON"
if [ -s "$BENCH_DIR/failed.txt" ]; then
  echo "bench: $(wc -l < "$BENCH_DIR/failed.txt") runs failed (listed above; logs in $BENCH_DIR/points)" >&2
  exit 1
fi
