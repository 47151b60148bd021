/*
 * rtlgen.h -- the Verilog generator: one emitter per hardware structure.
 *
 * Each emitter writes one module, with the ports of its C model in golden/,
 * sized from the same struct simt_config.  rtlgen_write() writes every
 * module of a configuration into a directory.
 */
#ifndef SIMTREF_RTLGEN_H
#define SIMTREF_RTLGEN_H

#include <stddef.h>
#include "config.h"
#include "vgen.h"

/*
 * Deliberate defects.  They exist only to show that the co-simulation and
 * the proofs reject a wrong module; rtl/ never holds one.
 */
enum rtl_defect {
    DEFECT_NONE = 0,
    DEFECT_WPT_NO_RESET_AT_RELEASE,  /* WPT counter keeps counting at release */

    /* HARP RBT */
    DEFECT_RBT_EARLY_RELEASE,        /* RBT releases when all members but one have reached */
    DEFECT_RBT_OVERWRITE_FULL,       /* RBT overwrites way 0 of a full set instead of failing */

    /* HARP lookup tables */
    DEFECT_LOOKUP_LANE_CONFLICT,     /* Ready-Lookup merges despite a lane conflict */

    /* HARP warp tables */
    DEFECT_WT_SILENT_OVERFLOW,       /* a push into a full Second-Level overwrites the head */
    DEFECT_WT_LOOKUP_FIRST,          /* lookup-to-second wins over barrier-to-second */

    /* BAWS issue scheduler */
    DEFECT_SCHED_MWF_LOWEST_FIRST,   /* MWF picks the ready TB of largest rank */
    DEFECT_WPT_TIES_LARGER_TB,       /* WPT ranks equal counters larger TB id first */

    /* Collange unified arbiter */
    DEFECT_ARB_TIES_LARGER_PC,       /* of equal SPs the larger PC wins */

    /* ICS-First priority arbiter */
    DEFECT_ICS_LOWEST_LEVEL,         /* the lowest non-empty priority level is selected */

    /* SBR stack and fetch */
    DEFECT_SBR_SILENT_OVERFLOW,      /* a push beyond the depth overwrites the top, unreported */
    DEFECT_FETCH_OVERFILL,           /* fetch also for a warp whose I-buffer is full */

    DEFECT_COUNT
};

/* Name of a defect on the command line ("wpt-no-reset"), and back. */
const char *rtl_defect_name(enum rtl_defect d);
int rtl_defect_parse(const char *name, enum rtl_defect *d);

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

/* A file header naming the structure, its source and the configuration. */
void emit_file_header(struct vgen *v, const char *file, const char *title,
                      const char *source, const struct simt_config *cfg);

/*
 * Write all modules of cfg into dir (which must exist), one file each.
 * Returns 0, or -1 with a message in err.  A file is either written whole
 * or not at all.
 */
int rtlgen_write(const struct simt_config *cfg, const char *dir,
                 enum rtl_defect defect, char *err, size_t errlen);

#endif /* SIMTREF_RTLGEN_H */
