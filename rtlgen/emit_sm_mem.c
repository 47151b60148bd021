/*
 * emit_sm_mem.c -- simtref_sm_mem: the SM's memory side, composed of
 * four modules as golden/sm/sm_memport.c composes their models: the
 * load/store unit (simtref_lsu: the coalescer, the in-flight table), the
 * L1 data cache's tags and MSHRs (simtref_l1_cache), the shared-memory
 * banks (simtref_shared_mem) and the table of loads in flight
 * (simtref_mem_wait).  The wires between them are the models': the L1's
 * lookup and answer and the memory port's fills (lsu_out.l1), the banks'
 * request and their last cycle (lsu_out.smem), the LSU's write-back
 * ports into the table's done ports (sm_lsu_edge()), the issued instruction into the
 * LSU and the table's send port (sm_send_to_lsu()).  DRAM is outside:
 * the memory port (golden/sm/dram.h) is the module's.  The scoreboard is
 * not part of it: the table's dones, which its releases follow, are
 * outputs.  The table is the SM's only one: the issue check
 * (simtref_sm_issue) reads it through a read port per warp it checks,
 * answered from the state in the same cycle.  Shared memory's data (the
 * banks as memories, the entries' data on the write-back ports) is
 * emit_sm_mem_data.c's; the reservations of lr.w/sc.w are
 * emit_sm_mem_resv.c's.
 */
#include "rtlgen.h"
#include "bits.h"
#include "emit_common.h"
#include "l1_cache.h"
#include "lsu.h"
#include "mem_wait.h"
#include "shared_mem.h"
#include "sm_memory.h"

#include <stdio.h>

/* The sizes of the four parts, as their emitters take them. */
struct mem_sizes {
    struct lsu_geometry u;
    struct l1_cache_geometry l1;
    struct shared_mem_geometry sh;
    struct mem_wait_geometry mw;
    unsigned warp_w;        /* a warp slot: the LSU's and the table's */
    unsigned chk_warps;     /* warps the issue check checks per scheduler */
    unsigned max_tbs;       /* TB slots: a shared window each */
    unsigned sh_bytes;      /* shared memory, bytes */
    unsigned op_w;          /* an operation code (enum rv32_op) */
};

