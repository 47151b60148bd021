/*
 * config_check.c -- a configuration file checked as a whole, after its
 * last line: every key of the selected mode given, and the keys that
 * constrain one another agreeing (the SM's organisation, the L1D, the
 * HARP tables).  Each message names the lines of the keys involved.
 */
#include "config_keys.h"

#include <stdio.h>
#include <string.h>

#include "bits.h"

/* ------------------------------------------------------------------------
 * Checking the file as a whole
 * ---------------------------------------------------------------------- */

static int is_harp(const struct parser *p)
{
    return p->value[KEY_RECONVERGENCE] == RECONV_HARP;
}

/* Whether key k belongs to the reconvergence mode p selects. */
static int key_used(const struct parser *p, enum key_id k)
{
    return config_key_info(k)->modes >> p->value[KEY_RECONVERGENCE] & 1;
}

/*
 * Every key of the selected mode must be given; reported just past the
 * last line.  Keys of other modes may be given: they are kept, and
 * ignored.
 */
static int check_missing_keys(struct parser *p)
{
    char accepted[128];
    int k;

    for (k = 0; k < KEY_COUNT; k++) {
        const struct key_info *ki = config_key_info((enum key_id)k);
        if (p->given[k] || !key_used(p, (enum key_id)k))
            continue;
        config_describe_accepted((enum key_id)k, accepted, sizeof accepted);
        if (ki->modes != MODES_ALL)
            return config_fail(p, p->line + 1,
                    "missing key '%s' (required when "
                    "reconvergence = %s; accepted: %s)", ki->name,
                    config_reconvergence_name(
                    (enum reconvergence)p->value[KEY_RECONVERGENCE]),
                    accepted);
        return config_fail(p, p->line + 1, "missing key '%s' (accepted: %s)",
                           ki->name, accepted);
    }
    return 0;
}

static int check_sm_organisation(struct parser *p)
{
    const unsigned long long *v = p->value;
    unsigned long long sm_threads =
        v[KEY_SCHEDULERS] * v[KEY_THREADS_PER_SCHEDULER];
    unsigned long long simd_bits = clog2(v[KEY_SIMD_WIDTH]);

    if (v[KEY_WARP_SIZE] % v[KEY_SIMD_WIDTH] != 0) {
        enum key_id keys[] = { KEY_SIMD_WIDTH, KEY_WARP_SIZE };
        return config_fail_between(p, keys, 2,
                                   "warp_size = %llu is not a multiple "
                                   "of simd_width = %llu",
                                   v[KEY_WARP_SIZE], v[KEY_SIMD_WIDTH]);
    }
    if (v[KEY_THREADS_PER_SCHEDULER] % v[KEY_WARP_SIZE] != 0) {
        enum key_id keys[] = { KEY_THREADS_PER_SCHEDULER, KEY_WARP_SIZE };
        return config_fail_between(p, keys, 2,
                "threads_per_scheduler = %llu is not "
                "a multiple of warp_size = %llu",
                v[KEY_THREADS_PER_SCHEDULER], v[KEY_WARP_SIZE]);
    }
    if (v[KEY_MAX_WARPS_PER_TB] * v[KEY_WARP_SIZE] > sm_threads) {
        enum key_id keys[] = { KEY_SCHEDULERS, KEY_THREADS_PER_SCHEDULER,
                               KEY_WARP_SIZE, KEY_MAX_WARPS_PER_TB };
        return config_fail_between(p, keys, 4,
                "max_warps_per_tb = %llu warps of "
                "warp_size = %llu threads exceed the %llu threads "
                "of the SM (schedulers = %llu x "
                "threads_per_scheduler = %llu)",
                v[KEY_MAX_WARPS_PER_TB], v[KEY_WARP_SIZE],
                sm_threads, v[KEY_SCHEDULERS],
                v[KEY_THREADS_PER_SCHEDULER]);
    }
    if ((1ULL << v[KEY_THREAD_ID_BITS]) < v[KEY_THREADS_PER_SCHEDULER]) {
        enum key_id keys[] = { KEY_THREADS_PER_SCHEDULER, KEY_THREAD_ID_BITS };
        return config_fail_between(p, keys, 2,
                "thread_id_bits = %llu can name only "
                "%llu threads, fewer than threads_per_scheduler "
                "= %llu", v[KEY_THREAD_ID_BITS],
                1ULL << v[KEY_THREAD_ID_BITS],
                v[KEY_THREADS_PER_SCHEDULER]);
    }
    if (v[KEY_THREAD_ID_BITS] <= simd_bits) {
        enum key_id keys[] = { KEY_SIMD_WIDTH, KEY_THREAD_ID_BITS };
        return config_fail_between(p, keys, 2,
                                   "thread_id_bits = %llu must exceed "
                                   "log2(simd_width = %llu) = %llu",
                                   v[KEY_THREAD_ID_BITS], v[KEY_SIMD_WIDTH],
                                   simd_bits);
    }
    return 0;
}

