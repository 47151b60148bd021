#!/bin/sh
# sweeps.sh -- `make sweeps`: the sensitivity studies of HARP §7.2 (SIMD
# width, pipeline length), HARP §7.3.1 (RBT size, Fig. 16) and BAWS §6.4
# (I-buffer size), each one `simtref compare --sweep` into its own
# directory of $OUT (docs/sweeps.md says what each sweep models and why).
#
# After each compare's own tables it prints two more, computed from the
# points' JSON files that the compare wrote (DIR/points/matrix.txt):
#   relative  for each kernel and each mode, scheduler and fetch policy,
#             the cycles at the sweep's baseline value over the cycles at
#             each other value (above 1: faster than at the baseline), with
#             the geometric mean per kernel class and over every kernel;
#   statistics  per column and kernel class: the cycles summed over the
#             class's kernels, the mean SIMD lane activity (HARP eq. 2) and
#             depth utilization (HARP eq. 1), the stall cycles of each
#             BAWS §6.3 reason summed over the schedulers and kernels per
#             summed SM cycle, the threads waiting at re-convergence in
#             idle cycles per summed idle cycle (HARP Fig. 14), the RBT
#             reservation misses and the threads they let past their
#             re-convergence point, the Waiting-Lookup merges and the L1
#             MSHR-full stalls (sums).
# Both are also written to DIR/sweep.md.  The SIMD sweep runs twice, the
# second time under sbr with 32-thread warps at every width as HARP
# §7.2.2 does (simd-sbr32/), and prints harp's speedup over that baseline
# too (simd/speedup-sbr32.md).
#
# Variables: SIMTREF (the tool, default ./simtref), JSON_GET (the JSON
# reader, default tests/tools/json_get), OUT (default sweeps-out), SWEEPS (a
# subset of "simd depth rbt ibuffer"), HARP_KERNELS and BAWS_KERNELS (the
# kernels of the HARP and the BAWS sweeps; default: the suite's types A,
# B and C, and its barrier-intensive kernels), JOBS (points at a time; default
# compare's, every online processor), PLOTS (no: --no-plots).
set -eu

SIMTREF=${SIMTREF:-./simtref}
JSON_GET=${JSON_GET:-tests/tools/json_get}
OUT=${OUT:-sweeps-out}
SWEEPS=${SWEEPS:-simd depth rbt ibuffer}
JOBS=${JOBS:-}
PLOTS=${PLOTS:-yes}

die() {
    echo "sweeps.sh: $*" >&2
    exit 1
}

[ -x "$SIMTREF" ] || die "$SIMTREF: not an executable (set SIMTREF)"
[ -x "$JSON_GET" ] || die "$JSON_GET: not an executable (set JSON_GET)"

common=""
[ -n "$JOBS" ] && common="--jobs $JOBS"
[ "$PLOTS" = no ] && common="$common --no-plots"

# The kernels of a class of the suite, comma-separated, from the class
# column of `simtref kernel list` (an extended regular expression).
kernels_of() {
    "$SIMTREF" kernel list | awk -F' [|] ' -v re="$1" '
        NR > 2 && $2 ~ re { k = $1; sub(/^[|] */, "", k)
                            out = out (out == "" ? "" : ",") k }
        END { print out }'
}

HARP_KERNELS=${HARP_KERNELS:-$(kernels_of 'type [ABC]')}
BAWS_KERNELS=${BAWS_KERNELS:-$(kernels_of '^barrier-intensive$')}
[ -n "$HARP_KERNELS" ] || die "no kernel of type A, B or C in the suite"
[ -n "$BAWS_KERNELS" ] || die "no barrier-intensive kernel in the suite"

# Inputs that fill the SM: 16 TBs of 256 threads, more than the 1536
# threads an SM holds at fermi-harp and gtx480-baws, so TBs come in
# waves.  The inputs of one element per thread (vecadd, matmul, coulomb,
# hotspot, backprop's weights) grow to at least one per thread of the
# grid; the per-TB inputs (nw, bfs and the barrier-intensive kernels)
# grow with the grid; nqueens, mummer and particlefilter keep the suite's
# input, whose few busy threads are what makes them type A.
FILL="--grid 16 --block 256"
HARP_FILL=$FILL
for ks in vecadd=4096 matmul=64 coulomb=64 hotspot=64 backprop=256; do
    case ,$HARP_KERNELS, in
    *,${ks%%=*},*) HARP_FILL="$HARP_FILL --size $ks" ;;
    esac
done

