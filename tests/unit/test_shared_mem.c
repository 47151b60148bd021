/*
 * test_shared_mem.c -- the shared memory's banks through their ports
 * alone (shared_mem_in / shared_mem_out, shared_mem_eval then
 * shared_mem_step), at the fermi-sbr and gtx480-baws presets: no
 * conflict is one bank cycle, a broadcast is one, a 2-way conflict is
 * two, and the banks take no request while they replay.  Addresses are
 * built from the geometry's banks and word size.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "config.h"
#include "shared_mem.h"
#include "test_load.h"

static void setup(struct shared_mem *m, void **state)
{
    struct simt_config cfg = load((const char *)*state);
    char err[CONFIG_ERR_LEN];

    if (shared_mem_init(m, &cfg, err, sizeof err) != 0)
        fail_msg("%s", err);
}

static uint64_t all_lanes(const struct shared_mem *m)
{
    return m->g.lanes == 64 ? ~(uint64_t)0 : ((uint64_t)1 << m->g.lanes) - 1;
}

/* One cycle with the request (mask, addr) when valid. */
static struct shared_mem_out cycle(struct shared_mem *m, bool valid,
                                   uint64_t mask, const uint32_t *addr)
{
    struct shared_mem_in in = { valid, mask, addr };
    struct shared_mem_out out;

    shared_mem_eval(m, &in, &out);
    shared_mem_step(m, &in);
    return out;
}

/* Gives the lanes at addr[] and counts the cycles to the one that
 * reports done, checking the banks are busy in between. */
static unsigned bank_cycles(struct shared_mem *m, const uint32_t *addr)
{
    struct shared_mem_out o = cycle(m, true, all_lanes(m), addr);
    unsigned n = 1;

    assert_false(o.busy);
    while (!o.done && n < 1000) {
        o = cycle(m, false, 0, addr);
        assert_true(o.busy);
        n++;
    }
    assert_false(cycle(m, false, 0, addr).busy);
    return n;
}

static void lanes_on_distinct_banks_take_one_bank_cycle(void **state)
{
    struct shared_mem m;
    uint32_t addr[SHARED_MEM_MAX_LANES];

    setup(&m, state);
    for (unsigned i = 0; i < m.g.lanes; i++)   /* word i: bank i mod banks */
        addr[i] = i * m.g.bank_bytes;
    assert_true(m.g.lanes <= m.g.banks);
    assert_int_equal(bank_cycles(&m, addr), 1);
}

static void lanes_reading_one_word_are_a_broadcast_of_one_bank_cycle(void **state)
{
    struct shared_mem m;
    uint32_t addr[SHARED_MEM_MAX_LANES];

    setup(&m, state);
    for (unsigned i = 0; i < m.g.lanes; i++)
        addr[i] = 5 * m.g.bank_bytes;
    assert_int_equal(bank_cycles(&m, addr), 1);
}

static void a_two_way_bank_conflict_takes_two_bank_cycles(void **state)
{
    struct shared_mem m;
    uint32_t addr[SHARED_MEM_MAX_LANES];

    setup(&m, state);
    /* Lane i at word 2i: the lanes fill half the banks, two distinct
     * words each. */
    for (unsigned i = 0; i < m.g.lanes; i++)
        addr[i] = 2 * i * m.g.bank_bytes;
    assert_true(m.g.lanes == m.g.banks);
    assert_int_equal(bank_cycles(&m, addr), 2);
    assert_int_equal(cycle(&m, true, all_lanes(&m), addr).cycles, 2);
}

static void the_banks_take_no_request_while_they_replay(void **state)
{
    struct shared_mem m;
    uint32_t conflict[SHARED_MEM_MAX_LANES], plain[SHARED_MEM_MAX_LANES];
    struct shared_mem_out o;

    setup(&m, state);
    for (unsigned i = 0; i < m.g.lanes; i++) {
        conflict[i] = 2 * i * m.g.bank_bytes;
        plain[i] = i * m.g.bank_bytes;
    }
    o = cycle(&m, true, all_lanes(&m), conflict);
    assert_false(o.done);
    o = cycle(&m, true, all_lanes(&m), plain);  /* not taken */
    assert_true(o.busy);
    assert_true(o.done);                        /* the first one's */
    assert_int_equal(o.cycles, 0);
    o = cycle(&m, false, 0, plain);
    assert_false(o.busy);
    assert_false(o.done);
}

#define AT(f, preset) cmocka_unit_test_prestate(f, (void *)(preset))
#define TESTS_AT(preset) \
        AT(lanes_on_distinct_banks_take_one_bank_cycle, preset), \
        AT(lanes_reading_one_word_are_a_broadcast_of_one_bank_cycle, preset), \
        AT(a_two_way_bank_conflict_takes_two_bank_cycles, preset), \
        AT(the_banks_take_no_request_while_they_replay, preset),

int main(void)
{
    const struct CMUnitTest fermi[] = { TESTS_AT("fermi-sbr") };
    const struct CMUnitTest gtx480[] = { TESTS_AT("gtx480-baws") };
    int failed = 0;

    failed += cmocka_run_group_tests_name("fermi-sbr", fermi, NULL, NULL);
    failed += cmocka_run_group_tests_name("gtx480-baws", gtx480, NULL, NULL);
    return failed != 0;
}
