/*
 * sm.h -- the streaming multiprocessor: one cycle-stepped model composed
 * of the structure models at their ports.
 *
 * A grid of thread blocks (TBs) runs on the SM's warps.  Each of the
 * `schedulers` warp schedulers owns W = threads_per_scheduler / warp_size
 * warp slots; warp slot g belongs to scheduler g % schedulers as its local
 * warp g / schedulers (even and odd warps on two schedulers, as BAWS 5).
 * The TB dispatcher (golden/structures/dispatch.h) places a TB on the lowest free
 * warp slots when a TB slot (max_tbs), enough warp slots (the threads of
 * threads_per_scheduler) and enough shared memory (shared_kb, less what
 * the resident TBs hold) are free: the occupancy limits.
 *
 * Each cycle, for each scheduler: the fetch model (golden/structures/fetch.h) picks a
 * warp to fetch for, its instruction returns one cycle later into the
 * I-buffer, decode (golden/structures/decode.h) names its registers and unit, the
 * fetch unit's scoreboard marks one instruction a cycle ready, the issue
 * scheduler (golden/structures/scheduler.h) grants one ready warp, whose instruction
 * executes on its active lanes (golden/isa/rv32.h) and updates the control
 * flow structures of the configured mode (golden/sm/sm_reconv.h).  Barriers
 * are counted by the WPT (golden/structures/wpt.h), whose ranks feed MWF.  All
 * structures are evaluated from this cycle's inputs first, then stepped:
 * one clock edge (sm_cycle()'s stages, golden/sm/sm_stage.h).  Fetch takes
 * one cycle; an instruction's values are computed when it issues, and
 * its timing decides when it may: the register scoreboard
 * (golden/structures/scoreboard.h) holds its dependents until its result is back
 * from a SIMD group (golden/structures/simd_group.h) or the load/store unit
 * (golden/structures/lsu.h), and a busy group or unit holds it (docs/sm-timing.md).
 * The counts of golden/sm/sm_stats.h are kept as it runs.
 *
 * The SM owns its memory (golden/sm/sm_memory.h); the host writes the kernel's
 * inputs there before sm_run() and reads results after it.
 */
#ifndef SIMTREF_SM_H
#define SIMTREF_SM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "config.h"
#include "decode.h"
#include "dispatch.h"
#include "fetch.h"
#include "ibuffer.h"
#include "lsu.h"
#include "tb_table.h"
#include "mem_wait.h"
#include "program.h"
#include "lane.h"
#include "regfile.h"
#include "rv32.h"
#include "scheduler.h"
#include "scoreboard.h"
#include "simd_group.h"
#include "sm_memory.h"
#include "sm_reconv.h"
#include "sm_stats.h"
#include "warp_slots.h"
#include "wpt.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { SM_ERR_LEN = 2048, SM_MAX_WARP_SLOTS = 512, SM_MAX_LANES = 64,
       SM_MAX_TB_WARPS = 64, SM_EXITS_NAMED = 8 };
/* The table of loads in flight's read ports: one per warp the issue check
 * checks (struct sm_mem_probe). */
enum { SM_MEM_MAX_RD = CONFIG_MAX_SCHEDULERS * SCHEDULER_MAX_WARPS };

/* The launch of one kernel. */
struct sm_launch {
    unsigned grid;          /* TBs in the grid */
    unsigned block;         /* threads per TB */
    uint32_t args;          /* a0 of every thread: the argument block */
    const char *kernel;     /* name for messages */
    uint32_t shared_bytes;  /* shared memory each TB holds (occupancy) */
};

enum sm_status { SM_RUNNING, SM_DONE, SM_ERROR };


/* Not hardware: kept for speed.  A scheduler's cached answers; under
 * sm->reference each is recomputed where it is used instead. */
struct sm_sched_memo {
    bool moves_alone;       /* scheduler_moves_alone() of the scheduler's
                             * geometry: a constant of the run, set by
                             * sm_create(), never stale */
    uint64_t unready[FETCH_MAX_WARPS / 64]; /* the warps fetch_unready()
                             * names (bits.h's bitset).  Stale when a
                             * warp's I-buffer v or r bits change: at the
                             * fetch model's edge, refreshed by
                             * sm_keep_unready() for the warps its events
                             * name and cleared for the warps
                             * ibuffer_edge() empties; cleared by
                             * sm_start() */
};

/* One warp scheduler's structures. */
struct sm_sched {
    struct scheduler sched;     /* issue scheduler */
    struct fetch fetch;     /* I-buffer and fetch policy */
    struct ibuffer ib;      /* the data half of its I-buffers (ORDER SLOT
                             * with fetch: warp w here is fetch's w; under
                             * harp a First-Level slot, else the launch
                             * warp of the same local index) */
    struct ibuffer_in ib_in;    /* ... its ports of this cycle */
    bool fill_valid;        /* the fetch of the last cycle returns now */
    unsigned fill_warp;     /* ... for this warp ... */
    uint32_t fill_word;     /* ... with the instruction memory's word at
                             * its PC (0 outside the text) */
    /* The operand-read stage (operand_read_cycles = 1): the warp granted
     * in the last cycle, whose registers its edge read; it executes now
     * if its instruction still may issue, else it waits here (a hazard)
     * or is dropped (no longer issuable).  While it waits the scheduler
     * grants no warp. */
    bool op_valid;          /* a warp is in the stage */
    unsigned op_warp;       /* ... this one (under harp a First-Level
                             * slot) */
    enum sm_stall op_why;   /* with the stage empty: why the last cycle
                             * granted no warp (SM_STALLS: no reason
                             * seen; sm_idle_reason() names it) */
    struct sm_sched_memo memo;  /* not hardware: kept for speed */
};

