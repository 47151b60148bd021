/*
 * test_rbt.c -- the Re-convergence Barriers table model: HARP Fig. 10 and
 * Fig. 8, reservation (merge, allocation, failure on a full set),
 * arrival, release, the pipelined access, the error, and the sizes of
 * HARP Table 7.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "rbt.h"
#include "test_load.h"

/* A model on the heap (the table is large), reset. */
static struct rbt *make(const struct simt_config *cfg)
{
    struct rbt *t = malloc(sizeof *t);
    char err[CONFIG_ERR_LEN];
    assert_non_null(t);
    if (rbt_init(t, cfg, err, sizeof err) != 0)
        fail_msg("%s", err);
    rbt_reset(t);
    return t;
}

/* The outputs of one cycle (heap: the struct is large), then the edge. */
static struct rbt_out *cycle(struct rbt *t, const struct rbt_in *in)
{
    struct rbt_out *o = malloc(sizeof *o);
    assert_non_null(o);
    rbt_eval(t, in, o);
    rbt_step(t, in);
    return o;
}

static struct rbt_in idle(void)
{
    struct rbt_in in;
    memset(&in, 0, sizeof in);
    return in;
}

/*
 * A commit of HARP Fig. 10 threads (-1 terminated): thread Tn in lane
 * n % lanes with id n / lanes.
 */
static struct rbt_in commit(unsigned lanes, bool diverged, uint64_t pc,
                            const int *th)
{
    struct rbt_in in = idle();
    in.cmt_valid = true;
    in.cmt_diverged = diverged;
    in.cmt_pc = pc;
    for (; *th >= 0; th++) {
        in.cmt_mask |= 1ull << ((unsigned)*th % lanes);
        in.cmt_tid[(unsigned)*th % lanes] = (uint32_t)*th / lanes;
    }
    return in;
}

/* A commit of explicit lanes: mask and a thread id per lane. */
static struct rbt_in lanes_commit(bool diverged, uint64_t pc, uint64_t mask,
                                  uint32_t tid0, uint32_t tid1)
{
    struct rbt_in in = idle();
    in.cmt_valid = true;
    in.cmt_diverged = diverged;
    in.cmt_pc = pc;
    in.cmt_mask = mask;
    in.cmt_tid[0] = tid0;
    in.cmt_tid[1] = tid1;
    return in;
}

/* Run one cycle and check its results (rsv_fail, arr_hit, err). */
static void step_expect(struct rbt *t, const struct rbt_in *in,
                        uint64_t rsv_fail, uint64_t arr_hit, bool err)
{
    struct rbt_out *o = cycle(t, in);
    assert_int_equal(o->rsv_fail, rsv_fail);
    assert_int_equal(o->arr_hit, arr_hit);
    assert_int_equal(o->err, err);
    free(o);
}

static void assert_barrier(const struct rbt *t, unsigned e, uint64_t rpc,
                           uint64_t member, uint64_t reached)
{
    assert_true(t->e[e].valid);
    assert_int_equal(t->e[e].rpc, rpc);
    assert_int_equal(t->e[e].member, member);
    assert_int_equal(t->e[e].reached, reached);
}

static unsigned valid_count(const struct rbt *t)
{
    unsigned n = 0;
    for (unsigned e = 0; e < t->g.entries; e++)
        n += t->e[e].valid;
    return n;
}

/*
 * HARP Fig. 10: W0 = T0..T3 and W1 = T4..T7 diverge with rpc D; their
 * barriers land in sets 0 and 1 (entries 0 and 2 of a two-way table).
 * W2 = {T1,T3}, W3 = {T4,T5,T6} and W4 = {T0,T2,T7} arrive at D; both
 * barriers release, W0's first, with exactly their members.
 */
