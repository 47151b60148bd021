#!/bin/sh
# trace_callee_first.sh -- Collange's callee-first order (Collange 3-4:
# the arbiter takes min(SP:PC), the SP first, and the stack grows down),
# seen in the trace of the deepcall kernel under reconvergence=minpc.
#
# In deepcall the odd elements call mix() inside a divergent branch; mix()
# sits below the kernel in the text, makes its stack frame, and calls
# digit_sum(), which sits above the kernel and above the even elements'
# path (kernels/deepcall.c).  The callee's PC range is mix() and
# digit_sum() from the ELF's symbol table.  Each thread handles one
# element (--size = grid x block), so each warp calls at most once, and
# the check is, per warp:
#
# - from the first to the last instruction the warp issues in the callee,
#   every instruction it issues has only the calling lanes active: the
#   callee's instructions all issue before any of the other path's, even
#   where digit_sum()'s PC is above the other path's;
# - in at least one warp the branch diverged: lanes outside the callee
#   issue after it returns.
#
# Under min(PC) alone (the SP left out of the arbitration) the other path
# runs while the callee waits at digit_sum()'s higher PC, and the first
# check fails: the test shows it with sp_bits = 1, where the SP's one bit
# does not tell the caller's frame from the callee's.
set -u
fail=0
out=test-out/trace-callee-first
rm -rf "$out" && mkdir -p "$out" || exit 1
elf=${SIMTREF_KERNEL_ELF_DIR:-kernels}/deepcall.elf
objdump=${RISCV_OBJDUMP:-riscv64-unknown-elf-objdump}
grid=2
block=64

# range FUNCTION: "LO HI", the function's PCs [LO, HI) in 8 hex digits
range() {
  "$objdump" -t "$elf" | awk -v f="$1" '$NF == f && $(NF-2) == ".text" { print $1, $(NF-1) }' \
    | { read -r lo size || exit 1
        printf '%08x %08x\n' "$((0x$lo))" "$((0x$lo + 0x$size))"; }
}
mix=$(range mix) && ds=$(range digit_sum) \
  || { echo "FAIL: $elf: no symbols mix and digit_sum in .text"; exit 1; }
kernel=$(range kernel) || { echo "FAIL: $elf: no symbol kernel"; exit 1; }
set -- $mix $ds $kernel
# the layout the kernel is written for: mix below the kernel, digit_sum above
[ $((0x$2 <= 0x$5 && 0x$6 <= 0x$3)) = 1 ] \
  || { echo "FAIL: $elf: mix [$1, $2), kernel [$5, $6), digit_sum [$3, $4): not mix < kernel <= digit_sum"; exit 1; }

# run NAME SETTINGS...: the trace of deepcall under minpc in $out/NAME.trace
run() {
  name=$1; shift
  "$SIMTREF" sim --kernel deepcall --preset fermi-harp --set reconvergence=minpc \
    --grid $grid --block $block --size $((grid * block)) "$@" \
    --trace "$out/$name.trace" > "$out/$name.out" 2> "$out/$name.err" \
    || { echo "FAIL: simtref sim --kernel deepcall under minpc $*"; cat "$out/$name.err"; return 1; }
  grep -q "^result  *right (host reference)" "$out/$name.out" \
    || { echo "FAIL: deepcall under minpc $*: no right result"; return 1; }
}

# check MLO MHI DLO DHI NAME: the checks on $out/NAME.trace with the
# callee's ranges [MLO, MHI) and [DLO, DHI), the summary in
# $out/NAME.check; exit status 0 when both hold.  Two passes over the trace (fields: CYCLE
# sS wG tbT rdyR PC MASK ...); a warp is its slot and TB.  Masks are
# turned into strings of 64 bits.
check() {
awk -v mlo="$1" -v mhi="$2" -v dlo="$3" -v dhi="$4" '
function bits(h,   s, i) {
  s = ""
  h = sprintf("%16s", h); gsub(/ /, "0", h)
  for (i = 1; i <= 16; i++) s = s hexbits[substr(h, i, 1)]
  return s
}
function or(a, b,   s, i) {
  if (a == "") return b
  s = ""
  for (i = 1; i <= 64; i++)
    s = s ((substr(a, i, 1) == "1" || substr(b, i, 1) == "1") ? "1" : "0")
  return s
}
function outside(m, c,   i) {      # lanes of m not in c
  for (i = 1; i <= 64; i++)
    if (substr(m, i, 1) == "1" && substr(c, i, 1) != "1") return 1
  return 0
}
function callee(pc) {               # compared as strings ("100e4" is a number)
  pc = "x" pc
  return (pc >= "x" mlo && pc < "x" mhi) || (pc >= "x" dlo && pc < "x" dhi)
}
BEGIN {
  split("0000 0001 0010 0011 0100 0101 0110 0111 1000 1001 1010 1011 1100 1101 1110 1111", b, " ")
  split("0 1 2 3 4 5 6 7 8 9 a b c d e f", d, " ")
  for (i = 1; i <= 16; i++) hexbits[d[i]] = b[i]
}
NR == FNR {                        # pass 1: the callee lines of each warp
  w = $3 " " $4
  if (callee($6)) {
    if (!(w in first)) first[w] = FNR
    last[w] = FNR
    lanes[w] = or(lanes[w], bits($7))
    n_callee++
  }
  next
}
{                                  # pass 2: the other lanes around them
  w = $3 " " $4
  if (!(w in first)) next
  m = bits($7)
  if (!outside(m, lanes[w])) next
  if (FNR > first[w] && FNR < last[w]) {
    if (bad++ < 5) printf "line %d: warp %s issues lanes outside the callee while it runs: %s\n", FNR, w, substr($0, 1, 80)
  } else if (FNR > last[w] && !(w in after)) {
    after[w] = 1; diverged++
  }
}
END {
  printf "%d callee instructions, %d warps whose other path issued after the callee, %d instructions of the other path inside a call\n", n_callee, diverged, bad
  exit (bad > 0 || diverged == 0 || n_callee == 0)
}' "$out/$5.trace" "$out/$5.trace" > "$out/$5.check"
}

# The SP compared in full (fermi-harp's sp_bits = 32): the callee first.
if run sp; then
  check $mix $ds sp || fail=1
  echo "sp_bits=32: $(tail -n 1 "$out/sp.check")"
  [ $fail = 0 ] || { echo "FAIL: the callee did not run first under minpc"; sed '$d' "$out/sp.check"; }
else
  fail=1
fi

# The SP's top bit alone (sp_bits = 1): the kernel's and mix()'s frames,
# both in the top half of the 4 KiB stack, compare equal, the arbiter
# takes min(PC), and the same check finds the other path inside the call.
if run pc --set sp_bits=1; then
  check $mix $ds pc
  echo "sp_bits=1: $(tail -n 1 "$out/pc.check")"
  inside=$(sed -n 's/.*, \([0-9]*\) instructions of the other path inside a call$/\1/p' "$out/pc.check")
  [ -n "$inside" ] && [ "$inside" -gt 0 ] \
    || { echo "FAIL: the check finds the callee first with the SP left out"; fail=1; }
else
  fail=1
fi
exit $fail
