/*
 * registry.h -- the structures, their defects and their checks: the one
 * list of them.
 *
 * Every hardware structure of the SM has one row here, and every fact
 * about it that more than one view needs lives in that row: its module and
 * file, when a configuration has it, its golden model, its area row's
 * name, source and count, the configurations its testbench is built for,
 * its co-simulations and proofs, and its deliberately broken variants.
 * The views read it:
 *
 *   configuration (config.h: the keys and the presets)
 *     -> registry (this file: data only, no model or emitter is called)
 *     -> models (golden/) -> generator (rtlgen/) and area report (synth/)
 *     -> the command line (cli/) and the build (mk/registry.am, written by
 *        `simtref registry --make`, checked against this file by
 *        tests/unit/test_registry).
 *
 * The registry is data only so that every layer above the configuration
 * can read it without depending on the models: the parts that need a
 * model or an emitter (the area row's organisation and bits, the emitter
 * that writes the module) are tables in their own layer, indexed by enum
 * structure_id and tied to the rows here with "ORDER STRUCT" comments
 * (rtlgen.c emitters[], synth/area_rows.c describers[]).  The presets are
 * the configuration layer's list, config_preset_names (config.h).
 *
 * A new structure: a row in structures[] (registry.c) and an id below;
 * then its emitter in rtlgen.c and its area row in synth/area_rows.c (the
 * compiler checks the table sizes); then `simtref registry --make >
 * mk/registry.am`.  tests/unit/test_registry fails until every golden model,
 * generated module, testbench, property file, .cosim and .proof file has
 * its row, and every row its files.
 */
#ifndef SIMTREF_REGISTRY_H
#define SIMTREF_REGISTRY_H

#include <stdio.h>
#include "config.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The structures, in the order of the area report's rows (ORDER STRUCT). */
enum structure_id {
    STRUCTURE_WPT,
    STRUCTURE_SCHEDULER,
    STRUCTURE_ARBITER,
    STRUCTURE_ICS_FIRST,
    STRUCTURE_FETCH,
    STRUCTURE_SBR_STACK,
    STRUCTURE_RBT,
    STRUCTURE_WARP_TABLES,
    STRUCTURE_READY_LOOKUP,
    STRUCTURE_WAITING_LOOKUP,
    STRUCTURE_DISPATCH,
    STRUCTURE_SHARED_MEM,
    STRUCTURE_SCOREBOARD,
    STRUCTURE_DECODE,
    STRUCTURE_LSU,
    STRUCTURE_L1_CACHE,
    STRUCTURE_REGFILE,
    STRUCTURE_LANE,
    STRUCTURE_SIMD_GROUP,
    STRUCTURE_IBUFFER,
    STRUCTURE_TB_TABLE,
    STRUCTURE_MEM_WAIT,
    STRUCTURE_HARP_QUEUE,
    STRUCTURE_WARP_SLOTS,
    STRUCTURE_SM_RECONV,
    STRUCTURE_SM_FRONT,
    STRUCTURE_SM_ISSUE,
    STRUCTURE_SM_MEM,
    STRUCTURE_SM_LAUNCH,
    STRUCTURE_SM_EXEC,
    STRUCTURE_SM,
    STRUCTURE_COUNT
};

/* How many copies of a structure an SM holds. */
enum structure_count {
    PER_SM,             /* one per SM */
    PER_SCHEDULER,      /* one per warp scheduler */
    PER_WARP            /* one per resident warp */
};

/* A bit per reconvergence mode in structure_info.modes. */
#define REGISTRY_MODE(r) (1u << (r))
#define REGISTRY_EVERY_MODE                                                 \
    (REGISTRY_MODE(RECONV_SBR) | REGISTRY_MODE(RECONV_HARP)                 \
     | REGISTRY_MODE(RECONV_MINPC) | REGISTRY_MODE(RECONV_ICS_FIRST))