static void fig10_barriers_reconverge_both_warps_at_d(void **state)
{
    struct simt_config cfg = load_file("tests/data/scenarios/harp-fig10.conf");
    struct rbt *t = make(&cfg);
    const uint64_t D = 0x40;
    static const int w0[] = {0, 1, 2, 3, -1}, w1[] = {4, 5, 6, 7, -1};
    static const int w2[] = {1, 3, -1}, w3[] = {4, 5, 6, -1};
    static const int w4[] = {0, 2, 7, -1};
    struct rbt_in in;
    struct rbt_out *o;
    (void)state;

    in = commit(4, true, D, w0);
    step_expect(t, &in, 0, 0, false);
    assert_barrier(t, 0, D, 0xf, 0);
    for (unsigned l = 0; l < 4; l++)
        assert_int_equal(t->e[0].tid[l], 0);
    in = commit(4, true, D, w1);
    step_expect(t, &in, 0, 0, false);
    assert_barrier(t, 2, D, 0xf, 0);
    for (unsigned l = 0; l < 4; l++)
        assert_int_equal(t->e[2].tid[l], 1);
    assert_int_equal(t->occupancy, 2);

    in = commit(4, false, D, w2);
    step_expect(t, &in, 0, 0xa, false);
    assert_barrier(t, 0, D, 0xf, 0xa);
    in = commit(4, false, D, w3);
    step_expect(t, &in, 0, 0x7, false);
    assert_barrier(t, 2, D, 0xf, 0x7);
    in = commit(4, false, D, w4);
    step_expect(t, &in, 0, 0xd, false);     /* lanes 0, 2 (set 0) and 3 (set 1) */
    assert_barrier(t, 0, D, 0xf, 0xf);
    assert_barrier(t, 2, D, 0xf, 0xf);

    in = idle();
    in.rel_ready = true;
    o = cycle(t, &in);                       /* W0 reincarnated first */
    assert_true(o->rel_valid);
    assert_int_equal(o->rel_pc, D);
    assert_int_equal(o->rel_mask, 0xf);
    for (unsigned l = 0; l < 4; l++)
        assert_int_equal(o->rel_tid[l], 0);
    free(o);
    assert_false(t->e[0].valid);
    o = cycle(t, &in);                       /* then W1 */
    assert_true(o->rel_valid);
    assert_int_equal(o->rel_pc, D);
    assert_int_equal(o->rel_mask, 0xf);
    for (unsigned l = 0; l < 4; l++)
        assert_int_equal(o->rel_tid[l], 1);
    free(o);
    o = cycle(t, &in);
    assert_false(o->rel_valid);
    assert_int_equal(o->occupancy, 0);
    free(o);
    assert_int_equal(valid_count(t), 0);
    free(t);
}

/*
 * HARP Fig. 8 (2 lanes, 4 sets of 2 ways): two barriers at different pcs
 * fill set 1; a third reservation there fails, keeps both ways, and
 * another set still allocates.
 */
static void a_full_set_makes_the_reservation_fail_and_keeps_every_way(void **state)
{
    struct simt_config cfg = load_file("tests/data/scenarios/harp-fig8.conf");
    struct rbt *t = make(&cfg);
    struct rbt_in in;
    (void)state;

    assert_int_equal(t->g.sets, 4);
    in = lanes_commit(true, 0x10, 0x3, 1, 5);     /* both lanes in set 1 */
    step_expect(t, &in, 0, 0, false);
    in = lanes_commit(true, 0x20, 0x3, 1, 5);
    step_expect(t, &in, 0, 0, false);
    assert_barrier(t, 2, 0x10, 0x3, 0);
    assert_barrier(t, 3, 0x20, 0x3, 0);
    in = lanes_commit(true, 0x30, 0x3, 9, 13);    /* set 1 again: full */
    step_expect(t, &in, 0x3, 0, false);
    assert_barrier(t, 2, 0x10, 0x3, 0);
    assert_barrier(t, 3, 0x20, 0x3, 0);
    assert_int_equal(t->e[2].tid[0], 1);
    assert_int_equal(t->e[3].tid[1], 5);
    assert_int_equal(t->occupancy, 2);
    /* lane 0 in full set 1 fails, lane 1 in set 2 allocates */
    in = lanes_commit(true, 0x30, 0x3, 9, 6);
    step_expect(t, &in, 0x1, 0, false);
    assert_barrier(t, 4, 0x30, 0x2, 0);
    assert_int_equal(t->e[4].tid[1], 6);
    assert_int_equal(t->occupancy, 3);
    free(t);
}