# The per-point table lines "value<TAB>kernel<TAB>class<TAB>mode<TAB>
# scheduler<TAB>fetch<TAB>figures..." of the points listed in DIR/points.
point_rows() {
    pdir=$1/points
    [ -r "$pdir/matrix.txt" ] || die "$pdir/matrix.txt: missing"
    awk '$1 == "point" { print $2, ($3 == "" ? "-" : $3) }' "$pdir/matrix.txt" |
    while read -r file value; do
        f=$pdir/$file
        row=$value
        for key in kernel class reconvergence scheduler fetch cycles \
                   simd_lane_activity depth_utilization \
                   "stalls control" "stalls data" "stalls structural" \
                   "stalls barrier" "stalls fetch" idle_cycles \
                   "idle_threads reconverging" rbt_reservation_misses \
                   rbt_bypass_threads "waiting_lookup merged" \
                   "lsu mshr_stalls"; do
            # shellcheck disable=SC2086 # a key path is several words
            v=$("$JSON_GET" "$f" $key) || die "$f: no $key"
            v=${v#\"}
            row="$row	${v%\"}"
        done
        printf '%s\n' "$row"
    done
}

# The rows of a table per kernel class (awk, before each table's
# program): row (c, k) is kernel k of class c, or with k "" the geometric
# mean of class c's kernels ("all": every kernel).  Needs cls[1..nc],
# kern[1..nk] and kclass[].
ROWS_AWK='
function next_row(r) {     # the next row shown after row r, or -1
    for (r++; r < (nc + 1) * (nk + 1); r++)
        if (row_shown(row_class(r), row_kernel(r)))
            return r
    return -1
}
function row_class(r) { return int(r / (nk + 1)) + 1 <= nc ? cls[int(r / (nk + 1)) + 1] : "all" }
function row_kernel(r) { return r % (nk + 1) + 1 <= nk ? kern[r % (nk + 1) + 1] : "" }
function row_shown(c, k) { return k == "" || (c != "all" && kclass[k] == c) }
function row_has(c, k, q) { return k != "" ? q == k : (c == "all" || kclass[q] == c) }
function row_head(c, k) { return "| " c " | " (k == "" ? "geometric mean" : k) " |" }
'

# The relative and statistics tables of the sweep in DIR over KEY.
summarize() {
    dir=$1 key=$2 base=$3
    point_rows "$dir" > "$dir/points.tsv.tmp" || {
        rm -f "$dir/points.tsv.tmp"
        die "$dir: the points could not be read"
    }
    mv "$dir/points.tsv.tmp" "$dir/points.tsv"
    awk -F'\t' -v key="$key" -v base="$base" "$ROWS_AWK"'
    function col(i) { return $4 " " $5 " fetch=" $6 }
    function fmt(x) { return sprintf("%.3f", x) }
    {
        v = $1; k = $2; c = $3; cl = col()
        if (!(v in vseen)) { vseen[v] = 1; vals[++nv] = v }
        if (!(k in kseen)) { kseen[k] = 1; kern[++nk] = k; kclass[k] = c }
        if (!(c in cseen)) { cseen[c] = 1; cls[++nc] = c }
        if (!(cl in lseen)) { lseen[cl] = 1; cols[++nl] = cl }
        cyc[v, k, cl] = $7
        n[v, c, cl]++; ncy[v, c, cl] += $7
        lane[v, c, cl] += $8; depth[v, c, cl] += $9
        ctl[v, c, cl] += $10; dat[v, c, cl] += $11; str[v, c, cl] += $12
        bar[v, c, cl] += $13; fet[v, c, cl] += $14
        idle[v, c, cl] += $15; rec[v, c, cl] += $16
        miss[v, c, cl] += $17; byp[v, c, cl] += $18
        wlm[v, c, cl] += $19; mshr[v, c, cl] += $20
    }
    END {
        if (!(base in vseen)) {
            printf "sweeps.sh: %s=%s: not a swept value\n", key, base > "/dev/stderr"
            exit 1
        }
        printf "### Relative to %s=%s\n\n", key, base
        printf "Cycles at %s=%s over cycles at the column'"'"'s value, ", key, base
        printf "for the same kernel, mode, scheduler and fetch policy.\n\n"
        hdr = "| class | kernel |"; sep = "|---|---|"
        for (i = 1; i <= nv; i++)
            for (j = 1; j <= nl && vals[i] != base; j++) {
                hdr = hdr " " key "=" vals[i] " " cols[j] " |"
                sep = sep "---:|"
            }
        print hdr; print sep
        for (r = next_row(-1); r >= 0; r = next_row(r)) {
            c = row_class(r); k = row_kernel(r); line = row_head(c, k)
            for (i = 1; i <= nv; i++)
                for (j = 1; j <= nl && vals[i] != base; j++) {
                    s = 0; m = 0
                    for (kk = 1; kk <= nk; kk++) {
                        q = kern[kk]
                        if (!row_has(c, k, q) || !((base, q, cols[j]) in cyc) \
                            || !((vals[i], q, cols[j]) in cyc))
                            continue
                        s += log(cyc[base, q, cols[j]] / cyc[vals[i], q, cols[j]]); m++
                    }
                    line = line " " (m ? fmt(exp(s / m)) : "-") " |"
                }
            print line
        }
        printf "\n### Statistics\n\n"
        printf "Per class: cycles summed over its kernels; SIMD lane activity "
        printf "and depth utilization, the mean over its kernels; stall cycles "
        printf "(BAWS 6.3, every scheduler) per SM cycle; threads waiting at "
        printf "re-convergence per idle cycle; RBT misses, the threads they let "
        printf "past, Waiting-Lookup merges and MSHR-full stalls, summed.\n\n"
        print "| column | class | cycles | SIMD lane act. | depth util. | control/cyc | data/cyc | structural/cyc | barrier/cyc | fetch/cyc | reconv. threads/idle cyc | RBT misses | RBT bypass threads | WL merged | MSHR stalls |"
        print "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
        for (i = 1; i <= nv; i++)
            for (j = 1; j <= nl; j++) {
                cl = cols[j]; v = vals[i]
                for (ci = 1; ci <= nc + 1; ci++) {
                    if (ci <= nc) {
                        c = cls[ci]
                        N = n[v, c, cl]; Y = ncy[v, c, cl]; L = lane[v, c, cl]
                        D = depth[v, c, cl]; C = ctl[v, c, cl]; A = dat[v, c, cl]
                        S = str[v, c, cl]; B = bar[v, c, cl]; F = fet[v, c, cl]
                        I = idle[v, c, cl]; R = rec[v, c, cl]; M = miss[v, c, cl]
                        P = byp[v, c, cl]; W = wlm[v, c, cl]; H = mshr[v, c, cl]
                    } else {
                        if (nc == 1)
                            continue
                        c = "all"; N = Y = L = D = C = A = S = B = F = I = R = M = P = W = H = 0
                        for (cc = 1; cc <= nc; cc++) {
                            x = cls[cc]
                            N += n[v, x, cl]; Y += ncy[v, x, cl]; L += lane[v, x, cl]
                            D += depth[v, x, cl]; C += ctl[v, x, cl]; A += dat[v, x, cl]
                            S += str[v, x, cl]; B += bar[v, x, cl]; F += fet[v, x, cl]
                            I += idle[v, x, cl]; R += rec[v, x, cl]; M += miss[v, x, cl]
                            P += byp[v, x, cl]; W += wlm[v, x, cl]; H += mshr[v, x, cl]
                        }
                    }
                    if (!N)
                        continue
                    printf "| %s=%s %s | %s | %d | %s | %s | %s | %s | %s | %s | %s | %s | %d | %d | %d | %d |\n", \
                        key, v, cl, c, Y, fmt(L / N), fmt(D / N), fmt(C / Y), \
                        fmt(A / Y), fmt(S / Y), fmt(B / Y), fmt(F / Y), \
                        (I ? fmt(R / I) : "-"), M, P, W, H
                }
            }
    }' "$dir/points.tsv" > "$dir/sweep.md.tmp" || {
        rm -f "$dir/sweep.md.tmp"
        die "$dir: no summary"
    }
    mv "$dir/sweep.md.tmp" "$dir/sweep.md"
    echo
    cat "$dir/sweep.md"
}