/* Trace one issued warp-instruction (golden/sm/sm_trace.c). */
struct sm_issue_record {
    unsigned sched, warp;   /* scheduler and the warp slot */
    unsigned ctaid;         /* grid index of the issuing warp's TB (under
                               harp: of the First-Level slot's lowest
                               thread, the TB the scheduler ranks it by) */
    uint64_t ready[SCHEDULER_MAX_WARPS / 64]; /* the scheduler's ready warps
                               this cycle (bit w of word w / 64: local warp
                               w; under harp, First-Level slot w); filled
                               only when the SM traces */
    uint32_t pc;
    uint64_t mask;          /* lanes that executed */
    struct rv32_insn insn;
    unsigned lanes;         /* warp_size */
    struct rv32_result res[SM_MAX_LANES];  /* each executed lane's effect */
};

/* A thread that ended with a non-zero exit code (docs/isa.md, the exit
 * code): simt.exit other than the start code's, with a0 not 0. */
struct sm_exit_code {
    unsigned ctaid;         /* its TB's grid index */
    unsigned tid;           /* its index in the TB */
    unsigned wid, lane;     /* its warp in the TB and lane */
    uint32_t pc;            /* the simt.exit */
    uint32_t code;          /* a0 */
};

/* What keeps a warp's instruction from issuing (BAWS 6.3's data and
 * structural hazards). */
enum sm_hazard { SM_HAZARD_NONE, SM_HAZARD_DATA, SM_HAZARD_STRUCTURAL };

/* Not hardware: kept for speed.  The SM's cached answers, each with what
 * makes it stale and where it is refreshed.  Under sm->reference none is
 * read: each is recomputed where it is used (the skip fields stay clear
 * and sm_run() evaluates every cycle). */
struct sm_memo {
    struct wpt_out wpt_idle;    /* wpt_eval() with no arrival (the ranks
                                 * MWF and SAWS read).  Stale when the
                                 * WPT's counts change: an arrival or a
                                 * release, after which sm_cycle() clears
                                 * wpt_idle_valid; sm_start() clears it */
    bool wpt_idle_valid;        /* wpt_idle and wpt_idle_release hold;
                                 * refreshed by sm_cycle() when clear */
    bool wpt_idle_release;      /* some TB of wpt_idle.release[] is set:
                                 * refreshed with wpt_idle */
    bool regroups;              /* sm_reconv_regroups(), */
    bool barrier_by_state;      /* sm_reconv_barrier_by_state(), */
    unsigned issue_slots;       /* sm_reconv_issue_slots(): constants of
                                 * the mode, asked of rc once by
                                 * sm_create(), never stale */
    unsigned resident_warps;    /* warp slots with warp_slot.resident set,
                                 * and */
    unsigned launches_pending;  /* ... with launch_pending set: counts,
                                 * stale when a warp's bit changes: kept by
                                 * sm_dispatch(), sm_retire() and the
                                 * launch at the edge, cleared by
                                 * sm_start() */
    uint64_t resident[CONFIG_MAX_SCHEDULERS][SCHEDULER_MAX_WARPS / 64];
                                /* per scheduler, its local warps with
                                 * warp_slot.resident set (bits.h's bitset).
                                 * Stale when a warp's resident changes:
                                 * kept by sm_dispatch() and sm_retire(),
                                 * cleared by sm_start() */
    uint64_t mem_epoch;         /* sm_rc_in's mem_epoch: counts the
                                 * changes of the mem_wait part's pending
                                 * lanes, bumped at its edge when a global
                                 * load or atomic is sent or done and by
                                 * sm_start(); under
                                 * reference bumped at every evaluation,
                                 * so that harp keeps nothing across one */
    bool quiet;                 /* the last cycle changed nothing but the
                                 * counts: sm_run() counts the cycles that
                                 * repeat it at once.  Set by each
                                 * sm_cycle(), cleared by sm_start() */
    bool lsu_alone;             /* ... quiet but for the LSU working
                                 * inside itself: sm_run() runs the LSU
                                 * alone while the rest repeats */
    struct sm_stats quiet_from; /* ... the counts at that cycle's start */
    uint64_t skipped;           /* cycles sm_run() counted without
                                 * evaluating the whole SM: quiet ones,
                                 * and those the LSU ran alone in (0 under
                                 * reference) */
    struct scheduler sched_copy; /* scratch: a scheduler before its step
                                 * (is the cycle quiet?) */
};