/* A reservation at the pc of a barrier with free lanes joins it. */
static void a_reservation_merges_into_the_barrier_at_its_pc(void **state)
{
    struct simt_config cfg = load("tiny");
    struct rbt *t = make(&cfg);
    struct rbt_in in;
    (void)state;

    in = lanes_commit(true, 0x10, 0x1, 4, 0);     /* lane 0, set 0 */
    step_expect(t, &in, 0, 0, false);
    in = lanes_commit(false, 0x10, 0x1, 4, 0);    /* lane 0 arrives */
    step_expect(t, &in, 0, 0x1, false);
    assert_barrier(t, 0, 0x10, 0x1, 0x1);         /* complete, not released */
    in = lanes_commit(true, 0x10, 0x2, 0, 8);     /* lane 1, set 0 */
    step_expect(t, &in, 0, 0, false);
    /* a complete barrier takes no members: way 1 is allocated */
    assert_barrier(t, 1, 0x10, 0x2, 0);
    in = lanes_commit(true, 0x10, 0x1, 12, 0);    /* lane 0, tid 12, set 0 */
    step_expect(t, &in, 0, 0, false);
    assert_barrier(t, 1, 0x10, 0x3, 0);           /* merged into way 1 */
    assert_int_equal(t->e[1].tid[0], 12);
    assert_int_equal(t->e[1].tid[1], 8);
    assert_int_equal(t->occupancy, 2);
    free(t);
}

/* A lane held by a barrier with another thread id at the pc blocks a merge. */
static void a_lane_of_another_thread_makes_the_group_allocate(void **state)
{
    struct simt_config cfg = load("tiny");
    struct rbt *t = make(&cfg);
    struct rbt_in in;
    (void)state;

    in = lanes_commit(true, 0x10, 0x3, 4, 8);
    step_expect(t, &in, 0, 0, false);
    in = lanes_commit(true, 0x10, 0x1, 12, 0);    /* lane 0 taken by tid 4 */
    step_expect(t, &in, 0, 0, false);
    assert_barrier(t, 0, 0x10, 0x3, 0);
    assert_barrier(t, 1, 0x10, 0x1, 0);
    assert_int_equal(t->e[1].tid[0], 12);
    free(t);
}

/* A thread waiting at the pc keeps its barrier when it diverges again. */
static void a_thread_already_waiting_at_the_pc_is_never_held_twice(void **state)
{
    struct simt_config cfg = load("tiny");
    struct rbt *t = make(&cfg);
    struct rbt_in in;
    (void)state;

    in = lanes_commit(true, 0x10, 0x1, 4, 0);     /* lane 0 tid 4 at 0x10 */
    step_expect(t, &in, 0, 0, false);
    in = lanes_commit(true, 0x10, 0x2, 0, 8);     /* lane 1 tid 8 joins */
    step_expect(t, &in, 0, 0, false);
    assert_barrier(t, 0, 0x10, 0x3, 0);
    /* lane 0 tid 4 again, with lane 1 tid 12 which conflicts */
    in = lanes_commit(true, 0x10, 0x3, 4, 12);
    step_expect(t, &in, 0, 0, false);
    assert_barrier(t, 0, 0x10, 0x3, 0);
    assert_barrier(t, 1, 0x10, 0x2, 0);           /* only lane 1 allocates */
    assert_int_equal(rbt_find(t, 0x10, 0, 4), 0);
    assert_int_equal(rbt_find(t, 0x10, 1, 12), 1);
    assert_int_equal(rbt_find(t, 0x10, 1, 8), 0);
    assert_int_equal(rbt_find(t, 0x20, 0, 4), -1);
    free(t);
}

