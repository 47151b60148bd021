/*
 * test_l1_cache.c -- the L1 data cache through its ports alone
 * (l1_cache_in / l1_cache_out, l1_cache_eval then l1_cache_step), at the
 * fermi-sbr and gtx480-baws presets: hit after fill, merge into an
 * outstanding MSHR, refusal with every MSHR busy, the LRU victim, and the
 * write and invalidate of stores and atomics.  Lines of one set are found
 * from the geometry (line k x sets + s is in set s).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "config.h"
#include "l1_cache.h"
#include "test_load.h"

/* A cache at the preset named by the test's state, with `mshrs` MSHRs
 * (0: the preset's). */
static void setup(struct l1_cache *c, void **state, unsigned mshrs)
{
    struct simt_config cfg = load((const char *)*state);
    char err[CONFIG_ERR_LEN], set[64];
    const char *sets[] = { set };

    snprintf(set, sizeof set, "l1d_mshrs=%u", mshrs);
    if (mshrs && config_set_args(&cfg, sets, 1, err, sizeof err) != 0)
        fail_msg("%s", err);
    if (l1_cache_init(c, &cfg, err, sizeof err) != 0)
        fail_msg("%s", err);
}

/* One cycle: an access (op, line) when `lookup`, and the fill of MSHR
 * `fill` when fill >= 0.  Returns the outputs before the edge. */
static struct l1_cache_out cycle(struct l1_cache *c, bool lookup,
                                 enum l1_op op, uint64_t line, int fill)
{
    unsigned f = (unsigned)fill;
    struct l1_cache_in in = { lookup, op, line, fill >= 0, &f };
    struct l1_cache_out out;

    l1_cache_eval(c, &in, &out);
    l1_cache_step(c, &in);
    return out;
}

static struct l1_cache_out read_line(struct l1_cache *c, uint64_t line)
{
    return cycle(c, true, L1_READ, line, -1);
}

/* Brings `line` in: its miss, then its MSHR's fill the next cycle. */
static void bring_in(struct l1_cache *c, uint64_t line)
{
    struct l1_cache_out o = read_line(c, line);

    assert_int_equal(o.result, L1_MISS);
    (void)cycle(c, false, L1_READ, 0, (int)o.mshr);
}

static void a_line_hits_from_the_cycle_after_its_fill(void **state)
{
    struct l1_cache c;
    struct l1_cache_out miss, o;

    setup(&c, state, 0);
    miss = read_line(&c, 7);
    assert_int_equal(miss.result, L1_MISS);
    assert_false(miss.hit);
    /* The fill's own cycle still sees the MSHR (merged). */
    o = cycle(&c, true, L1_READ, 7, (int)miss.mshr);
    assert_int_equal(o.result, L1_MISS_OUTSTANDING);
    assert_int_equal(o.mshr, miss.mshr);
    o = read_line(&c, 7);
    assert_int_equal(o.result, L1_HIT);
    assert_true(o.hit);
    l1_cache_free(&c);
}

static void a_second_miss_to_an_outstanding_line_merges_into_its_mshr(void **state)
{
    struct l1_cache c;
    struct l1_cache_out a, other, again;

    setup(&c, state, 0);
    a = read_line(&c, 9);
    other = read_line(&c, 10);
    again = read_line(&c, 9);
    assert_int_equal(a.result, L1_MISS);
    assert_int_equal(other.result, L1_MISS);
    assert_int_not_equal(other.mshr, a.mshr);
    assert_int_equal(again.result, L1_MISS_OUTSTANDING);
    assert_int_equal(again.mshr, a.mshr);
    l1_cache_free(&c);
}

static void a_miss_with_every_mshr_busy_is_refused_and_takes_nothing(void **state)
{
    struct l1_cache c;
    struct l1_cache_out first, o;

    setup(&c, state, 2);
    first = read_line(&c, 100);
    assert_int_equal(read_line(&c, 101).result, L1_MISS);
    assert_int_equal(read_line(&c, 102).result, L1_MISS_NO_MSHR);
    /* Refused again: the refusal took no MSHR. */
    o = cycle(&c, true, L1_READ, 102, (int)first.mshr);
    assert_int_equal(o.result, L1_MISS_NO_MSHR);
    /* Line 100's fill freed its MSHR: 102 takes it. */
    o = read_line(&c, 102);
    assert_int_equal(o.result, L1_MISS);
    assert_int_equal(o.mshr, first.mshr);
    assert_int_equal(read_line(&c, 100).result, L1_HIT);
    l1_cache_free(&c);
}

static void a_fill_into_a_full_set_evicts_the_way_used_longest_ago(void **state)
{
    struct l1_cache c;
    unsigned ways, sets;

    setup(&c, state, 0);
    ways = c.g.ways;
    sets = c.g.sets;
#define SAME_SET(k) (3 + (uint64_t)(k) * sets)
    for (unsigned k = 0; k < ways; k++)
        bring_in(&c, SAME_SET(k));
    assert_int_equal(read_line(&c, SAME_SET(0)).result, L1_HIT); /* 1 is LRU */
    bring_in(&c, SAME_SET(ways));
    assert_int_equal(read_line(&c, SAME_SET(0)).result, L1_HIT);
    for (unsigned k = 2; k <= ways; k++)
        assert_int_equal(read_line(&c, SAME_SET(k)).result, L1_HIT);
    assert_int_equal(read_line(&c, SAME_SET(1)).result, L1_MISS);
#undef SAME_SET
    l1_cache_free(&c);
}

