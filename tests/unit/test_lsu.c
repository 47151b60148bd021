/*
 * test_lsu.c -- the load/store unit, driven through its ports alone
 * (lsu_in / lsu_out, lsu_eval then lsu_step) with golden/sm/dram.c serving
 * its memory port as a testbench would, at the fermi-sbr and gtx480-baws
 * presets.  Every expected figure is derived in the test from the
 * configuration's keys: the warp size, the line, the sets and ways, the
 * hit latency, the MSHRs, the banks, the DRAM latency and bandwidth.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "lsu.h"
#include "test_load.h"

enum { MAX_CYCLES = 100000 };

/* The unit and the DRAM that serves its memory port; the request to
 * give the next cycle. */
struct bench {
    struct lsu u;
    struct dram d;
    const struct lsu_request *issue;    /* given by the next tick */
    struct lsu_out out;                 /* the outputs of the last tick */
    unsigned mem_kinds[3];              /* memory port requests, by kind */
};

/* A bench at the preset named by the test's state, with the --set
 * options in sets[]. */
static struct simt_config setup(struct bench *b, void **state,
                                const char *const *sets, size_t n)
{
    struct simt_config cfg = load((const char *)*state);
    char err[CONFIG_ERR_LEN];

    memset(b, 0, sizeof *b);
    if (n > 0 && config_set_args(&cfg, sets, n, err, sizeof err) != 0)
        fail_msg("%s", err);
    if (lsu_init(&b->u, &cfg, err, sizeof err) != 0 ||
        dram_init(&b->d, &cfg, err, sizeof err) != 0)
        fail_msg("%s", err);
    return cfg;
}

static void teardown(struct bench *b)
{
    lsu_free(&b->u);
}

/* One cycle: DRAM's responses, the unit's outputs, the clock edge of
 * both.  The request in b->issue is given (then cleared); it must find
 * the unit ready. */
static const struct lsu_out *tick(struct bench *b)
{
    static struct dram_out mem;
    struct lsu_in in;

    dram_eval(&b->d, NULL, &mem);
    in.issue = b->issue;
    in.mem = &mem;
    lsu_eval(&b->u, &in, &b->out);
    if (b->issue)
        assert_true(b->out.ready);
    lsu_step(&b->u, &in);
    if (b->out.mem.valid)
        b->mem_kinds[b->out.mem.kind]++;
    dram_step(&b->d, &b->out.mem);
    b->issue = NULL;
    return &b->out;
}

/* Whether the unit takes a request this cycle (its `ready` output). */
static bool ready_now(struct bench *b)
{
    struct lsu_in in = { NULL, NULL };
    struct lsu_out out;

    lsu_eval(&b->u, &in, &out);
    return out.ready;
}

/* A global load of warp `warp` into r1 by every lane of the warp, lane i
 * at base + i x stride bytes. */
static struct lsu_request load_req(const struct simt_config *cfg, unsigned warp,
                                   uint32_t base, uint32_t stride)
{
    struct lsu_request r;

    memset(&r, 0, sizeof r);
    r.warp = warp;
    r.rd = 1;
    r.kind = LSU_LOAD;
    r.space = LSU_GLOBAL;
    r.bytes = 4;
    r.mask = cfg->warp_size == 64 ? ~(uint64_t)0
                                  : ((uint64_t)1 << cfg->warp_size) - 1;
    for (unsigned i = 0; i < cfg->warp_size; i++)
        r.addr[i] = base + i * stride;
    return r;
}

/* A load of one word of line `line` by lane 0 alone. */
static struct lsu_request line_req(const struct simt_config *cfg, unsigned warp,
                                   uint64_t line)
{
    struct lsu_request r = load_req(cfg, warp, (uint32_t)(line * cfg->l1d_line_bytes), 0);

    r.mask = 1;
    return r;
}

/* Runs one cycle; true when warp's request was reported done. */
static bool cycle_reports(struct bench *b, unsigned warp)
{
    const struct lsu_out *o = tick(b);
    bool seen = false;

    for (unsigned i = 0; i < o->n_done; i++)
        seen = seen || o->done[i].warp == warp;
    return seen;
}

/* Gives r this cycle and runs cycles until it is reported done: the
 * cycles from its issue to the cycle that reports it. */
static unsigned latency_of(struct bench *b, const struct lsu_request *r)
{
    b->issue = r;
    for (unsigned c = 0; c < MAX_CYCLES; c++)
        if (cycle_reports(b, r->warp))
            return c;
    fail_msg("warp %u's request never completed", r->warp);
    return 0;
}