/* Only a member with its own thread id, not yet reached, arrives. */
static void an_arrival_needs_the_pc_the_thread_and_no_earlier_arrival(void **state)
{
    struct simt_config cfg = load("tiny");
    struct rbt *t = make(&cfg);
    struct rbt_in in;
    (void)state;

    in = lanes_commit(true, 0x10, 0x3, 4, 8);
    step_expect(t, &in, 0, 0, false);
    in = lanes_commit(false, 0x11, 0x3, 4, 8);    /* other pc */
    step_expect(t, &in, 0, 0, false);
    in = lanes_commit(false, 0x10, 0x3, 12, 8);   /* lane 0: other thread */
    step_expect(t, &in, 0, 0x2, false);
    in = lanes_commit(false, 0x10, 0x2, 0, 8);    /* lane 1 again: reached */
    step_expect(t, &in, 0, 0, false);
    assert_barrier(t, 0, 0x10, 0x3, 0x2);
    free(t);
}

/* A complete barrier waits for rel_ready, and the lowest goes first. */
static void a_release_waits_for_the_receiver_and_frees_its_entry(void **state)
{
    struct simt_config cfg = load("tiny");
    struct rbt *t = make(&cfg);
    struct rbt_in in;
    struct rbt_out *o;
    (void)state;

    in = lanes_commit(true, 0x10, 0x1, 5, 0);     /* set 1, entry 2 */
    step_expect(t, &in, 0, 0, false);
    in = lanes_commit(true, 0x20, 0x1, 0, 0);     /* set 0, entry 0 */
    step_expect(t, &in, 0, 0, false);
    in = lanes_commit(false, 0x10, 0x1, 5, 0);
    step_expect(t, &in, 0, 0x1, false);
    in = idle();                                  /* receiver busy: held */
    o = cycle(t, &in);
    assert_true(o->rel_valid);
    assert_int_equal(o->rel_pc, 0x10);
    assert_int_equal(o->rel_tid[0], 5);
    free(o);
    assert_true(t->e[2].valid);
    in = lanes_commit(false, 0x20, 0x1, 0, 0);    /* entry 0 completes too */
    in.rel_ready = true;                          /* entry 2 leaves */
    step_expect(t, &in, 0, 0x1, false);
    assert_false(t->e[2].valid);
    in = idle();
    in.rel_ready = true;
    o = cycle(t, &in);
    assert_true(o->rel_valid);
    assert_int_equal(o->rel_pc, 0x20);
    assert_int_equal(o->rel_mask, 0x1);
    free(o);
    assert_int_equal(t->occupancy, 0);
    free(t);
}

/* With 4 stages the results come 3 cycles after the commit. */
static void a_pipelined_table_answers_stages_minus_one_cycles_late(void **state)
{
    struct simt_config cfg = load_file("tests/data/scenarios/rbt-pipelined.conf");
    struct rbt *t = make(&cfg);
    struct rbt_in in, none = idle();
    (void)state;

    assert_int_equal(t->g.stages, 4);
    /* 8 x (1 + 8 rpc + 2 x (2 + 9)) + 3 stages x (2 + 8 + 2 x (1 + 9)) + 4 */
    assert_int_equal(rbt_state_bits(&t->g), 8 * 31 + 3 * 30 + 4);
    in = lanes_commit(true, 0x10, 0x3, 1, 1);     /* cycle 0 */
    step_expect(t, &in, 0, 0, false);
    in = lanes_commit(false, 0x10, 0x3, 1, 1);    /* cycle 1 */
    step_expect(t, &in, 0, 0, false);
    step_expect(t, &none, 0, 0, false);           /* cycle 2 */
    assert_int_equal(t->occupancy, 0);
    step_expect(t, &none, 0, 0, false);           /* cycle 3: reserved */
    assert_barrier(t, 2, 0x10, 0x3, 0);
    step_expect(t, &none, 0, 0x3, false);         /* cycle 4: arrival */
    assert_barrier(t, 2, 0x10, 0x3, 0x3);
    in = lanes_commit(true, 0x10, 0, 0, 0);       /* empty mask */
    step_expect(t, &in, 0, 0, false);
    step_expect(t, &none, 0, 0, false);
    step_expect(t, &none, 0, 0, false);
    step_expect(t, &none, 0, 0, true);            /* err 3 cycles late */
    rbt_reset(t);
    in = lanes_commit(true, 0x10, 0x3, 1, 1);
    step_expect(t, &in, 0, 0, false);
    rbt_reset(t);                                 /* reset empties the stages */
    for (int i = 0; i < 4; i++)
        step_expect(t, &none, 0, 0, false);
    assert_int_equal(t->occupancy, 0);
    free(t);
}

