#!/bin/sh
# mutants.sh -- mutation testing of the generated RTL: are the checks shown
# to catch real bugs?
#
#   mutants.sh STRUCT[=CONFIG]...       campaign on each structure, then the report
#   mutants.sh --check STRUCT[=CONFIG]  a short sample that must be killed (make check)
#   mutants.sh --report                 only rebuild the report from the results
#
# CONFIG is the configuration of the structure's campaign: a preset name,
# or a configuration file (a path ending in .conf, relative to the source
# tree, as formal/prove.sh takes it), for a structure whose interesting
# states a preset cannot reach (e.g. sbr_stack=tests/data/scenarios/sbr-fig2.conf:
# a full stack needs more threads per warp than tiny has).  Without it the
# preset MUTANT_PRESET is used.
#
# For each structure, rtlmutate picks MUTANTS_PER_STRUCT mutants of
# rtl/PRESET/simtref_STRUCT.v (for a configuration file, of the module
# `simtref rtl CONFIG` generates; seed MUTANT_SEED).  Each mutant is built
# into the structure's Verilator testbench exactly as the co-simulation
# builds it (verilator -Wall; unused-signal warnings are let through, as a
# dropped assignment or a stuck bit may leave a signal unread), and one
# that does not build is counted as not compiling.  The testbench runs
# MUTANT_CYCLES cycles of seed MUTANT_SEED against the C model; a mutant it
# does not reject goes to the proof (formal/prove.sh --rtl with the depths
# of formal/STRUCT-PRESET.proof).  The unmutated module must pass both
# first, with the same flags, cycles and seed.
#
# Results: mutants/STRUCT.tsv (one line per mutant) and mutants/report.md.
# A survivor listed in $SRCDIR/mutants/equivalent.txt (the rtlmutate --list
# line, a tab, and the argument) counts as equivalent; any other survivor
# is a gap in the checks.
#
# Environment: SRCDIR, VERILATOR, SIMTREF, RTLMUTATE, LIBSIMTREF (the model
# library), SAN_FLAGS, YOSYS, YOSYS_SMTBMC, SMT_SOLVERS, and the knobs
# MUTANTS_PER_STRUCT (30), MUTANT_SEED (1), MUTANT_CYCLES (100000),
# MUTANT_PRESET (tiny), MUTANT_WORK (scratch directory, mutants-work),
# MUTANT_TIMEOUT (60 s: a co-simulation still running then is a hang, and
# the mutant is killed).
# MUTANT_APPEND=1 keeps mutants/STRUCT.tsv and runs only the mutants of
# the sample that are not in it yet.  MUTANT_NUMBERS="N..." runs those
# mutants instead of the sample (e.g. a survivor again after a fix).
set -u

srcdir=$(cd "${SRCDIR:-.}" && pwd)
verilator=${VERILATOR:-verilator}
rtlmutate=${RTLMUTATE:-./tools/rtlmutate}
lib=${LIBSIMTREF:-$(pwd)/libsimtref.a}
per=${MUTANTS_PER_STRUCT:-30}
seed=${MUTANT_SEED:-1}
cycles=${MUTANT_CYCLES:-100000}
preset=${MUTANT_PRESET:-tiny}
work=${MUTANT_WORK:-mutants-work}
results=mutants
simtref=${SIMTREF:-./simtref}
equivalent=$srcdir/mutants/equivalent.txt
notes=$srcdir/mutants/notes.txt      # STRUCT, a tab, a note on its row
closed=$srcdir/mutants/closed.txt    # as equivalent.txt: a gap closed, and how
tab=$(printf '\t')