/*
 * Not hardware: what a testbench of one warp scheduler's front end in
 * Verilog (simtref_sm_front, tb/tb_sm_front.cpp) records of it, per
 * scheduler per cycle, as sm_cycle() computes it: the inputs from the
 * rest of the SM (the boundary: scoreboard, SIMD groups, warp and TB
 * state, I-cache, datapath) and the outputs of the front end's parts
 * (launch choice, ready vector, issue grant, flush, fetch, the
 * control-flow stage's update).  NULL by default (struct sm's
 * front_probe); the testbench clears the records before each cycle.
 */
struct sm_front_probe {
    bool evaluated;             /* the scheduler's stages ran this cycle */
    /* inputs */
    uint64_t clear[IBUFFER_MAX_WARPS / 64]; /* the placement's I-buffer
                                 * clears of this cycle (sm_dispatch()) */
    bool launch_pending[SCHEDULER_MAX_WARPS]; /* per warp: placed, its
                                 * launch pending (launch_choice()) */
    uint64_t lanes[SCHEDULER_MAX_WARPS]; /* per warp: its threads (the
                                 * launch's mask) */
    bool issuable[SCHEDULER_MAX_WARPS]; /* resident, launched, not at the
                                 * barrier, the stage lets it issue and no
                                 * hazard holds its buffered instruction
                                 * (but harp: no_hazard below) */
    bool base[SCHEDULER_MAX_WARPS]; /* ... the same but the hazard: the
                                 * operand-read stage drops its warp
                                 * without it, holds it on a hazard */
    struct scheduler_in si;     /* the scheduler's inputs: warp_tb,
                                 * tb_rank, long_wait, tb_wait; ready is the
                                 * front end's ready vector (an output) */
    struct fetch_in fi;         /* the fetch unit's inputs: warp_valid
                                 * (fetchable), fill and rdy events; issue,
                                 * flush and next are outputs */
    bool issued;                /* the granted warp's instruction ran ... */
    bool stale;                 /* ... or its slot was stale and dropped */
    bool control;               /* ... and it was not a plain fall-through */
    struct sm_rc_in ri;         /* the control-flow stage's update
                                 * (launch or execution) */
    uint64_t live[SCHEDULER_MAX_WARPS]; /* each warp's live lanes when
                                 * resident and launched, else 0: minpc's
                                 * read takes the fetched warp's (rd_live) */
    uint64_t check_live[SCHEDULER_MAX_WARPS]; /* ... as the issue check
                                 * reads them, before this cycle's launch
                                 * and execution (the warp state's; under
                                 * harp every launch warp's, as a slot's
                                 * owners are read) */
    bool asked[SCHEDULER_MAX_WARPS]; /* resident, launched, not at the
                                 * barrier: the issue check asks the stage
                                 * whether the warp may issue */
    uint64_t release[SCHEDULER_MAX_WARPS / 64]; /* the warps whose TB's
                                 * barrier releases on the edge
                                 * (scheduler_edge()) */
    /* harp (its scheduler's warps are the stage's First-Level slots;
     * warp: a launch warp): what the rest of the SM decides beside the
     * stage, whose views (issuable and fetchable slots, the slots'
     * owners) the module computes itself */
    unsigned tb[SCHEDULER_MAX_WARPS]; /* per warp: its TB (a ready slot's
                                 * is its owner's) */
    bool no_hazard[SCHEDULER_MAX_WARPS]; /* per slot: no hazard holds its
                                 * buffered instruction (true where the
                                 * issue check does not look: a slot not
                                 * issuable or not buffered) */
    uint64_t mem_pending[SCHEDULER_MAX_WARPS]; /* per warp: its lanes
                                 * waiting on global memory (the stage's
                                 * mem_pending, copied: it points at the
                                 * SM's array, which the cycle changes) */
    /* outputs */
    int launch;                 /* the warp the launch choice took, or -1
                                 * (launch_choice()) */
    bool can_launch[SCHEDULER_MAX_WARPS]; /* per warp: the stage can take
                                 * its launch (sm_reconv_can_launch()): not
                                 * an output, counted by the testbench */
    bool all_barrier[SCHEDULER_MAX_WARPS]; /* per warp: every thread the
                                 * stage holds waits at simt.bar
                                 * (sm_reconv_all_barrier(): under
                                 * ics-first the SM's arrival by state; the
                                 * module's all_barrier_o) */
    struct scheduler_out so;    /* the grant and the scheduler's err */
    bool op_valid;              /* operand_read_cycles = 1: a warp is in
                                 * the operand-read stage (granted in the
                                 * last cycle, or waiting) ... */
    bool exec_valid;            /* ... a warp executes now (the grant's,
                                 * or that stage's) ... */
    unsigned exec_warp;         /* ... this one */
    bool head_valid;            /* the granted warp's oldest I-buffer
                                 * slot: it holds one ... */
    uint32_t head_pc;           /* ... at this PC ... */
    uint64_t head_mask;         /* ... with this mask ... */
    uint32_t head_word;         /* ... and this instruction word */
    uint32_t fill_word;         /* the fill's word (the instruction
                                 * memory's answer to the last fetch) */
    /* every warp's oldest I-buffer slot, as the issue check reads it */
    bool hd_ready[SCHEDULER_MAX_WARPS];     /* valid and ready (the fetch
                                             * unit's bits) */
    bool hd_valid[SCHEDULER_MAX_WARPS];     /* it holds one ... */
    uint32_t hd_pc[SCHEDULER_MAX_WARPS];    /* ... at this PC ... */
    uint64_t hd_mask[SCHEDULER_MAX_WARPS];  /* ... with this mask ... */
    uint32_t hd_word[SCHEDULER_MAX_WARPS];  /* ... and this word */
    struct sm_rc_out ro;        /* the stage's evaluation: pop, exited,
                                 * yielded, err */
    bool fetch_err;             /* the fetch unit refused an event */
    bool fetched;               /* the fetch unit fetched ... */
    bool fetch_stage;           /* ... at the stage's PC and mask (not the
                                 * I-buffer's next) ... */
    unsigned fetch_warp;        /* ... for this warp ... */
    uint32_t fetch_pc;          /* ... at this PC ... */
    uint64_t fetch_mask;        /* ... with this mask */
    uint64_t emptied[FETCH_MAX_WARPS / 64]; /* the warps the fetch unit
                                 * empties on the edge (fetch_emptied()):
                                 * not an output, counted by the testbench */
};

