/*
 * rtlgen.h -- the Verilog generator: one emitter per hardware structure.
 *
 * Each emitter writes one module, with the ports of its C model in golden/,
 * sized from the same struct simt_config.  rtlgen_write() writes every
 * module of a configuration into a directory: the structures of the
 * registry (registry.h) that the configuration has, each by its emitter.
 */
#ifndef SIMTREF_RTLGEN_H
#define SIMTREF_RTLGEN_H

#include <stdbool.h>
#include <stddef.h>
#include "config.h"
#include "registry.h"
#include "vgen.h"

/* The deliberate defects (enum rtl_defect) and their names are in the
 * registry (registry.h). */

/* The module emitters. */
void emit_wpt(struct vgen *v, const struct simt_config *cfg,
              enum rtl_defect defect);

/* HARP RBT */
void emit_rbt(struct vgen *v, const struct simt_config *cfg,
              enum rtl_defect defect);

/* HARP lookup tables */
void emit_ready_lookup(struct vgen *v, const struct simt_config *cfg,
                       enum rtl_defect defect);
void emit_waiting_lookup(struct vgen *v, const struct simt_config *cfg,
                         enum rtl_defect defect);

/* HARP warp tables */
void emit_warp_tables(struct vgen *v, const struct simt_config *cfg,
                      enum rtl_defect defect);

/* BAWS issue scheduler */
void emit_scheduler(struct vgen *v, const struct simt_config *cfg,
                    enum rtl_defect defect);

/* Collange unified arbiter */
void emit_arbiter(struct vgen *v, const struct simt_config *cfg,
                  enum rtl_defect defect);

/* ICS-First priority arbiter */
void emit_ics_first(struct vgen *v, const struct simt_config *cfg,
                    enum rtl_defect defect);

/* SBR re-convergence stacks (HARP 2.1) */
void emit_sbr_stack(struct vgen *v, const struct simt_config *cfg,
                    enum rtl_defect defect);

/* I-buffer and fetch policy (BAWS 2.2, 4.2, 6.2) */
void emit_fetch(struct vgen *v, const struct simt_config *cfg,
                enum rtl_defect defect);

/* A SIMD lane's integer datapath (docs/isa.md) */
void emit_lane(struct vgen *v, const struct simt_config *cfg,
               enum rtl_defect defect);

/* The SIMD groups' issue timing (multi-core SIMT 3.4, docs/sm-timing.md) */
void emit_simd_group(struct vgen *v, const struct simt_config *cfg,
                     enum rtl_defect defect);

/* L1 data cache: tags, LRU and MSHRs (an SM part, docs/memory.md) */
void emit_l1_cache(struct vgen *v, const struct simt_config *cfg,
                   enum rtl_defect defect);

/* The register file, a bank per lane (an SM part, HARP 2 and 8) */
void emit_regfile(struct vgen *v, const struct simt_config *cfg,
                  enum rtl_defect defect);

/* The SM's load/store unit (docs/memory.md; Collange 4.2) */
void emit_lsu(struct vgen *v, const struct simt_config *cfg,
              enum rtl_defect defect);

/* The SM's register scoreboard */
void emit_scoreboard(struct vgen *v, const struct simt_config *cfg,
                     enum rtl_defect defect);

/* The SM's decode stage */
void emit_decode(struct vgen *v, const struct simt_config *cfg,
                 enum rtl_defect defect);

/* The SM's TB dispatcher */
void emit_dispatch(struct vgen *v, const struct simt_config *cfg,
                   enum rtl_defect defect);

/* The SM's shared-memory bank conflicts */
void emit_shared_mem(struct vgen *v, const struct simt_config *cfg,
                     enum rtl_defect defect);
