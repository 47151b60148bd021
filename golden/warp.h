/*
 * warp.h -- a warp as the structures pass it to one another: a PC, a
 * lane mask and a thread id per lane.
 *
 * The HARP tables (First-Level and Second-Level warp tables, the
 * Ready-Lookup and Waiting-Lookup tables, HARP 4.2) hold and exchange
 * warps of this form, and the SM model moves them between the
 * structures.  A thread id is stored without its lane bits (HARP 4.2.2:
 * the lane is the thread's position in the warp), so it is
 * thread_id_bits - log2(simd_width) bits wide.
 */
#ifndef SIMTREF_WARP_H
#define SIMTREF_WARP_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Lanes of a warp the models are built for (simd_width <= 64). */
enum { WARP_MAX_LANES = 64 };

struct warp {
    uint64_t pc;                    /* the warp's PC, pc_bits wide */
    uint64_t mask;                  /* bit l set: lane l holds a thread */
    uint32_t tid[WARP_MAX_LANES];   /* lane l's thread id without lane bits,
                                       meaningful where mask bit l is set */
};

#ifdef __cplusplus
}
#endif

#endif /* SIMTREF_WARP_H */