# HARP against SBR across two sweeps of KEY: the cycles of MODE_B's
# points in DIR_B over those of MODE_A's points in DIR_A, for the same
# kernel and swept value, with the geometric mean per kernel class and
# over every kernel; written to DIR_A/NAME.md and printed.
cross() {
    dir_a=$1 mode_a=$2 dir_b=$3 mode_b=$4 key=$5 name=$6 title=$7
    [ -r "$dir_a/points.tsv" ] || die "$dir_a/points.tsv: missing"
    [ -r "$dir_b/points.tsv" ] || die "$dir_b/points.tsv: missing"
    awk -F'\t' -v ma="$mode_a" -v mb="$mode_b" -v key="$key" \
        -v title="$title" "$ROWS_AWK"'
    FNR == 1 { file++ }
    file == 1 && $4 == ma || file == 2 && $4 == mb {
        v = $1; k = $2; c = $3
        if (!(v in vseen)) { vseen[v] = 1; vals[++nv] = v }
        if (!(k in kseen)) { kseen[k] = 1; kern[++nk] = k; kclass[k] = c }
        if (!(c in cseen)) { cseen[c] = 1; cls[++nc] = c }
        cyc[file, v, k] = $7
    }
    END {
        printf "### %s\n\n", title
        printf "Cycles of %s over cycles of %s, for the same kernel and %s.\n\n", mb, ma, key
        hdr = "| class | kernel |"; sep = "|---|---|"
        for (i = 1; i <= nv; i++) { hdr = hdr " " key "=" vals[i] " |"; sep = sep "---:|" }
        print hdr; print sep
        for (r = next_row(-1); r >= 0; r = next_row(r)) {
            c = row_class(r); k = row_kernel(r); line = row_head(c, k)
            for (i = 1; i <= nv; i++) {
                s = 0; m = 0
                for (kk = 1; kk <= nk; kk++) {
                    q = kern[kk]
                    if (!row_has(c, k, q) || !((1, vals[i], q) in cyc) \
                        || !((2, vals[i], q) in cyc))
                        continue
                    s += log(cyc[2, vals[i], q] / cyc[1, vals[i], q]); m++
                }
                line = line " " (m ? sprintf("%.3f", exp(s / m)) : "-") " |"
            }
            print line
        }
    }' "$dir_a/points.tsv" "$dir_b/points.tsv" > "$dir_a/$name.md.tmp" || {
        rm -f "$dir_a/$name.md.tmp"
        die "$dir_a: no $name table"
    }
    mv "$dir_a/$name.md.tmp" "$dir_a/$name.md"
    echo
    cat "$dir_a/$name.md"
}

