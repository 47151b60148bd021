/*
 * test_mem_wait.c -- the table of the loads in flight, through its
 * ports: a send fills its entry at the edge, a done reads it out and
 * clears it, the threads of a global load wait until their last global
 * load is done, a done reads a send of its own cycle, and a second done
 * of one entry reads it cleared.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "config.h"
#include "mem_wait.h"
#include "test_load.h"

/* tiny: 2 schedulers x 8 warp slots of 2 lanes. */
static void make(struct mem_wait *m)
{
    struct simt_config cfg = load("tiny");
    char msg[256];

    assert_int_equal(mem_wait_init(m, &cfg, msg, sizeof msg), 0);
}

static void idle(struct mem_wait_in *in)
{
    memset(in, 0, sizeof *in);
}

/* A send of warp slot g's rd to the lanes of mask, lane l's thread in
 * slot slot_of[l]. */
static void send(struct mem_wait_in *in, unsigned g, unsigned rd,
                 uint64_t mask, bool global, unsigned slot0, unsigned slot1)
{
    struct mem_wait_send *s = &in->send[in->n_send++];

    s->slot = g;
    s->rd = rd;
    s->e.mask = mask;
    s->e.global = global;
    s->e.slot[0] = (uint16_t)slot0;
    s->e.slot[1] = (uint16_t)slot1;
}

static void done(struct mem_wait_in *in, unsigned g, unsigned rd)
{
    in->done[in->n_done].slot = g;
    in->done[in->n_done++].rd = rd;
}

static uint64_t in_flight(const struct mem_wait *m, unsigned g, unsigned rd)
{
    struct mem_wait_in in;
    struct mem_wait_out out;

    idle(&in);
    in.rd_slot = g;
    in.rd_reg = rd;
    mem_wait_eval(m, &in, &out);
    return out.rd_mask;
}

static uint64_t pending(const struct mem_wait *m, unsigned g)
{
    struct mem_wait_in in;
    struct mem_wait_out out;

    idle(&in);
    mem_wait_eval(m, &in, &out);
    return out.pending[g];
}

static void a_send_fills_its_entry_at_the_edge_and_not_before(void **state)
{
    struct mem_wait m;
    struct mem_wait_in in;

    (void)state;
    make(&m);
    idle(&in);
    send(&in, 3, 5, 0x3, true, 3, 3);
    assert_int_equal(in_flight(&m, 3, 5), 0);
    assert_int_equal(pending(&m, 3), 0);
    mem_wait_step(&m, &in);
    assert_int_equal(in_flight(&m, 3, 5), 0x3);
    assert_int_equal(in_flight(&m, 3, 6), 0);
    assert_int_equal(pending(&m, 3), 0x3);
    mem_wait_free(&m);
}

static void a_done_names_the_threads_the_load_writes_and_clears_it(void **state)
{
    struct mem_wait m;
    struct mem_wait_in in;
    struct mem_wait_out out;

    (void)state;
    make(&m);
    idle(&in);
    send(&in, 2, 7, 0x3, true, 4, 9);   /* regrouped: lanes of two slots */
    mem_wait_step(&m, &in);
    assert_int_equal(pending(&m, 4), 0x1);
    assert_int_equal(pending(&m, 9), 0x2);
    idle(&in);
    done(&in, 2, 7);
    mem_wait_eval(&m, &in, &out);
    assert_int_equal(out.done_mask[0], 0x3);
    assert_true(out.done_global[0]);
    assert_int_equal(out.done_slots[0][0], 4);
    assert_int_equal(out.done_slots[0][1], 9);
    mem_wait_step(&m, &in);
    assert_int_equal(in_flight(&m, 2, 7), 0);
    assert_int_equal(pending(&m, 4), 0);
    assert_int_equal(pending(&m, 9), 0);
    mem_wait_free(&m);
}

static void a_thread_waits_until_its_last_global_load_is_done(void **state)
{
    struct mem_wait m;
    struct mem_wait_in in;

    (void)state;
    make(&m);
    idle(&in);
    send(&in, 1, 5, 0x1, true, 1, 1);
    mem_wait_step(&m, &in);
    idle(&in);
    send(&in, 1, 6, 0x3, true, 1, 1);
    mem_wait_step(&m, &in);
    idle(&in);
    done(&in, 1, 6);
    mem_wait_step(&m, &in);
    assert_int_equal(pending(&m, 1), 0x1);  /* lane 0's first is out */
    idle(&in);
    done(&in, 1, 5);
    mem_wait_step(&m, &in);
    assert_int_equal(pending(&m, 1), 0);
    mem_wait_free(&m);
}