/* Gives r and counts the cycles until the unit is ready for a new
 * request: the cycles the coalescer spends on r. */
static unsigned occupancy_of(struct bench *b, const struct lsu_request *r)
{
    unsigned c = 0;

    b->issue = r;
    do {
        (void)cycle_reports(b, r->warp);
        c++;
    } while (!ready_now(b) && c < MAX_CYCLES);
    return c;
}

/* The cycles one line takes on the SM's share of the DRAM bandwidth:
 * bytes / (dram_mb_s / (core_mhz x sms)) bytes a cycle, rounded up. */
static unsigned transfer_cycles(const struct simt_config *cfg, unsigned bytes)
{
    unsigned long long num = (unsigned long long)bytes * cfg->core_mhz * cfg->sms;

    return (unsigned)((num + cfg->dram_mb_s - 1) / cfg->dram_mb_s);
}

static unsigned miss_cost(const struct simt_config *cfg)
{
    return cfg->dram_latency + transfer_cycles(cfg, cfg->l1d_line_bytes);
}

static unsigned l1_sets(const struct simt_config *cfg)
{
    return cfg->l1d_kb * 1024 / (cfg->l1d_ways * cfg->l1d_line_bytes);
}

/* ------------------------------------------------------------------------
 * Coalescing through the unified arbiter
 * ---------------------------------------------------------------------- */

static void a_warp_whose_lanes_read_one_line_takes_one_arbiter_pass(void **state)
{
    struct bench b;
    struct simt_config cfg = setup(&b, state, NULL, 0);
    struct lsu_request r = load_req(&cfg, 0, 0, 0);

    /* Every lane inside line 5: lane i at word i modulo the words of a
     * line. */
    for (unsigned i = 0; i < cfg.warp_size; i++)
        r.addr[i] = 5 * cfg.l1d_line_bytes + (i * 4) % cfg.l1d_line_bytes;
    assert_int_equal(occupancy_of(&b, &r), 1);
    assert_int_equal(lsu_stats(&b.u)->lines, 1);
    assert_int_equal(lsu_stats(&b.u)->replays, 0);
    teardown(&b);
}

static void lanes_on_as_many_lines_as_the_warp_take_one_cycle_per_line(void **state)
{
    struct bench b;
    struct simt_config cfg = setup(&b, state, NULL, 0);
    struct lsu_request r = load_req(&cfg, 0, 0, cfg.l1d_line_bytes);

    /* Lane i on line warp_size - 1 - i: the arbiter takes the smallest
     * line first, whatever the lane. */
    for (unsigned i = 0; i < cfg.warp_size; i++)
        r.addr[i] = (cfg.warp_size - 1 - i) * cfg.l1d_line_bytes;
    assert_int_equal(occupancy_of(&b, &r), cfg.warp_size);
    assert_int_equal(lsu_stats(&b.u)->lines, cfg.warp_size);
    assert_int_equal(lsu_stats(&b.u)->replays, cfg.warp_size - 1);
    teardown(&b);
}

static void the_arbiter_serves_the_smallest_line_first_whatever_its_lane(void **state)
{
    struct bench b;
    struct simt_config cfg = setup(&b, state, NULL, 0);
    struct lsu_request r = load_req(&cfg, 0, 0, 0);
    const struct lsu_out *o;

    /* Lane 0 on line 9, lane 1 on line 4: the first pass asks the memory
     * port for line 4, the second for line 9. */
    r.mask = 3;
    r.addr[0] = 9 * cfg.l1d_line_bytes;
    r.addr[1] = 4 * cfg.l1d_line_bytes;
    b.issue = &r;
    o = tick(&b);
    assert_true(o->mem.valid);
    assert_int_equal(o->mem.kind, DRAM_READ);
    assert_int_equal(o->mem.line, 4);
    assert_int_equal(o->mem.bytes, cfg.l1d_line_bytes);
    o = tick(&b);
    assert_true(o->mem.valid);
    assert_int_equal(o->mem.line, 9);
    teardown(&b);
}

/* The ports the unit drives towards the L1 and the banks (lsu_out.l1,
 * lsu_out.smem; the generated module's l1_* and smem_* ports): each pass
 * of a global access looks up its line, a store writes and an atomic
 * invalidates; a shared request is given to the banks in the cycle it is
 * taken, and names its lanes while they replay. */
