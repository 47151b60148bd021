/*
 * args.h -- the argument block of each kernel of the suite, as the
 * kernel (kernels/NAME.c) reads it and the host (kernels/host/NAME.c)
 * writes it.  Every field is a 32-bit word; an address in global memory
 * is a uint32_t, turned into a pointer by the kernel with SIMT_PTR.
 */
#ifndef SIMTREF_ARGS_H
#define SIMTREF_ARGS_H

#include <stdint.h>

/* vecadd: c[i] = a[i] + b[i], i < n. */
struct vecadd_args {
    uint32_t n;
    uint32_t a, b, c;
};

/* nqueens: count[k] = the solutions of the n-queens board whose first two
 * rows hold queens in columns k / n and k % n, k < n * n. */
struct nqueens_args {
    uint32_t n;
    uint32_t count;
};

/* mummer: for each query q (len[q] <= QUERY_MAX symbols at
 * query + q * QUERY_MAX), the longest exact match of its prefix anywhere
 * in the reference (ref_len symbols, one per byte): best_len[q] and the
 * first reference position best_pos[q] where it occurs. */
#define MUMMER_QUERY_MAX 32
struct mummer_args {
    uint32_t n_queries;
    uint32_t ref_len;
    uint32_t ref;          /* uint8_t symbols 0 .. 3 */
    uint32_t query;        /* uint8_t, MUMMER_QUERY_MAX per query */
    uint32_t len;          /* int32_t per query */
    uint32_t best_len, best_pos;
};

/* nw: Needleman-Wunsch scores of n_pairs pairs of sequences of n symbols
 * (a and b, n bytes per pair), each (n + 1) x (n + 1) matrix filled by
 * one TB diagonal by diagonal. */
struct nw_args {
    uint32_t n;
    uint32_t n_pairs;
    uint32_t a, b;         /* uint8_t symbols */
    uint32_t score;        /* int32_t, (n + 1)^2 per pair */
    int32_t match, mismatch, gap;
};

/* particlefilter: index[j] = the first i with cdf[i] >= u_j, where
 * u_j = (j * total + offset) / n, total = cdf[n - 1]. */
struct pf_args {
    uint32_t n;
    uint32_t offset;
    uint32_t cdf;          /* int32_t, n */
    uint32_t index;        /* int32_t, n */
};

/* bfs: TB b runs a breadth-first search of the graph (CSR: row[v] ..
 * row[v + 1] index col) from source (b * 7919) % v and writes the levels
 * to cost + b * v (-1: unreached), with its own mask, upd and visited. */
struct bfs_args {
    uint32_t v;
    uint32_t row, col;     /* int32_t */
    uint32_t cost, mask, upd, visited;   /* int32_t, v per TB */
};

/* backprop: a layer of a back-propagation network in fixed point (Q8):
 * hidden[j] = squash(sum_i w[i][j] * in[i] >> 8) for j < BP_HIDDEN, and
 * the weights adjusted, w[i][j] += (delta[j] * in[i] >> 8) + (oldw[i][j]
 * >> 2), into neww; i < n_in + 1 (the last input is the bias, 256). */
#define BP_HIDDEN 16
struct backprop_args {
    uint32_t n_in;
    uint32_t in;           /* int32_t, n_in + 1 */
    uint32_t w, oldw, neww;  /* int32_t, (n_in + 1) x BP_HIDDEN */
    uint32_t delta;        /* int32_t, BP_HIDDEN */
    uint32_t hidden;       /* int32_t, BP_HIDDEN */
};

/* hotspot: one step of the thermal simulation of an n x n chip: out =
 * t + ((power + (north + south - 2 t) * ry + (east + west - 2 t) * rx
 * + (amb - t) * rz) >> 8), a missing neighbour being t itself. */
struct hotspot_args {
    uint32_t n;
    uint32_t temp, power, out;   /* int32_t, n x n */
    int32_t rx, ry, rz, amb;
};

/* matmul: c = a x b, n x n int32 matrices, one element per thread. */
struct matmul_args {
    uint32_t n;
    uint32_t a, b, c;
};

/* coulomb: the potential of n_atoms charges at the points of an n x n
 * lattice (spacing 16, plane z = 0), in fixed point: pot[y][x] =
 * sum_a q_a * 65536 / (dx^2 + dy^2 + z_a^2 + 1). */
struct coulomb_args {
    uint32_t n;
    uint32_t n_atoms;
    uint32_t atoms;        /* int32_t x, y, z, q per atom */
    uint32_t pot;          /* int32_t, n x n */
};

/* scalarprod: out[p] = sum_k a[p][k] * b[p][k], p < n_pairs, k < n, one
 * pair per TB at a time, reduced in shared memory. */
struct scalarprod_args {
    uint32_t n;
    uint32_t n_pairs;
    uint32_t a, b, out;
};

