#!/bin/sh
# area.sh -- the main job's time, as a new user meets it (make bench-area):
# `simtref area` of a preset with no cache (every structure synthesized
# afresh, the default jobs: one per processor; with --workdir, to read
# each Yosys log, which also writes the mapped netlists: seconds more
# than the main job, so the figure errs on the slow side), then again
# with the cache that run filled; each Yosys run's processor time from
# its log, the longest first.  Prints figures beside the goals (fresh under 2 minutes,
# cached under 5 seconds); it checks nothing and fails only when a run
# fails.
#
#   AREA_PRESET   the preset (default fermi-harp, the main job's)
#   SIMTREF       the tool (default ./simtref)
set -u
SIMTREF=${SIMTREF:-./simtref}
preset=${AREA_PRESET:-fermi-harp}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM

now() { date +%s.%N; }
# wall NAME START END: the seconds between two stamps
wall() { awk -v a="$2" -v b="$3" 'BEGIN { printf "%.1f", b - a }'; }

t0=$(now)
"$SIMTREF" area --preset "$preset" --cache "$work/cache" --workdir "$work/fresh" \
  > "$work/fresh.md" 2> "$work/fresh.err" \
  || { echo "bench-area: simtref area --preset $preset failed:"; cat "$work/fresh.err"; exit 1; }
t1=$(now)
"$SIMTREF" area --preset "$preset" --cache "$work/cache" > "$work/cached.md" 2> "$work/cached.err" \
  || { echo "bench-area: the cached run failed:"; cat "$work/cached.err"; exit 1; }
t2=$(now)
cmp -s "$work/fresh.md" "$work/cached.md" \
  || { echo "bench-area: the cached report differs from the fresh one"; exit 1; }

echo "simtref area --preset $preset on $(getconf _NPROCESSORS_ONLN) processors"
echo
echo "| run | wall s | goal |"
echo "|---|---:|---|"
echo "| fresh (every structure synthesized; netlists written) | $(wall x "$t0" "$t1") | under 120 s |"
echo "| cached | $(wall x "$t1" "$t2") | under 5 s |"
echo
echo "Yosys's processor time per synthesis (its log), the longest first:"
echo
echo "| module | Yosys CPU s | peak MB |"
echo "|---|---:|---:|"
find "$work/fresh" -name yosys.log | while read -r log; do
  d=${log%/yosys.log}
  name=${d#"$work/fresh/"}
  sed -n 's/.*CPU: user \([0-9.]*\)s system \([0-9.]*\)s, MEM: \([0-9.]*\) MB peak.*/\1 \2 \3/p' "$log" \
    | awk -v n="$name" '{ printf "%.1f %s %.0f\n", $1 + $2, n, $3 }'
done | sort -rn | awk '{ t += $1; printf "| %s | %.1f | %s |\n", $2, $1, $3 }
                      END { printf "| all | %.1f | |\n", t }'