static void the_l1_and_bank_ports_show_each_pass(void **state)
{
    struct bench b;
    struct simt_config cfg = setup(&b, state, NULL, 0);
    struct lsu_request r = load_req(&cfg, 0, 0, 0);
    struct lsu_request w, s;
    const struct lsu_out *o;

    r.mask = 3;
    r.addr[0] = 9 * cfg.l1d_line_bytes;
    r.addr[1] = 4 * cfg.l1d_line_bytes;
    b.issue = &r;
    o = tick(&b);
    assert_true(o->l1.lookup);
    assert_int_equal(o->l1.op, L1_READ);
    assert_int_equal(o->l1.line, 4);
    assert_int_equal(o->l1.n_fill, 0);
    assert_false(o->smem.valid);
    o = tick(&b);
    assert_true(o->l1.lookup);
    assert_int_equal(o->l1.line, 9);
    o = tick(&b);
    assert_false(o->l1.lookup);

    w = load_req(&cfg, 1, 0, 0);
    w.kind = LSU_STORE;
    w.mask = 1;
    w.addr[0] = 6 * cfg.l1d_line_bytes;
    b.issue = &w;
    o = tick(&b);
    assert_true(o->l1.lookup);
    assert_int_equal(o->l1.op, L1_WRITE);
    assert_int_equal(o->l1.line, 6);
    w.kind = LSU_ATOMIC;
    b.issue = &w;
    o = tick(&b);
    assert_int_equal(o->l1.op, L1_INVALIDATE);

    /* lanes 0 and 1 on two words of one bank: a two-way conflict */
    s = load_req(&cfg, 2, 0, 0);
    s.space = LSU_SHARED;
    s.mask = 3;
    s.addr[0] = 0;
    s.addr[1] = cfg.shared_banks * cfg.shared_bank_bytes;
    while (!ready_now(&b))
        tick(&b);
    b.issue = &s;
    o = tick(&b);
    assert_false(o->l1.lookup);
    assert_true(o->smem.valid);
    assert_int_equal(o->smem.mask, 3);
    assert_ptr_not_equal(o->smem.addr, NULL);
    o = tick(&b);                   /* the second bank cycle: a replay */
    assert_false(o->smem.valid);
    assert_int_equal(o->smem.mask, 3);
    o = tick(&b);
    assert_false(o->smem.valid);
    assert_int_equal(o->smem.mask, 0);
    teardown(&b);
}

/* ------------------------------------------------------------------------
 * The L1: hit, miss, merge, MSHRs, LRU
 * ---------------------------------------------------------------------- */

static void a_hit_costs_the_hit_latency(void **state)
{
    struct bench b;
    struct simt_config cfg = setup(&b, state, NULL, 0);
    struct lsu_request r = line_req(&cfg, 3, 7);

    (void)latency_of(&b, &r);               /* brings the line in */
    assert_int_equal(latency_of(&b, &r), cfg.l1d_hit_latency);
    assert_int_equal(lsu_stats(&b.u)->l1_hits, 1);
    teardown(&b);
}

static void a_miss_costs_the_dram_latency_plus_the_line_transfer(void **state)
{
    struct bench b;
    struct simt_config cfg = setup(&b, state, NULL, 0);
    struct lsu_request r = line_req(&cfg, 3, 7);

    assert_int_equal(latency_of(&b, &r), miss_cost(&cfg));
    assert_int_equal(lsu_stats(&b.u)->l1_misses, 1);
    assert_int_equal(lsu_stats(&b.u)->dram_requests, 1);
    teardown(&b);
}

static void the_second_miss_to_an_outstanding_line_merges(void **state)
{
    static const char *const sets[] = { "lsu_writebacks=2" };
    struct bench b;
    struct simt_config cfg = setup(&b, state, sets, 1);
    struct lsu_request a = line_req(&cfg, 1, 9), rb = line_req(&cfg, 2, 9);
    unsigned c, a_done = 0, b_done = 0;

    b.issue = &a;                       /* cycle 0: the miss */
    for (c = 0; c < MAX_CYCLES && (!a_done || !b_done); c++) {
        const struct lsu_out *o;

        if (c == 1)
            b.issue = &rb;              /* cycle 1: same line */
        o = tick(&b);
        for (unsigned i = 0; i < o->n_done; i++) {
            if (o->done[i].warp == 1)
                a_done = c;
            if (o->done[i].warp == 2)
                b_done = c;
        }
    }
    /* b waits for a's fill, not for a fetch of its own (two write-back
     * ports: both are written back with the fill). */
    assert_int_equal(a_done, miss_cost(&cfg));
    assert_int_equal(b_done, a_done);
    assert_int_equal(lsu_stats(&b.u)->l1_merges, 1);
    assert_int_equal(lsu_stats(&b.u)->dram_requests, 1);
    assert_int_equal(b.mem_kinds[DRAM_READ], 1);
    teardown(&b);
}

