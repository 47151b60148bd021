/*
 * bits.h -- widths of hardware fields, computed the way the RTL computes them.
 *
 * The generated Verilog uses $clog2; these functions give the C model and
 * the generator the same numbers.
 */
#ifndef SIMTREF_BITS_H
#define SIMTREF_BITS_H

#include <stdbool.h>
#include <stdint.h>

/* Smallest w with 2^w >= n (the Verilog $clog2); clog2(0) = clog2(1) = 0. */
static inline unsigned clog2(uint64_t n)
{
    unsigned w = 0;
    while (w < 64 && ((uint64_t)1 << w) < n)
        w++;
    return w;
}

/* Bits needed to hold the value n itself, at least 1. */
static inline unsigned bits_for(uint64_t n)
{
    unsigned w = clog2(n + 1);
    return w ? w : 1;
}

/* A mask of the w low bits (all 64 when w >= 64): a w-bit port's values. */
static inline uint64_t low_bits(unsigned w)
{
    return w >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << w) - 1;
}

static inline bool is_pow2(uint64_t n)
{
    return n != 0 && (n & (n - 1)) == 0;
}

/* The low `bits` bits of v (1 to 32), sign-extended: a sign-extending
 * field of the datapath, without the implementation-defined conversion
 * of an out-of-range value to int32_t. */
static inline int32_t sign_extend32(uint32_t v, unsigned bits)
{
    uint32_t m = (uint32_t)1 << (bits - 1);
    v &= (bits == 32) ? 0xffffffffu : ((uint32_t)1 << bits) - 1;
    v = (v ^ m) - m;
    return (v & 0x80000000u) ? -(int32_t)(~v) - 1 : (int32_t)v;
}

/* v shifted right by sh & 31 bits, copies of its sign bit shifted in (an
 * arithmetic shift, without shifting a negative int). */
static inline uint32_t sra32(uint32_t v, unsigned sh)
{
    sh &= 31;
    if (!(v & 0x80000000u) || sh == 0)
        return v >> sh;
    return (v >> sh) | ~(0xffffffffu >> sh);
}

/* The number of set bits (lanes in a mask).  Written out rather than
 * __builtin_popcountll, which without a popcnt instruction in the target
 * is a call into the compiler's runtime library. */
static inline unsigned popcount64(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555u);
    x = (x & 0x3333333333333333u) + ((x >> 2) & 0x3333333333333333u);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fu;
    return (unsigned)((x * 0x0101010101010101u) >> 56);
}

/* A set of indices as an array of 64-bit words, index i in bit i % 64
 * of word i / 64 (a warp scheduler's resident warps, say). */
static inline void bitset_add(uint64_t *set, unsigned i)
{
    set[i / 64] |= (uint64_t)1 << i % 64;
}

static inline void bitset_remove(uint64_t *set, unsigned i)
{
    set[i / 64] &= ~((uint64_t)1 << i % 64);
}

static inline bool bitset_has(const uint64_t *set, unsigned i)
{
    return set[i / 64] >> i % 64 & 1;
}

/* The smallest index >= from in the set of n indices, or n when none:
 * for (i = bitset_next(set, n, 0); i < n; i = bitset_next(set, n, i + 1))
 * A loop run every cycle may go word by word instead, a few instructions
 * an index cheaper:
 * for (k = 0; k * 64 < n; k++)
 *     for (m = set[k]; m; m &= m - 1) { i = k * 64 + ctz(m); ... } */
static inline unsigned bitset_next(const uint64_t *set, unsigned n,
                                   unsigned from)
{
    unsigned k = from / 64, words = (n + 63) / 64;
    uint64_t m;

    if (from >= n)
        return n;
    m = set[k] & ~(uint64_t)0 << from % 64;
    while (m == 0) {
        if (++k == words)
            return n;
        m = set[k];
    }
    from = k * 64 + (unsigned)__builtin_ctzll(m);
    return from < n ? from : n;
}

#endif /* SIMTREF_BITS_H */