static void emit_header(struct vgen *v, const struct simt_config *cfg,
                        const struct mem_sizes *z)
{
    const struct vparam params[] = {
        { "LANES",      z->u.lanes,       NULL, "lanes of a warp (warp_size)" },
        { "ADDR_W",     z->u.addr_w,      NULL, "byte address (addr_bits)" },
        { "LINE_BYTES", z->u.line_bytes,  NULL, "L1 data cache line" },
        { "HIT_LAT",    z->u.hit_latency, NULL, "L1 hit (and shared-memory) latency, cycles" },
        { "MSHRS",      z->u.mshrs,       NULL, "L1 miss status holding registers" },
        { "ENTRIES",    z->u.entries,     NULL, "the LSU's in-flight entries" },
        { "WB",         z->u.writebacks,  NULL, "the LSU's write-back ports (lsu_writebacks)" },
        { "SETS",       z->l1.sets,       NULL, "L1 sets" },
        { "WAYS",       z->l1.ways,       NULL, "L1 ways per set" },
        { "BANKS",      z->sh.banks,      NULL, "shared-memory banks" },
        { "BANK_BYTES", z->sh.bank_bytes, NULL, "bytes of a bank word" },
        { "NUM_SLOTS",  z->mw.warp_slots, NULL, "warp slots of the SM" },
        { "NUM_SEND",   z->mw.sends,      NULL, "the table's send ports, one per scheduler" },
        { "WARP_W",     z->warp_w,        NULL, "a warp slot" },
        { "CHK_WARPS",  z->chk_warps,     NULL, "warps the issue check checks per scheduler" },
        { "MAX_TBS",    z->max_tbs,       NULL, "TB slots: a shared window each" },
        { "SH_BYTES",   z->sh_bytes,      NULL, "shared memory (shared_kb)" },
        { "WIN_BYTES",  SM_SHARED_BYTES,  NULL, "a TB's window as its threads address it" },
        { "OP_W",       z->op_w,          NULL, "an operation code (golden/isa/rv32.h)" },
        { NULL, 0, NULL, "Derived widths" },
        { "OFF_W",   0, "$clog2(LINE_BYTES)",      "byte offset within a line" },
        { "LINE_W",  0, "ADDR_W - OFF_W",          "cache-line number" },
        { "MSHR_W",  0, "(MSHRS > 1) ? $clog2(MSHRS) : 1", "an MSHR" },
        { "ID_W",    0, "$clog2(MSHRS + ENTRIES)", "a memory request's id" },
        { "BYTES_W", 0, "$clog2(LINE_BYTES + 1)",  "bytes a memory request moves" },
        { "WARPS",   0, "1 << WARP_W",             "warp slots the LSU names" },
        { "NUM_RD",  0, "NUM_SEND * CHK_WARPS",    "the table's read ports: one per warp the issue check checks" },
        { "ENTRY_W", 0, "(ENTRIES > 1) ? $clog2(ENTRIES) : 1", "an in-flight entry" },
        { "TB_W",    0, "(MAX_TBS > 1) ? $clog2(MAX_TBS) : 1", "a TB slot" },
        { "SHB_W",   0, "$clog2(SH_BYTES + 1)",    "bytes of shared memory" },
        { "PA_W",    0, "SHB_W + TB_W",            "a byte of shared memory, a window's end" },
        { "WOFF_W",  0, "$clog2(WIN_BYTES)",       "a byte of a TB's window" },
        { "BB_W",    0, "BANK_BYTES * 8",          "a bank's word" },
        { "BOFF_W",  0, "$clog2(BANK_BYTES)",      "a byte of a bank's word" },
        { "BANK_W",  0, "(BANKS > 1) ? $clog2(BANKS) : 1", "a bank" },
        { "ROW_BYTES", 0, "BANKS * BANK_BYTES",    "a row: a word of every bank" },
        { "RB_W",    0, "$clog2(ROW_BYTES)",       "a byte of a row" },
        { "ROWS",    0, "SH_BYTES / ROW_BYTES",    "words of a bank" },
        { "ROW_W",   0, "(ROWS > 1) ? $clog2(ROWS) : 1", "a row" },
        { "KEY_W",   0, "((ADDR_W < WOFF_W) ? ADDR_W : WOFF_W) - RB_W", "a row of a window as the banks' timing sees it" },
        { "SET_W",   0, "(SETS > 1) ? $clog2(SETS) : 1", "an L1 set" },
        { "WAY_W",   0, "(WAYS > 1) ? $clog2(WAYS) : 1", "an L1 way" },
        { "LB_W",    0, "LINE_BYTES * 8",          "a line's bits" },
    };
    const struct vport ports[] = {
        { NULL, NULL, NULL, "Clock and reset" },
        { "input",  "",                            "clk_i",          "clock" },
        { "input",  "",                            "rst_ni",         "asynchronous reset, active low" },
        { NULL, NULL, NULL, "Issue: the executed memory instruction as the datapath gives it, taken when ready_o" },
        { "input",  "",                            "issue_valid_i",  "a request this cycle" },
        { "input",  "[WARP_W-1:0]",                "issue_warp_i",   "its warp slot" },
        { "input",  "[OP_W-1:0]",                  "issue_op_i",     "its operation (rv32_op): the access's kind, size, sign, AMO" },
        { "input",  "[4:0]",                       "issue_rd_i",     "destination register, 0: none (a store)" },
        { "input",  "[LANES-1:0]",                 "issue_mask_i",   "lanes that ask memory (the lanes' mem_o; an sc.w's, whether it stores or not)" },
        { "input",  "[LANES*32-1:0]",              "issue_addr_i",   "each lane's byte address as its lane computed it" },
        { "input",  "[LANES*32-1:0]",              "issue_wdata_i",  "each lane's store data or AMO operand (mem_wdata_o)" },
        { "input",  "[LANES*TB_W-1:0]",            "issue_tbs_i",    "each lane's thread's TB slot: whose shared window" },
        { "input",  "[LANES-1:0]",                 "issue_lanes_i",  "the instruction's lanes: those its rd is written for" },
        { "input",  "[LANES*WARP_W-1:0]",          "issue_slots_i",  "each lane's thread's warp slot (every instruction's: the reservations')" },
        { "output", "",                            "ready_o",        "the LSU takes a request: coalescer free, a free entry" },
        { "output", "",                            "lsu_idle_o",     "the LSU holds no request (the grid's end waits for it)" },
        { NULL, NULL, NULL, "Launch: the TBs' shared windows" },
        { "input",  "[SHB_W-1:0]",                 "shared_bytes_i", "shared memory a TB holds (the launch's)" },
        { "input",  "[MAX_TBS-1:0]",               "place_i",        "TB slots placed this cycle: their windows read zero" },
        { NULL, NULL, NULL, "Done: the requests whose data is back, by in-flight entry" },
        { "output", "[ENTRIES-1:0]",               "done_o",         "entry done this cycle" },
        { "output", "[ENTRIES*WARP_W-1:0]",        "done_warp_o",    "... its warp slot" },
        { "output", "[ENTRIES*5-1:0]",             "done_rd_o",      "... its destination register (0: a store, no release)" },
        { NULL, NULL, NULL, "Write-back: the done loads and atomics, the scoreboard's releases" },
        { "output", "[WB-1:0]",                    "wb_valid_o",     "a load or atomic done" },
        { "output", "[WB*WARP_W-1:0]",             "wb_warp_o",      "... its warp slot" },
        { "output", "[WB*5-1:0]",                  "wb_rd_o",        "... its destination register" },
        { "output", "[WB*LANES-1:0]",              "wb_mask_o",      "... the lanes whose rd is readable from the next cycle" },
        { "output", "[WB-1:0]",                    "wb_global_o",    "... it went to global memory" },
        { "output", "[WB*LANES*WARP_W-1:0]",       "wb_slots_o",     "... each lane's thread's warp slot" },
        { "output", "[WB*LANES*32-1:0]",           "wb_data_o",      "... each lane's data for rd (sc.w: 0 stored, 1 failed)" },
        { NULL, NULL, NULL, "Waiting on memory, from the state" },
        { "output", "[WARPS-1:0]",                 "lsu_pending_o",  "warp slot has a global access in the LSU" },
        { "output", "[NUM_SLOTS*LANES-1:0]",       "wait_pending_o", "bit g*LANES+l: thread (g, l) has a global load in flight" },
        { NULL, NULL, NULL, "The table's read ports, field s*CHK_WARPS+w: the issue check's of scheduler s's warp w" },
        { "input",  "[NUM_RD*WARP_W-1:0]",         "rd_slot_i",      "warp slot (simtref_sm_issue's mw_rd_slot_o)" },
        { "input",  "[NUM_RD*5-1:0]",              "rd_reg_i",       "register (mw_rd_reg_o)" },
        { "output", "[NUM_RD*LANES-1:0]",          "rd_mask_o",      "the lanes of its load in flight, 0: none (mw_rd_mask_i)" },
        { NULL, NULL, NULL, "Memory port to DRAM (golden/sm/dram.h): every request is taken (no ready); responses by id" },
        { "output", "",                            "mem_valid_o",    "a request this cycle, at most one" },
        { "output", "[1:0]",                       "mem_kind_o",     "0 line read, 1 write (no response), 2 atomic" },
        { "output", "[LINE_W-1:0]",                "mem_line_o",     "its line" },
        { "output", "[BYTES_W-1:0]",               "mem_bytes_o",    "bytes it moves" },
        { "output", "[ID_W-1:0]",                  "mem_id_o",       "MSHR (read), MSHRS + entry (atomic)" },
        { "output", "[LANES-1:0]",                 "mem_lanes_o",    "a read's, write's or atomic's lanes (its line's), in lane order ..." },
        { "output", "[LANES*32-1:0]",              "mem_addr_o",     "... each one's full byte address (the LSU's line is ADDR_W bits) ..." },
        { "output", "[LANES*32-1:0]",              "mem_wdata_o",    "... its store data or operand ..." },
        { "output", "[1:0]",                       "mem_size_o",     "... the access size: 4 (2'b10), 2 (2'b01) or 1 byte ..." },
        { "output", "[4:0]",                       "mem_amo_o",      "... and the atomic's funct5" },
        { "input",  "[MSHRS+ENTRIES-1:0]",         "mem_resp_i",     "ids whose data arrives at this edge, one each" },
        { "input",  "[ENTRIES*LANES*32-1:0]",      "mem_old_i",      "with mem_resp_i[MSHRS+e]: entry e's atomic's old words ..." },
        { "input",  "[ENTRIES*LANES-1:0]",         "mem_old_lanes_i", "... at these lanes (its pass's)" },
        { "input",  "[MSHRS*LB_W-1:0]",            "mem_rdata_i",    "with mem_resp_i[m]: MSHR m's line, byte b at bits 8b" },
    };

    emit_file_header(v, "simtref_sm_mem.v", "the SM's memory side",
                     "docs/architecture.md; C model: golden/sm/sm_memport.c (sm_lsu_edge()).",
                     cfg);
    vgen_line(v, "// The load/store unit, the L1's tags and MSHRs, the shared-memory banks");
    vgen_line(v, "// and the table of loads in flight, wired as the C SM composes their");
    vgen_line(v, "// models.  The issued memory instruction goes to the LSU and, with a");
    vgen_line(v, "// destination, to the table (one a cycle: the LSU takes one).  The LSU");
    vgen_line(v, "// asks the L1 and the banks; the memory port's responses fill the L1's");
    vgen_line(v, "// MSHRs; the LSU's dones read the table out (a send of the same cycle");
    vgen_line(v, "// bypassed), whose outputs name the threads the scoreboard releases.");
    vgen_line(v, "// The table is the SM's only one: the issue check reads it through a");
    vgen_line(v, "// read port per warp it checks, answered in the same cycle from the");
    vgen_line(v, "// state before the edge (this cycle's sends and dones not seen).");
    vgen_line(v, "// Shared memory holds its data: the banks are memories, written and read");
    vgen_line(v, "// in the bank cycles of each request, in the LSU's order (the order of");
    vgen_line(v, "// issue); a load's or atomic's data leaves with its done on the");
    vgen_line(v, "// write-back port.  Global memory's writes and atomics cross the memory");
    vgen_line(v, "// port with their data (DRAM performs them when it takes them, in the");
    vgen_line(v, "// LSU's order) and an atomic's old words come back for its rd.  The L1");
    vgen_line(v, "// holds its lines' data beside the tags: a read's response carries its");
    vgen_line(v, "// line, which the fill writes and the loads waiting on it take; a hit");
    vgen_line(v, "// reads it in its pass; a store that hits writes its bytes into it.");
    vgen_line(v, "// A reservation per thread decides each sc.w lane at the take, as the C");
    vgen_line(v, "// decides it at issue: a failed lane accesses nothing, and its rd is 1.");
    vgen_line(v, "// Storage: that of the four modules, the banks (SH_BYTES and a valid bit");
    vgen_line(v, "// a word), the L1's data (SETS x WAYS lines), the entries' data");
    vgen_line(v, "// (ENTRIES x LANES words) and each entry lane's wait for a fill, the");
    vgen_line(v, "// banks' request (its lanes left, entry, kind, window offsets and data),");
    vgen_line(v, "// the global request's addresses and data, a reservation per thread (a");
    vgen_line(v, "// valid bit and a word) and each entry's sc.w outcome.");
    vgen_blank(v);
    vgen_module_begin(v, "simtref_sm_mem", params,
                      sizeof params / sizeof params[0], ports,
                      sizeof ports / sizeof ports[0]);
}

