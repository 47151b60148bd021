/*
 * test_ics_first.c -- the ICS-First priority-based warp PC arbiter model
 * (multi-core SIMT 4.3): active thread vectors at three priority levels
 * and the one-hot selection of the highest level, built by the
 * priority-setting instructions of a nested conditional; the thread state
 * transitions of Fig. 4; eq. 5 and the selection against their
 * definitions over random runs; the input contract.
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
#include "ics_first.h"
#include "test_load.h"

/* One cycle with the PCs of pc[] (4 threads); the contract must hold. */
static void cycle(struct ics_first *s, struct ics_first_in in, const unsigned *pc)
{
    struct ics_first_out out;
    for (unsigned k = 0; k < 4; k++)
        in.pc[k] = pc[k];
    ics_first_eval(s, &in, &out);
    assert_false(out.err);
    ics_first_step(s, &in);
}

static struct ics_first_in none(void)
{
    struct ics_first_in in;
    memset(&in, 0, sizeof in);
    return in;
}

static struct ics_first_in commit(uint64_t mask, unsigned op)
{
    struct ics_first_in in = none();
    in.commit = mask;
    in.commit_op = op;
    return in;
}

static struct ics_first_in issue(void)
{
    struct ics_first_in in = none();
    in.issue = true;
    return in;
}

static struct ics_first_out look(const struct ics_first *s, const unsigned *pc)
{
    struct ics_first_in in = none();
    struct ics_first_out out;
    for (unsigned k = 0; k < 4; k++)
        in.pc[k] = pc[k];
    ics_first_eval(s, &in, &out);
    return out;
}

/*
 * Four threads, three levels (tests/data/scenarios/simt-4lane.conf):
 *   all assigned at the outmost level 0; raise-the-priority before an
 *   outer if, taken by threads 1..3; raise again before an inner if,
 *   taken by threads 2 and 3; thread 3 reaches a barrier.  Then
 *   ATV-P0 = {t0}, ATV-P1 = {t1}, ATV-P2 = {t2}: the selection is t2,
 *   the warp PC is t2's.  When t2 leaves the inner if (lower-the-
 *   priority) it meets t1 at the outer statement: the selection falls to
 *   level 1, and both execute at the warp PC.
 */
static void atvs_at_three_levels_select_the_highest_then_reconverge(void **state)
{
    struct simt_config cfg = load_file("tests/data/scenarios/simt-4lane.conf");
    struct ics_first s;
    struct ics_first_in in;
    struct ics_first_out out;
    static const unsigned pc0[4] = { 4, 4, 4, 4 };
    static const unsigned pc1[4] = { 5, 6, 6, 6 };
    static const unsigned pc2[4] = { 5, 10, 8, 8 };
    static const unsigned pc3[4] = { 5, 10, 9, 9 };
    static const unsigned pc4[4] = { 5, 10, 10, 9 };

    (void)state;
    assert_int_equal(cfg.ics_priority_levels, 3);
    assert_int_equal(ics_first_init(&s, &cfg, NULL, 0), 0);
    in = none();
    in.assign = 0xf;
    cycle(&s, in, pc0);
    out = look(&s, pc0);
    assert_int_equal(out.atv[0], 0xf);
    assert_int_equal(out.exec, 0xf);
    cycle(&s, issue(), pc0);                    /* all execute */
    cycle(&s, commit(0xe, ICS_FIRST_RAISE), pc1);     /* outer if: t1..t3 */
    cycle(&s, commit(0x1, ICS_FIRST_NORMAL), pc1);
    out = look(&s, pc1);
    assert_int_equal(out.atv[0], 0x1);
    assert_int_equal(out.atv[1], 0xe);
    assert_int_equal(out.sel, 0x2);
    cycle(&s, issue(), pc1);                    /* t1..t3 at PC 6 */
    cycle(&s, commit(0xc, ICS_FIRST_RAISE), pc2);     /* inner if: t2, t3 */
    cycle(&s, commit(0x2, ICS_FIRST_NORMAL), pc2);
    cycle(&s, issue(), pc2);                    /* t2, t3 at PC 8 */
    cycle(&s, commit(0x8, ICS_FIRST_BARRIER_OP), pc3);
    cycle(&s, commit(0x4, ICS_FIRST_NORMAL), pc3);

    out = look(&s, pc3);
    assert_int_equal(out.state[3], ICS_FIRST_BARRIER);
    assert_int_equal(out.prio[3], 4);           /* level 2, not active */
    assert_int_equal(out.atv[0], 0x1);          /* ATV-P0 */
    assert_int_equal(out.atv[1], 0x2);          /* ATV-P1 */
    assert_int_equal(out.atv[2], 0x4);          /* ATV-P2 */
    assert_int_equal(out.sel, 0x4);             /* WTID 2, one-hot */
    assert_int_equal(out.warp_pc, 9);
    assert_int_equal(out.exec, 0x4);
    assert_true(out.ready_to_run);

    cycle(&s, issue(), pc3);
    cycle(&s, commit(0x4, ICS_FIRST_LOWER), pc4);     /* t2 leaves the inner if */
    out = look(&s, pc4);
    assert_int_equal(out.atv[0], 0x1);
    assert_int_equal(out.atv[1], 0x6);
    assert_int_equal(out.atv[2], 0x0);
    assert_int_equal(out.sel, 0x2);
    assert_int_equal(out.warp_pc, 10);
    assert_int_equal(out.exec, 0x6);            /* t1 and t2 reconverge */
}