/* The SM's control-flow stage of one scheduler behind the SM's port, by
 * the configuration's mode (sbr: the SBR stacks, golden/sm/sm_reconv_sbr.c;
 * minpc: an arbiter per warp, golden/sm/sm_reconv_minpc.c, written by
 * emit_sm_reconv_minpc(); ics-first: an ICS-First module per warp,
 * golden/sm/sm_reconv_ics.c, by emit_sm_reconv_ics(); harp: the HARP
 * tables, golden/sm/sm_reconv_harp*.c, by emit_sm_reconv_harp()). */
void emit_sm_reconv(struct vgen *v, const struct simt_config *cfg,
                    enum rtl_defect defect);
void emit_sm_reconv_minpc(struct vgen *v, const struct simt_config *cfg,
                          enum rtl_defect defect);
void emit_sm_reconv_ics(struct vgen *v, const struct simt_config *cfg,
                        enum rtl_defect defect);
/* harp: the HARP tables and the stage's queues and registers,
 * golden/sm/sm_reconv_harp*.c; emit_sm_reconv_harp_edge() writes its
 * edge (the queues' writes, the stage's registers) and outputs. */
struct harp_queue_geometry;
void emit_sm_reconv_harp(struct vgen *v, const struct simt_config *cfg,
                         enum rtl_defect defect);
void emit_sm_reconv_harp_edge(struct vgen *v, const struct simt_config *cfg,
                              const struct harp_queue_geometry *eq,
                              enum rtl_defect defect);
/* Bits of a thread's offset in its stack region: the minpc stage's
 * lane_off_i width per lane (OFF_W). */
unsigned sm_reconv_minpc_off_bits(void);

/* One warp scheduler's front end (every mode): fetch, I-buffer data,
 * scheduler and the mode's control-flow stage composed as golden/sm/sm.c
 * composes them, with the launch choice. */
void emit_sm_front(struct vgen *v, const struct simt_config *cfg,
                   enum rtl_defect defect);
/* Under harp (rtlgen/emit_sm_front_harp.c): the First-Level slots as
 * the scheduler's first warps (warps of the scheduler, fl slots), and the
 * stage's instance. */
void emit_sm_front_harp_slots(struct vgen *v, unsigned warps, unsigned fl,
                              enum rtl_defect defect);
void emit_sm_front_harp_stage(struct vgen *v);
/* ... and each slot's view for the issue check (tw: the tables' thread
 * id bits, warp_w: a launch warp's; addr: slot gv's PC as a byte address
 * less text_lo_i, narrow: it drops the index's top bits). */
void emit_sm_front_harp_views(struct vgen *v, unsigned tw, unsigned warp_w,
                              const char *addr, bool narrow);
/* The SM's issue check (every mode): a decoder per warp, the scoreboard
 * and the SIMD groups composed as golden/sm/sm_issue.c composes them,
 * with a read port per warp of the memory side's table of the loads in
 * flight. */
void emit_sm_issue(struct vgen *v, const struct simt_config *cfg,
                   enum rtl_defect defect);
/* The warps it checks per scheduler: the launch warps, or under harp the
 * First-Level slots; the memory side's table has a read port for each
 * warp of each scheduler. */
unsigned sm_issue_warps(const struct simt_config *cfg);

/* The SM's memory side: LSU, L1, shared-memory banks and the table of
 * loads in flight composed as golden/sm/sm_memport.c composes them. */
void emit_sm_mem(struct vgen *v, const struct simt_config *cfg,
                 enum rtl_defect defect);
/* ... its data path for shared memory (rtlgen/emit_sm_mem_data.c): the
 * banks as memories and the entries' data, inside simtref_sm_mem. */
void emit_sm_mem_data(struct vgen *v, enum rtl_defect defect);
/* ... its data on the memory port (rtlgen/emit_sm_mem_global.c): a
 * global request's writes and atomics, DRAM's answers to the atomics. */
void emit_sm_mem_global(struct vgen *v, enum rtl_defect defect);
/* ... its data for global loads (rtlgen/emit_sm_mem_l1data.c): the L1's
 * lines beside its tags, the loads' lanes from a hit or their fill. */
