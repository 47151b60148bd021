/*
 * test_bits.c -- unit tests of golden/bits.h: the field widths the RTL
 * computes with $clog2, and the lane counts and index sets the SM's
 * per-cycle loops use (popcount64, bitset_add/remove/next).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "bits.h"

static void clog2_is_the_verilog_clog2(void **state)
{
    (void)state;
    assert_int_equal(clog2(0), 0);
    assert_int_equal(clog2(1), 0);
    assert_int_equal(clog2(2), 1);
    assert_int_equal(clog2(3), 2);
    assert_int_equal(clog2(1024), 10);
    assert_int_equal(clog2(1025), 11);
    assert_int_equal(bits_for(0), 1);
    assert_int_equal(bits_for(128), 8);
    assert_true(low_bits(64) == ~(uint64_t)0);
    assert_true(low_bits(5) == 0x1f);
}

/* The bits of x, one by one. */
static unsigned count_slowly(uint64_t x)
{
    unsigned n = 0;

    for (unsigned i = 0; i < 64; i++)
        n += (unsigned)(x >> i & 1);
    return n;
}

static void popcount64_counts_every_set_bit(void **state)
{
    uint64_t x = 0x9e3779b97f4a7c15u;   /* a spread of ones and zeros */

    (void)state;
    assert_int_equal(popcount64(0), 0);
    assert_int_equal(popcount64(~(uint64_t)0), 64);
    assert_int_equal(popcount64((uint64_t)1 << 63), 1);
    for (unsigned i = 0; i < 1000; i++) {
        assert_int_equal(popcount64(x), count_slowly(x));
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
    }
}

static void bitset_next_visits_every_member_once_in_order(void **state)
{
    enum { N = 200 };                   /* four words, the last partial */
    uint64_t set[(N + 63) / 64] = { 0 };
    const unsigned members[] = { 0, 5, 63, 64, 130, 191, 192, 199 };
    unsigned k = 0;

    (void)state;
    assert_int_equal(bitset_next(set, N, 0), N);
    for (unsigned i = 0; i < sizeof members / sizeof members[0]; i++)
        bitset_add(set, members[i]);
    bitset_add(set, 42);
    bitset_remove(set, 42);
    for (unsigned i = bitset_next(set, N, 0); i < N;
         i = bitset_next(set, N, i + 1))
        assert_int_equal(i, members[k++]);
    assert_int_equal(k, sizeof members / sizeof members[0]);
    /* from a member, past the last one, and past the end */
    assert_int_equal(bitset_next(set, N, 64), 64);
    assert_int_equal(bitset_next(set, N, 65), 130);
    assert_int_equal(bitset_next(set, N, 200), N);
    assert_int_equal(bitset_next(set, 199, 192), 192);
    assert_int_equal(bitset_next(set, 199, 193), 199);
    /* across an empty rest of a word into the last one */
    bitset_remove(set, 191);
    bitset_remove(set, 192);
    assert_int_equal(bitset_next(set, N, 131), 199);
    assert_int_equal(bitset_next(set, 199, 131), 199);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(clog2_is_the_verilog_clog2),
        cmocka_unit_test(popcount64_counts_every_set_bit),
        cmocka_unit_test(bitset_next_visits_every_member_once_in_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