/* Three loads of one line, the later two merged into the first's miss,
 * are all back with its fill; the unit writes back lsu_writebacks of
 * them a cycle, lowest entry first (the order they were taken), and the
 * others wait in their entries. */
static void loads_back_together_take_the_write_back_ports_in_entry_order(void **state)
{
    for (unsigned ports = 1; ports <= 3; ports++) {
        char set[32];
        const char *sets[] = { set };
        struct bench b;
        struct simt_config cfg;
        struct lsu_request r[3];
        unsigned done_at[3] = { 0, 0, 0 }, n_done = 0, c;

        snprintf(set, sizeof set, "lsu_writebacks=%u", ports);
        cfg = setup(&b, state, sets, 1);
        for (unsigned k = 0; k < 3; k++)
            r[k] = line_req(&cfg, k + 1, 5);
        for (c = 0; c < MAX_CYCLES && n_done < 3; c++) {
            const struct lsu_out *o;

            if (c < 3)
                b.issue = &r[c];        /* one a cycle: entries 0, 1, 2 */
            o = tick(&b);
            assert_true(o->n_done <= ports);
            for (unsigned i = 0; i < o->n_done; i++) {
                done_at[o->done[i].warp - 1] = c;
                n_done++;
            }
        }
        assert_int_equal(n_done, 3);
        assert_int_equal(done_at[0], miss_cost(&cfg));
        for (unsigned k = 1; k < 3; k++)
            assert_int_equal(done_at[k], done_at[0] + k / ports);
        teardown(&b);
    }
}

static void a_miss_with_every_mshr_busy_stalls_until_one_frees(void **state)
{
    static const char *const sets[] = { "l1d_mshrs=2" };
    struct bench b;
    struct simt_config cfg = setup(&b, state, sets, 1);
    unsigned m = cfg.l1d_mshrs, first_done = 0, last_done = 0, c;

    /* Requests 0 .. m-1 take every MSHR in cycles 0 .. m-1; request m,
     * issued in cycle m, finds none until request 0's line is back, at
     * cycle miss_cost; then it misses on an idle DRAM. */
    for (c = 0; c < MAX_CYCLES && !last_done; c++) {
        struct lsu_request r = line_req(&cfg, c, 100 + c);
        const struct lsu_out *o;

        if (c <= m) {
            assert_true(ready_now(&b));
            b.issue = &r;
        }
        o = tick(&b);
        for (unsigned i = 0; i < o->n_done; i++) {
            if (o->done[i].warp == 0)
                first_done = c;
            if (o->done[i].warp == m)
                last_done = c;
        }
        if (c >= m && c < miss_cost(&cfg))
            assert_false(ready_now(&b));   /* the stalled request */
    }
    assert_int_equal(first_done, miss_cost(&cfg));
    assert_int_equal(lsu_stats(&b.u)->mshr_stalls, miss_cost(&cfg) - m);
    assert_int_equal(last_done, miss_cost(&cfg) + miss_cost(&cfg));
    teardown(&b);
}

static void lru_evicts_the_least_recently_used_way(void **state)
{
    struct bench b;
    struct simt_config cfg = setup(&b, state, NULL, 0);
    unsigned ways = cfg.l1d_ways, sets = l1_sets(&cfg);
    /* Lines 3 + k x sets all fall in set 3. */
#define SAME_SET(k) (3 + (uint64_t)(k) * sets)
    struct lsu_request r;

    for (unsigned k = 0; k < ways; k++) {       /* fill the set */
        r = line_req(&cfg, 0, SAME_SET(k));
        assert_int_equal(latency_of(&b, &r), miss_cost(&cfg));
    }
    r = line_req(&cfg, 0, SAME_SET(0));          /* way 0 used again: */
    assert_int_equal(latency_of(&b, &r), cfg.l1d_hit_latency);
    r = line_req(&cfg, 0, SAME_SET(ways));       /* 1 is now the LRU */
    assert_int_equal(latency_of(&b, &r), miss_cost(&cfg));
    r = line_req(&cfg, 0, SAME_SET(0));
    assert_int_equal(latency_of(&b, &r), cfg.l1d_hit_latency);
    for (unsigned k = 2; k <= ways; k++) {
        r = line_req(&cfg, 0, SAME_SET(k));
        assert_int_equal(latency_of(&b, &r), cfg.l1d_hit_latency);
    }
    r = line_req(&cfg, 0, SAME_SET(1));          /* the evicted one */
    assert_int_equal(latency_of(&b, &r), miss_cost(&cfg));
#undef SAME_SET
    teardown(&b);
}

