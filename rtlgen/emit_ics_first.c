/*
 * emit_ics_first.c -- the Verilog of the ICS-First priority-based warp PC
 * arbiter (simtref_ics_first), one per warp.
 *
 * Ports and behaviour are those of the C model, golden/structures/ics_first.h.  One
 * register group per thread (its one-hot state and one-hot priority), the
 * active thread vectors of eq. 5 as a grid of AND gates (Fig. 8), and the
 * selection of Fig. 9: the highest non-empty level, its lowest thread as a
 * one-hot vector, which picks the warp PC.
 */
#include "rtlgen.h"
#include "ics_first.h"

static void emit_header(struct vgen *v, const struct simt_config *cfg,
                        const struct ics_first_geometry *g)
{
    const struct vparam params[] = {
        { "THREADS", g->threads, NULL, "K: threads of the warp (warp_size)" },
        { "LEVELS",  g->levels,  NULL, "N: priority levels" },
        { "PC_W",    g->pc_w,    NULL, "program counter" },
    };
    const struct vport ports[] = {
        { NULL, NULL, NULL, "Clock and reset" },
        { "input",  "",                     "clk_i",          "clock" },
        { "input",  "",                     "rst_ni",         "asynchronous reset, active low" },
        { NULL, NULL, NULL, "Core actions on the thread descriptors" },
        { "input",  "[THREADS-1:0]",        "assign_i",       "a work-item assigned: Idle -> Ready" },
        { "input",  "",                     "issue_i",        "the warp issues: exec_o threads -> Execution" },
        { "input",  "[THREADS-1:0]",        "commit_i",       "the thread's instruction commits" },
        { "input",  "[2:0]",                "commit_op_i",    "0 normal 1 barrier 2 exit 3 raise 4 lower 5 outmost" },
        { "input",  "",                     "release_i",      "the barrier releases: Barrier -> Ready" },
        { "input",  "[THREADS*PC_W-1:0]",   "pc_i",           "PC of each thread" },
        { NULL, NULL, NULL, "Thread descriptors" },
        { "output", "[THREADS*4-1:0]",      "state_o",        "one-hot {B, E, R, I} per thread" },
        { "output", "[THREADS*LEVELS-1:0]", "prio_o",         "one-hot priority per thread" },
        { NULL, NULL, NULL, "Warp PC arbitration" },
        { "output", "[LEVELS*THREADS-1:0]", "atv_o",          "active thread vector of each level (eq. 5)" },
        { "output", "[THREADS-1:0]",        "sel_o",          "selected thread, one-hot (0: none active)" },
        { "output", "[PC_W-1:0]",           "warp_pc_o",      "its PC: the warp PC (0 when none)" },
        { "output", "[THREADS-1:0]",        "exec_o",         "threads of the selected level at the warp PC" },
        { "output", "",                     "ready_to_run_o", "a thread Ready, none in Execution" },
        { "output", "",                     "all_barrier_o",  "every non-Idle thread in Barrier" },
        { NULL, NULL, NULL, "Errors" },
        { "output", "",                     "err_o",          "input contract broken (see the C model)" },
    };

    emit_file_header(v, "simtref_ics_first.v", "ICS-First priority-based warp PC arbiter",
                     "Multi-core SIMT, sections 3.2 and 4.3, Fig. 4, 8, 9, eq. 5; "
                     "C model: golden/structures/ics_first.c.", cfg);
    vgen_line(v, "// Level 0 is the outmost (lowest) priority.  ATV-P_n[k] = I'.E'.R.B'.P_n;");
    vgen_line(v, "// the selected thread is the lowest k of the highest non-empty level.");
    vgen_line(v, "// Storage: %lu flip-flops (%u threads x (4 state + %u priority bits)).",
              ics_first_state_bits(g), g->threads, g->levels);
    vgen_blank(v);
    vgen_module_begin(v, "simtref_ics_first", params, sizeof params / sizeof params[0],
                      ports, sizeof ports / sizeof ports[0]);
}