case "$lib" in /*) ;; *) lib=$(pwd)/$lib ;; esac
mkdir -p "$work" "$results" || exit 1
work=$(cd "$work" && pwd)
# A copy of the model library: a rebuild of the tree during the campaign
# must not change what the mutants link.
cp "$lib" "$work/libsimtref.a" || exit 1
lib=$work/libsimtref.a

# build DIR VFILE STRUCT -- the testbench of STRUCT around VFILE, into
# DIR/tb.  The objects that do not depend on the module's insides (the
# Verilator runtime, and the testbench while the model's port header is
# the baseline's) are compiled once per structure and reused: Verilator's
# makefile would rebuild them because it rewrites the makefile itself.
build() {
  dir=$1 vfile=$2 s=$3 obj=$work/$s/obj
  set -- --cc --exe --trace-fst -Wall -Wno-DECLFILENAME -Wno-UNUSED \
    -CFLAGS "-I$srcdir/golden -I$srcdir/golden/isa -I$srcdir/golden/structures -I$srcdir/golden/sm -I$srcdir/tb ${MUTANT_OPT:--O1}"
  [ -n "${SAN_FLAGS:-}" ] && set -- "$@" -LDFLAGS "$SAN_FLAGS"
  # a module that instantiates another (simtref_lsu its simtref_arbiter,
  # sized by the instance's parameters) finds it among the preset's
  "$verilator" "$@" --top-module "simtref_$s" --Mdir "$obj" -y "$srcdir/rtl/$preset" \
    -o "$dir/tb" "$vfile" "$srcdir/tb/tb_$s.cpp" "$lib" > "$dir/build.log" 2>&1 || return 1
  if [ -f "$work/$s/ports.h" ]; then
    touch -c "$obj"/verilated*.o
    cmp -s "$obj/Vsimtref_$s.h" "$work/$s/ports.h" && touch -c "$obj/tb_$s.o"
  else
    cp "$obj/Vsimtref_$s.h" "$work/$s/ports.h"
  fi
  make -C "$obj" -f "Vsimtref_$s.mk" -j 2 >> "$dir/build.log" 2>&1
}

cosim() {
  dir=$1
  timeout "${MUTANT_TIMEOUT:-60}" "$dir/tb" --config "$conf" --cycles "$cycles" --seed "$seed" \
    --fst "$dir/fail.fst" > "$dir/cosim.log" 2>&1
}

# use_config CONFIG -- the configuration of the next campaign: sets cfg
# (as prove.sh takes it), cfg_name and conf (the file the testbench reads).
use_config() {
  cfg=$1
  case "$cfg" in
    *.conf)
      cfg_name=$(basename "$cfg" .conf)
      conf=$srcdir/$cfg ;;
    *)
      cfg_name=$cfg
      conf=$srcdir/configs/$cfg.conf ;;
  esac
  [ -f "$conf" ] || { echo "mutants: no configuration $conf" >&2; return 1; }
}

# The depths of the structure's proof on the configuration: "bmc k cover".
proof_depths() {
  f=$srcdir/formal/$1-$cfg_name.proof
  [ -f "$f" ] || return 1
  bmc= k= cover=
  for word in $(sed 's/#.*//' "$f"); do
    case "$word" in bmc=*|k=*|cover=*) eval "${word%%=*}=\${word#*=}" ;; esac
  done
  echo "$bmc $k $cover"
}

prove() {
  dir=$1 s=$2
  depths=$(proof_depths "$s") || return 2
  # shellcheck disable=SC2086
  sh "$srcdir/formal/prove.sh" --rtl "$dir/simtref_$s.v" "$s" "$cfg" $depths \
    > "$dir/proof.log" 2>&1
}

# module STRUCT -- the unmutated module of STRUCT on the configuration:
# the committed rtl/PRESET file, or one generated for a configuration file.
module() {
  case "$cfg" in
    *.conf)
      mkdir -p "$work/$1/rtl" || return 1
      "$simtref" rtl "$conf" --out "$work/$1/rtl" > /dev/null || return 1
      echo "$work/$1/rtl/simtref_$1.v" ;;
    *) echo "$srcdir/rtl/$cfg/simtref_$1.v" ;;
  esac
}

