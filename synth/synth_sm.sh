#!/bin/sh
# synth_sm.sh -- synthesize the composed SM, simtref_sm, with Yosys onto
# the project's cell library and print its cells and area per module.
#
#   synth/synth_sm.sh [RTL_DIR]        (default rtl/sm-tiny-sbr-or1)
#
# SYNTH_SM_TOP names another module of RTL_DIR to synthesize as the top
# (default simtref_sm): one stage alone, with the modules it holds, as
# simtref_sm_front to compare the control-flow stages of two modes.
# Run from the build directory (`make synth-sm` does); SRCDIR names the
# source tree (default .), RTL_DIR is taken relative to it unless it is
# absolute.  YOSYS and SIMTREF_LIBERTY choose the tool and the library
# (default yosys and $SRCDIR/synth/simtref45.lib); SYNTH_SM_OUT the
# directory that keeps the script, the log and the statistics (default
# synth-sm-out).  Exits 1 with a message when Yosys fails or its output
# cannot be read, 2 on a bad argument.
#
# The flow is the one `simtref area` runs on each structure
# (synth/yosys_runner.c), with four changes that make the SM finish:
#
#  - No flatten.  Every module is synthesized once, as a module, and the
#    totals are the hierarchy's: each module's own cells times its
#    instances (two schedulers' front ends and datapaths, sixteen
#    decoders of the issue check, ...).
#  - The memories stay memories.  `synth -run :fine` ends at `memory
#    -nomap`, so every Verilog memory (register file banks, the L1's
#    tags and data, shared memory's banks, the tables) is a $mem_v2 cell
#    that techmap, dfflibmap and ABC leave alone.  Mapped to flip-flops
#    and read multiplexers they alone are hundreds of thousands of gates
#    (shared memory's two banks are 2 x 2048 words of 32 bits); they are
#    listed with their words, width and ports, and priced by the array
#    model (synth/array_model.c), not here.
#  - The comparisons of a signal with a constant become a chain of one
#    AND or OR per bit (the rule written below), before alumacc makes
#    them subtractors.  It was written for simtref_sm_mem's clear of
#    shared memory's valid bits, which compared each row number with
#    each TB slot's window (2048 rows x 4 slots x 2 bounds): as
#    subtractors they made 2.4 million gates after techmap and Yosys
#    13 GB, with the rule 0.64 million and 6 GB.  The clear now decodes
#    each bound once into a thermometer over the rows (`clr_rows`), with
#    no comparison, and the rule no longer changes much: synthesized
#    alone at sm-tiny-sbr-or1 with and without it, simtref_sm_mem gives
#    472 226 and 465 001 logic cells (Yosys 6 GB either way),
#    simtref_sm_exec 54 551 and 54 625, simtref_sm_launch 14 404 and
#    14 436, simtref_sm_front 7 322 and 7 329, simtref_sm's own cells
#    the same; simtref_sm_issue has no comparison with a constant.  It
#    is kept until a run of the whole SM without it has been measured.
#  - No `opt -fast` between techmap and dfflibmap: on that netlist it
#    ran for many minutes, and ABC does the same folding itself.
set -u

srcdir=${SRCDIR:-.}
yosys=${YOSYS:-yosys}
lib=${SIMTREF_LIBERTY:-$srcdir/synth/simtref45.lib}
out=${SYNTH_SM_OUT:-synth-sm-out}
top=${SYNTH_SM_TOP:-simtref_sm}
case $top in *[!A-Za-z0-9_]*|'') echo "synth_sm.sh: SYNTH_SM_TOP '$top' is not a module name" >&2; exit 2 ;; esac

die() { echo "synth_sm.sh: $*" >&2; exit 1; }

