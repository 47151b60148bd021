/*
 * test_ibuffer.c -- the data half of the I-buffers, through its ports: a
 * fetch goes in flight and lands in order, the head leaves at an issue,
 * the next fetch continues the last, a flush or an emptying drops a warp
 * and marks it refilling, a clear forgets it, each warp keeps its own, and
 * a fill's instruction word stays with its slot.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "config.h"
#include "ibuffer.h"
#include "test_load.h"

/* tiny: 8 warps per scheduler, 2 slots, 2 lanes; PCs held as 32-bit
 * byte addresses (tiny's pc_bits, 8, sizes instruction indexes). */
static void make(struct ibuffer *m)
{
    struct simt_config cfg = load("tiny");
    char msg[256];

    assert_int_equal(ibuffer_init(m, &cfg, msg, sizeof msg), 0);
}

static struct ibuffer_out read_warp(const struct ibuffer *m, unsigned w)
{
    struct ibuffer_in in;
    struct ibuffer_out out;

    ibuffer_idle(&in);
    in.rd_warp = w;
    ibuffer_eval(m, &in, &out);
    return out;
}

static void fetch(struct ibuffer_in *in, unsigned w, uint32_t pc,
                  uint64_t mask)
{
    in->fetch_valid = true;
    in->fetch_warp = w;
    in->fetch_pc = pc;
    in->fetch_mask = mask;
}

/* One edge: a fetch for warp fw (or none, -1) and the fill of warp lw
 * (or none). */
static void edge(struct ibuffer *m, int fw, uint32_t pc, uint64_t mask,
                 int lw)
{
    struct ibuffer_in in;

    ibuffer_idle(&in);
    if (fw >= 0)
        fetch(&in, (unsigned)fw, pc, mask);
    in.fill_valid = lw >= 0;
    in.fill_warp = lw >= 0 ? (unsigned)lw : 0;
    ibuffer_step(m, &in);
}

static void issue(struct ibuffer *m, unsigned w)
{
    struct ibuffer_in in;

    ibuffer_idle(&in);
    in.issue_valid = true;
    in.issue_warp = w;
    ibuffer_step(m, &in);
}

static void a_fetch_lands_at_the_head_when_it_returns_and_not_before(void **state)
{
    struct ibuffer m;

    (void)state;
    make(&m);
    edge(&m, 3, 0x40, 0x3, -1);
    assert_false(read_warp(&m, 3).head_valid);
    edge(&m, -1, 0, 0, 3);
    assert_true(read_warp(&m, 3).head_valid);
    assert_int_equal(read_warp(&m, 3).head_pc, 0x40);
    assert_int_equal(read_warp(&m, 3).head_mask, 0x3);
}

static void the_next_fetch_reads_the_pc_after_the_last_with_its_mask(void **state)
{
    struct ibuffer m;

    (void)state;
    make(&m);
    assert_false(read_warp(&m, 1).next_valid);
    edge(&m, 1, 0x20, 0x2, -1);
    assert_true(read_warp(&m, 1).next_valid);
    assert_int_equal(read_warp(&m, 1).next_pc, 0x24);
    assert_int_equal(read_warp(&m, 1).next_mask, 0x2);
}

static void slots_issue_in_the_order_they_were_fetched(void **state)
{
    struct ibuffer m;

    (void)state;
    make(&m);
    edge(&m, 0, 0x10, 0x1, -1);
    edge(&m, 0, 0x14, 0x3, 0);  /* the second goes out, the first lands */
    edge(&m, -1, 0, 0, 0);
    issue(&m, 0);
    assert_true(read_warp(&m, 0).head_valid);
    assert_int_equal(read_warp(&m, 0).head_pc, 0x14);
    assert_int_equal(read_warp(&m, 0).head_mask, 0x3);
    issue(&m, 0);
    assert_false(read_warp(&m, 0).head_valid);
}