static void states_follow_fig4(void **state)
{
    struct simt_config cfg = load("tiny");      /* 2 threads, 3 levels */
    struct ics_first s;
    struct ics_first_in in;
    static const unsigned pc[4] = { 0, 0, 0, 0 };

    (void)state;
    assert_int_equal(ics_first_init(&s, &cfg, NULL, 0), 0);
    assert_int_equal(s.state[0], ICS_FIRST_IDLE);
    assert_int_equal(s.prio[0], 1);
    in = none();
    in.assign = 0x3;
    cycle(&s, in, pc);
    assert_int_equal(s.state[0], ICS_FIRST_READY);
    cycle(&s, issue(), pc);
    assert_int_equal(s.state[0], ICS_FIRST_EXEC);
    assert_int_equal(s.state[1], ICS_FIRST_EXEC);
    cycle(&s, commit(0x1, ICS_FIRST_BARRIER_OP), pc);
    assert_int_equal(s.state[0], ICS_FIRST_BARRIER);
    cycle(&s, commit(0x2, ICS_FIRST_EXIT), pc);
    assert_int_equal(s.state[1], ICS_FIRST_IDLE);
    in = none();
    in.release = true;                          /* t0 is the only one left */
    cycle(&s, in, pc);
    assert_int_equal(s.state[0], ICS_FIRST_READY);
}

static void priority_operations_move_one_level_and_outmost_resets(void **state)
{
    struct simt_config cfg = load("tiny");
    struct ics_first s;
    struct ics_first_in in;
    static const unsigned pc[4] = { 3, 3, 0, 0 };

    (void)state;
    assert_int_equal(ics_first_init(&s, &cfg, NULL, 0), 0);
    in = none();
    in.assign = 0x3;
    cycle(&s, in, pc);
    for (unsigned n = 1; n < 3; n++) {
        cycle(&s, issue(), pc);
        cycle(&s, commit(0x3, ICS_FIRST_RAISE), pc);
        assert_int_equal(s.prio[0], 1u << n);
    }
    cycle(&s, issue(), pc);
    cycle(&s, commit(0x3, ICS_FIRST_LOWER), pc);
    assert_int_equal(s.prio[1], 2);
    cycle(&s, issue(), pc);
    cycle(&s, commit(0x3, ICS_FIRST_OUTMOST), pc);
    assert_int_equal(s.prio[1], 1);
    assert_int_equal(s.state[1], ICS_FIRST_READY);
}

static void raise_at_the_top_and_lower_at_the_bottom_are_errors_and_keep_the_level(void **state)
{
    struct simt_config cfg = load("tiny");
    struct ics_first s;
    struct ics_first_in in;
    struct ics_first_out out;
    static const unsigned pc[4] = { 3, 3, 0, 0 };

    (void)state;
    assert_int_equal(ics_first_init(&s, &cfg, NULL, 0), 0);
    in = none();
    in.assign = 0x1;
    cycle(&s, in, pc);
    cycle(&s, issue(), pc);
    in = commit(0x1, ICS_FIRST_LOWER);
    ics_first_eval(&s, &in, &out);
    assert_true(out.err);
    ics_first_step(&s, &in);
    assert_int_equal(s.prio[0], 1);
    assert_int_equal(s.state[0], ICS_FIRST_READY);
    s.prio[0] = 4;                              /* level N-1 */
    cycle(&s, issue(), pc);
    in = commit(0x1, ICS_FIRST_RAISE);
    ics_first_eval(&s, &in, &out);
    assert_true(out.err);
    ics_first_step(&s, &in);
    assert_int_equal(s.prio[0], 4);
}

static void contract_violations_raise_err(void **state)
{
    struct simt_config cfg = load("tiny");
    struct ics_first s;
    struct ics_first_in in;
    struct ics_first_out out;

    (void)state;
    assert_int_equal(ics_first_init(&s, &cfg, NULL, 0), 0);
    in = none();
    in.issue = true;                            /* nothing ready */
    ics_first_eval(&s, &in, &out);
    assert_true(out.err);
    in = commit(0x1, ICS_FIRST_NORMAL);               /* not in Execution */
    ics_first_eval(&s, &in, &out);
    assert_true(out.err);
    in = none();
    in.release = true;                          /* nobody at a barrier */
    ics_first_eval(&s, &in, &out);
    assert_true(out.err);
    in = none();
    in.assign = 0x3;
    ics_first_step(&s, &in);
    ics_first_eval(&s, &in, &out);                    /* assign to Ready threads */
    assert_true(out.err);
    in = none();
    in.issue = true;
    ics_first_step(&s, &in);
    in = commit(0x3, 6);                        /* no such operation */
    ics_first_eval(&s, &in, &out);
    assert_true(out.err);
    ics_first_step(&s, &in);
    assert_int_equal(s.state[0], ICS_FIRST_READY);    /* acts as NORMAL */
    in = none();
    ics_first_eval(&s, &in, &out);
    assert_false(out.err);
}