[ $# -le 1 ] || { echo "usage: synth_sm.sh [RTL_DIR]" >&2; exit 2; }
rtl=${1:-rtl/sm-tiny-sbr-or1}
case $rtl in /*) ;; *) rtl=$srcdir/$rtl ;; esac
[ -f "$rtl/$top.v" ] || { echo "synth_sm.sh: no $top.v in $rtl" >&2; exit 2; }
[ -f "$lib" ] || die "no cell library $lib"
# A Yosys script cannot carry these in a path (yosys_check_script_path()).
for p in "$rtl" "$lib" "$out"; do
  case $p in *[[:space:]\;\#\"]*) die "the path '$p' holds a space or one of \" ; #" ;; esac
done
command -v "$yosys" >/dev/null 2>&1 || die "no $yosys on the PATH"
mkdir -p "$out" || die "cannot make $out"
rm -f "$out/stat.txt" "$out/mems.il"

# The flow's rule that narrows variable part-selects before techmap:
# the Verilog text of synth/shiftx_map.c, taken out of its C string so
# that the two flows use the same rule.
sed -n 's/^ *"\(.*\)\\n"[;]*$/\1/p' "$srcdir/synth/shiftx_map.c" |
  sed 's/\\"/"/g; s/\\\\/\\/g' > "$out/shiftx_map.v"
grep -q '^endmodule' "$out/shiftx_map.v" ||
  die "cannot read the rule of $srcdir/synth/shiftx_map.c"

# x < C, x <= C, x > C, x >= C (either side the constant C, unsigned):
# g(i+1) = C[i] ? x[i] & g(i) : x[i] | g(i) is x[i:0] > C[i:0] from
# g(0) = 0, x[i:0] >= C[i:0] from g(0) = 1; the other two are their
# negations.  Cells with two variable or signed operands are left alone.
cat > "$out/cmp_map.v" <<'EOF'
(* techmap_celltype = "$lt $le $gt $ge" *)
module _simtref_const_cmp (A, B, Y);
  parameter A_SIGNED = 0;
  parameter B_SIGNED = 0;
  parameter A_WIDTH = 1;
  parameter B_WIDTH = 1;
  parameter Y_WIDTH = 1;
  parameter _TECHMAP_CELLTYPE_ = "";
  parameter [A_WIDTH-1:0] _TECHMAP_CONSTMSK_A_ = 0;
  parameter [A_WIDTH-1:0] _TECHMAP_CONSTVAL_A_ = 0;
  parameter [B_WIDTH-1:0] _TECHMAP_CONSTMSK_B_ = 0;
  parameter [B_WIDTH-1:0] _TECHMAP_CONSTVAL_B_ = 0;
  input  [A_WIDTH-1:0] A;
  input  [B_WIDTH-1:0] B;
  output [Y_WIDTH-1:0] Y;

  localparam W    = A_WIDTH > B_WIDTH ? A_WIDTH : B_WIDTH;
  localparam AC   = &_TECHMAP_CONSTMSK_A_;      // A is the constant
  localparam BC   = &_TECHMAP_CONSTMSK_B_;
  localparam LTGE = _TECHMAP_CELLTYPE_ == "$lt" || _TECHMAP_CELLTYPE_ == "$ge";
  localparam LTLE = _TECHMAP_CELLTYPE_ == "$lt" || _TECHMAP_CELLTYPE_ == "$le";
  localparam INIT = LTGE ^ AC;                  // 1: the chain is x >= C
  localparam INV  = LTLE ^ AC;                  // 1: Y is its negation
  localparam [W-1:0] C = AC ? _TECHMAP_CONSTVAL_A_ : _TECHMAP_CONSTVAL_B_;
  wire _TECHMAP_FAIL_ = A_SIGNED || B_SIGNED || AC == BC;

  wire [W-1:0] x = AC ? B : A;
  wire [W:0]   g;
  assign g[0] = INIT;
  genvar i;
  generate
    for (i = 0; i < W; i = i + 1) begin : bit
      if (C[i])
        assign g[i+1] = x[i] & g[i];
      else
        assign g[i+1] = x[i] | g[i];
    end
  endgenerate
  assign Y = {{(Y_WIDTH-1){1'b0}}, g[W] ^ INV};
endmodule
EOF

# Every module of the directory; hierarchy keeps what simtref_sm uses.
{
  echo "# simtref_sm of $rtl, written by synth/synth_sm.sh."
  for f in "$rtl"/*.v; do echo "read_verilog -noautowire $f"; done
  cat <<EOF
hierarchy -check -top $top
proc
opt_expr
opt_clean
techmap -map $out/cmp_map.v
synth -top $top -run coarse:fine
select t:\$mem_v2
write_rtlil -selected $out/mems.il
select -clear
opt -fast -full
techmap -map $out/shiftx_map.v
techmap
opt_clean
dfflibmap -liberty $lib
abc -fast -liberty $lib
opt_clean
tee -q -o $out/stat.txt stat -liberty $lib -top $top
EOF
} > "$out/synth_sm.ys"

echo "synth_sm.sh: $top of $rtl onto $(basename "$lib") (log: $out/yosys.log)"
t0=$(date +%s)
"$yosys" -q -l "$out/yosys.log" -s "$out/synth_sm.ys" > "$out/yosys.out" 2>&1
rc=$?
t1=$(date +%s)
if [ $rc -ne 0 ]; then
  err=$(grep -h 'ERROR' "$out/yosys.log" "$out/yosys.out" 2>/dev/null | tail -n 1)
  die "yosys failed (exit $rc) after $((t1 - t0)) s, see $out/yosys.log${err:+: $err}"
fi
[ -s "$out/stat.txt" ] || die "yosys wrote no statistics ($out/stat.txt)"
echo "Yosys: $((t1 - t0)) s wall"

# The report.  The flip-flops are the library's cells with an ff group,
# the logic cells its other cells; a cell type that names a module of
# the statistics is an instance; $mem_v2 a memory.  The areas are
# Yosys's (`Chip area for module`), times the instances.
awk -v top="$top" '
  # pass 1: the library -- which cells are flip-flops
  FILENAME == ARGV[1] {
    if (match($0, /^[ \t]*cell[ \t]*\(/)) {
      cell = substr($0, RSTART + RLENGTH); sub(/\).*/, "", cell); gsub(/[ \t"]/, "", cell)
    } else if ($0 ~ /^[ \t]*ff[ \t]*\(/ && cell != "") ff[cell] = 1
    next
  }
  # pass 2: the memories, by module (write_rtlil -selected)
  FILENAME == ARGV[2] {
    if ($1 == "module") { mod = $2; sub(/^\\/, "", mod) }
    else if ($1 == "cell" && $2 == "$mem_v2") { nm = ++nmem; mmod[nm] = mod; mname[nm] = $3 }
    else if ($1 == "parameter" && nm) {
      if ($2 == "\\SIZE") msize[nm] = $3
      else if ($2 == "\\WIDTH") mwidth[nm] = $3
      else if ($2 == "\\RD_PORTS") mrd[nm] = $3
      else if ($2 == "\\WR_PORTS") mwr[nm] = $3
    } else if ($1 == "end") nm = 0
    next
  }
  # pass 3: the statistics
  /^=== design hierarchy ===/ { hier = 1; mod = ""; next }
  /^=== .* ===$/ { mod = $2; mods[++nmods] = mod; incells = 0; next }
  hier && /Chip area for top module/ { total_area = $NF; next }
  hier { next }
  mod != "" && /Number of cells:/ { incells = 1; next }
  mod != "" && /Chip area for module/ { area[mod] = $NF; incells = 0; next }
  mod != "" && incells && NF == 2 && $2 ~ /^[0-9]+$/ { n[mod, $1] = $2; types[mod] = types[mod] " " $1; next }
  mod != "" && incells && NF != 2 { incells = 0 }
  # instances of each module: its parents instances times the count
  function count(m,   p, i, k, t, c) {
    if (m in inst) return inst[m]
    c = (m == top)
    for (i = 1; i <= nmods; i++) {
      p = mods[i]
      if ((p, m) in n) c += count(p) * n[p, m]
    }
    inst[m] = c
    return c
  }
  # a module by its name, without the parameters Yosys adds to it
  function short(m) {
    sub(/^\$paramod\$[0-9a-f]*\\/, "", m); sub(/^\$paramod\\/, "", m)
    sub(/\\.*/, "", m); sub(/^\\/, "", m); return m
  }
  END {
    if (nmods == 0 || total_area == "") { print "synth_sm.sh: cannot read the statistics" > "/dev/stderr"; exit 1 }
    for (i = 1; i <= nmods; i++) ismod[mods[i]] = 1
    printf "\n%-22s %5s %9s %10s %8s %14s %5s %11s\n", "module", "inst", "flops", "logic", "memories", "area um^2", "", "share"
    for (i = 1; i <= nmods; i++) {
      m = mods[i]; c = count(m); fl = lg = mm = 0
      split(substr(types[m], 2), ty, " ")
      for (k in ty) {
        t = ty[k]
        if (t in ff) fl += n[m, t]
        else if (t == "$mem_v2") mm += n[m, t]
        else if (!(t in ismod)) lg += n[m, t]
      }
      row[i] = sprintf("%-22s %5d %9d %10d %8d %14.1f", short(m), c, fl * c, lg * c, mm * c, area[m] * c)
      sum_fl += fl * c; sum_lg += lg * c; sum_mm += mm * c; sum_area += area[m] * c
      rarea[i] = area[m] * c
    }
    for (i = 1; i <= nmods; i++)
      printf "%s %5s %10.1f%%\n", row[i], "", (total_area > 0) ? 100 * rarea[i] / total_area : 0
    printf "%-22s %5s %9d %10d %8d %14.1f\n", "total", "", sum_fl, sum_lg, sum_mm, total_area
    if (sum_area - total_area > 0.01 * total_area || total_area - sum_area > 0.01 * total_area) {
      printf "synth_sm.sh: the modules sum to %.1f um^2, Yosys gives %.1f\n", sum_area, total_area > "/dev/stderr"; exit 1
    }
    printf "\nMemories kept as arrays (area by synth/array_model.c, not above):\n"
    printf "%-22s %-20s %6s %6s %4s %4s %5s %10s\n", "module", "memory", "words", "width", "rd", "wr", "inst", "bits"
    for (k = 1; k <= nmem; k++) {
      c = count(mmod[k]); b = msize[k] * mwidth[k] * c; bits += b
      nm = mname[k]; sub(/^\\/, "", nm); sub(/^\$[^$]*\$/, "", nm)
      printf "%-22s %-20s %6d %6d %4d %4d %5d %10d\n", short(mmod[k]), nm, msize[k], mwidth[k], mrd[k], mwr[k], c, b
    }
    printf "%-22s %-20s %6s %6s %4s %4s %5d %10d\n", "total", "", "", "", "", "", sum_mm, bits
    printf "\nTotal: %d flip-flops, %d logic cells, %.1f um^2 of cells (45 nm); %d memories of %d bits\n",
           sum_fl, sum_lg, total_area, sum_mm, bits
  }
' "$lib" "$out/mems.il" "$out/stat.txt" || die "cannot read Yosys's statistics in $out"