/* mergesort: each TB sorts its n = 2^k words of data (data + ctaid * n
 * for ctaid < n_segs) in shared memory, bottom-up, each element placed
 * by a binary search in the other run. */
struct mergesort_args {
    uint32_t n;
    uint32_t n_segs;
    uint32_t data;
};

/* fwt: the fast Walsh-Hadamard transform of n_vecs vectors of n = 2^k
 * words, in place, one vector per TB at a time in shared memory. */
struct fwt_args {
    uint32_t n;
    uint32_t n_vecs;
    uint32_t data;
};

/* tiledmm: c = a x b, n x n (n a multiple of TILE), by TILE x TILE tiles
 * staged in shared memory; c is zero on entry. */
#define TILEDMM_TILE 8
struct tiledmm_args {
    uint32_t n;
    uint32_t a, b, c;
};

/* stencil: each of n_arrays arrays of n words takes STENCIL_STEPS steps
 * of x[i] = (x[i-1] + 2 x[i] + x[i+1]) >> 2 (the ends fixed) in shared
 * memory, one array per TB at a time. */
#define STENCIL_STEPS 8
struct stencil_args {
    uint32_t n;
    uint32_t n_arrays;
    uint32_t data;
};

/* btree: a B+ tree of fanout BTREE_FAN (nodes of 1 + 2 BTREE_FAN words:
 * the number of keys, the keys, the children -- or at a leaf the
 * records); height levels, leaves at the bottom.  result[q] = the record
 * of key[q], or -1; one query per TB at a time, a thread per key. */
#define BTREE_FAN 8
#define BTREE_NODE_WORDS (1 + 2 * BTREE_FAN)
struct btree_args {
    uint32_t n_queries;
    uint32_t height;
    uint32_t root;         /* node index */
    uint32_t nodes;        /* int32_t, BTREE_NODE_WORDS per node */
    uint32_t key, result;  /* int32_t, n_queries */
};

/* histogram: hist[b] = the number of x[i] with x[i] % HIST_BINS == b,
 * counted per TB in shared memory with amoadd.w, then added to hist
 * (zero on entry) with amoadd.w. */
#define HIST_BINS 64
struct histogram_args {
    uint32_t n;
    uint32_t x;
    uint32_t hist;
};

/* srad: SRAD_ITERS iterations of an SRAD-like anisotropic diffusion of
 * n_images images of n x n pixels (0 .. 255), one per TB at a time, the
 * image and its diffusion coefficients in shared memory; out holds the
 * result (and each iteration's new image). */
#define SRAD_ITERS 2
struct srad_args {
    uint32_t n;
    uint32_t n_images;
    uint32_t image;        /* int32_t, n x n per image */
    uint32_t out;          /* int32_t, n x n per image */
};

/* collange: out[i] = x odd ? digits(x) : x / 2 + 1, x = in[i]; digits()
 * is a call inside the divergent branch (Collange, Listing 1) to a
 * function placed after the kernel, with a stack frame of its own. */
struct collange_args {
    uint32_t n;
    uint32_t in, out;
};

/* deepcall: out[i] = (x odd ? mix(x) : x / 2 - 5) ^ i, x = in[i]; mix()
 * is a call inside the divergent branch to a function placed below the
 * kernel, with a frame, which calls digit_sum(), placed above it. */
struct deepcall_args {
    uint32_t n;
    uint32_t in, out;
};

/* recursion: out[i] = fib(in[i]), computed by a recursive function. */
struct recursion_args {
    uint32_t n;
    uint32_t in, out;
};

/* nested: the Collatz sequence of each x = in[i]: steps[i] to reach 1,
 * peak[i] its largest value, and quarters[i] how often an even step
 * lands on a multiple of 4 (divergence nested inside a loop). */
struct nested_args {
    uint32_t n;
    uint32_t in;
    uint32_t steps, peak, quarters;
};

/* lrsc: counters incremented by lr.w/sc.w loops, reps times by each
 * thread: *total by the thread's global index + 1, and its TB's counter in
 * shared memory by its tid + 1, which thread 0 then writes to
 * per_tb[ctaid] (sums modulo 2^32). */
struct lrsc_args {
    uint32_t reps;
    uint32_t total, per_tb;
};

/* exits: each TB runs one of four ways of leaving, by ctaid % 4, and
 * each thread writes out[ctaid * ntid + tid] (docs/isa.md: a thread may
 * exit anywhere; a barrier waits for the live threads):
 *   0  odd threads store and simt.exit, even ones store and return;
 *   1  inside a call, the upper half of the TB and the odd threads store
 *      and simt.exit, the others return from it and store again;
 *   2  the top quarter of the TB and every fifth thread return at once,
 *      the others run `rounds` rounds of barriers exchanging values
 *      through shared memory;
 *   3  odd threads store and simt.exit while even ones meet at a barrier
 *      and read an even neighbour's value from shared memory. */
struct exits_args {
    uint32_t rounds;
    uint32_t out;
};

#endif /* SIMTREF_ARGS_H */