static void a_load_of_shared_memory_is_tracked_but_waits_on_nothing_global(void **state)
{
    struct mem_wait m;
    struct mem_wait_in in;

    (void)state;
    make(&m);
    idle(&in);
    send(&in, 0, 8, 0x2, false, 0, 0);
    mem_wait_step(&m, &in);
    assert_int_equal(in_flight(&m, 0, 8), 0x2);
    assert_int_equal(pending(&m, 0), 0);
    mem_wait_free(&m);
}

static void a_done_reads_a_send_to_its_entry_of_the_same_cycle(void **state)
{
    struct mem_wait m;
    struct mem_wait_in in;
    struct mem_wait_out out;

    (void)state;
    make(&m);
    idle(&in);
    send(&in, 6, 4, 0x1, true, 6, 6);
    mem_wait_step(&m, &in);
    idle(&in);
    send(&in, 6, 4, 0x2, true, 6, 6);
    done(&in, 6, 4);
    mem_wait_eval(&m, &in, &out);
    assert_int_equal(out.done_mask[0], 0x2);
    mem_wait_step(&m, &in);     /* the send, then the done */
    assert_int_equal(in_flight(&m, 6, 4), 0);
    assert_int_equal(pending(&m, 6), 0x1);
    mem_wait_free(&m);
}

static void a_second_done_of_one_entry_in_a_cycle_reads_it_cleared(void **state)
{
    struct mem_wait m;
    struct mem_wait_in in;
    struct mem_wait_out out;

    (void)state;
    make(&m);
    idle(&in);
    send(&in, 5, 3, 0x3, true, 5, 5);
    mem_wait_step(&m, &in);
    idle(&in);
    done(&in, 5, 3);
    done(&in, 5, 3);
    mem_wait_eval(&m, &in, &out);
    assert_int_equal(out.done_mask[0], 0x3);
    assert_int_equal(out.done_mask[1], 0);
    mem_wait_step(&m, &in);
    assert_int_equal(pending(&m, 5), 0);
    mem_wait_free(&m);
}

static void the_storage_is_counted_from_the_sizes(void **state)
{
    struct mem_wait_geometry g;
    struct simt_config cfg = load("tiny");

    (void)state;
    mem_wait_geometry(&cfg, &g);
    /* 16 slots x 31 registers x (2 mask + 1 global + 2 x 4-bit slots),
     * 32 threads x 7-bit counts, 16 x 2 pending lanes */
    assert_int_equal(mem_wait_state_bits(&g),
                     16 * 31 * (2 + 1 + 2 * 4) + 32 * 7 + 16 * 2);
}

static void the_module_has_a_send_port_per_scheduler_and_a_done_port_per_lsu_write_back_port(void **state)
{
    struct mem_wait_geometry g;
    struct simt_config cfg = load("tiny");

    (void)state;
    mem_wait_geometry(&cfg, &g);
    assert_int_equal(g.sends, cfg.schedulers);
    assert_int_equal(g.dones, cfg.lsu_writebacks);
    assert_int_equal(g.slot_w, 4);      /* 16 warp slots */
    cfg.schedulers = CONFIG_MAX_SCHEDULERS + 1;
    mem_wait_geometry(&cfg, &g);
    assert_int_not_equal(mem_wait_check(&g, NULL, 0), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_send_fills_its_entry_at_the_edge_and_not_before),
        cmocka_unit_test(a_done_names_the_threads_the_load_writes_and_clears_it),
        cmocka_unit_test(a_thread_waits_until_its_last_global_load_is_done),
        cmocka_unit_test(a_load_of_shared_memory_is_tracked_but_waits_on_nothing_global),
        cmocka_unit_test(a_done_reads_a_send_to_its_entry_of_the_same_cycle),
        cmocka_unit_test(a_second_done_of_one_entry_in_a_cycle_reads_it_cleared),
        cmocka_unit_test(the_storage_is_counted_from_the_sizes),
        cmocka_unit_test(the_module_has_a_send_port_per_scheduler_and_a_done_port_per_lsu_write_back_port),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