static void emit_descriptors(struct vgen *v, const struct ics_first_geometry *g)
{
    vgen_section(v, "Thread descriptors: state and priority");
    vgen_line(v, "localparam [3:0] ST_IDLE    = 4'b0001;");
    vgen_line(v, "localparam [3:0] ST_READY   = 4'b0010;");
    vgen_line(v, "localparam [3:0] ST_EXEC    = 4'b0100;");
    vgen_line(v, "localparam [3:0] ST_BARRIER = 4'b1000;");
    vgen_line(v, "localparam [2:0] OP_BARRIER = 3'd1;");
    vgen_line(v, "localparam [2:0] OP_EXIT    = 3'd2;");
    vgen_line(v, "localparam [2:0] OP_RAISE   = 3'd3;");
    vgen_line(v, "localparam [2:0] OP_LOWER   = 3'd4;");
    vgen_line(v, "localparam [2:0] OP_OUTMOST = 3'd5;");
    vgen_line(v, "localparam [LEVELS-1:0] OUTMOST = %u'd1;   // level 0", g->levels);
    vgen_blank(v);
    vgen_line(v, "reg  [THREADS*4-1:0]      state_q;");
    vgen_line(v, "reg  [THREADS*LEVELS-1:0] prio_q;");
    vgen_line(v, "wire [THREADS-1:0]        st_i, st_r, st_e, st_b;   // Idle, Ready, Execution, Barrier");
    vgen_line(v, "wire [THREADS-1:0]        exec;");
    vgen_line(v, "genvar gk, gn;");
    vgen_blank(v);
    vgen_generate(v);
    vgen_begin_named(v, "g_thread", "for (gk = 0; gk < THREADS; gk = gk + 1)");
    vgen_line(v, "wire [3:0]        st = state_q[gk*4 +: 4];");
    vgen_line(v, "wire [LEVELS-1:0] pr = prio_q[gk*LEVELS +: LEVELS];");
    vgen_line(v, "assign st_i[gk] = st[0];");
    vgen_line(v, "assign st_r[gk] = st[1];");
    vgen_line(v, "assign st_e[gk] = st[2];");
    vgen_line(v, "assign st_b[gk] = st[3];");
    vgen_blank(v);
    /* The thread's state machine: each transition its own condition. */
    vgen_begin(v, "always @(posedge clk_i or negedge rst_ni)");
    vgen_begin(v, "if (!rst_ni)");
    vgen_line(v, "state_q[gk*4 +: 4]          <= ST_IDLE;");
    vgen_line(v, "prio_q[gk*LEVELS +: LEVELS] <= OUTMOST;");
    vgen_elsif(v, "st == ST_IDLE && assign_i[gk]");
    vgen_line(v, "state_q[gk*4 +: 4]          <= ST_READY;");
    vgen_line(v, "prio_q[gk*LEVELS +: LEVELS] <= OUTMOST;");
    vgen_elsif(v, "st == ST_READY && issue_i && exec[gk]");
    vgen_line(v, "state_q[gk*4 +: 4]          <= ST_EXEC;");
    vgen_elsif(v, "st == ST_EXEC && commit_i[gk]");
    vgen_case(v, "commit_op_i");
    vgen_line(v, "OP_BARRIER: state_q[gk*4 +: 4] <= ST_BARRIER;");
    vgen_line(v, "OP_EXIT:    state_q[gk*4 +: 4] <= ST_IDLE;");
    vgen_line(v, "default:    state_q[gk*4 +: 4] <= ST_READY;");
    vgen_endcase(v);
    vgen_begin(v, "if (commit_op_i == OP_RAISE && !pr[LEVELS-1])");
    vgen_line(v, "prio_q[gk*LEVELS +: LEVELS] <= pr << 1;");
    vgen_end(v);
    vgen_begin(v, "if (commit_op_i == OP_LOWER && !pr[0])");
    vgen_line(v, "prio_q[gk*LEVELS +: LEVELS] <= pr >> 1;");
    vgen_end(v);
    vgen_begin(v, "if (commit_op_i == OP_OUTMOST)");
    vgen_line(v, "prio_q[gk*LEVELS +: LEVELS] <= OUTMOST;");
    vgen_end(v);
    vgen_elsif(v, "st == ST_BARRIER && release_i");
    vgen_line(v, "state_q[gk*4 +: 4]          <= ST_READY;");
    vgen_end(v);
    vgen_end(v);
    vgen_end(v);
    vgen_endgenerate(v);
    vgen_blank(v);
    vgen_line(v, "assign state_o = state_q;");
    vgen_line(v, "assign prio_o  = prio_q;");
}

static void emit_atv(struct vgen *v)
{
    vgen_section(v, "Active thread vectors (eq. 5, Fig. 8)");
    vgen_line(v, "wire [LEVELS*THREADS-1:0] atv;");
    vgen_blank(v);
    vgen_generate(v);
    vgen_begin_named(v, "g_level", "for (gn = 0; gn < LEVELS; gn = gn + 1)");
    vgen_begin_named(v, "g_atv", "for (gk = 0; gk < THREADS; gk = gk + 1)");
    vgen_line(v, "assign atv[gn*THREADS + gk] = !st_i[gk] && !st_e[gk] && st_r[gk] && !st_b[gk] &&");
    vgen_line(v, "                              prio_q[gk*LEVELS + gn];");
    vgen_end(v);
    vgen_end(v);
    vgen_endgenerate(v);
    vgen_blank(v);
    vgen_line(v, "assign atv_o = atv;");
}