# campaign STRUCT[=CONFIG] [N...] -- run the sample (or the given mutant
# numbers); writes mutants/STRUCT.tsv.  Returns 1 when the baseline fails.
campaign() {
  s=${1%%=*}
  case "$1" in *=*) use_config "${1#*=}" ;; *) use_config "$preset" ;; esac || return 1
  shift
  rm -rf "$work/$s" && mkdir -p "$work/$s/base" || return 1
  rtl=$(module "$s") || { echo "mutants: $s: cannot generate the module for $cfg" >&2; return 1; }
  [ -f "$rtl" ] || { echo "mutants: no $rtl" >&2; return 1; }
  "$rtlmutate" --list "$rtl" > "$work/$s/list" || return 1
  made=$(wc -l < "$work/$s/list")

  start=$(date +%s)
  if ! build "$work/$s/base" "$rtl" "$s"; then
    echo "mutants: $s: the unmutated module does not build:" >&2
    tail -n 20 "$work/$s/base/build.log" >&2
    return 1
  fi
  if ! cosim "$work/$s/base"; then
    echo "mutants: $s: the unmutated module fails its co-simulation:" >&2
    tail -n 5 "$work/$s/base/cosim.log" >&2
    return 1
  fi
  echo "$s: $made mutants of $rtl; baseline passes $cycles cycles (seed $seed)"

  if [ $# -gt 0 ]; then picks="$*"; else picks=$("$rtlmutate" --sample "$per" --seed "$seed" "$rtl"); fi
  out=$results/$s.tsv
  # MUTANT_APPEND=1 keeps the results there are and adds the mutants of
  # the sample not yet run (a larger MUTANTS_PER_STRUCT extends a sample).
  if [ "${MUTANT_APPEND:-0}" != 1 ] || [ ! -f "$out" ]; then
    printf '# %s: %s mutants, seed %s, %s cycles, %s %s\n' "$s" "$made" "$seed" "$cycles" \
      "$(case "$cfg" in *.conf) echo config ;; *) echo preset ;; esac)" "$cfg" > "$out"
  fi
  for n in $picks; do
    grep -q "^$n$tab" "$out" && continue
    d=$work/$s/m$n
    rm -rf "$d" && mkdir -p "$d" || return 1
    line=$(sed -n "${n}p" "$work/$s/list")
    "$rtlmutate" --apply "$n" "$rtl" > "$d/simtref_$s.v" || return 1
    t0=$(date +%s)
    if ! build "$d" "$d/simtref_$s.v" "$s"; then
      verdict=not-compiling
      # Verilator failing on a module it accepts as valid is not a lint
      # verdict: the proof judges the mutant instead.
      if grep -q "Internal Error" "$d/build.log"; then
        prove "$d" "$s"
        case $? in
          0) verdict=survived-no-testbench ;;
          1) verdict=killed-proof-no-testbench ;;
        esac
      fi
    elif cosim "$d"; then
      # A survivor already argued equivalent is not proved again (the
      # proof of a mutant that changes nothing is the slowest case).
      if is_equivalent "$s" "$line" > /dev/null; then
        verdict=survived-equivalent
      else
        prove "$d" "$s"
        case $? in
          0) verdict=survived ;;
          2) verdict=survived-no-proof ;;
          *) verdict=killed-proof ;;
        esac
      fi
    else
      rc=$?
      verdict=killed-cosim
      [ $rc -eq 124 ] && verdict=killed-cosim-timeout
    fi
    t1=$(date +%s)
    printf '%s\t%s\t%ss\n' "$line" "$verdict" $((t1 - t0)) | tee -a "$out"
    [ "$verdict" = not-compiling ] || rm -f "$d/tb"
  done
  echo "$s: done in $(( $(date +%s) - start )) s"
}

# explained FILE STRUCT LIST-LINE -> the text FILE gives the mutant, if any
explained() {
  [ -f "$1" ] || return 1
  awk -F'\t' -v s="$2" -v l="$3" '
    { key = $1 "\t" $2 "\t" $3 "\t" $4 "\t" $5 }
    key == s "\t" l { print $6; found = 1; exit }
    END { exit !found }' "$1"
}

is_equivalent() {   # STRUCT LIST-LINE -> the argument, if any
  [ -f "$equivalent" ] || return 1
  awk -F'\t' -v s="$1" -v l="$2" '
    { key = $1 "\t" $2 "\t" $3 "\t" $4 "\t" $5 }
    key == s "\t" l { print $6; found = 1; exit }
    END { exit !found }' "$equivalent"
}