static void an_issue_and_a_fill_of_one_edge_keep_the_order(void **state)
{
    struct ibuffer m;
    struct ibuffer_in in;

    (void)state;
    make(&m);
    edge(&m, 2, 0x10, 0x1, -1);
    edge(&m, 2, 0x14, 0x1, 2);
    edge(&m, 2, 0x18, 0x1, 2);  /* both slots full, one in flight */
    ibuffer_idle(&in);
    in.issue_valid = true;
    in.issue_warp = 2;
    in.fill_valid = true;
    in.fill_warp = 2;
    ibuffer_step(&m, &in);      /* 0x10 leaves, 0x18 lands behind 0x14 */
    assert_int_equal(read_warp(&m, 2).head_pc, 0x14);
    issue(&m, 2);
    assert_int_equal(read_warp(&m, 2).head_pc, 0x18);
}

/* One edge: warp w's fill, with the word the instruction memory gives,
 * and an issue of warp iw (or none, -1). */
static void fill_word(struct ibuffer *m, unsigned w, uint32_t word, int iw)
{
    struct ibuffer_in in;

    ibuffer_idle(&in);
    in.fill_valid = true;
    in.fill_warp = w;
    in.fill_word = word;
    in.issue_valid = iw >= 0;
    in.issue_warp = iw >= 0 ? (unsigned)iw : 0;
    ibuffer_step(m, &in);
}

static void a_fills_word_stays_with_its_slot_until_it_issues(void **state)
{
    struct ibuffer m;

    (void)state;
    make(&m);
    edge(&m, 4, 0x30, 0x1, -1);
    edge(&m, 4, 0x34, 0x1, -1);
    fill_word(&m, 4, 0x00a00093, -1);   /* addi x1, x0, 10 at 0x30 */
    edge(&m, 4, 0x38, 0x1, -1);
    fill_word(&m, 4, 0x00108133, -1);   /* add x2, x1, x1 at 0x34 */
    assert_int_equal(read_warp(&m, 4).head_word, 0x00a00093);
    /* the head issues in the edge the third lands: the words move on */
    fill_word(&m, 4, 0x0000006f, 4);
    assert_int_equal(read_warp(&m, 4).head_pc, 0x34);
    assert_int_equal(read_warp(&m, 4).head_word, 0x00108133);
    issue(&m, 4);
    assert_int_equal(read_warp(&m, 4).head_pc, 0x38);
    assert_int_equal(read_warp(&m, 4).head_word, 0x0000006f);
    assert_int_equal(read_warp(&m, 5).head_word, 0);
}

static void a_flush_drops_the_warp_and_marks_it_refilling_until_a_fill(void **state)
{
    struct ibuffer m;
    struct ibuffer_in in;

    (void)state;
    make(&m);
    edge(&m, 5, 0x30, 0x1, -1);
    edge(&m, 5, 0x34, 0x1, 5);
    assert_false(read_warp(&m, 5).refill);
    ibuffer_idle(&in);
    in.flush_valid = true;
    in.flush_warp = 5;
    in.fill_valid = true;       /* the flush wins over the fill */
    in.fill_warp = 5;
    ibuffer_step(&m, &in);
    assert_false(read_warp(&m, 5).head_valid);
    assert_false(read_warp(&m, 5).next_valid);
    assert_true(read_warp(&m, 5).refill);
    edge(&m, -1, 0, 0, 5);      /* the fetch in flight was dropped */
    assert_false(read_warp(&m, 5).head_valid);
    assert_true(read_warp(&m, 5).refill);
    edge(&m, 5, 0x80, 0x3, -1);
    edge(&m, -1, 0, 0, 5);
    assert_false(read_warp(&m, 5).refill);
    assert_int_equal(read_warp(&m, 5).head_pc, 0x80);
}

static void an_emptied_warp_is_dropped_as_by_a_flush(void **state)
{
    struct ibuffer m;
    struct ibuffer_in in;

    (void)state;
    make(&m);
    edge(&m, 6, 0x30, 0x1, -1);
    edge(&m, -1, 0, 0, 6);
    ibuffer_idle(&in);
    in.empty[0] = 1u << 6;
    ibuffer_step(&m, &in);
    assert_false(read_warp(&m, 6).head_valid);
    assert_true(read_warp(&m, 6).refill);
}