struct structure_info {
    const char *name;       /* "rbt": tb/tb_rbt.cpp, formal/rbt_props.v,
                               formal/rbt.params, tb/rbt-*.cosim,
                               formal/rbt-*.proof, tbbin/tb_rbt-* */
    const char *module;     /* "simtref_rbt", written to simtref_rbt.v */
    const char *file;       /* "simtref_rbt.v" */
    const char *model;      /* its golden model's header under
                               golden/structures/, "rbt.h"; a stage of the
                               SM composed of structures names its header
                               under golden/, "sm/sm_reconv.h" */
    unsigned modes;         /* REGISTRY_MODE(r) of each reconvergence mode
                               whose configurations have the structure */
    const char *title;      /* its area row, "RBT" */
    const char *source;     /* the paper section, "HARP 4.2.2" */
    enum structure_count per;   /* copies per SM */
    int in_table7;          /* its arrays are compared with HARP Table 7 */
    const char *scenarios;  /* tests/data/scenarios/NAME.conf its testbench is
                               built for besides the presets that have it,
                               space-separated */
    const char *tb_deps;    /* headers its testbench includes besides
                               tb/tb_common.h, space-separated, or "" */
    const char *cosims;     /* tb/NAME-X.cosim of `make check`: the Xs */
    const char *long_cosims;    /* tb/NAME-X.cosim of `make cosim-long`,
                               X a preset (its testbench is built only
                               there) or the name of a longer row on a
                               configuration of `make check` (the SM's
                               control-flow stage: kgen programs): the
                               SM's parts run alone here at every
                               preset (in make check the SM's stages run
                               them in lockstep at tiny on every
                               kernel), and the control structures at
                               gtx480-baws (tiny has its policies), to
                               keep make check's time */
    const char *proofs;     /* formal/NAME-X.proof of `make check` */
    const char *long_proofs;    /* formal/NAME-X.proof of `make proofs-long` */
    int sm_part;            /* one of the SM's own parts (issue, datapath,
                               memory) rather than the control hardware the
                               papers add: no row of the area report's
                               control structures (it has no describer in
                               synth/area_rows.c), listed with the parts */
    int op_stage;           /* written only for a configuration with the
                               operand-read stage (operand_read_cycles =
                               1): the SM composed of its stages, whose
                               datapath reads a cycle before it runs */
};

/*
 * Whether structure s has properties (formal/NAME_props.v and
 * formal/NAME.params): a structure with an invariant to prove has proofs
 * in make check or make proofs-long, and its defects are then also
 * checked by a proof (formal/NAME-TEST.proof) beside the co-simulation.
 */
int registry_proved(enum structure_id s);

/*
 * The configurations whose whole RTL, the composed SM (simtref_sm.v)
 * among it, is committed beside the presets' in rtl/NAME/ (from
 * tests/data/scenarios/NAME.conf): the presets execute a grant in its
 * cycle, which the composition, whose datapath reads its operands at an
 * edge, does not (docs/rtl-stages.md).  NULL-terminated.  `make rtl`
 * writes them, and the drift and lint tests read them, as the presets'.
 */
extern const char *const registry_composed[];

/*
 * Deliberate defects.  They exist only to show that the co-simulation and
 * the proofs reject a wrong module; rtl/ never holds one.  ORDER DEFECT:
 * defects[] in registry_defects.c.
 */