static int check_l1d(struct parser *p)
{
    const unsigned long long *v = p->value;
    unsigned long long bytes = v[KEY_L1D_KB] * 1024;
    unsigned long long way_line = v[KEY_L1D_WAYS] * v[KEY_L1D_LINE_BYTES];
    enum key_id keys[] = { KEY_L1D_KB, KEY_L1D_WAYS, KEY_L1D_LINE_BYTES };

    if (bytes % way_line != 0)
        return config_fail_between(p, keys, 3,
                "l1d_kb = %llu (%llu bytes) is not "
                "divisible by l1d_ways = %llu x l1d_line_bytes = "
                "%llu", v[KEY_L1D_KB], bytes, v[KEY_L1D_WAYS],
                v[KEY_L1D_LINE_BYTES]);
    if (!is_pow2(bytes / way_line))
        return config_fail_between(p, keys, 3,
                "the L1 data cache has %llu sets "
                "(l1d_kb x 1024 / (l1d_ways x l1d_line_bytes)), "
                "not a power of two", bytes / way_line);
    if (v[KEY_ADDR_BITS] <= (unsigned long long)clog2(v[KEY_L1D_LINE_BYTES])) {
        enum key_id akeys[] = { KEY_L1D_LINE_BYTES, KEY_ADDR_BITS };
        return config_fail_between(p, akeys, 2, "addr_bits = %llu leaves no "
                "cache-line address above the %llu offset bits "
                "of l1d_line_bytes = %llu", v[KEY_ADDR_BITS],
                (unsigned long long)clog2(v[KEY_L1D_LINE_BYTES]),
                v[KEY_L1D_LINE_BYTES]);
    }
    return 0;
}

static int check_harp_tables(struct parser *p)
{
    const unsigned long long *v = p->value;

    if (!is_harp(p))
        return 0;
    if (v[KEY_WARP_SIZE] != v[KEY_SIMD_WIDTH]) {
        enum key_id keys[] = { KEY_SIMD_WIDTH, KEY_WARP_SIZE,
                               KEY_RECONVERGENCE };
        return config_fail_between(p, keys, 3,
                "reconvergence = harp needs warps as "
                "wide as the SIMD (HARP 4.2.4), but warp_size = "
                "%llu and simd_width = %llu",
                v[KEY_WARP_SIZE], v[KEY_SIMD_WIDTH]);
    }
    if (v[KEY_RBT_ENTRIES] % v[KEY_RBT_WAYS] != 0) {
        enum key_id keys[] = { KEY_RBT_ENTRIES, KEY_RBT_WAYS };
        return config_fail_between(p, keys, 2,
                                   "rbt_ways = %llu does not divide "
                                   "rbt_entries = %llu",
                                   v[KEY_RBT_WAYS], v[KEY_RBT_ENTRIES]);
    }
    if (!is_pow2(v[KEY_RBT_ENTRIES] / v[KEY_RBT_WAYS])) {
        enum key_id keys[] = { KEY_RBT_ENTRIES, KEY_RBT_WAYS };
        return config_fail_between(p, keys, 2,
                                   "rbt_entries = %llu / rbt_ways = %llu "
                                   "gives %llu sets, not a power of two",
                                   v[KEY_RBT_ENTRIES], v[KEY_RBT_WAYS],
                                   v[KEY_RBT_ENTRIES] / v[KEY_RBT_WAYS]);
    }
    if (v[KEY_RBT_ENTRIES] / v[KEY_RBT_WAYS]
        > 1ULL << (v[KEY_THREAD_ID_BITS] - clog2(v[KEY_SIMD_WIDTH]))) {
        enum key_id keys[] = { KEY_SIMD_WIDTH, KEY_THREAD_ID_BITS,
                               KEY_RBT_ENTRIES, KEY_RBT_WAYS };
        return config_fail_between(p, keys, 4,
                "the RBT has %llu sets, more than "
                "the %llu values of a thread id without its lane "
                "bits (thread_id_bits = %llu - log2(simd_width = "
                "%llu)) can select",
                v[KEY_RBT_ENTRIES] / v[KEY_RBT_WAYS],
                1ULL << (v[KEY_THREAD_ID_BITS]
                - clog2(v[KEY_SIMD_WIDTH])),
                v[KEY_THREAD_ID_BITS], v[KEY_SIMD_WIDTH]);
    }
    if (v[KEY_LOOKUP_TO_SECOND_THRESHOLD] > v[KEY_SECOND_LEVEL_ENTRIES]) {
        enum key_id keys[] = { KEY_SECOND_LEVEL_ENTRIES,
                               KEY_LOOKUP_TO_SECOND_THRESHOLD };
        return config_fail_between(p, keys, 2,
                "lookup_to_second_threshold = %llu "
                "is out of range (accepted: 1..second_level_entries "
                "= %llu)", v[KEY_LOOKUP_TO_SECOND_THRESHOLD],
                v[KEY_SECOND_LEVEL_ENTRIES]);
    }
    return 0;
}

int config_check_file(struct parser *p)
{
    if (check_missing_keys(p) != 0)
        return -1;
    if (check_sm_organisation(p) != 0 || check_l1d(p) != 0
        || check_harp_tables(p) != 0)
        return -1;
    return 0;
}