static void emit_wires(struct vgen *v, const struct mem_sizes *z)
{
    vgen_section(v, "Wires between the parts");
    vgen_line(v, "// simtref_lsu: the L1's lookup, the banks' request, the dones");
    vgen_line(v, "wire                    l1_lookup;    // a lookup this cycle ...");
    vgen_line(v, "wire [1:0]              l1_op;        // ... read, write or invalidate ...");
    vgen_line(v, "wire [LINE_W-1:0]       l1_line;      // ... of this line");
    vgen_line(v, "wire [MSHRS-1:0]        l1_fill;      // MSHRs whose line arrives at this edge");
    vgen_line(v, "wire                    smem_valid;   // a new shared request ...");
    vgen_line(v, "wire [LANES-1:0]        smem_mask;    // ... its lanes ...");
    vgen_line(v, "wire [LANES*ADDR_W-1:0] smem_addr;    // ... each lane's address");
    vgen_line(v, "wire [WB-1:0]           u_wb;         // the LSU's write-back ports ...");
    vgen_line(v, "wire [WB*WARP_W-1:0]    u_wb_warp;    // ... their warp slots ...");
    vgen_line(v, "wire [WB*5-1:0]         u_wb_rd;      // ... and registers");
    vgen_line(v, "wire [LANES-1:0]        u_mem_lanes;  // the lanes of the memory request's line");
    vgen_line(v, "// simtref_l1_cache");
    vgen_line(v, "wire [1:0]              l1_result;    // hit, merged, miss, no MSHR");
    vgen_line(v, "wire [MSHR_W-1:0]       l1_mshr;      // the MSHR merged into, taken or waited for");
    vgen_line(v, "wire                    l1_hit;       // any op's hit (a store's: the line's data) ...");
    vgen_line(v, "wire [WAY_W-1:0]        l1_way;       // the way holding the lookup's line ...");
    vgen_line(v, "wire [MSHRS-1:0]        l1_fill_ok;   // the fills of this edge ...");
    vgen_line(v, "wire [MSHRS*SET_W-1:0]  l1_fill_set;  // ... into these sets ...");
    vgen_line(v, "wire [MSHRS*WAY_W-1:0]  l1_fill_way;  // ... and ways");
    vgen_line(v, "// simtref_shared_mem");
    vgen_line(v, "wire                    smem_done;    // the shared request's last bank cycle");
    vgen_line(v, "wire [LANES*32-1:0]     smem_addr32;  // the banks' addresses: 32 bits a lane");
    vgen_line(v, "wire [LANES*ADDR_W-1:0] u_addr;       // the LSU's addresses: ADDR_W bits a lane");
    vgen_line(v, "// simtref_mem_wait");
    vgen_line(v, "wire                    mw_send;      // the taken request has a destination");
    vgen_line(v, "wire                    mw_global;    // ... and goes to global memory");
    vgen_line(v, "wire [NUM_SEND-1:0]     mw_send_v;    // the table's send ports: the LSU's");
    vgen_line(v, "wire [NUM_SEND*WARP_W-1:0] mw_send_slot; // request on port 0, as the C SM's");
    vgen_line(v, "wire [NUM_SEND*5-1:0]   mw_send_rd;   // one send a cycle is its first");
    vgen_line(v, "wire [NUM_SEND*LANES-1:0] mw_send_mask;");
    vgen_line(v, "wire [NUM_SEND-1:0]     mw_send_glob;");
    vgen_line(v, "wire [NUM_SEND*LANES*WARP_W-1:0] mw_send_slots;");
    vgen_line(v, "wire [WB-1:0]           mw_done;      // the table's done ports");
    vgen_line(v, "wire [WB*WARP_W-1:0]    mw_done_warp;");
    vgen_line(v, "wire [WB*5-1:0]         mw_done_rd;");
    emit_sm_mem_request_wires(v);
    emit_sm_mem_resv_wires(v);
    vgen_line(v, "/* verilator lint_off UNUSEDSIGNAL */");
    vgen_line(v, "wire                    smem_busy;    // the LSU keeps its own replay state");
    vgen_line(v, "wire [%u:0]              smem_cycles;  // ... and counts the banks' cycles by done",
              bits_for(z->sh.lanes) - 1);
    vgen_line(v, "/* verilator lint_on UNUSEDSIGNAL */");
}