enum rtl_defect {
    DEFECT_NONE = 0,
    DEFECT_WPT_NO_RESET_AT_RELEASE,  /* WPT counter keeps counting at release */
    DEFECT_RBT_EARLY_RELEASE,        /* RBT releases when all members but one have reached */
    DEFECT_RBT_OVERWRITE_FULL,       /* RBT overwrites way 0 of a full set instead of failing */
    DEFECT_LOOKUP_LANE_CONFLICT,     /* Ready-Lookup merges despite a lane conflict */
    DEFECT_WT_SILENT_OVERFLOW,       /* a push into a full Second-Level overwrites the head */
    DEFECT_WT_LOOKUP_FIRST,          /* lookup-to-second wins over barrier-to-second */
    DEFECT_SCHED_MWF_LOWEST_FIRST,   /* MWF picks the ready TB of largest rank */
    DEFECT_WPT_TIES_LARGER_TB,       /* WPT ranks equal counters larger TB id first */
    DEFECT_ARB_TIES_LARGER_PC,       /* of equal SPs the larger PC wins */
    DEFECT_ICS_LOWEST_LEVEL,         /* the lowest non-empty priority level is selected */
    DEFECT_SBR_SILENT_OVERFLOW,      /* a push beyond the depth overwrites the top, unreported */
    DEFECT_SBR_CALL_POPS_ON_MOVE,    /* a move to a CALL top's RPC pops it, as a branch top's */
    DEFECT_FETCH_OVERFILL,           /* fetch also for a warp whose I-buffer is full */
    DEFECT_DISPATCH_DRAINING_SLOT,   /* a TB is placed in a slot whose TB finishes this cycle */
    DEFECT_SHARED_MEM_TOP_BIT_BROADCAST, /* words differing only in the top bit taken for one */
    DEFECT_SCOREBOARD_NO_WAW,        /* the check ignores the destination register */
    DEFECT_DECODE_LOAD_ON_ALU,       /* a load's unit is reported as the ALU */
    DEFECT_DECODE_SRAI_AS_SRLI,      /* srai is decoded as srli */
    DEFECT_LSU_DROP_LAST_LANE,       /* the coalescer drops a request's last lone lane */
    DEFECT_L1_FILL_KEEPS_MSHR,       /* an L1 fill leaves its MSHR busy */
    DEFECT_REGFILE_OFFSET_LAST_LANE, /* the last bank reads at the issuer's slot */
    DEFECT_LANE_MULHSU_SIGNED_RS2,   /* mulhsu takes rs2 as signed */
    DEFECT_SIMD_GROUP_DIV_EARLY,     /* a divide's result is due a cycle early */
    DEFECT_IBUFFER_FILL_OVER_HEAD,   /* a fill is written into the oldest slot */
    DEFECT_IBUFFER_WORD_AT_FLIGHT,   /* a fill's word is written at its in-flight entry */
    DEFECT_TB_TABLE_RETIRE_FORGETS_ARRIVAL, /* a retiring warp's barrier arrival is not counted */
    DEFECT_MEM_WAIT_DONE_FIRST_LANE, /* a done counts one fewer only for its first lane */
    DEFECT_HARP_QUEUE_WRITE_AT_PORT, /* port p writes at tail + p, not after the valid ports before it */
    DEFECT_WARP_SLOTS_RELEASE_EXITED, /* a release takes a slot that retires in its cycle off the barrier */
    DEFECT_SM_RECONV_LATE_FIRST,     /* sbr: a branch's barrier side runs first */
    DEFECT_SM_RECONV_POP_NO_MASK,    /* minpc: the pop ignores the selected mask */
    DEFECT_SM_RECONV_ICS_NO_ACTION,  /* ics-first: the loader's ICS action is ignored */
    DEFECT_SM_RECONV_HARP_EXIT_STAYS, /* harp: an exit queues no arrival at its threads' barriers */
    DEFECT_SM_FRONT_NO_FLUSH_ON_POP, /* a pop does not flush the warp's I-buffer */
    DEFECT_SM_FRONT_FETCH_LIVE_MASK, /* minpc: the fetch's mask is the warp's live lanes */
    DEFECT_SM_FRONT_HARP_FETCH_SLOT, /* harp: the fetch takes the next First-Level slot's fetchable */
    DEFECT_SM_FRONT_LAUNCH_HIGHEST,  /* the launch takes the highest pending warp, not the lowest */
    DEFECT_SM_ISSUE_NO_LSU_ACCEPT,   /* a memory instruction issues while the LSU cannot take it */
    DEFECT_SM_ISSUE_OWN_SLOT,        /* harp: a check reads the issue slot's warp slot for every lane */
    DEFECT_SM_MEM_DONE_LATE,         /* the table of loads in flight takes the LSU's dones a cycle late */
    DEFECT_SM_MEM_SEND_WARP_SLOT,    /* harp: a send names the issuing slot for every lane, not each lane's own */
    DEFECT_SM_MEM_BYTE_ENABLE,       /* a shared store's byte enables and data one byte above its address */
    DEFECT_SM_MEM_WRITE_LEAD_LANE,   /* a global write's line carries its lowest lane's bytes alone */
    DEFECT_SM_MEM_FILL_WORD,         /* a load's lanes waiting for a fill take the pass's lowest lane's word */
    DEFECT_SM_MEM_STORE_HIT_STALE,   /* a store that hits the L1 leaves the way's line unchanged */
    DEFECT_SM_MEM_SC_UNBROKEN,       /* another thread's write of a reserved word leaves the reservation */
    DEFECT_SM_LAUNCH_DRAINING_SLOT,  /* a TB slot is freed when its first warp retires, not its last */
    DEFECT_SM_LAUNCH_PLACE_UNSEEN,   /* the warp slots' outputs omit the cycle's placements */
    DEFECT_SM_EXEC_DIV_ROW_EARLY,    /* a divide's result is written at the row of a later instruction */
    DEFECT_SM_EXEC_NO_BYPASS,        /* a register read at its write's edge gets the old value */
    DEFECT_SM_EXEC_LOAD_LATE,        /* a load's register is written a cycle after its write-back */
    DEFECT_SM_EXEC_RUNS_HELD,        /* a read the operand-read stage holds or drops runs (go_i ignored) */
    DEFECT_SM_RESERVE_SHORT,         /* the SM reserves a result's register a cycle shorter than its group's latency */
    DEFECT_SM_LSU_TURN_IGNORED,      /* a held memory instruction runs though a lower scheduler's run took the LSU's port */
    DEFECT_SM_EXIT_KEEPS_LIVE,       /* a warp whose last path ended loses only its exiting lanes */
    DEFECT_SM_HELD_NOT_READ,         /* the operand read of a warp the stage holds is not issued */
    DEFECT_SM_ICS_ARRIVE_AT_ISSUE,   /* ics-first: a warp arrives at its barrier when it runs simt.bar, not when its threads all wait there */
    DEFECT_SM_MINPC_KEY_AT_PLACEMENT, /* minpc: a thread's SP key is written at its placement only, never with x2 */
    DEFECT_COUNT
};