static void misses_queue_on_the_sms_share_of_the_dram_bandwidth(void **state)
{
    struct bench b;
    struct simt_config cfg = setup(&b, state, NULL, 0);
    struct lsu_request a = line_req(&cfg, 1, 20), rb = line_req(&cfg, 2, 21);
    /* Two lines back to back take 2 x line bytes at dram_mb_s / (core_mhz
     * x sms) bytes a cycle from cycle 0. */
    unsigned both = transfer_cycles(&cfg, 2 * cfg.l1d_line_bytes);
    unsigned c, b_done = 0;

    /* b (issued in cycle 1) finds the channel still busy with a's line. */
    assert_true(transfer_cycles(&cfg, cfg.l1d_line_bytes) > 1);
    b.issue = &a;
    for (c = 0; c < MAX_CYCLES && !b_done; c++) {
        if (c == 1)
            b.issue = &rb;
        if (cycle_reports(&b, 2))
            b_done = c;
    }
    assert_int_equal(b_done, both + cfg.dram_latency);
    assert_int_equal(lsu_stats(&b.u)->dram_requests, 2);
    assert_int_equal(dram_busy_cycles(&b.d), both);
    teardown(&b);
}

static void a_store_is_done_when_its_last_line_leaves_and_allocates_nothing(void **state)
{
    struct bench b;
    struct simt_config cfg = setup(&b, state, NULL, 0);
    /* Lane i on line 40 + i / 2: warp_size / 2 lines, two lanes each. */
    struct lsu_request st = load_req(&cfg, 4, 0, 0), ld;
    unsigned lines = (cfg.warp_size + 1) / 2;

    st.kind = LSU_STORE;
    st.rd = 0;
    for (unsigned i = 0; i < cfg.warp_size; i++)
        st.addr[i] = (40 + i / 2) * cfg.l1d_line_bytes + (i % 2) * 4;
    assert_int_equal(latency_of(&b, &st), lines - 1);
    assert_int_equal(lsu_stats(&b.u)->store_lines, lines);
    assert_int_equal(lsu_stats(&b.u)->dram_requests, lines);
    assert_int_equal(b.mem_kinds[DRAM_WRITE], lines);
    /* No write-allocate: a load of a stored line still misses. */
    ld = line_req(&cfg, 5, 40);
    (void)latency_of(&b, &ld);
    assert_int_equal(lsu_stats(&b.u)->l1_misses, 1);
    assert_int_equal(lsu_stats(&b.u)->l1_hits, 0);
    teardown(&b);
}

/* A store, then an atomic, to a line whose read is in flight: neither
 * reaches DRAM before the line's fill (the write would pass the read). */
static void a_write_to_a_line_being_read_waits_for_its_fill(void **state)
{
    struct bench b;
    struct simt_config cfg = setup(&b, state, NULL, 0);
    struct lsu_request ld = line_req(&cfg, 1, 80), st = line_req(&cfg, 2, 80);
    struct lsu_request at = line_req(&cfg, 3, 90), ld2 = line_req(&cfg, 4, 90);
    st.kind = LSU_STORE;
    st.rd = 0;
    at.kind = LSU_ATOMIC;
    for (int k = 0; k < 2; k++) {
        const struct lsu_request *miss = k ? &ld2 : &ld, *w = k ? &at : &st;

        b.issue = miss;
        tick(&b);
        while (!ready_now(&b))
            tick(&b);
        b.issue = w;
        bool sent = false;
        for (unsigned c = 0; c < MAX_CYCLES && !sent; c++) {
            const struct lsu_out *o = tick(&b);
            sent = o->mem.valid && o->mem.kind != DRAM_READ;
            /* the write leaves once the line's read is answered */
            assert_true(!sent || l1_cache_mshrs_busy(&b.u.l1) == 0);
        }
        assert_true(sent);
        assert_int_equal(b.mem_kinds[DRAM_WRITE], 1);
        assert_int_equal(b.mem_kinds[DRAM_ATOMIC], (unsigned)k);
    }
    /* each waited the miss's DRAM round trip, less the cycle it came after */
    assert_true(lsu_stats(&b.u)->fill_waits >= 2 * (miss_cost(&cfg) - 2));
    assert_int_equal(lsu_stats(&b.u)->mshr_stalls, 0);
    teardown(&b);
}