static void emit_glue(struct vgen *v, const struct mem_sizes *z,
                      enum rtl_defect defect)
{
    vgen_section(v, "The table's send and done ports (sm_send_to_lsu(), sm_lsu_edge())");
    vgen_line(v, "// A load or atomic the LSU takes this cycle holds its destination in");
    vgen_line(v, "// the table from the edge; global when any lane goes through the L1");
    vgen_line(v, "// (a failed sc.w's lanes go nowhere).");
    vgen_line(v, "assign mw_send   = issue_valid_i && ready_o && issue_rd_i != 5'd0;");
    vgen_line(v, "assign mw_global = !q_space && u_mask != {LANES{1'b0}};");
    {
        const struct { const char *dst, *width, *src; } sends[] = {
            { "mw_send_v",     "1",              "mw_send" },
            { "mw_send_slot",  "WARP_W",         "issue_warp_i" },
            { "mw_send_rd",    "5",              "issue_rd_i" },
            { "mw_send_mask",  "LANES",          "issue_lanes_i" },
            { "mw_send_glob",  "1",              "mw_global" },
            { "mw_send_slots", "LANES*WARP_W",
              defect == DEFECT_SM_MEM_SEND_WARP_SLOT ? "{LANES{issue_warp_i}}"
                                                     : "issue_slots_i" },
        };
        char pad[96], buf[200];

        vgen_line(v, "// The one send of a cycle on port 0 (the C SM's mw_in.send[0]).");
        if (defect == DEFECT_SM_MEM_SEND_WARP_SLOT) {
            vgen_line(v, "// DELIBERATE DEFECT (%s): every lane's thread is", rtl_defect_name(defect));
            vgen_line(v, "// taken for the issuing warp slot's, not each lane's own.");
            vgen_line(v, "/* verilator lint_off UNUSEDSIGNAL */");
            vgen_line(v, "wire [LANES*WARP_W-1:0] unused_slots = issue_slots_i;");
            vgen_line(v, "/* verilator lint_on UNUSEDSIGNAL */");
        }
        for (size_t i = 0; i < sizeof sends / sizeof sends[0]; i++) {
            snprintf(pad, sizeof pad, "(NUM_SEND-1)*%s", sends[i].width);
            vgen_line(v, "assign %s = %s;", sends[i].dst,
                      vgen_zext(buf, sizeof buf, z->mw.sends - 1, pad,
                                sends[i].src));
        }
    }
    vgen_blank(v);
    if (defect == DEFECT_SM_MEM_DONE_LATE) {
        vgen_line(v, "// DELIBERATE DEFECT (sm-mem-done-late): the table's done ports take");
        vgen_line(v, "// the LSU's write-backs a cycle late, through a register: the threads");
        vgen_line(v, "// are released a cycle after their data is back.");
        vgen_line(v, "reg  [WB-1:0]        late_done_q;");
        vgen_line(v, "reg  [WB*WARP_W-1:0] late_warp_q;");
        vgen_line(v, "reg  [WB*5-1:0]      late_rd_q;");
        {
            const struct vreg regs[] = {
                { "late_done_q", "{WB{1'b0}}", "u_wb" },
                { "late_warp_q", "{(WB*WARP_W){1'b0}}", "u_wb_warp" },
                { "late_rd_q",   "{(WB*5){1'b0}}", "u_wb_rd" },
            };
            vgen_ff(v, regs, sizeof regs / sizeof regs[0], NULL);
        }
        vgen_line(v, "assign mw_done      = late_done_q;");
        vgen_line(v, "assign mw_done_warp = late_warp_q;");
        vgen_line(v, "assign mw_done_rd   = late_rd_q;");
    } else {
        vgen_line(v, "// The LSU's write-back ports (its dones with a destination) read the");
        vgen_line(v, "// table out at once.");
        vgen_line(v, "assign mw_done      = u_wb;");
        vgen_line(v, "assign mw_done_warp = u_wb_warp;");
        vgen_line(v, "assign mw_done_rd   = u_wb_rd;");
    }
    vgen_line(v, "assign wb_valid_o = u_wb;");
    vgen_line(v, "assign wb_warp_o  = u_wb_warp;");
    vgen_line(v, "assign wb_rd_o    = u_wb_rd;");
    vgen_section(v, "The LSU's and the banks' addresses (the LSU's are ADDR_W bits)");
    if (z->u.addr_w >= 32) {
        vgen_line(v, "assign u_addr      = q_addr;");
        vgen_line(v, "assign smem_addr32 = smem_addr;");
    } else {
        vgen_line(v, "genvar gl;");
        vgen_generate(v);
        vgen_begin_named(v, "g_smem_addr", "for (gl = 0; gl < LANES; gl = gl + 1)");
        vgen_line(v, "assign u_addr[gl*ADDR_W +: ADDR_W] = q_addr[gl*32 +: ADDR_W];");
        vgen_line(v, "assign smem_addr32[gl*32 +: 32] =");
        vgen_line(v, "    {{(32-ADDR_W){1'b0}}, smem_addr[gl*ADDR_W +: ADDR_W]};");
        vgen_line(v, "/* verilator lint_off UNUSEDSIGNAL */");
        vgen_line(v, "wire [31-ADDR_W:0] unused_hi = q_addr[gl*32+ADDR_W +: 32-ADDR_W];");
        vgen_line(v, "/* verilator lint_on UNUSEDSIGNAL */");
        vgen_end(v);
        vgen_endgenerate(v);
    }
}