static uint64_t rnd(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

static void random_runs_keep_eq5_one_hot_and_the_highest_level(void **state)
{
    static const char *const presets[] = { "tiny", "fermi-sbr", "fermi-harp", "gtx480-baws" };
    uint64_t x = 0x2545f4914f6cdd1dull;

    (void)state;
    for (unsigned p = 0; p < 4; p++) {
        struct simt_config cfg = load(presets[p]);
        struct ics_first s;
        assert_int_equal(ics_first_init(&s, &cfg, NULL, 0), 0);
        unsigned K = s.g.threads, N = s.g.levels;
        for (unsigned t = 0; t < 20000; t++) {
            struct ics_first_in in = none();
            struct ics_first_out out;
            in.assign = rnd(&x) & rnd(&x) & rnd(&x);
            in.issue = rnd(&x) % 3 == 0;
            in.commit = rnd(&x);
            in.commit_op = (unsigned)(rnd(&x) % 8);
            in.release = rnd(&x) % 4 == 0;
            for (unsigned k = 0; k < K; k++)
                in.pc[k] = rnd(&x) % 3;
            ics_first_eval(&s, &in, &out);
            int top = -1;
            for (unsigned n = 0; n < N; n++) {
                uint64_t atv = 0;
                for (unsigned k = 0; k < K; k++) {
                    unsigned st = out.state[k];
                    assert_true(st == 1 || st == 2 || st == 4 || st == 8);
                    assert_true(out.prio[k] != 0 && (out.prio[k] & (out.prio[k] - 1)) == 0);
                    assert_true(out.prio[k] < (1ull << N));
                    if (st == ICS_FIRST_READY && ((out.prio[k] >> n) & 1))
                        atv |= 1ull << k;
                }
                assert_int_equal(out.atv[n], atv);
                if (atv)
                    top = (int)n;
            }
            if (top < 0) {
                assert_int_equal(out.sel, 0);
            } else {
                uint64_t a = out.atv[top];
                assert_true(out.sel != 0 && (out.sel & (out.sel - 1)) == 0);
                assert_true(out.sel & a);
                assert_int_equal((out.sel - 1) & a, 0);   /* the lowest k */
            }
            ics_first_step(&s, &in);
        }
    }
}

static void state_bits_are_threads_times_four_plus_levels(void **state)
{
    struct simt_config cfg = load("gtx480-baws");
    struct ics_first_geometry g;

    (void)state;
    ics_first_geometry(&cfg, &g);
    assert_int_equal(g.threads, 32);
    assert_int_equal(g.levels, 4);
    assert_int_equal(ics_first_state_bits(&g), 32 * (4 + 4));
    cfg = load("tiny");
    ics_first_geometry(&cfg, &g);
    assert_int_equal(ics_first_state_bits(&g), 2 * (4 + 3));
}

/* model.h: a one-hot priority is held in 32 bits, so 33 levels are
 * refused, and init names the configuration before the check's message. */
static void more_priority_levels_than_a_one_hot_word_are_refused(void **state)
{
    struct simt_config cfg = load("tiny");
    struct ics_first_geometry g;
    struct ics_first s;
    char msg[CONFIG_ERR_LEN];
    (void)state;
    ics_first_geometry(&cfg, &g);
    assert_int_equal(ics_first_check(&g, msg, sizeof msg), 0);
    cfg.ics_priority_levels = ICS_FIRST_MAX_LEVELS + 1;
    ics_first_geometry(&cfg, &g);
    assert_int_equal(ics_first_check(&g, msg, sizeof msg), -1);
    assert_non_null(strstr(msg, "priority levels"));
    assert_int_equal(ics_first_init(&s, &cfg, msg, sizeof msg), -1);
    assert_int_equal(strncmp(msg, cfg.name, strlen(cfg.name)), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(atvs_at_three_levels_select_the_highest_then_reconverge),
        cmocka_unit_test(states_follow_fig4),
        cmocka_unit_test(priority_operations_move_one_level_and_outmost_resets),
        cmocka_unit_test(raise_at_the_top_and_lower_at_the_bottom_are_errors_and_keep_the_level),
        cmocka_unit_test(contract_violations_raise_err),
        cmocka_unit_test(random_runs_keep_eq5_one_hot_and_the_highest_level),
        cmocka_unit_test(state_bits_are_threads_times_four_plus_levels),
        cmocka_unit_test(more_priority_levels_than_a_one_hot_word_are_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