/*
 * Not hardware: what a testbench of the SM's issue check in Verilog
 * (simtref_sm_issue, tb/tb_sm_issue.cpp) records of it per cycle, as
 * sm_cycle() computes it: per scheduler per warp the check's inputs from
 * the rest of the SM (the boundary: the warp's state, the I-buffer's
 * head, the control-flow stage's view of it, the LSU) and its outputs
 * (the hazard and whether the warp is issuable), and the write ports of
 * the parts it holds (the scoreboard, the table of loads in flight, the
 * SIMD groups) at the cycle's edge.  Every mode; under harp a warp is a
 * First-Level slot.  NULL by default (struct sm's issue_probe); the testbench clears it before each
 * cycle.
 */
struct sm_issue_probe {
    bool evaluated;             /* the cycle ran its ready vectors */
    /* inputs, per scheduler s and warp w (ready_vector()) */
    bool base[CONFIG_MAX_SCHEDULERS][SCHEDULER_MAX_WARPS]; /* resident,
                                 * launched, not at the barrier, the stage
                                 * lets it issue */
    bool buffered[CONFIG_MAX_SCHEDULERS][SCHEDULER_MAX_WARPS]; /* its
                                 * oldest I-buffer slot is valid and ready */
    bool stale[CONFIG_MAX_SCHEDULERS][SCHEDULER_MAX_WARPS]; /* checked
                                 * (base and buffered), the stage holds the
                                 * warp at another PC than the slot's: let
                                 * through, to be dropped */
    uint32_t pc[CONFIG_MAX_SCHEDULERS][SCHEDULER_MAX_WARPS]; /* checked:
                                 * the slot's PC */
    uint64_t mask[CONFIG_MAX_SCHEDULERS][SCHEDULER_MAX_WARPS]; /* checked:
                                 * the lanes whose threads it runs */
    uint16_t (*owner)[SM_MAX_LANES]; /* NULL, or per check s * issue
                                 * slots + w (the caller's array, written
                                 * only for a checked warp): each lane's
                                 * thread's launch warp (local to s) as
                                 * the check reads it (under harp the
                                 * stage's issue view; else w) */
    bool lsu_ready;             /* the LSU can take a request this cycle */
    bool lsu_taken[CONFIG_MAX_SCHEDULERS]; /* when scheduler s's warps are
                                 * checked, an earlier scheduler's issue
                                 * took the LSU's port */
    bool op_valid[CONFIG_MAX_SCHEDULERS]; /* operand_read_cycles = 1:
                                 * scheduler s's operand-read stage holds a
                                 * warp, which executes in this cycle ... */
    unsigned op_warp[CONFIG_MAX_SCHEDULERS]; /* ... this one (0: none);
                                 * its check is about this cycle, the
                                 * other warps' (grants) about the next */
    /* outputs */
    bool group_ok[CONFIG_MAX_SCHEDULERS];  /* a SIMD group takes scheduler
                                 * s's issue (go.accept[s]) */
    enum sm_hazard hazard[CONFIG_MAX_SCHEDULERS][SCHEDULER_MAX_WARPS];
                                /* what holds the checked instruction
                                 * (SM_HAZARD_NONE when not checked) */
    bool issuable[CONFIG_MAX_SCHEDULERS][SCHEDULER_MAX_WARPS]; /* base and
                                 * no hazard */
    /* not outputs: what the testbench counts as covered */
    bool waw[CONFIG_MAX_SCHEDULERS][SCHEDULER_MAX_WARPS]; /* the scoreboard
                                 * holds the check by its destination alone */
    bool sb_held[CONFIG_MAX_SCHEDULERS][SCHEDULER_MAX_WARPS]; /* the
                                 * scoreboard holds the check */
    /* the memory side's table of loads in flight as the check reads it
     * (the module's read ports: addresses out, lanes in), for a memory
     * instruction with a destination, whatever the scoreboard says */
    bool mw_asked[CONFIG_MAX_SCHEDULERS][SCHEDULER_MAX_WARPS]; /* read */
    uint16_t mw_rd_slot[CONFIG_MAX_SCHEDULERS][SCHEDULER_MAX_WARPS]; /* ...
                                 * at this warp slot ... */
    uint8_t mw_rd_reg[CONFIG_MAX_SCHEDULERS][SCHEDULER_MAX_WARPS]; /* ...
                                 * and register ... */
    uint64_t mw_rd_mask[CONFIG_MAX_SCHEDULERS][SCHEDULER_MAX_WARPS]; /* ...
                                 * its answer: the lanes of the load in
                                 * flight, before the edge (an input) */
    /* the parts' write ports at the edge (sm_scoreboard_edge(),
     * simd_group_step()) */
    struct scoreboard_in sb;    /* reservations, and releases (one per
                                 * done of mw, from the table's outputs;
                                 * slots NULL: kept in rel_slots) */
    uint16_t rel_slots[SCOREBOARD_MAX_RELEASE][SM_MAX_LANES]; /* release
                                 * k's lanes' warp slots (the memory side's
                                 * wb_slots_o: an input) */
    struct mem_wait_in mw;      /* the loads' sends and the LSU's dones
                                 * (the scoreboard's releases; the table
                                 * is the memory side's) */
    struct simd_group_in gi;    /* this cycle's issues to the SIMD groups */
};