# One sweep: its name (the directory), the swept key as compare names it,
# the value the others are related to (the preset's, the paper's
# baseline), then compare's options.
sweep() {
    name=$1 key=$2 base=$3
    shift 3
    echo
    echo "## sweep $name: simtref compare $*"
    echo
    # shellcheck disable=SC2086 # $common is a list of options
    "$SIMTREF" compare "$@" $common --out "$OUT/$name" ||
        die "sweep $name: simtref compare failed"
    summarize "$OUT/$name" "$key" "$base"
}

start=$(date +%s)
for s in $SWEEPS; do
    case $s in
    simd)   # HARP §7.2.2, Fig. 15(b): SIMD 8, 16 (baseline), 32.  The
        # preset's 64 warps per TB of 32 threads would exceed the SM's
        # 1536 threads; 32 warps hold a TB of 256 at every width (the
        # key only sizes the WPT's counters and bounds a TB's warps)
        # shellcheck disable=SC2086
        sweep simd simd_width+warp_size 16 --preset fermi-harp \
            --kernels "$HARP_KERNELS" --modes sbr,harp $HARP_FILL \
            --set max_warps_per_tb=32 \
            --sweep simd_width+warp_size=8,16,32
        # HARP §7.2.2 keeps SBR's 32-thread warps at every width (run as
        # sub-warps on a narrower SIMD): fermi-sbr, which is fermi-harp
        # with those warps (and 32 warps per TB) under sbr
        # shellcheck disable=SC2086
        sweep simd-sbr32 simd_width 16 --preset fermi-sbr \
            --kernels "$HARP_KERNELS" --modes sbr $HARP_FILL \
            --sweep simd_width=8,16,32
        cross "$OUT/simd" harp "$OUT/simd-sbr32" sbr simd_width speedup-sbr32 \
            "Speedup of harp (warps as wide as the SIMD) over sbr with 32-thread warps" ;;
    depth)  # HARP §7.2.2, Fig. 15(a): an 8- (baseline) and a 16-cycle
        # pipeline for every operation, and a 4-cycle one
        # shellcheck disable=SC2086
        sweep depth pipeline_depth+alu_latency+mul_latency+l1d_hit_latency 8 \
            --preset fermi-harp --kernels "$HARP_KERNELS" --modes sbr,harp \
            $HARP_FILL \
            --sweep pipeline_depth+alu_latency+mul_latency+l1d_hit_latency=4,8,16 ;;
    rbt)    # HARP §7.3.1, Fig. 16: 16 to 128 entries, 16 ways
        # shellcheck disable=SC2086
        sweep rbt rbt_entries 16 --preset fermi-harp --kernels "$HARP_KERNELS" \
            --modes sbr,harp $HARP_FILL --sweep rbt_entries=16,32,64,128 ;;
    ibuffer) # BAWS §6.4: 2 (default) and 4 slots per warp, and 1 and 8
        # shellcheck disable=SC2086
        sweep ibuffer ibuffer_slots 2 --preset gtx480-baws \
            --kernels "$BAWS_KERNELS" --schedulers lrr,gto,mwf_gto \
            --fetch lrr,cff $FILL --sweep ibuffer_slots=1,2,4,8 ;;
    *) die "unknown sweep '$s' (simd, depth, rbt, ibuffer)" ;;
    esac
done
echo
echo "sweeps: $SWEEPS in $(( $(date +%s) - start )) s of wall time"