static void emit_lsu_inst(struct vgen *v)
{
    const struct vconn params[] = {
        { "LANES",      "LANES",      NULL },
        { "ADDR_W",     "ADDR_W",     NULL },
        { "LINE_BYTES", "LINE_BYTES", NULL },
        { "HIT_LAT",    "HIT_LAT",    NULL },
        { "MSHRS",      "MSHRS",      NULL },
        { "ENTRIES",    "ENTRIES",    NULL },
        { "WB",         "WB",         NULL },
        { "WARP_W",     "WARP_W",     NULL },
    };
    const struct vconn conns[] = {
        VCONN_SAME("clk_i"),
        VCONN_SAME("rst_ni"),
        VCONN_SAME("issue_valid_i"),
        VCONN_SAME("issue_warp_i"),
        VCONN_SAME("issue_rd_i"),
        { "issue_kind_i",  "q_kind",        NULL },
        { "issue_space_i", "q_space",       NULL },
        { "issue_bytes_i", "q_bytes",       NULL },
        { "issue_mask_i",  "u_mask",        "but a failed sc.w's lanes" },
        { "issue_addr_i", "u_addr",        NULL },
        VCONN_SAME("ready_o"),
        { "idle_o",        "lsu_idle_o",    NULL },
        VCONN_SAME("done_o"),
        VCONN_SAME("done_warp_o"),
        VCONN_SAME("done_rd_o"),
        { "wb_valid_o",   "u_wb",          NULL },
        { "wb_warp_o",    "u_wb_warp",     NULL },
        { "wb_rd_o",      "u_wb_rd",       NULL },
        { "pending_o",    "lsu_pending_o", NULL },
        VCONN_SAME("mem_valid_o"),
        VCONN_SAME("mem_kind_o"),
        VCONN_SAME("mem_line_o"),
        VCONN_SAME("mem_bytes_o"),
        VCONN_SAME("mem_id_o"),
        { "mem_lanes_o",  "u_mem_lanes",   NULL },
        VCONN_SAME("mem_resp_i"),
        { "l1_lookup_o",  "l1_lookup",     NULL },
        { "l1_op_o",      "l1_op",         NULL },
        { "l1_line_o",    "l1_line",       NULL },
        { "l1_fill_o",    "l1_fill",       "the memory port's read responses" },
        { "l1_result_i",  "l1_result",     NULL },
        { "l1_mshr_i",    "l1_mshr",       NULL },
        { "smem_valid_o", "smem_valid",    NULL },
        { "smem_mask_o",  "smem_mask",     NULL },
        { "smem_addr_o",  "smem_addr",     NULL },
        { "smem_done_i",  "smem_done",     NULL },
    };

    vgen_section(v, "The load/store unit: the coalescer and the in-flight table");
    vgen_instance(v, "simtref_lsu", "u_lsu", params,
                  sizeof params / sizeof params[0], conns,
                  sizeof conns / sizeof conns[0]);
}