struct defect_info {
    const char *name;       /* on the command line, "rbt-early-release" */
    enum structure_id structure;    /* the module it breaks */
    const char *config;     /* where it is checked: a preset name, or a
                               tests/data/scenarios/NAME.conf path */
    const char *test;       /* tb/STRUCT-TEST.cosim, formal/STRUCT-TEST.proof */
    const char *bug;        /* what is wrong, for the README's table */
    unsigned modes;         /* REGISTRY_MODE(r) of the modes whose logic
                               it breaks, where its structure's module
                               differs by mode; 0: every mode the
                               structure has (`simtref rtl --defect`
                               refuses a configuration of another mode,
                               whose module it would leave intact) */
    int proof_long;         /* its proof (when its structure is proved)
                               runs in `make proofs-long`, not in `make
                               check`, where its co-simulation still
                               rejects it: a proof too slow for check's
                               time */
};

/* The row of structure s, and of defect d (DEFECT_NONE has no structure). */
const struct structure_info *registry_structure(enum structure_id s);
const struct defect_info *registry_defect(enum rtl_defect d);

/* The structure called `name` ("rbt"), or STRUCTURE_COUNT. */
enum structure_id registry_find_structure(const char *name);

/* Whether configurations of cfg's reconvergence mode have structure s. */
int registry_applies(enum structure_id s, const struct simt_config *cfg);

/* Name of a defect on the command line ("wpt-no-reset"), and back
 * (0, or -1 for an unknown name). */
const char *rtl_defect_name(enum rtl_defect d);
int rtl_defect_parse(const char *name, enum rtl_defect *d);

/*
 * The build's lists, as an automake fragment (mk/registry.am): the
 * presets, the structures, each structure's testbench configurations and
 * headers, the defects with their structure and configuration, and the
 * co-simulations and proofs of `make check`, `make defects` and `make
 * proofs-long`.  Returns 0, or -1 when a preset cannot be loaded (message
 * in err).
 */
int registry_write_make(FILE *out, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif

#endif /* SIMTREF_REGISTRY_H */