static void a_cleared_warp_forgets_everything_and_is_not_refilling(void **state)
{
    struct ibuffer m;
    struct ibuffer_in in;

    (void)state;
    make(&m);
    edge(&m, 4, 0x30, 0x1, -1);
    ibuffer_idle(&in);
    in.flush_valid = true;
    in.flush_warp = 4;
    ibuffer_step(&m, &in);
    edge(&m, 4, 0x50, 0x2, -1);
    ibuffer_idle(&in);
    in.clear[0] = 1u << 4;
    ibuffer_step(&m, &in);
    assert_false(read_warp(&m, 4).refill);
    assert_false(read_warp(&m, 4).next_valid);
    edge(&m, -1, 0, 0, 4);      /* nothing was left in flight */
    assert_false(read_warp(&m, 4).head_valid);
}

static void each_warp_keeps_its_own_slots(void **state)
{
    struct ibuffer m;

    (void)state;
    make(&m);
    edge(&m, 0, 0x10, 0x1, -1);
    edge(&m, 7, 0x70, 0x2, 0);
    edge(&m, -1, 0, 0, 7);
    issue(&m, 0);
    assert_false(read_warp(&m, 0).head_valid);
    assert_true(read_warp(&m, 7).head_valid);
    assert_int_equal(read_warp(&m, 7).head_pc, 0x70);
    assert_int_equal(read_warp(&m, 7).next_pc, 0x74);
    assert_int_equal(read_warp(&m, 0).next_pc, 0x14);
}

static void the_storage_is_counted_per_warp_from_the_sizes(void **state)
{
    struct ibuffer_geometry g;
    struct simt_config cfg = load("tiny");

    (void)state;
    ibuffer_geometry(&cfg, &g);
    /* 8 warps x (2 x 2 entries of 32 + 2 bits, the 2 slots' 32-bit
     * words, two 2-bit counts, have_next, refill, the next PC and mask) */
    assert_int_equal(ibuffer_state_bits(&g),
                     8 * (4 * 34 + 2 * 32 + 4 + 2 + 34));
}

/* tiny's pc_bits is 8; the fetch's PCs are byte addresses of the text
 * (kernels/ link it from 0x10000): held whole, and the next one +4. */
static void a_pc_is_held_as_the_whole_byte_address(void **state)
{
    struct ibuffer m;

    (void)state;
    make(&m);
    edge(&m, 2, 0x10ffc, 0x1, -1);
    edge(&m, -1, 0, 0, 2);
    assert_int_equal(read_warp(&m, 2).head_pc, 0x10ffc);
    assert_int_equal(read_warp(&m, 2).next_pc, 0x11000);
}

static void a_geometry_beyond_the_model_is_refused(void **state)
{
    struct simt_config cfg = load("tiny");
    struct ibuffer m;
    char msg[256];

    (void)state;
    cfg.ibuffer_slots = IBUFFER_MAX_SLOTS + 1;
    assert_int_equal(ibuffer_init(&m, &cfg, msg, sizeof msg), -1);
    assert_non_null(strstr(msg, "ibuffer"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_fetch_lands_at_the_head_when_it_returns_and_not_before),
        cmocka_unit_test(the_next_fetch_reads_the_pc_after_the_last_with_its_mask),
        cmocka_unit_test(slots_issue_in_the_order_they_were_fetched),
        cmocka_unit_test(an_issue_and_a_fill_of_one_edge_keep_the_order),
        cmocka_unit_test(a_fills_word_stays_with_its_slot_until_it_issues),
        cmocka_unit_test(a_flush_drops_the_warp_and_marks_it_refilling_until_a_fill),
        cmocka_unit_test(an_emptied_warp_is_dropped_as_by_a_flush),
        cmocka_unit_test(a_cleared_warp_forgets_everything_and_is_not_refilling),
        cmocka_unit_test(each_warp_keeps_its_own_slots),
        cmocka_unit_test(the_storage_is_counted_per_warp_from_the_sizes),
        cmocka_unit_test(a_pc_is_held_as_the_whole_byte_address),
        cmocka_unit_test(a_geometry_beyond_the_model_is_refused),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