static void emit_l1_inst(struct vgen *v)
{
    const struct vconn params[] = {
        { "SETS",   "SETS",   NULL },
        { "WAYS",   "WAYS",   NULL },
        { "MSHRS",  "MSHRS",  NULL },
        { "LINE_W", "LINE_W", NULL },
    };
    const struct vconn conns[] = {
        VCONN_SAME("clk_i"),
        VCONN_SAME("rst_ni"),
        { "lookup_i", "l1_lookup", NULL },
        { "op_i",     "l1_op",     NULL },
        { "line_i",   "l1_line",   NULL },
        { "fill_i",   "l1_fill",   NULL },
        { "result_o", "l1_result", NULL },
        { "mshr_o",   "l1_mshr",   NULL },
        { "hit_o",    "l1_hit",    NULL },
        { "way_o",    "l1_way",    NULL },
        { "fill_ok_o",  "l1_fill_ok",  NULL },
        { "fill_set_o", "l1_fill_set", NULL },
        { "fill_way_o", "l1_fill_way", NULL },
    };

    vgen_section(v, "The L1 data cache: tags, LRU ranks and MSHRs");
    vgen_instance(v, "simtref_l1_cache", "u_l1", params,
                  sizeof params / sizeof params[0], conns,
                  sizeof conns / sizeof conns[0]);
}