/*
 * Not hardware: what a testbench of the SM's memory side in Verilog
 * (simtref_sm_mem, tb/tb_sm_mem.cpp) records of it each cycle, where
 * sm_lsu_edge() computes it (golden/sm/sm_memport.c): the issued memory
 * instruction going to the LSU and to the table of loads in flight (the
 * inputs), and what the LSU, DRAM and the table give back (the outputs,
 * and the memory port between the LSU and DRAM).  Each record is one
 * cycle of an SM evaluated every cycle (its reference mode: no cycle is
 * skipped).  NULL by default (struct sm's mem_probe); the testbench
 * clears `evaluated` before each cycle and sets the read port's address.
 */
struct sm_mem_probe {
    bool evaluated;             /* the LSU's edge ran this cycle */
    /* inputs */
    bool issue;                 /* a memory instruction goes to the LSU ... */
    struct lsu_request req;     /* ... this request (lsu_request_of(),
                                 * with its warp slot and rd) */
    bool send;                  /* ... and, having a destination, to the
                                 * table of loads in flight ... */
    struct mem_wait_send sent;  /* ... as this send (the instruction's
                                 * lanes, each lane's warp slot) */
    unsigned n_rd;              /* the table's read ports (the issue
                                 * check's: one per warp it checks) ... */
    unsigned rd_slot[SM_MEM_MAX_RD], rd_reg[SM_MEM_MAX_RD]; /* ... their
                                 * addresses: set by the testbench before
                                 * the cycle */
    /* outputs */
    uint64_t rd_mask[SM_MEM_MAX_RD]; /* each read port's lanes in flight,
                                 * before the edge */
    bool ready;                 /* the LSU takes a request this cycle */
    uint64_t lsu_pending[SM_MAX_WARP_SLOTS / 64]; /* warp slots with a
                                 * global access in the LSU (lsu_pending()) */
    uint64_t mw_pending[SM_MAX_WARP_SLOTS]; /* [slot]: the table's lanes
                                 * waiting on global memory, before the
                                 * edge (the warp slots' entries alone) */
    struct dram_in mem;         /* the LSU's memory request to DRAM */
    unsigned n_resp;            /* DRAM's responses of this cycle ... */
    uint64_t resp[(L1_MAX_MSHRS + LSU_MAX_INFLIGHT) / 64]; /* ... their
                                 * ids as a set (n_resp above its count:
                                 * an id answered twice in one cycle) */
    unsigned n_done;            /* the LSU's requests done this cycle ... */
    struct lsu_done done[LSU_MAX_INFLIGHT]; /* ... in the order of their
                                 * in-flight entries (warp slot, rd) */
    unsigned n_wdone;           /* of them, those with a destination: the
                                 * table's dones, which the scoreboard's
                                 * releases follow ... */
    uint64_t wdone_mask[LSU_MAX_INFLIGHT];  /* ... each entry's lanes ... */
    bool wdone_global[LSU_MAX_INFLIGHT];    /* ... whether global ... */
    uint16_t wdone_slots[LSU_MAX_INFLIGHT][SM_MAX_LANES]; /* ... and each
                                 * lane's thread's warp slot ... */
    uint32_t wdone_data[LSU_MAX_INFLIGHT][SM_MAX_LANES]; /* ... each
                                 * lane's register value, which the C
                                 * wrote at the issue (from load_data) */
    uint32_t *load_data;        /* set by the testbench before the cycle,
                                 * or NULL: warp slots x 32 x warp_size
                                 * words, [(slot * 32 + rd) * warp_size +
                                 * lane], where the C keeps each load's or
                                 * atomic's register values from its send
                                 * (the issuing warp slot, rd) to its done */
    /* the issued instruction's data, set by sm_send_to_lsu() when `issue` */
    enum rv32_op op;            /* the instruction (an AMO's kind, a load's
                                 * sign) */
    uint32_t wdata[SM_MAX_LANES];   /* each lane's store data or AMO
                                 * operand (the datapath's request) */
    uint32_t vaddr[SM_MAX_LANES];   /* each lane's address as its lane
                                 * computed it (req.addr: as the memory
                                 * sees it) */
    uint32_t ldata[SM_MAX_LANES];   /* each lane's rd as the C's access at
                                 * issue wrote it (a load's or atomic's) */
    uint8_t tbs[SM_MAX_LANES];  /* each lane's thread's TB slot: the shared
                                 * window its access used */
    uint64_t lanes;             /* the lanes whose datapath asked memory
                                 * (the lanes' mem_o): req.mask and a
                                 * failed sc.w's lanes, which access
                                 * nothing; the fields above are set for
                                 * them */
    uint16_t slots[SM_MAX_LANES]; /* ... and each one's thread's warp slot
                                 * (a store's too: sent.e.slot is a send's) */
    uint64_t placed;            /* TB slots placed this cycle (their
                                 * shared windows cleared): set by
                                 * sm_dispatch(), cleared by the testbench */
    uint32_t exec_wdata[CONFIG_MAX_SCHEDULERS][SM_MAX_LANES]; /* each
                                 * scheduler's lanes' store data or operand
                                 * as they execute, for wdata */
    uint64_t exec_mem[CONFIG_MAX_SCHEDULERS]; /* each scheduler's lanes
                                 * that asked memory as they executed, for
                                 * lanes */
};