void emit_sm_mem_l1data(struct vgen *v, enum rtl_defect defect);
/* ... the request it builds from the executed instruction
 * (rtlgen/emit_sm_mem_request.c: lsu_request_of()): its wires, declared
 * with the module's, and its logic, after the codes of its data path. */
void emit_sm_mem_request_wires(struct vgen *v);
void emit_sm_mem_request(struct vgen *v, unsigned op_w);
/* ... its reservations of lr.w/sc.w (rtlgen/emit_sm_mem_resv.c): a
 * reservation per thread, each sc.w lane decided at the take; its wires
 * (the request's lanes, each entry's outcome), declared with the
 * module's, and its logic, after the request's. */
void emit_sm_mem_resv_wires(struct vgen *v);
void emit_sm_mem_resv(struct vgen *v, enum rtl_defect defect);

/* The SM's thread-block launch: the dispatcher, the table of resident
 * TBs and the WPT composed as golden/sm/sm_tb.c and sm.c compose them. */
void emit_sm_launch(struct vgen *v, const struct simt_config *cfg,
                    enum rtl_defect defect);

/* The datapath of a warp scheduler's issue port: the register file of its
 * warps, a lane per thread and the branch unit composed as
 * golden/sm/sm_execute.c composes them. */
void emit_sm_exec(struct vgen *v, const struct simt_config *cfg,
                  enum rtl_defect defect);
/* The SM: its stages composed as golden/sm/sm.c's sm_cycle() composes
 * their models (rtlgen/emit_sm.c); a configuration with the operand-read
 * stage only. */
void emit_sm(struct vgen *v, const struct simt_config *cfg,
             enum rtl_defect defect);
/* Whether simtref_sm_exec can follow the C SM at cfg's latencies: 0, or
 * -1 with the reason in err. */
int sm_exec_check(const struct simt_config *cfg, char *err, size_t errlen);
/* ... its banks of a written bit and a load-in-flight bit per thread
 * register (rtlgen/emit_sm_exec_banks.c): `ports` write ports before the
 * loads' `ldwb`; under the operand-read stage a load is in flight from
 * its run, else from its issue. */
void emit_sm_exec_banks(struct vgen *v, unsigned ports, unsigned ldwb,
                        bool op_stage);

/* The data half of a scheduler's I-buffers (an SM part, beside
 * simtref_fetch) */
void emit_ibuffer(struct vgen *v, const struct simt_config *cfg,
                  enum rtl_defect defect);

/* HARP stage's queue of warps, a write port per source */
void emit_harp_queue(struct vgen *v, const struct simt_config *cfg,
                     enum rtl_defect defect);

/* The SM's table of resident TBs */
void emit_tb_table(struct vgen *v, const struct simt_config *cfg,
                   enum rtl_defect defect);

/* The SM's table of warp slots */
void emit_warp_slots(struct vgen *v, const struct simt_config *cfg,
                     enum rtl_defect defect);

/* The SM's table of the loads in flight */
void emit_mem_wait(struct vgen *v, const struct simt_config *cfg,
                   enum rtl_defect defect);

/* A file header naming the structure, its source and the configuration. */
void emit_file_header(struct vgen *v, const char *file, const char *title,
                      const char *source, const struct simt_config *cfg);

/*
 * Whether the modules of cfg can be written with defect (DEFECT_NONE: the
 * clean modules): every structure's model accepts cfg, and the defect
 * breaks a structure cfg has, in cfg's reconvergence mode.  Returns 0, or
 * -1 with a message in err.  rtlgen_write() asks it first; a caller asks
 * it before making the output directory.
 */
int rtlgen_check(const struct simt_config *cfg, enum rtl_defect defect,
                 char *err, size_t errlen);

/*
 * Write all modules of cfg into dir (which must exist), one file each.
 * Returns 0, or -1 with a message in err.  A file is either written whole
 * or not at all.
 */
int rtlgen_write(const struct simt_config *cfg, const char *dir,
                 enum rtl_defect defect, char *err, size_t errlen);

#endif /* SIMTREF_RTLGEN_H */