report() {
  r=$results/report.md
  {
    echo "# Mutation testing of the generated RTL"
    echo
    echo "Generated by \`make mutants\` (tools/mutants.sh, tools/rtlmutate.c)."
    echo "Each mutant is built into the structure's Verilator testbench and"
    echo "co-simulated against the C model; a survivor then goes to the proof"
    echo "(formal/prove.sh --rtl, the depths of formal/STRUCT-PRESET.proof)."
    echo "Kill rate = killed / (made - not compiling - equivalent), made being the"
    echo "mutants sampled.  Not compiling: Verilator -Wall rejects the mutant (a"
    echo "width mismatch, a latch, two drivers, an undriven signal, a combinational"
    echo "loop, a loop that does not unroll) or fails on it; the project's lint"
    echo "would stop such a module before any simulation."
    echo
    echo "The proof treats an x in the module (a read outside a vector at a"
    echo "constant index, an undriven net) as a value free in every step (Yosys"
    echo "setundef -anyseq), so a mutant whose outputs depend on one is rejected."
    echo
    echo "| structure | configuration | mutants in file | sampled | not compiling | killed by cosim | killed by proof | equivalent | gaps | kill rate |"
    echo "|---|---|---|---|---|---|---|---|---|---|"
    for f in "$results"/*.tsv; do
      [ -f "$f" ] || continue
      s=$(basename "$f" .tsv)
      head -n 1 "$f" | sed 's/^# //' > /dev/null
      inf=$(head -n 1 "$f" | awk '{print $3}')
      where=$(head -n 1 "$f" | awk '{print $NF}')
      name=$s
      [ -f "$notes" ] && grep -q "^$s$tab" "$notes" && name="$s (note)"
      sampled=0 nc=0 kc=0 kp=0 eq=0 gap=0
      while IFS= read -r row; do
        case "$row" in \#*) continue ;; esac
        sampled=$((sampled + 1))
        verdict=$(echo "$row" | cut -f5)
        lst=$(echo "$row" | cut -f1-4)
        case "$verdict" in
          not-compiling) nc=$((nc + 1)) ;;
          killed-cosim*) kc=$((kc + 1)) ;;
          killed-proof*) kp=$((kp + 1)) ;;
          survived*) if is_equivalent "$s" "$lst" > /dev/null; then eq=$((eq + 1)); else gap=$((gap + 1)); fi ;;
        esac
      done < "$f"
      den=$((sampled - nc - eq))
      rate=$(awk -v k=$((kc + kp)) -v d=$den 'BEGIN { if (d > 0) printf "%.1f%% (%d/%d)", 100 * k / d, k, d; else print "-" }')
      echo "| $name | $where | $inf | $sampled | $nc | $kc | $kp | $eq | $gap | $rate |"
    done
    if [ -f "$notes" ]; then
      echo
      echo "Notes:"
      echo
      awk -F'\t' 'NF >= 2 { print "* " $1 ": " $NF }' "$notes"
    fi
    echo
    echo "## Survivors"
    echo
    for f in "$results"/*.tsv; do
      [ -f "$f" ] || continue
      s=$(basename "$f" .tsv)
      grep -v '^#' "$f" | while IFS= read -r row; do
        case "$(echo "$row" | cut -f5)" in survived*) ;; *) continue ;; esac
        lst=$(echo "$row" | cut -f1-4)
        what=$(echo "$lst" | awk -F'\t' '{ printf "%s #%s (line %s, %s): %s", "'"$s"'", $1, $2, $3, $4 }')
        if why=$(is_equivalent "$s" "$lst"); then
          echo "* $what -- equivalent: $why"
        else
          why=$(explained "$srcdir/mutants/gaps.txt" "$s" "$lst") || why="not yet analysed"
          echo "* $what -- GAP: neither the co-simulation nor the proof rejects it; $why"
        fi
      done
    done
    if [ -f "$closed" ]; then
      echo
      echo "## Gaps closed"
      echo
      echo "Survivors of an earlier campaign or of this one before a fix (by their"
      echo "rtlmutate --list line at the time), and what now rejects them:"
      echo
      awk -F'\t' 'NF >= 6 { printf "* %s #%s (line %s, %s): %s -- %s\n", $1, $2, $3, $4, $5, $6 }' "$closed"
    fi
    echo
    echo "## Every mutant"
    for f in "$results"/*.tsv; do
      [ -f "$f" ] || continue
      echo
      echo "### $(basename "$f" .tsv)"
      echo
      echo '```'
      cat "$f"
      echo '```'
    done
  } > "$r"
  echo "mutants: report in $r"
}

mode=campaign
case "${1:-}" in
  --check) mode=check; shift ;;
  --report) report; exit 0 ;;
esac
[ $# -gt 0 ] || { echo "usage: mutants.sh [--check] STRUCT[=CONFIG]... | --report" >&2; exit 2; }

if [ $mode = check ]; then
  # A short sample of each structure given: every mutant that builds must
  # be killed.
  per=${MUTANTS_PER_STRUCT:-3}
  results=$work/check-results
  mkdir -p "$results"
  status=0
  for arg in "$@"; do
    s=${arg%%=*}
    campaign "$arg" || exit 1
    built=0 alive=0 eq=0
    while IFS= read -r row; do
      case "$row" in \#*) continue ;; esac
      case "$(echo "$row" | cut -f5)" in
        not-compiling) continue ;;
        survived*)
          if is_equivalent "$s" "$(echo "$row" | cut -f1-4)" > /dev/null; then
            eq=$((eq + 1))
          else
            alive=$((alive + 1))
          fi ;;
      esac
      built=$((built + 1))
    done < "$results/$s.tsv"
    if [ "$((built - eq))" -lt 1 ] || [ "$alive" -ne 0 ]; then
      echo "FAIL: $built mutants of $s built ($eq equivalent), $alive survived"
      status=1
    else
      echo "PASS: $built mutants of $s built; every one is killed or a listed equivalent ($eq)"
    fi
  done
  exit $status
fi

status=0
for arg in "$@"; do
  campaign "$arg" ${MUTANT_NUMBERS:-} || status=1
done
report
exit $status