static void an_atomic_is_a_dram_round_trip_that_drops_the_line_from_the_l1(void **state)
{
    struct bench b;
    struct simt_config cfg = setup(&b, state, NULL, 0);
    struct lsu_request ld = line_req(&cfg, 1, 60), at = line_req(&cfg, 2, 60);

    (void)latency_of(&b, &ld);                  /* line 60 in the L1 */
    assert_int_equal(latency_of(&b, &ld), cfg.l1d_hit_latency);
    at.kind = LSU_ATOMIC;
    /* One lane's 4 bytes on the DRAM channel, then the latency back. */
    assert_int_equal(latency_of(&b, &at),
                     transfer_cycles(&cfg, at.bytes) + cfg.dram_latency);
    assert_int_equal(lsu_stats(&b.u)->atomic_lines, 1);
    assert_int_equal(b.mem_kinds[DRAM_ATOMIC], 1);
    assert_int_equal(lsu_stats(&b.u)->dram_requests, 2);
    /* The line left the L1: the next load misses. */
    assert_int_equal(latency_of(&b, &ld), miss_cost(&cfg));
    teardown(&b);
}

static void a_warp_is_pending_from_its_global_access_to_its_done_only(void **state)
{
    struct bench b;
    struct simt_config cfg = setup(&b, state, NULL, 0);
    struct lsu_request g = line_req(&cfg, 6, 70), sh = line_req(&cfg, 7, 0);
    unsigned c;

    sh.space = LSU_SHARED;
    assert_true(lsu_idle(&b.u));
    /* The request enters the in-flight table at its issue cycle's edge. */
    b.issue = &g;
    assert_false(lsu_pending(&b.u, 6));
    for (c = 0; !cycle_reports(&b, 6); c++) {
        assert_true(c < MAX_CYCLES);
        assert_true(lsu_pending(&b.u, 6));
        assert_false(lsu_pending(&b.u, 5));
        assert_false(lsu_idle(&b.u));
    }
    assert_false(lsu_pending(&b.u, 6));
    assert_true(lsu_idle(&b.u));
    /* A shared access is never pending, even beside a global one. */
    g = line_req(&cfg, 6, 71);
    b.issue = &g;
    (void)cycle_reports(&b, 6);
    b.issue = &sh;
    (void)cycle_reports(&b, 7);
    assert_true(lsu_pending(&b.u, 6));
    assert_false(lsu_pending(&b.u, 7));
    teardown(&b);
}

static void an_atomic_on_k_lines_is_k_dram_round_trips_done_with_the_last(void **state)
{
    struct bench b;
    struct simt_config cfg = setup(&b, state, NULL, 0);
    /* Lane i on line 80 + i / 4: k lines of four lanes each. */
    struct lsu_request at = load_req(&cfg, 3, 0, 0);
    unsigned k = (cfg.warp_size + 3) / 4, lane_bytes = 4 * at.bytes;
    unsigned long long ticks = 0, end = 0;

    at.kind = LSU_ATOMIC;
    for (unsigned i = 0; i < cfg.warp_size; i++)
        at.addr[i] = (80 + i / 4) * cfg.l1d_line_bytes + (i % 4) * 4;
    /* Line j goes to the memory port in cycle j and queues behind the
     * ones before it on the channel (ticks of 1 / dram_mb_s of a cycle,
     * core_mhz x sms a byte); the lines share their id, which is answered
     * once a cycle at most, so a line's data is back a cycle after the
     * previous line's at the earliest.  The request is done when the
     * last line's data is back. */
    for (unsigned j = 0; j < k; j++) {
        unsigned long long start = (unsigned long long)j * cfg.dram_mb_s;
        unsigned long long back;

        ticks = (ticks > start ? ticks : start)
                + (unsigned long long)lane_bytes * cfg.core_mhz * cfg.sms;
        back = (ticks + cfg.dram_mb_s - 1) / cfg.dram_mb_s + cfg.dram_latency;
        end = j > 0 && back <= end ? end + 1 : back;
    }
    assert_int_equal(latency_of(&b, &at), end);
    assert_int_equal(b.mem_kinds[DRAM_ATOMIC], k);
    assert_int_equal(b.mem_kinds[DRAM_READ] + b.mem_kinds[DRAM_WRITE], 0);
    assert_int_equal(lsu_stats(&b.u)->atomic_lines, k);
    teardown(&b);
}

static void the_unit_takes_no_request_while_its_in_flight_table_is_full(void **state)
{
    static const char *const sets[] = { "l1d_mshrs=256" };
    struct bench b;
    struct simt_config cfg = setup(&b, state, sets, 1);
    unsigned c;

    /* One miss a cycle, each to its own line, far fewer cycles than a
     * miss takes: none is back when the table fills. */
    assert_true(miss_cost(&cfg) > LSU_MAX_INFLIGHT);
    for (c = 0; c < LSU_MAX_INFLIGHT; c++) {
        struct lsu_request r = line_req(&cfg, c, 1000 + c);

        assert_true(ready_now(&b));
        b.issue = &r;
        assert_int_equal(cycle_reports(&b, c), false);
    }
    assert_false(ready_now(&b));
    teardown(&b);
}

