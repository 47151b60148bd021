/*
 * emit_sm_mem_global.c -- simtref_sm_mem's data on the memory port: a
 * global request's lanes' data and full addresses, held from the LSU's
 * take, go with each of its passes' writes and atomics (the pass's
 * lanes, each one's address and store data or operand, the size, the
 * funct5); DRAM performs them when it takes them and answers an atomic
 * with its lanes' old words, which the entry keeps for rd until its
 * done.  A read carries its lanes' addresses too (its line's full
 * address); its data is emit_sm_mem_l1data.c's.  The C SM performs the access at issue (golden/sm/sm_memory.c);
 * DRAM performs it in the order the LSU's passes send it, the order of
 * issue.
 */
#include "rtlgen.h"

/* The global request in the coalescer, held from its take. */
static void emit_request(struct vgen *v)
{
    const struct vreg held[] = {
        { "gl_addr_q",  "{(LANES*32){1'b0}}", "q_addr" },
        { "gl_wdata_q", "{(LANES*32){1'b0}}", "issue_wdata_i" },
        { "gl_size_q",  "2'd0",               "q_bytes[2:1]" },
        { "gl_amo_q",   "5'd0",               "q_amo" },
        { "gl_sign_q",  "1'b0",               "q_signed" },
        { "gl_entry_q", "{ENTRY_W{1'b0}}",    "ent_free" },
    };

    vgen_section(v, "The global request in the coalescer: its lanes' data, held from its take");
    vgen_line(v, "// The LSU takes a request only when its coalescer is free, and passes");
    vgen_line(v, "// its lines from the take's cycle on: the take's cycle reads the issue");
    vgen_line(v, "// port, the later passes the registers.  The LSU coalesces on the low");
    vgen_line(v, "// ADDR_W bits of an address; the data moves at the full address.");
    vgen_line(v, "reg  [LANES*32-1:0] gl_addr_q;    // each lane's full byte address");
    vgen_line(v, "reg  [LANES*32-1:0] gl_wdata_q;   // each lane's store data or operand");
    vgen_line(v, "reg  [1:0]          gl_size_q;    // access size: 4 (2'b10), 2 (2'b01) or 1 byte");
    vgen_line(v, "reg  [4:0]          gl_amo_q;     // an atomic's funct5");
    vgen_line(v, "reg                 gl_sign_q;    // a sub-word load sign-extends");
    vgen_line(v, "reg  [ENTRY_W-1:0]  gl_entry_q;   // its in-flight entry");
    vgen_blank(v);
    vgen_line(v, "wire                gl_new   = u_take && !q_space;");
    vgen_line(v, "wire [LANES*32-1:0] gl_addr  = gl_new ? q_addr       : gl_addr_q;");
    vgen_line(v, "wire [LANES*32-1:0] gl_wdata = gl_new ? issue_wdata_i      : gl_wdata_q;");
    vgen_line(v, "wire [1:0]          gl_size  = gl_new ? q_bytes[2:1] : gl_size_q;");
    vgen_line(v, "wire [4:0]          gl_amo   = gl_new ? q_amo        : gl_amo_q;");
    vgen_line(v, "wire                gl_sign  = gl_new ? q_signed     : gl_sign_q;");
    vgen_line(v, "wire [ENTRY_W-1:0]  gl_entry = gl_new ? ent_free           : gl_entry_q;");
    vgen_blank(v);
    vgen_ff(v, held, sizeof held / sizeof held[0], "gl_new");
}