/* An empty commit mask is an error and changes nothing. */
static void an_empty_commit_mask_raises_err_and_changes_nothing(void **state)
{
    struct simt_config cfg = load("tiny");
    struct rbt *t = make(&cfg);
    struct rbt_in in = lanes_commit(true, 0x10, 0, 0, 0);
    (void)state;

    step_expect(t, &in, 0, 0, true);
    in.cmt_diverged = false;
    step_expect(t, &in, 0, 0, true);
    assert_int_equal(valid_count(t), 0);
    assert_int_equal(t->occupancy, 0);
    free(t);
}

/* HARP Table 7, computed from configs/fermi-harp.conf. */
static void fermi_harp_rbt_is_the_one_of_table_7(void **state)
{
    struct simt_config cfg = load_file("configs/fermi-harp.conf");
    struct rbt_geometry g;
    struct harp_array_org lanes, rpc;
    (void)state;

    rbt_geometry(&cfg, &g);
    rbt_harp_org(&g, &lanes, &rpc);
    assert_string_equal(lanes.name, "RBT lanes");
    assert_int_equal(lanes.banks, 16);
    assert_int_equal(lanes.entries, 128);
    assert_int_equal(lanes.sets, 8);
    assert_int_equal(lanes.ways, 16);
    assert_int_equal(lanes.tag_bits, 6);
    assert_int_equal(lanes.row_bits, 7);
    assert_string_equal(rpc.name, "RBT RPC");
    assert_int_equal(rpc.banks, 1);
    assert_int_equal(rpc.entries, 128);
    assert_int_equal(rpc.sets, 8);
    assert_int_equal(rpc.ways, 16);
    assert_int_equal(rpc.tag_bits, 33);
    assert_int_equal(rpc.row_bits, 32);
    /* 128 x (1 + 32 + 16 x 8) + 8 occupancy */
    assert_int_equal(rbt_state_bits(&g), 128 * (1 + 32 + 16 * 8) + 8);
    /* of which the rpc and 16 lanes' 6-bit thread ids are in memories */
    assert_int_equal(rbt_memory_bits(&g), 128 * (32 + 16 * 6));
}

/* Fig. 8's multi-ported table is one bank of whole rows. */
static void a_multiported_table_is_one_bank_of_whole_rows(void **state)
{
    struct simt_config cfg = load_file("tests/data/scenarios/harp-fig8.conf");
    struct rbt_geometry g;
    struct harp_array_org lanes, rpc;
    (void)state;

    rbt_geometry(&cfg, &g);
    rbt_harp_org(&g, &lanes, &rpc);
    assert_int_equal(lanes.banks, 1);
    assert_int_equal(lanes.sets, 4);
    assert_int_equal(lanes.ways, 2);
    assert_int_equal(lanes.tag_bits, 2 * 9);
    assert_int_equal(lanes.row_bits, 2 * 10);
    assert_int_equal(rpc.tag_bits, 9);
}