static void emit_smem_inst(struct vgen *v)
{
    const struct vconn params[] = {
        { "LANES",      "LANES",      NULL },
        { "BANKS",      "BANKS",      NULL },
        { "BANK_BYTES", "BANK_BYTES", NULL },
    };
    const struct vconn conns[] = {
        VCONN_SAME("clk_i"),
        VCONN_SAME("rst_ni"),
        { "valid_i",  "smem_valid",  NULL },
        { "mask_i",   "smem_mask",   NULL },
        { "addr_i",   "smem_addr32", NULL },
        { "busy_o",   "smem_busy",   NULL },
        { "done_o",   "smem_done",   NULL },
        { "cycles_o", "smem_cycles", NULL },
    };

    vgen_section(v, "The shared-memory banks: a request's bank conflicts");
    vgen_instance(v, "simtref_shared_mem", "u_smem", params,
                  sizeof params / sizeof params[0], conns,
                  sizeof conns / sizeof conns[0]);
}

static void emit_mem_wait_inst(struct vgen *v)
{
    const struct vconn params[] = {
        { "NUM_SLOTS", "NUM_SLOTS", NULL },
        { "LANES",     "LANES",     NULL },
        { "NUM_SEND",  "NUM_SEND",  NULL },
        { "NUM_DONE",  "WB",        NULL },
        { "SLOT_W",    "WARP_W",    NULL },
        { "NUM_RD",    "NUM_RD",    "a read port per warp the issue check checks" },
    };
    const struct vconn conns[] = {
        VCONN_SAME("clk_i"),
        VCONN_SAME("rst_ni"),
        { "send_valid_i",  "mw_send_v",      NULL },
        { "send_slot_i",   "mw_send_slot",   NULL },
        { "send_rd_i",     "mw_send_rd",     NULL },
        { "send_mask_i",   "mw_send_mask",   NULL },
        { "send_global_i", "mw_send_glob",   NULL },
        { "send_slots_i",  "mw_send_slots",  NULL },
        { "done_valid_i",  "mw_done",        NULL },
        { "done_slot_i",   "mw_done_warp",   NULL },
        { "done_rd_i",     "mw_done_rd",     NULL },
        { "done_mask_o",   "wb_mask_o",      NULL },
        { "done_global_o", "wb_global_o",    NULL },
        { "done_slots_o",  "wb_slots_o",     NULL },
        VCONN_SAME("rd_slot_i"),
        VCONN_SAME("rd_reg_i"),
        VCONN_SAME("rd_mask_o"),
        { "pending_o",     "wait_pending_o", NULL },
    };

    vgen_section(v, "The table of loads in flight");
    vgen_instance(v, "simtref_mem_wait", "u_wait", params,
                  sizeof params / sizeof params[0], conns,
                  sizeof conns / sizeof conns[0]);
}

void emit_sm_mem(struct vgen *v, const struct simt_config *cfg,
                 enum rtl_defect defect)
{
    struct mem_sizes z;

    lsu_geometry(cfg, &z.u);
    l1_cache_geometry(cfg, &z.l1);
    shared_mem_geometry(cfg, &z.sh);
    mem_wait_geometry(cfg, &z.mw);
    z.warp_w = z.u.warp_w ? z.u.warp_w : 1;
    z.chk_warps = sm_issue_warps(cfg);
    z.max_tbs = cfg->max_tbs;
    z.sh_bytes = cfg->shared_kb * 1024u;
    z.op_w = rtl_op_bits();
    emit_header(v, cfg, &z);
    emit_wires(v, &z);
    emit_glue(v, &z, defect);
    emit_lsu_inst(v);
    emit_l1_inst(v);
    emit_smem_inst(v);
    emit_mem_wait_inst(v);
    emit_sm_mem_data(v, defect);
    emit_sm_mem_request(v, z.op_w);
    emit_sm_mem_resv(v, defect);
    vgen_module_end(v, "simtref_sm_mem");
}