/*
 * Not hardware: what a testbench of the SM's thread-block launch in
 * Verilog (simtref_sm_launch, tb/tb_sm_launch.cpp) records of it each
 * cycle, where golden/sm/sm_tb.c and sm.c compute it: the LSU's state
 * at the cycle's start and the events other parts decide (the inputs),
 * and what the dispatcher, the table of resident TBs, the table of warp
 * slots and the WPT give (the outputs).  NULL by default (struct sm's launch_probe);
 * the testbench clears it before each cycle.
 */
struct sm_launch_probe {
    bool evaluated;             /* the cycle reached its edge */
    /* inputs at the cycle's start, before the placement
     * (sm_probe_launch_start()) */
    bool lsu_idle;              /* the LSU holds no request */
    struct tb_table_entry tbt[CONFIG_MAX_TBS];  /* the table of resident
                                 * TBs as its read port shows it */
    /* inputs: this cycle's events */
    int arrive[CONFIG_MAX_SCHEDULERS];  /* the warp of scheduler s that
                                 * arrives at its barrier, or -1 */
    uint64_t launch[SM_MAX_WARP_SLOTS / 64];  /* the warp slots launched
                                 * into their control-flow stage */
    uint64_t kill[SM_MAX_WARP_SLOTS];   /* per warp slot: the lanes whose
                                 * thread exits */
    /* outputs */
    struct dispatch_out place;  /* the dispatcher's placements */
    uint64_t lanes[SM_MAX_WARP_SLOTS];  /* a placed warp slot's lanes
                                 * holding a thread of its TB */
    uint64_t clear[CONFIG_MAX_SCHEDULERS][IBUFFER_MAX_WARPS / 64]; /* the
                                 * placement's I-buffer clears */
    struct wpt_in wi;           /* the WPT's arrival ports: the warps' and
                                 * the exited warps' (sm_exited_arrivals()) */
    struct wpt_out wo;          /* its outputs: counts, ranks, releases */
    uint64_t release[CONFIG_MAX_SCHEDULERS][SCHEDULER_MAX_WARPS / 64];
                                /* the warps the WPT releases */
    uint64_t tb_done;           /* bit t: TB slot t's last warps retire */
    uint64_t retire[SM_MAX_WARP_SLOTS / 64];  /* the warp slots whose last
                                 * thread exits (sm_retire()) */
    struct warp_slot ws[SM_MAX_WARP_SLOTS];  /* the warp slots as the
                                 * cycle reads them, its placements made */
};

/*
 * Not hardware: what a testbench of the SM's datapath in Verilog
 * (simtref_sm_exec, tb/tb_sm_exec.cpp) records of scheduler s's issue
 * port each cycle, where sm_execute() and sm_tb.c compute it: the warps
 * placed (their registers take their launch values), the instruction
 * executed (its warp, PC, decoded word, lanes, each lane's thread's warp
 * and CSR values) and what the register file and the lanes gave (the
 * issue record: each lane's write, memory request and next PC; the
 * control-flow stage's outcome; the memory's answer to each lane's
 * request).  NULL by default (struct sm's exec_probe: one per
 * scheduler); the testbench clears it before each cycle.
 */