static void emit_select(struct vgen *v, enum rtl_defect defect)
{
    vgen_section(v, "Selection (Fig. 9): highest non-empty level, lowest thread");
    vgen_line(v, "reg  [THREADS-1:0] top;      // ATV of the selected level");
    vgen_line(v, "reg  [PC_W-1:0]    warp_pc;");
    vgen_line(v, "wire [THREADS-1:0] sel;");
    vgen_line(v, "integer ln, sk;");
    vgen_blank(v);
    vgen_begin(v, "always @*");
    vgen_line(v, "top = {THREADS{1'b0}};");
    if (defect == DEFECT_ICS_LOWEST_LEVEL) {
        vgen_line(v, "// DELIBERATE DEFECT (%s): the lowest non-empty level wins.",
                  rtl_defect_name(defect));
        vgen_begin(v, "for (ln = LEVELS - 1; ln >= 0; ln = ln - 1)");
    } else {
        vgen_line(v, "// Levels upward: a higher non-empty level replaces a lower one.");
        vgen_begin(v, "for (ln = 0; ln < LEVELS; ln = ln + 1)");
    }
    vgen_line(v, "if (|atv[ln*THREADS +: THREADS]) top = atv[ln*THREADS +: THREADS];");
    vgen_end(v);
    vgen_end(v);
    vgen_blank(v);
    vgen_line(v, "assign sel = top & (~top + 1'b1);   // lowest set bit: one-hot");
    vgen_blank(v);
    vgen_begin(v, "always @*");
    vgen_line(v, "warp_pc = {PC_W{1'b0}};");
    vgen_begin(v, "for (sk = 0; sk < THREADS; sk = sk + 1)");
    vgen_line(v, "if (sel[sk]) warp_pc = warp_pc | pc_i[sk*PC_W +: PC_W];");
    vgen_end(v);
    vgen_end(v);
    vgen_blank(v);
    vgen_generate(v);
    vgen_begin_named(v, "g_exec", "for (gk = 0; gk < THREADS; gk = gk + 1)");
    vgen_line(v, "assign exec[gk] = top[gk] && pc_i[gk*PC_W +: PC_W] == warp_pc;");
    vgen_end(v);
    vgen_endgenerate(v);
    vgen_blank(v);
    vgen_line(v, "assign sel_o     = sel;");
    vgen_line(v, "assign warp_pc_o = warp_pc;");
    vgen_line(v, "assign exec_o    = exec;");
}

static void emit_status(struct vgen *v)
{
    vgen_section(v, "Warp status and errors");
    vgen_line(v, "wire top_raise  = |(commit_i & st_e & at_top);");
    vgen_line(v, "wire low_lower  = |(commit_i & st_e & at_bottom);");
    vgen_blank(v);
    vgen_line(v, "assign ready_to_run_o = |st_r && !(|st_e);");
    vgen_line(v, "assign all_barrier_o  = |st_b && st_b == ~st_i;");
    vgen_line(v, "assign err_o = |(assign_i & ~st_i) || |(commit_i & ~st_e) ||");
    vgen_line(v, "               (|commit_i && commit_op_i > OP_OUTMOST) ||");
    vgen_line(v, "               (commit_op_i == OP_RAISE && top_raise) ||");
    vgen_line(v, "               (commit_op_i == OP_LOWER && low_lower) ||");
    vgen_line(v, "               (issue_i && !ready_to_run_o) ||");
    vgen_line(v, "               (release_i && !all_barrier_o);");
}

static void emit_levels_of_threads(struct vgen *v)
{
    vgen_section(v, "Threads at the highest and at the lowest level");
    vgen_line(v, "wire [THREADS-1:0] at_top, at_bottom;");
    vgen_generate(v);
    vgen_begin_named(v, "g_edge", "for (gk = 0; gk < THREADS; gk = gk + 1)");
    vgen_line(v, "assign at_top[gk]    = prio_q[gk*LEVELS + LEVELS - 1];");
    vgen_line(v, "assign at_bottom[gk] = prio_q[gk*LEVELS];");
    vgen_end(v);
    vgen_endgenerate(v);
}

void emit_ics_first(struct vgen *v, const struct simt_config *cfg,
                    enum rtl_defect defect)
{
    struct ics_first_geometry g;

    ics_first_geometry(cfg, &g);
    emit_header(v, cfg, &g);
    emit_descriptors(v, &g);
    emit_atv(v);
    emit_select(v, defect);
    emit_levels_of_threads(v);
    emit_status(v);
    vgen_module_end(v, "simtref_ics_first");
}
