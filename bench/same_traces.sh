#!/bin/sh
# same_traces.sh -- two builds of simtref simulate the same: for each run
# below, the trace (`simtref sim --trace`, a line per issued
# warp-instruction with every register and memory write), the JSON summary
# and the printed summary are byte-identical.  An optimisation of the
# model must pass it against the build before it.  Within one build,
# make check compares the model with and without the answers it keeps
# for speed (`simtref sim --reference`, tests/cli/sim_reference.sh).
#
#   bench/same_traces.sh OLD_SIMTREF NEW_SIMTREF [OUTDIR]
#
# KERNELS (default: nw bfs mergesort nested histogram matmul collange
# recursion) run under every mode (as `simtref config --modes` of the new
# build lists them) at fermi-harp (recursion is refused
# under sbr, by both), under harp at 1 and 4 schedulers, with GTO and FEF
# and with MWF(GTO) and CFF, and under sbr with SAWS.  Both builds run
# the same kernels and presets: SIMTREF_KERNEL_ELF_DIR and
# SIMTREF_CONFIG_DIR, by default those of the new build's tree.
# Exit 0 when every output matches, 1 otherwise (the differing files
# named, and the first difference shown), 2 when no run wrote a trace.
set -u
[ $# -ge 2 ] || { echo "usage: same_traces.sh OLD_SIMTREF NEW_SIMTREF [OUTDIR]" >&2; exit 2; }
old=$1 new=$2 out=${3:-same-traces}
for t in "$old" "$new"; do
  [ -x "$t" ] || { echo "same_traces: no tool at $t" >&2; exit 2; }
done
: "${SIMTREF_KERNEL_ELF_DIR:=$(dirname "$new")/kernels}"
: "${SIMTREF_CONFIG_DIR:=$(dirname "$new")/configs}"
export SIMTREF_KERNEL_ELF_DIR SIMTREF_CONFIG_DIR
KERNELS=${KERNELS:-nw bfs mergesort nested histogram matmul collange recursion}
rm -rf "$out" && mkdir -p "$out/old" "$out/new" || exit 2
# the modes, as the new build lists them at fermi-harp (every one)
modes=$("$new" config --modes --preset fermi-harp) && [ -n "$modes" ] \
  || { echo "same_traces: $new config --modes listed no mode" >&2; exit 2; }

runs() {
  for k in $KERNELS; do
    for m in $modes; do echo "$k $m"; done
    echo "$k harp --set schedulers=1 --set threads_per_scheduler=1536 --set thread_id_bits=11"
    echo "$k harp --set schedulers=4 --set threads_per_scheduler=384"
    echo "$k harp --set scheduler=gto --set fetch=fef"
    echo "$k harp --set scheduler=mwf_gto --set fetch=cff"
    echo "$k sbr --set scheduler=saws --set fetch=lrr"
  done
}

n=0 bad=0
runs > "$out/runs"
while read -r k m extra; do
  n=$((n + 1))
  name=$(echo "$k-$m-$extra" | tr ' =' '_:' | tr -s '_')
  for side in old new; do
    eval tool=\$$side
    # shellcheck disable=SC2086
    "$tool" sim --kernel "$k" --preset fermi-harp --set reconvergence="$m" \
      $extra --trace "$out/$side/$name.trace" --json "$out/$side/$name.json" \
      > "$out/$side/$name.out" 2> "$out/$side/$name.err"
    echo "exit $?" >> "$out/$side/$name.out"
  done
  for f in trace json out err; do
    [ -e "$out/old/$name.$f" ] || [ -e "$out/new/$name.$f" ] || continue
    if ! cmp -s "$out/old/$name.$f" "$out/new/$name.$f"; then
      echo "DIFFERENT: $name.$f"
      diff "$out/old/$name.$f" "$out/new/$name.$f" | head -5 | sed 's/^/    /'
      bad=$((bad + 1))
    fi
  done
done < "$out/runs"
lines=$(cat "$out"/new/*.trace 2> /dev/null | wc -l)
failed=$(grep -L '^exit 0$' "$out"/new/*.out | wc -l)
if [ "$lines" -eq 0 ]; then
  # two builds that both fail everywhere agree, and prove nothing
  echo "same_traces: no run wrote a trace (kernels or presets not found?" \
       "see $out/new/*.err)" >&2
  exit 2
fi
if [ "$bad" -eq 0 ]; then
  echo "same_traces: $n runs ($failed refused or failed under both)," \
       "$lines trace lines: identical"
  exit 0
fi
echo "same_traces: $bad of the outputs of $n runs differ"
exit 1