struct sm_exec_probe {
    bool placed[SCHEDULER_MAX_WARPS];   /* warp w of the scheduler is
                                 * placed this cycle (sm_dispatch()) */
    bool executed;              /* an instruction ran on its lanes */
    unsigned warp;              /* ... the issuing warp (local) */
    uint64_t mask;              /* ... the lanes whose thread runs (the
                                 * register file's reads) */
    bool whole;                 /* ... they hold every live thread of the
                                 * warps that own them */
    unsigned owner[SM_MAX_LANES];   /* ... per lane its thread's warp
                                 * (local; the issuing warp unless harp) */
    uint32_t ctaid[SM_MAX_LANES];   /* ... per lane its thread's TB's
                                 * grid index */
    uint32_t wid[SM_MAX_LANES]; /* ... and its warp in the TB */
    uint32_t wdata[SM_MAX_LANES];   /* ... each lane's store data or AMO
                                 * operand (lane_out.mem_wdata) */
    bool mem[SM_MAX_LANES];     /* ... each lane's memory request
                                 * (lane_out.mem: a failed sc.w's too) */
    bool mem_write[SM_MAX_LANES];   /* ... it writes */
    struct sm_issue_record rec; /* ... its record (rec.mask: the lanes
                                 * that executed) */
    struct sm_exec_outcome_view {
        uint64_t taken;         /* the branch unit: lanes to tpc (split) */
        uint32_t tpc, npc;      /* ... its targets */
        bool split;             /* ... two ways */
        bool bar, exit;         /* simt.bar, an exit */
        unsigned prio;          /* simt.prio.*'s action */
        uint64_t exits;         /* the lanes that exit */
        bool control;           /* not a plain fall-through */
        uint32_t lane_pc[SM_MAX_LANES]; /* each lane's next PC */
    } out;                      /* ... the control-flow stage's inputs */
};

struct sm {
    struct simt_config cfg;
    const struct program *prog;
    struct sm_launch launch;
    unsigned warps_per_sched;          /* W */
    unsigned warp_slots;               /* schedulers * W */
    unsigned tb_warps;                 /* warps per TB of this launch */
    struct sm_sched sch[CONFIG_MAX_SCHEDULERS];
    struct wpt wpt;
    struct sm_reconv rc;               /* the control-flow structures */
    struct sm_memory mem;
    struct tb_table tbt;               /* the resident TBs */
    struct tb_table_in tbt_in;         /* ... its ports of this cycle: the
                                        * retirements, the exited warps'
                                        * arrivals, the releases (the
                                        * placements are written at once,
                                        * sm_dispatch()) */
    uint64_t phase_start[CONFIG_MAX_TBS]; /* statistics, not hardware: per
                                        * TB slot the cycle its warp-phase
                                        * began (RTRU) */
    struct warp_slots ws;              /* each warp slot's status (the
                                        * data half of its I-buffer is the
                                        * scheduler's ibuffer part) */
    struct warp_slots_in ws_in;        /* ... its ports of this cycle: the
                                        * launches, arrivals, exits and
                                        * releases, stepped at the edge
                                        * (wpt_edge()); the placements are
                                        * written at once (sm_dispatch()) */
    uint64_t phase_end[SM_MAX_WARP_SLOTS]; /* statistics, not hardware:
                                        * per warp slot the cycle its warp
                                        * arrived at its TB's barrier or
                                        * exited (RTRU) */
    struct rv32_context *thread;       /* warp_slots * warp_size threads:
                                        * pc and LR/SC reservation */
    struct regfile rf;                 /* their registers, banked per lane */
    struct lane lane;                  /* the datapath each lane runs */
    struct dispatch disp;              /* the TB dispatcher */
    struct dispatch_in disp_in;        /* ... its ports of this cycle: the
                                        * slots sm_retire() frees */
    struct decode dec;                 /* the decode stage (the text) */
    struct scoreboard sb;              /* per thread's register */
    struct scoreboard_in sb_in;        /* ... its write ports of this
                                        * cycle: the issues' reservations
                                        * and the LSU's releases */
    struct simd_group simd;            /* the SIMD groups */
    struct lsu lsu;                    /* the load/store unit */
    struct lsu_request lsu_req;        /* the LSU's issue port: the
                                        * request of this cycle (when
                                        * lsu_taken) */
    struct dram dram;                  /* outside the SM: DRAM, serving
                                        * the LSU's memory port */
    struct mem_wait mw;                /* the loads in flight: the threads
                                        * each writes (the LSU reports done
                                        * by slot and register), those
                                        * waiting on global memory */
    struct mem_wait_in mw_in;          /* ... its ports of this cycle: the
                                        * sends to the LSU, the LSU's
                                        * dones */
    bool lsu_taken;                    /* a request went to the LSU in
                                        * this cycle */
    struct sm_stats st;
    struct sm_issue_record rec;        /* the instruction being issued */
    struct sm_memo memo;               /* not hardware: kept for speed */
    bool reference;                    /* every cached answer recomputed
                                        * where it is used, every cycle
                                        * evaluated, the LSU never run
                                        * alone (simtref sim --reference):
                                        * set between sm_create() and
                                        * sm_start(), which hands it to
                                        * the models that keep memos */
    uint64_t max_cycles;               /* 0: no limit */
    uint64_t stuck_check_at;           /* harp: the cycle from which the
                                        * next check for threads at the
                                        * barrier that others wait to
                                        * re-converge with runs */
    bool check_invariants;             /* check SPEC's system invariant */
    unsigned *inv_count;               /* ... its scratch: W * warp_size
                                        * place counts (sm_reconv_counts) */
    unsigned bad_exits;                /* threads that exited with a
                                        * non-zero code ... */
    struct sm_exit_code exit_named[SM_EXITS_NAMED]; /* ... the first of
                                        * them, named when the grid is
                                        * done (an error) */
    FILE *trace;                       /* one line per issued instruction */
    struct sm_front_probe *front_probe; /* not hardware: NULL, or one
                                        * record per scheduler that
                                        * sm_cycle() fills */
    struct sm_issue_probe *issue_probe; /* not hardware: NULL, or the
                                        * record of the issue check
                                        * (tb/tb_sm_issue.cpp) */
    struct sm_mem_probe *mem_probe;    /* not hardware: NULL, or the
                                        * record of the memory side that
                                        * sm_lsu_edge() fills */
    struct sm_launch_probe *launch_probe; /* not hardware: NULL, or the
                                        * record of the TB launch that
                                        * sm_tb.c and sm.c fill */
    struct sm_exec_probe *exec_probe;  /* not hardware: NULL, or one
                                        * record per scheduler of its
                                        * issue port's datapath */
    enum sm_status status;
    char err[SM_ERR_LEN];
};