/* ------------------------------------------------------------------------
 * Shared memory banks
 * ---------------------------------------------------------------------- */

static unsigned gcd(unsigned a, unsigned b)
{
    while (b) {
        unsigned t = a % b;
        a = b;
        b = t;
    }
    return a;
}

static void shared_bank_conflicts_cost_the_most_used_banks_distinct_words(void **state)
{
    struct bench b;
    struct simt_config cfg = setup(&b, state, NULL, 0);
    unsigned word = cfg.shared_bank_bytes, banks = cfg.shared_banks;
    /* Lane i at word i x stride: stride 0 is one word for every lane (a
     * broadcast, one cycle); otherwise the lanes spread over banks /
     * gcd(stride, banks) banks, each asked for warp_size / that many
     * distinct words (at least one). */
    static const unsigned strides[] = { 0, 1, 2, 3, 4, 8, 16, 32, 64 };
    uint64_t conflicts = 0;

    for (size_t s = 0; s < sizeof strides / sizeof strides[0]; s++) {
        unsigned stride = strides[s], used, expect;
        struct lsu_request r = load_req(&cfg, 0, 0, stride * word);

        r.space = LSU_SHARED;
        if (stride == 0) {
            expect = 1;
        } else {
            used = banks / gcd(stride, banks);
            expect = (cfg.warp_size + used - 1) / used;
        }
        assert_int_equal(occupancy_of(&b, &r), expect);
        conflicts += expect - 1;
        assert_int_equal(lsu_stats(&b.u)->bank_conflicts, conflicts);
        lsu_reset(&b.u);
        dram_reset(&b.d);
        conflicts = 0;
        r.rd = 2;
        /* And the data is back the hit latency after the last bank cycle. */
        assert_int_equal(latency_of(&b, &r), expect - 1 + cfg.l1d_hit_latency);
        lsu_reset(&b.u);
        dram_reset(&b.d);
    }
    teardown(&b);
}

/* ------------------------------------------------------------------------
 * The memory port, served by DRAM
 * ---------------------------------------------------------------------- */

static void dram_answers_a_read_the_cycle_before_its_data_and_never_a_write(void **state)
{
    struct bench b;
    struct simt_config cfg = setup(&b, state, NULL, 0);
    struct dram_in rd = { true, DRAM_READ, 5, cfg.l1d_line_bytes, 11 };
    struct dram_in wr = { true, DRAM_WRITE, 6, 4, 12 };
    struct dram_in none = { false, DRAM_READ, 0, 0, 0 };
    static struct dram_out out;
    /* The read's data is back at R = its transfer + the latency (an idle
     * channel at cycle 0); the write queues behind it. */
    unsigned r = transfer_cycles(&cfg, cfg.l1d_line_bytes) + cfg.dram_latency;
    unsigned answers = 0;

    for (unsigned c = 0; c < 2 * r + 10; c++) {
        dram_eval(&b.d, c == 0 ? &rd : c == 1 ? &wr : &none, &out);
        for (unsigned i = 0; i < out.n; i++) {
            assert_int_equal(out.id[i], 11);
            assert_int_equal(c, r - 1);
            answers++;
        }
        dram_step(&b.d, c == 0 ? &rd : c == 1 ? &wr : &none);
    }
    assert_int_equal(answers, 1);
    assert_int_equal(dram_busy_cycles(&b.d),
                     transfer_cycles(&cfg, cfg.l1d_line_bytes + 4));
    teardown(&b);
}

/* Whole cycles until the channel, given the transfers of bytes[0..n-1]
 * one a cycle from cycle 0, ends each (natural[]: its data would be back
 * at that end plus the latency). */
static void channel_ends(const struct simt_config *cfg, const unsigned bytes[],
                         unsigned n, unsigned long long natural[])
{
    unsigned long long ticks = 0;

    for (unsigned i = 0; i < n; i++) {
        unsigned long long start = (unsigned long long)i * cfg->dram_mb_s;

        ticks = (ticks > start ? ticks : start)
                + (unsigned long long)bytes[i] * cfg->core_mhz * cfg->sms;
        natural[i] = (ticks + cfg->dram_mb_s - 1) / cfg->dram_mb_s
                     + cfg->dram_latency;
    }
}