/* The pass's lanes: each one's full address and data. */
static void emit_pass_data(struct vgen *v, enum rtl_defect defect)
{
    vgen_section(v, "The pass's data: each lane's full address, its store data or operand");
    vgen_line(v, "// The LSU's line is its ADDR_W bits; lanes on one such line may be at");
    vgen_line(v, "// several lines of the full address (ADDR_W below 32), so the port");
    vgen_line(v, "// names each lane's own.  DRAM performs a write's or an atomic's lanes");
    vgen_line(v, "// in lane order, so that the lanes of one word see each other's, as");
    vgen_line(v, "// the C performs them.  A read carries its lanes and their addresses");
    vgen_line(v, "// too: its line's full address is its lowest lane's.");
    vgen_line(v, "wire mem_rd = mem_valid_o && mem_kind_o == MEM_READ;");
    vgen_line(v, "wire mem_wr = mem_valid_o && mem_kind_o == MEM_WRITE;");
    vgen_line(v, "wire mem_at = mem_valid_o && mem_kind_o == MEM_ATOMIC;");
    if (defect == DEFECT_SM_MEM_WRITE_LEAD_LANE) {
        vgen_line(v, "// DELIBERATE DEFECT (%s): a write carries its lowest", rtl_defect_name(defect));
        vgen_line(v, "// lane alone, the other lanes' stores are lost.");
        vgen_line(v, "wire [LANES-1:0] wr_lanes = u_mem_lanes & (~u_mem_lanes + 1'b1);");
    } else {
        vgen_line(v, "wire [LANES-1:0] wr_lanes = u_mem_lanes;");
    }
    vgen_line(v, "assign mem_lanes_o = mem_wr ? wr_lanes : (mem_at || mem_rd) ? u_mem_lanes : {LANES{1'b0}};");
    vgen_line(v, "assign mem_addr_o  = mem_valid_o ? gl_addr : {(LANES*32){1'b0}};");
    vgen_line(v, "assign mem_wdata_o = (mem_wr || mem_at) ? gl_wdata : {(LANES*32){1'b0}};");
    vgen_line(v, "assign mem_size_o  = mem_wr ? gl_size : 2'b10;");
    vgen_line(v, "assign mem_amo_o   = mem_at ? gl_amo  : 5'd0;");
}

/* Each entry's load size and sign, for the lanes a fill answers. */
static void emit_entry_flags(struct vgen *v)
{
    vgen_section(v, "Each entry's source of data: the banks, the L1, DRAM's answer");
    vgen_line(v, "// A global atomic's rd is the old words DRAM answers, a global load's");
    vgen_line(v, "// the L1's line or its fill, a shared access's the banks' (an sc.w's");
    vgen_line(v, "// is its outcome, kept beside: emit_sm_mem_resv.c's).  A global");
    vgen_line(v, "// load's lanes answered by a fill are extended by the size and sign the");
    vgen_line(v, "// entry keeps from its take.");
    vgen_line(v, "reg  [ENTRIES*2-1:0] ent_size_q;   // its access size");
    vgen_line(v, "reg  [ENTRIES-1:0]   ent_sign_q;   // a sub-word load sign-extends");
    vgen_line(v, "wire [ENTRIES*2-1:0] ent_size_d;");
    vgen_line(v, "wire [ENTRIES-1:0]   ent_sign_d;");
    vgen_line(v, "genvar gz;");
    vgen_generate(v);
    vgen_begin_named(v, "g_ent_size", "for (gz = 0; gz < ENTRIES; gz = gz + 1)");
    vgen_line(v, "assign ent_size_d[gz*2 +: 2] = ent_new[gz] ? q_bytes[2:1] : ent_size_q[gz*2 +: 2];");
    vgen_line(v, "assign ent_sign_d[gz]        = ent_new[gz] ? q_signed     : ent_sign_q[gz];");
    vgen_end(v);
    vgen_endgenerate(v);
    vgen_blank(v);
    {
        const struct vreg regs[] = {
            { "ent_size_q", "{(ENTRIES*2){1'b0}}", "ent_size_d" },
            { "ent_sign_q", "{ENTRIES{1'b0}}",   "ent_sign_d" },
        };
        vgen_ff(v, regs, sizeof regs / sizeof regs[0], NULL);
    }
}

void emit_sm_mem_global(struct vgen *v, enum rtl_defect defect)
{
    emit_request(v);
    emit_pass_data(v, defect);
    emit_entry_flags(v);
}