/*
 * The lowest complete entry the table keeps for speed (struct rbt_memo)
 * changes nothing: a table with `reference` set, which looks for it
 * where it is used, gives the same outputs and entries as the plain one
 * over random commits (reservations and arrivals of a few PCs and
 * threads, so that barriers fill, complete and release) at tiny and with
 * a pipelined access.
 */
static void the_kept_release_entry_answers_as_the_reference_table(void **state)
{
    static const unsigned stages[] = { 1, 4 };
    (void)state;

    for (unsigned k = 0; k < 2; k++) {
        struct simt_config cfg = load("tiny");
        struct rbt *a, *b;
        struct rbt_out *oa = malloc(sizeof *oa), *ob = malloc(sizeof *ob);
        uint64_t seed = 12345 + k;
        unsigned releases = 0;

        assert_non_null(oa);
        assert_non_null(ob);
        cfg.rbt_pipeline_stages = stages[k];
        a = make(&cfg);
        b = make(&cfg);
        b->reference = true;
        rbt_reset(b);           /* keeps reference */
        assert_true(b->reference);
        for (unsigned c = 0; c < 4000; c++) {
            struct rbt_in in = idle();
            uint64_t lanes = (1ull << a->g.lanes) - 1;

            seed = seed * 6364136223846793005ull + 1442695040888963407ull;
            in.cmt_valid = (seed >> 33) % 4 != 0;
            in.cmt_diverged = (seed >> 35) % 3 == 0;
            in.cmt_pc = 0x40 + 4 * ((seed >> 37) % 3);
            in.cmt_mask = (seed >> 40) & lanes;
            if (in.cmt_mask == 0)
                in.cmt_mask = 1;
            for (unsigned l = 0; l < a->g.lanes; l++)
                in.cmt_tid[l] = (uint32_t)(seed >> (20 + l)) % 4;
            in.rel_ready = (seed >> 50) % 2 == 0;
            memset(oa, 0, sizeof *oa);
            memset(ob, 0, sizeof *ob);
            rbt_eval(a, &in, oa);
            rbt_eval(b, &in, ob);
            assert_memory_equal(oa, ob, sizeof *oa);
            releases += oa->rel_valid && in.rel_ready;
            rbt_step(a, &in);
            rbt_step(b, &in);
            assert_int_equal(a->occupancy, b->occupancy);
            for (unsigned e = 0; e < a->g.entries; e++) {
                assert_int_equal(a->e[e].valid, b->e[e].valid);
                assert_int_equal(a->e[e].rpc, b->e[e].rpc);
                assert_int_equal(a->e[e].member, b->e[e].member);
                assert_int_equal(a->e[e].reached, b->e[e].reached);
            }
        }
        assert_true(releases > 10);     /* the sequence released barriers */
        free(a);
        free(b);
        free(oa);
        free(ob);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fig10_barriers_reconverge_both_warps_at_d),
        cmocka_unit_test(a_full_set_makes_the_reservation_fail_and_keeps_every_way),
        cmocka_unit_test(a_reservation_merges_into_the_barrier_at_its_pc),
        cmocka_unit_test(a_lane_of_another_thread_makes_the_group_allocate),
        cmocka_unit_test(a_thread_already_waiting_at_the_pc_is_never_held_twice),
        cmocka_unit_test(an_arrival_needs_the_pc_the_thread_and_no_earlier_arrival),
        cmocka_unit_test(a_release_waits_for_the_receiver_and_frees_its_entry),
        cmocka_unit_test(a_pipelined_table_answers_stages_minus_one_cycles_late),
        cmocka_unit_test(an_empty_commit_mask_raises_err_and_changes_nothing),
        cmocka_unit_test(fermi_harp_rbt_is_the_one_of_table_7),
        cmocka_unit_test(a_multiported_table_is_one_bank_of_whole_rows),
        cmocka_unit_test(the_kept_release_entry_answers_as_the_reference_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
