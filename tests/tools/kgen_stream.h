/*
 * kgen_stream.h -- the stream between tests/tools/kgen_check.c (the host) and
 * a random kernel's qemu variant (tests/tools/kgen_qemu_rt.c).
 *
 * stdin:  KGEN_STREAM_WORDS header words (below), then the bytes of
 *         global memory, written at 0x10000000.
 * stdout: the bytes of global memory after the grid.
 * exit:   0, or a KGEN_STREAM_ERR_* status.
 */
#ifndef SIMTREF_KGEN_STREAM_H
#define SIMTREF_KGEN_STREAM_H

#define KGEN_STREAM_MAGIC   0x4e45474bu    /* "KGEN" */
#define KGEN_STREAM_GLOBAL  (1u << 20)     /* most bytes of global memory */
#define KGEN_STREAM_THREADS 16u            /* most threads per TB */
#define KGEN_STREAM_STACK   4096u          /* each thread's stack, as the SM's */

/* ORDER KGEN_STREAM_HDR: the header words. */
enum {
    KGEN_HDR_MAGIC,        /* KGEN_STREAM_MAGIC */
    KGEN_HDR_ARGS,         /* the argument block's address (a0) */
    KGEN_HDR_GRID,         /* TBs */
    KGEN_HDR_BLOCK,        /* threads per TB */
    KGEN_HDR_WARP,         /* threads per warp (warpid and laneid) */
    KGEN_HDR_BYTES,        /* bytes of global memory that follow */
    KGEN_STREAM_WORDS
};

/* The variant's exit status. */
enum {
    KGEN_STREAM_ERR_HEADER = 10,   /* no header, or a bad value in it */
    KGEN_STREAM_ERR_SHORT,         /* stdin ended inside global memory */
    KGEN_STREAM_ERR_WRITE,         /* stdout refused global memory */
    KGEN_STREAM_ERR_DEADLOCK       /* threads wait at a barrier that no
                                    * live thread is left to complete */
};

#endif /* SIMTREF_KGEN_STREAM_H */
