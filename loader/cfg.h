/*
 * cfg.h -- the control-flow analysis of a kernel's binary: functions,
 * basic blocks, immediate post-dominators, each branch's re-convergence
 * PC and the ICS-First priority actions (docs/isa.md, "Re-convergence
 * and priority tables").
 *
 * Each function of the program (struct program_func) is analysed alone.
 * A call (jal or jalr that writes a link register) falls through to the
 * next instruction.  An indirect jump through a jump table (a switch,
 * loader/jump_table.h) goes to the table's targets.  The function's exits
 * -- a return (jalr x0, 0(ra)), a jump or branch out of the function (a
 * tail call), any other indirect jump (jalr x0 through another register,
 * targets unknown), simt.exit, and running off the function's end -- all
 * lead to one virtual exit node.  Post-dominators
 * are the dominators of the reversed graph rooted at that exit (Cooper,
 * Harvey and Kennedy's iterative algorithm).
 */
#ifndef SIMTREF_LOADER_CFG_H
#define SIMTREF_LOADER_CFG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "program.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The most ICS-First levels any configuration has (ics_priority_levels). */
#define CFG_ICS_LEVELS_MAX 32u

/* Block numbers that are not blocks. */
enum { CFG_EXIT = -1,      /* the function's virtual exit */
       CFG_NONE = -2 };    /* no post-dominator: no path to the exit */

/* How a block ends.  ORDER CFG_KIND: cfg.c's cfg_kind_name follows. */
enum cfg_kind {
    CFG_FALL,              /* an ordinary instruction: the next block */
    CFG_BRANCH,            /* a conditional branch: taken, fall-through */
    CFG_JUMP,              /* jal x0 to an instruction of the function */
    CFG_RETURN,            /* jalr x0, 0(ra) */
    CFG_TAIL,              /* jal x0 out of the function (a tail call) */
    CFG_INDIRECT,          /* jalr x0 through another register: to the
                            * targets of its jump table, or (unknown
                            * targets) to the exit */
    CFG_THREAD_EXIT        /* simt.exit */
};

struct cfg_block {
    uint32_t lo;           /* its instructions are [lo, hi) */
    uint32_t hi;
    enum cfg_kind kind;    /* how its last instruction leaves it */
    int *succ;             /* a branch's taken target, then its
                            * fall-through; a jump table's targets, each
                            * once: blocks or CFG_EXIT */
    unsigned n_succ;
    int ipdom;             /* immediate post-dominator: a block, CFG_EXIT
                            * or CFG_NONE */
    unsigned level;        /* ICS-First level on entry, relative to the
                            * function's entry level ... */
    unsigned last_level;   /* ... and before its last instruction */
};

struct cfg_func {
    const struct program_func *func;   /* in the program's table */
    struct cfg_block *blocks;          /* by address; [0] is the entry */
    unsigned n_blocks;
    unsigned n_exits;      /* instructions that leave the function */
    uint32_t exit_rpc;     /* the re-convergence PC of a branch whose
                            * post-dominator is the virtual exit */
    bool indirect;         /* holds an indirect jump, through a jump
                            * table or not (no ICS actions) */
    bool recursive;        /* on a cycle of the call graph (no ICS actions) */
    unsigned groups;       /* conditionals (branches grouped by their
                            * re-convergence point) found ... */
    unsigned groups_placed;/* ... and given ICS-First actions */
    unsigned max_level;    /* deepest level reached in it and its callees,
                            * relative to its entry level */
};

struct cfg {
    struct cfg_func *funcs;            /* ORDER: the program's funcs */
    unsigned n_funcs;
    struct program_branch *branches;   /* sorted by pc */
    unsigned n_branches;
    struct program_ics *ics;           /* sorted by pc */
    unsigned n_ics;
    unsigned max_level;    /* deepest level a thread reaches, from _start */
};

/* Analyse p's code for a machine with ics_levels ICS-First levels
 * (1 .. CFG_ICS_LEVELS_MAX): conditionals nested deeper than the levels
 * allow get no actions.  0, or -1 with a message in err. */
int cfg_build(const struct program *p, unsigned ics_levels, struct cfg *g,
              char *err, size_t errlen);
void cfg_free(struct cfg *g);

/* cfg_build, then p's branch and ICS tables and ics_max_level replaced
 * by the analysis' own.  The SM calls it again with its configuration's
 * ics_priority_levels. */
int cfg_analyse(struct program *p, unsigned ics_levels, char *err,
                size_t errlen);

/* Immediate post-dominators of any graph: nodes 0 .. n-1, node i's
 * successors succ[i][0 .. n_succ[i]-1], each a node or CFG_EXIT (one may
 * be listed twice).  Fills ipdom[0 .. n-1] with a node, CFG_EXIT or
 * CFG_NONE.  0, or -1 when out of memory. */
int cfg_ipdom(unsigned n, const int *const *succ, const unsigned *n_succ,
              int *ipdom);

/* The name of a block kind ("branch", "return", ...). */
const char *cfg_kind_name(enum cfg_kind k);

#ifdef __cplusplus
}
#endif

#endif /* SIMTREF_LOADER_CFG_H */