static void dram_answers_an_id_once_a_cycle_at_most_and_in_request_order(void **state)
{
    struct bench b;
    struct simt_config cfg = setup(&b, state, NULL, 0);
    /* A write (no answer) long enough that three one-word atomics of ids
     * 7, 7 and 8, one a cycle after it, queue behind it and end in one
     * cycle: their data would all be back at X. */
    static const unsigned ids[] = { 0, 7, 7, 8 };
    enum { N = sizeof ids / sizeof ids[0] };
    unsigned bytes[N] = { 0, 4, 4, 4 }, at[N] = { 0 }, answers = 1;
    unsigned long long natural[N] = { 0 };
    static struct dram_out out;

    for (bytes[0] = 1; bytes[0] < 64 * cfg.l1d_line_bytes; bytes[0]++) {
        channel_ends(&cfg, bytes, N, natural);
        if (natural[0] > N + cfg.dram_latency && natural[1] == natural[N - 1])
            break;
    }
    assert_int_equal(natural[1], natural[N - 1]);
    for (unsigned c = 0; answers < N && c < MAX_CYCLES; c++) {
        struct dram_in q = { c < N, c == 0 ? DRAM_WRITE : DRAM_ATOMIC,
                             40 + c, c < N ? bytes[c] : 0,
                             c < N ? ids[c] : 0 };

        dram_eval(&b.d, &q, &out);
        for (unsigned i = 0; i < out.n; i++) {
            assert_true(answers < N);
            assert_int_equal(out.id[i], ids[answers]);  /* in order */
            for (unsigned j = 0; j < i; j++)            /* once an id */
                assert_int_not_equal(out.id[j], out.id[i]);
            at[answers++] = c;
        }
        dram_step(&b.d, &q);
    }
    assert_int_equal(answers, N);
    /* Answered in cycle X - 1 (data back at X): the first 7; the second
     * 7 a cycle later, and 8 with it (it leaves behind it). */
    assert_int_equal(at[1], natural[1] - 1);
    assert_int_equal(at[2], natural[1]);
    assert_int_equal(at[3], natural[1]);
    assert_int_equal(b.d.held, 1);
    teardown(&b);
}

/* Every check at each preset whose memory is a real chip's: the figures
 * follow from its keys. */
#define AT(f, preset) cmocka_unit_test_prestate(f, (void *)(preset))
#define TESTS_AT(preset) \
        AT(a_warp_whose_lanes_read_one_line_takes_one_arbiter_pass, preset), \
        AT(lanes_on_as_many_lines_as_the_warp_take_one_cycle_per_line, preset), \
        AT(the_arbiter_serves_the_smallest_line_first_whatever_its_lane, preset), \
        AT(the_l1_and_bank_ports_show_each_pass, preset), \
        AT(a_hit_costs_the_hit_latency, preset), \
        AT(a_miss_costs_the_dram_latency_plus_the_line_transfer, preset), \
        AT(the_second_miss_to_an_outstanding_line_merges, preset), \
        AT(loads_back_together_take_the_write_back_ports_in_entry_order, preset), \
        AT(a_miss_with_every_mshr_busy_stalls_until_one_frees, preset), \
        AT(lru_evicts_the_least_recently_used_way, preset), \
        AT(misses_queue_on_the_sms_share_of_the_dram_bandwidth, preset), \
        AT(a_store_is_done_when_its_last_line_leaves_and_allocates_nothing, preset), \
        AT(a_write_to_a_line_being_read_waits_for_its_fill, preset), \
        AT(an_atomic_is_a_dram_round_trip_that_drops_the_line_from_the_l1, preset), \
        AT(a_warp_is_pending_from_its_global_access_to_its_done_only, preset), \
        AT(an_atomic_on_k_lines_is_k_dram_round_trips_done_with_the_last, preset), \
        AT(the_unit_takes_no_request_while_its_in_flight_table_is_full, preset), \
        AT(shared_bank_conflicts_cost_the_most_used_banks_distinct_words, preset), \
        AT(dram_answers_a_read_the_cycle_before_its_data_and_never_a_write, preset), \
        AT(dram_answers_an_id_once_a_cycle_at_most_and_in_request_order, preset),

int main(void)
{
    const struct CMUnitTest fermi[] = { TESTS_AT("fermi-sbr") };
    const struct CMUnitTest gtx480[] = { TESTS_AT("gtx480-baws") };
    int failed = 0;

    failed += cmocka_run_group_tests_name("fermi-sbr", fermi, NULL, NULL);
    failed += cmocka_run_group_tests_name("gtx480-baws", gtx480, NULL, NULL);
    return failed != 0;
}
