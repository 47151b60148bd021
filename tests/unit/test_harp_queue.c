/*
 * test_harp_queue.c -- the HARP stage's queue of warps with a write port
 * per source, through its ports: the warps of one edge enter in port
 * order whichever ports are idle, the head leaves before the writes,
 * writes beyond the room are dropped and reported, a pop of the empty
 * queue is reported, and the entering queue's ports are one block per
 * source, as many as the sources can push at once.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "config.h"
#include "harp_queue.h"
#include "test_load.h"

/* tiny: 8 launch warps of 2 lanes per scheduler, 20 warps, 22 ports. */
static void make(struct harp_queue *q)
{
    struct simt_config cfg = load("tiny");
    char msg[256];

    assert_int_equal(harp_queue_init(q, &cfg, msg, sizeof msg), 0);
}

/* One edge: pop, and the warps at pc (mask 1) on the listed ports. */
static struct harp_queue_out edge(struct harp_queue *q, bool pop,
                                  const unsigned *port, unsigned n,
                                  uint64_t pc)
{
    bool *valid = calloc(q->g.ports, sizeof *valid);
    struct warp *wr = calloc(q->g.ports, sizeof *wr);
    struct harp_queue_in in = { pop, valid, wr };
    struct harp_queue_out out;

    assert_non_null(valid);
    assert_non_null(wr);
    for (unsigned k = 0; k < n; k++) {
        valid[port[k]] = true;
        wr[port[k]].pc = pc + k;
        wr[port[k]].mask = 1;
        wr[port[k]].tid[0] = k;
    }
    harp_queue_eval(q, &in, &out);
    harp_queue_step(q, &in);
    free(valid);
    free(wr);
    return out;
}

static void the_warps_of_one_edge_enter_in_port_order(void **state)
{
    struct harp_queue q;
    const unsigned ports[] = { 3, 7, 21 };   /* lower ports idle */

    (void)state;
    make(&q);
    assert_false(edge(&q, false, ports, 3, 100).err);
    assert_int_equal(q.count, 3);
    for (unsigned k = 0; k < 3; k++) {
        assert_int_equal(q.entry[k].pc, 100 + k);
        assert_int_equal(q.entry[k].tid[0], k);
    }
    harp_queue_free(&q);
}

static void the_head_leaves_before_the_writes(void **state)
{
    struct harp_queue q;
    unsigned ports[20];
    struct harp_queue_out out;

    (void)state;
    make(&q);
    for (unsigned p = 0; p < 20; p++)
        ports[p] = p;
    assert_false(edge(&q, false, ports, 20, 0).err);   /* full */
    out = edge(&q, true, ports + 5, 1, 50);            /* pop and write */
    assert_false(out.err);
    assert_true(out.head_valid);
    assert_int_equal(out.head.pc, 0);
    assert_int_equal(q.count, 20);
    assert_int_equal(q.entry[0].pc, 1);
    assert_int_equal(q.entry[19].pc, 50);
    harp_queue_free(&q);
}

static void writes_beyond_the_room_are_dropped_and_reported(void **state)
{
    struct harp_queue q;
    unsigned ports[22];

    (void)state;
    make(&q);
    for (unsigned p = 0; p < 22; p++)
        ports[p] = p;
    assert_true(edge(&q, false, ports, 22, 0).err);
    assert_int_equal(q.count, 20);
    assert_int_equal(q.entry[19].pc, 19);    /* the first 20 in order */
    harp_queue_free(&q);
}

static void a_pop_of_the_empty_queue_is_reported(void **state)
{
    struct harp_queue q;
    struct harp_queue_out out;

    (void)state;
    make(&q);
    out = edge(&q, true, NULL, 0, 0);
    assert_true(out.err);
    assert_false(out.head_valid);
    assert_int_equal(q.count, 0);
    harp_queue_free(&q);
}

static void the_entering_ports_are_a_block_per_source(void **state)
{
    struct simt_config cfg = load("fermi-harp");
    struct harp_queue_geometry g;
    unsigned next = 0, n;

    (void)state;
    harp_queue_geometry(&cfg, &g);
    for (unsigned s = 0; s < HARP_ENTER_SOURCES; s++) {
        assert_int_equal(harp_queue_enter_port(&g, (enum harp_queue_source)s,
                                               &n), next);
        next += n;
    }
    assert_int_equal(next, g.ports);
    /* 48 warps of 16 lanes: every thread may be released at once, each
     * PC a warp, beside 2 + 1 + 1 + 1 + 14 + 1 other sources */
    assert_int_equal(g.ports, 48 * 16 + 20);
    assert_int_equal(g.entries, 48 * 16 + 4);
    harp_queue_arrivals_geometry(&cfg, &g);
    assert_int_equal(g.ports, cfg.rbt_entries);
    assert_int_equal(g.entries, 48 * 16 * cfg.rbt_entries + 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_warps_of_one_edge_enter_in_port_order),
        cmocka_unit_test(the_head_leaves_before_the_writes),
        cmocka_unit_test(writes_beyond_the_room_are_dropped_and_reported),
        cmocka_unit_test(a_pop_of_the_empty_queue_is_reported),
        cmocka_unit_test(the_entering_ports_are_a_block_per_source),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