static void a_write_allocates_nothing_and_an_invalidate_drops_the_line(void **state)
{
    struct l1_cache c;

    setup(&c, state, 0);
    assert_false(cycle(&c, true, L1_WRITE, 40, -1).hit);
    assert_int_equal(read_line(&c, 41).result, L1_MISS);  /* not 40's MSHR */
    assert_int_equal(read_line(&c, 40).result, L1_MISS);
    bring_in(&c, 60);
    assert_true(cycle(&c, true, L1_WRITE, 60, -1).hit);
    assert_int_equal(read_line(&c, 60).result, L1_HIT);  /* still valid */
    assert_true(cycle(&c, true, L1_INVALIDATE, 60, -1).hit);
    assert_int_equal(read_line(&c, 60).result, L1_MISS);
    l1_cache_free(&c);
}

/* A store or atomic whose line an MSHR reads is told so (the MSHR), and
 * the lookup changes nothing; after the fill the line hits. */
static void a_write_to_a_line_being_read_waits_for_its_fill(void **state)
{
    struct l1_cache c;
    struct l1_cache_out o, w, inv;

    setup(&c, state, 0);
    read_line(&c, 70);                              /* takes an MSHR */
    o = read_line(&c, 71);                          /* and another */
    assert_int_equal(o.result, L1_MISS);
    w = cycle(&c, true, L1_WRITE, 71, -1);
    assert_int_equal(w.result, L1_MISS_OUTSTANDING);
    assert_int_equal(w.mshr, o.mshr);
    assert_false(w.hit);
    inv = cycle(&c, true, L1_INVALIDATE, 71, -1);
    assert_int_equal(inv.result, L1_MISS_OUTSTANDING);
    assert_int_equal(inv.mshr, o.mshr);
    assert_int_equal(l1_cache_mshrs_busy(&c), 2);
    assert_int_equal(cycle(&c, true, L1_WRITE, 72, -1).result, L1_MISS);
    cycle(&c, false, L1_READ, 0, (int)o.mshr);      /* 71's fill */
    w = cycle(&c, true, L1_WRITE, 71, -1);
    assert_int_equal(w.result, L1_HIT);
    assert_true(w.hit);
    l1_cache_free(&c);
}

static void eval_changes_no_state(void **state)
{
    struct l1_cache c;
    struct l1_cache_in in = { true, L1_READ, 5, 0, NULL };
    struct l1_cache_out out;

    setup(&c, state, 0);
    for (int i = 0; i < 3; i++) {
        l1_cache_eval(&c, &in, &out);
        assert_int_equal(out.result, L1_MISS);
    }
    assert_int_equal(l1_cache_mshrs_busy(&c), 0);
    l1_cache_free(&c);
}

/* The storage, from the configuration's keys: per way a valid bit, the
 * tag (the address bits above the line offset and the set index) and an
 * LRU rank of log2(ways) bits; per MSHR a busy bit and a line number. */
static void the_state_bits_are_tags_lru_ranks_and_mshrs(void **state)
{
    struct simt_config cfg = load((const char *)*state);
    struct l1_cache_geometry g;
    unsigned long sets = cfg.l1d_kb * 1024ul
                         / (cfg.l1d_ways * cfg.l1d_line_bytes);
    unsigned long off = 0, idx = 0, rank = 0, line_w, expect;

    while ((1ul << off) < cfg.l1d_line_bytes)
        off++;
    while ((1ul << idx) < sets)
        idx++;
    while ((1ul << rank) < cfg.l1d_ways)
        rank++;
    line_w = cfg.addr_bits - off;
    expect = sets * cfg.l1d_ways * (1 + (line_w - idx) + rank)
             + cfg.l1d_mshrs * (1 + line_w);
    l1_cache_geometry(&cfg, &g);
    assert_int_equal(l1_cache_state_bits(&g), expect);
}

#define AT(f, preset) cmocka_unit_test_prestate(f, (void *)(preset))
#define TESTS_AT(preset) \
        AT(a_line_hits_from_the_cycle_after_its_fill, preset), \
        AT(a_second_miss_to_an_outstanding_line_merges_into_its_mshr, preset), \
        AT(a_miss_with_every_mshr_busy_is_refused_and_takes_nothing, preset), \
        AT(a_fill_into_a_full_set_evicts_the_way_used_longest_ago, preset), \
        AT(a_write_to_a_line_being_read_waits_for_its_fill, preset), \
        AT(a_write_allocates_nothing_and_an_invalidate_drops_the_line, preset), \
        AT(eval_changes_no_state, preset), \
        AT(the_state_bits_are_tags_lru_ranks_and_mshrs, preset),

int main(void)
{
    const struct CMUnitTest fermi[] = { TESTS_AT("fermi-sbr") };
    const struct CMUnitTest gtx480[] = { TESTS_AT("gtx480-baws") };
    int failed = 0;

    failed += cmocka_run_group_tests_name("fermi-sbr", fermi, NULL, NULL);
    failed += cmocka_run_group_tests_name("gtx480-baws", gtx480, NULL, NULL);
    return failed != 0;
}