/*
 * Build the SM for cfg and prog: 0, or -1 with a message in err (a mode
 * not supported, sizes beyond the models, a kernel whose text does not fit
 * pc_bits).  global_bytes sizes global memory.
 */
int sm_create(struct sm **out, const struct simt_config *cfg,
              const struct program *prog, uint32_t global_bytes,
              char *err, size_t errlen);
void sm_destroy(struct sm *sm);

/* Check a launch against the configuration and reset the SM for it: 0, or
 * -1 with the problem in sm->err. */
int sm_start(struct sm *sm, const struct sm_launch *l);

/* The LSU's state and the table of resident TBs into the launch probe
 * (at the cycle's start; also the state a run ends in). */
void sm_probe_launch_start(const struct sm *sm, struct sm_launch_probe *p);

/* One clock cycle; returns the status after it. */
enum sm_status sm_cycle(struct sm *sm);

/* Cycles until done or error (sm->max_cycles bounds it).  The cycles
 * that repeat a quiet one (nothing issued or moved, every structure as
 * before, only time passing) are counted at once, up to the next cycle
 * at which a result, a SIMD group or the LSU is due: the counts and the
 * trace are those of running them one by one.  Under sm->reference every
 * cycle is evaluated (tests/sim_reference.sh checks the two agree). */
enum sm_status sm_run(struct sm *sm);

/* The system invariant (SPEC.md): each live thread in exactly one place.
 * 0, or -1 with the cycle, thread and places in sm->err. */
int sm_check_invariant(struct sm *sm);

/* Error reporting shared by the SM's files: sets status and message. */
void sm_fail(struct sm *sm, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

void sm_trace_issue(FILE *f, uint64_t cycle, const struct sm_issue_record *r);

/* The warp slots: slot g belongs to scheduler g % schedulers, where it is
 * warp g / schedulers; scheduler s's warp w is slot w * schedulers + s. */
static inline unsigned sm_slot_sched(const struct sm *sm, unsigned g)
{
    return g % sm->cfg.schedulers;
}

static inline unsigned sm_slot_local(const struct sm *sm, unsigned g)
{
    return g / sm->cfg.schedulers;
}

static inline unsigned sm_slot_of(const struct sm *sm, unsigned s, unsigned w)
{
    return w * sm->cfg.schedulers + s;
}

/* The registers of warp slot g (golden/structures/warp_slots.h). */
static inline const struct warp_slot *sm_warp(const struct sm *sm,
                                              unsigned g)
{
    return warp_slots_read(&sm->ws, g);
}

/* The read port of the table of resident TBs: TB slot t, and the warp
 * slot of its warp wid. */
static inline struct tb_table_out sm_tb_read(struct sm *sm, unsigned t,
                                             unsigned wid)
{
    struct tb_table_out o;

    sm->tbt_in.rd_tb = t;
    sm->tbt_in.rd_wid = wid;
    tb_table_eval(&sm->tbt, &sm->tbt_in, &o);
    return o;
}

/* The table of loads in flight's pending lanes per warp slot (its
 * output bus, golden/structures/mem_wait.h). */
static inline const uint64_t *sm_mem_pending(const struct sm *sm)
{
    struct mem_wait_out o;

    mem_wait_eval(&sm->mw, &sm->mw_in, &o);
    return o.pending;
}

#ifdef __cplusplus
}
#endif

#endif /* SIMTREF_SM_H */
