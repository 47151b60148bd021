/*
 * test_sm_baws.c -- BAWS's scheduler figures driven through the composed
 * SM (golden/sm/sm.h), not through a separately wired scheduler: Fig. 7 and
 * Table 1 (MWF, BAWS 4.1.1) and Fig. 13 (MWF against SAWS, BAWS 6.6).
 * tests/unit/test_scheduler.c and tb/tb_scheduler.cpp check the same figures
 * on the scheduler model and its RTL alone.
 *
 * The SM holds 3 TBs of 4 warps on one warp scheduler
 * (tests/data/scenarios/baws-fig7.conf with schedulers = 1, under sbr): TB k
 * is warp slots 4k .. 4k+3, so that slot n is the paper's warp wn (n = 4
 * ctaid + warpid, which the program reads from the SIMT CSRs).  The work
 * each warp does before the barrier follows from n: a warp of a chosen
 * set (the figure's waiting warps) goes to simt.bar at once; the others
 * (the running warps) first load one word of global memory and use it;
 * a few warps first run a short loop, to be the last of their TB to
 * issue.  Their loads miss the L1 on one line, which returns to all
 * of them in the same cycle (DRAM made slow, so that every waiting warp
 * has arrived by then, and a write-back port per warp, so that all of
 * their loads are written back in that cycle): from that cycle on, the running warps are ready
 * together, with the WPT holding the figure's counters, and the
 * scheduler's choices among them are the figure's.  The set-up is
 * checked in each run (the counters, the ready set of the first grant),
 * so that a run that misses it fails instead of checking nothing.  A
 * granted warp goes on to its barrier, and the last of a TB releases it
 * (its counter returns to 0); the TBs still waiting keep their order.
 *
 * Fetch, the scoreboard and the pipeline sit between the scheduler and
 * the trace, so the figures' cycles are not reproduced; what is checked
 * is the order of the grants (the uses of the loaded word, PC 0x48, one
 * per running warp), read from the SM's trace.
 */
#include <inttypes.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "config.h"
#include "sm.h"
#include "sm_rig.h"
#include "test_load.h"

/* The warps, a TB's warps, and the PCs of the running warps' use of the
 * loaded word and of the barrier in barrier_program(). */
enum { WARPS = 12, TB_WARPS = 4, USE_PC = BASE + 0x48, BAR_PC = BASE + 0x4c };

/* x5 = n = 4 ctaid + warpid; a warp whose bit n of `late` is set first
 * counts down a loop of 16 turns (work before the rest); then a warp
 * whose bit n of `running` is clear waits at simt.bar at once, and the
 * others load args[0], use it (USE_PC), then meet their TB at the
 * barrier; all exit. */
static void barrier_program(struct built *b, uint32_t running, uint32_t late)
{
    uint32_t p[24];
    unsigned n = 0;
    struct program_branch br[2] = { { BASE + 0x20, BASE + 0x2c },
                                    { BASE + 0x40, BASE + 0x4c } };

    assert_true(late < 2048);
    p[n++] = csrr(5, RV32_CSR_CTAID);           /* 00 */
    p[n++] = csrr(6, RV32_CSR_WARPID);          /* 04 */
    p[n++] = slli(5, 5, 2);                     /* 08 */
    p[n++] = add(5, 5, 6);                      /* 0c x5 = n */
    p[n++] = addi(12, 0, (int32_t)late);        /* 10 */
    p[n++] = r_type(0, 5, 12, 5, 12, 0x33);     /* 14 srl x12, x12, x5 */
    p[n++] = andi(12, 12, 1);                   /* 18 */
    p[n++] = slli(12, 12, 2);                   /* 1c x12 = 4 or 0 */
    p[n++] = branch(0, 12, 0, 12);              /* 20 beq x12, x0, 0x2c */
    p[n++] = addi(12, 12, -1);                  /* 24 */
    p[n++] = jal(0, -8);                        /* 28 -> 0x20 */
    p[n++] = addi(8, 0, (int32_t)(running >> 1)); /* 2c */
    p[n++] = slli(8, 8, 1);                     /* 30 */
    p[n++] = addi(8, 8, (int32_t)(running & 1)); /* 34 x8 = running */
    p[n++] = r_type(0, 5, 8, 5, 8, 0x33);       /* 38 srl x8, x8, x5 */
    p[n++] = andi(8, 8, 1);                     /* 3c */
    p[n++] = branch(0, 8, 0, 12);               /* 40 beq x8, x0, 0x4c */
    p[n++] = lw(7, 10, 0);                      /* 44 */
    p[n++] = add(9, 7, 7);                      /* 48 the use */
    p[n++] = BAR;                               /* 4c */
    p[n++] = EXIT;                              /* 50 */
    build(b, p, n, br, 2);
}

/* One line of the trace: cycle, warp slot, TB, ready set, PC. */
struct issue {
    unsigned long cycle;        /* cycle of issue */
    unsigned warp, tb;          /* warp slot (the paper's wn) and its TB's
                                 * grid index (here also its TB slot) */
    unsigned long ready;        /* the scheduler's ready warps, bit w = wn */
    uint32_t pc;                /* the instruction issued */
};

/* What a run shows. */
struct run {
    struct issue use[WARPS];    /* the grants at USE_PC, in order */
    unsigned uses;
    unsigned cnt[3];            /* the WPT's counters at the first use
                                 * (read after its cycle, in which the
                                 * one issue is the use: no arrival) */
    unsigned long hit[3];       /* the cycle each TB's first warp issued
                                 * simt.bar before the first use (0:
                                 * none did) */
    int last[3];                /* the warp of each TB issued last before
                                 * the first use (-1: none) */
};

/* The program under policy sp, run to the end; its trace read back. */
static void run(enum sched_policy sp, uint32_t running, uint32_t late,
                struct run *r)
{
    struct simt_config cfg = load_file("tests/data/scenarios/baws-fig7.conf");
    struct built b;
    struct sm *sm;
    FILE *f = tmpfile();
    char line[512];
    bool first = true;

    assert_non_null(f);
    cfg.schedulers = 1;             /* the 12 warps on one scheduler */
    cfg.reconvergence = RECONV_SBR;
    cfg.scheduler = sp;
    cfg.dram_latency = 200;         /* every waiting warp arrives first */
    cfg.lsu_writebacks = WARPS;     /* the one line's fill writes back every
                                       running warp's load in one cycle */
    barrier_program(&b, running, late);
    sm = make(&cfg, &b.p, 3, TB_WARPS * cfg.warp_size);
    assert_int_equal(sm->warps_per_sched, WARPS);
    sm->trace = f;
    memset(r, 0, sizeof *r);
    for (unsigned t = 0; t < 3; t++)
        r->last[t] = -1;
    while (sm->status == SM_RUNNING) {
        long at = ftell(f);
        sm_cycle(sm);
        fflush(f);
        fseek(f, at, SEEK_SET);
        while (fgets(line, sizeof line, f)) {
            struct issue i;
            assert_int_equal(sscanf(line, "%lu s0 w%u tb%u rdy%lx %" SCNx32,
                                    &i.cycle, &i.warp, &i.tb, &i.ready,
                                    &i.pc), 5);
            if (first && i.pc == BAR_PC && !r->hit[i.tb])
                r->hit[i.tb] = i.cycle;
            if (i.pc == USE_PC) {
                if (first)
                    for (unsigned t = 0; t < 3; t++)
                        r->cnt[t] = sm->wpt.cnt[t];
                first = false;
                assert_true(r->uses < WARPS);
                r->use[r->uses++] = i;
            } else if (first) {
                r->last[i.tb] = (int)i.warp;
            }
        }
    }
    if (sm->status != SM_DONE)
        fail_msg("%s", sm->err);
    sm_destroy(sm);
    fclose(f);
}

/* BAWS Fig. 7: waiting at their TBs' barriers are w2 (TB0), w5, w7 (TB1)
 * and w9, w10, w11 (TB2); running are w0, w1, w3, w4, w6, w8.  The paper
 * takes w7 as TB1's last issued warp ("the warp issued in the last cycle
 * is w7 in TB1 and it reaches the barrier") and w0 as TB0's ("for TB0,
 * suppose the warp lastly issued is w0"): w0 and w7 do some work first
 * (FIG7_LATE), so that they are the last of their TBs to issue. */
static const uint32_t FIG7_RUNNING = 1u << 0 | 1u << 1 | 1u << 3 | 1u << 4 |
                                     1u << 6 | 1u << 8;
static const uint32_t FIG7_LATE = 1u << 0 | 1u << 7;

/* The set-up holds: the WPT's counters are Table 1's (TB0 1, TB1 2, TB2
 * 3) when the first running warp is granted, every running warp is ready
 * in that cycle (the scheduler chooses among all six), and the last
 * warps issued in TB0 and TB1 before it are the paper's w0 and w7. */
static void expect_fig7_state(const struct run *r)
{
    assert_int_equal(r->uses, 6);
    assert_int_equal(r->cnt[0], 1);
    assert_int_equal(r->cnt[1], 2);
    assert_int_equal(r->cnt[2], 3);
    assert_int_equal(r->use[0].ready, FIG7_RUNNING);
    assert_int_equal(r->last[0], 0);
    assert_int_equal(r->last[1], 7);
}

static void expect_order(const struct run *r, const unsigned *want)
{
    for (unsigned k = 0; k < 6; k++)
        if (r->use[k].warp != want[k])
            fail_msg("grant %u: w%u, expected w%u", k, r->use[k].warp,
                     want[k]);
}

/*
 * MWF(LRR), BAWS 4.1.1: the TBs by most warps waiting (Table 1: TB2, TB1,
 * TB0), each "starting from the warp next (in round robin order) to the
 * one which was issued in the last cycle in the TB": TB2's only running
 * warp w8; TB1 after w7: w4, w6; TB0 after w0: w1, w3, w0.  The paper:
 * "the scheduling orders of the 6 running warps of the three TBs in the
 * current cycle are w8, w4, w6, w1, w3 and w0".
 */
static void mwf_lrr_grants_fig7s_running_warps_w8_w4_w6_w1_w3_w0(void **state)
{
    static const unsigned want[6] = { 8, 4, 6, 1, 3, 0 };
    struct run r;
    (void)state;

    run(SCHED_MWF_LRR, FIG7_RUNNING, FIG7_LATE, &r);
    expect_fig7_state(&r);
    expect_order(&r, want);
}

/*
 * MWF(GTO), BAWS 4.1.1, on the same set-up: TB2 first, its only running
 * warp w8; then TB1 "from the one issued in the last cycle" if it is
 * ready -- it is not (w8 was, of TB2) -- "and then oldest": w4, then w6;
 * then TB0: w0, w1, w3.  The order tb/tb_scheduler.cpp's fig7_order()
 * expects of the RTL under MWF(GTO).
 */
static void mwf_gto_grants_fig7s_running_warps_w8_w4_w6_w0_w1_w3(void **state)
{
    static const unsigned want[6] = { 8, 4, 6, 0, 1, 3 };
    struct run r;
    (void)state;

    run(SCHED_MWF_GTO, FIG7_RUNNING, FIG7_LATE, &r);
    expect_fig7_state(&r);
    expect_order(&r, want);
}

/* BAWS Fig. 13's three moments: at t0 one warp of TB0 waits at its
 * barrier (w0), at t1 also two of TB1 (w4, w5), at t2 also three of TB2
 * (w8, w9, w10).  Each is set up by a run of its own in which the others
 * run; running[m] is the set of moment m. */
static const uint32_t FIG13_RUNNING[3] = {
    0xfffu & ~(1u << 0),
    0xfffu & ~(1u << 0 | 1u << 4 | 1u << 5),
    0xfffu & ~(1u << 0 | 1u << 4 | 1u << 5 | 1u << 8 | 1u << 9 | 1u << 10),
};

/* The set-up of moment m holds: the TBs with waiting warps first hit
 * their barriers in the order TB0, TB1, TB2 (t0 < t1 < t2); at the first
 * grant of a running warp the WPT counts the figure's waiting warps, and
 * every running warp is ready. */
static void expect_fig13_state(const struct run *r, unsigned m)
{
    unsigned running = 0;

    for (unsigned w = 0; w < WARPS; w++)
        running += FIG13_RUNNING[m] >> w & 1;
    assert_int_equal(r->uses, running);
    for (unsigned t = 0; t < 3; t++) {
        assert_int_equal(r->cnt[t], t <= m ? t + 1 : 0);
        assert_int_equal(r->hit[t] != 0, t <= m);
    }
    for (unsigned t = 1; t <= m; t++)
        assert_true(r->hit[t - 1] < r->hit[t]);
    assert_int_equal(r->use[0].ready, FIG13_RUNNING[m]);
}

/* The TBs of the grants of the running warps, in order, from the first
 * grant up to n of them. */
static void expect_tbs(const struct run *r, const unsigned *want, unsigned n,
                       const char *moment)
{
    for (unsigned k = 0; k < n; k++)
        if (r->use[k].tb != want[k])
            fail_msg("%s, grant %u: w%u of TB%u, expected a warp of TB%u",
                     moment, k, r->use[k].warp, r->use[k].tb, want[k]);
}

/*
 * BAWS 6.6, Fig. 13, under BAWS's MWF: "At time t0, warps in TB0 have the
 * highest priority"; "at time t1, TB1 will get the highest priority for
 * BAWS because TB1 has two warps waiting at the barrier"; "at time t2, TB2
 * becomes the most critical TB ... (because there are three warps waiting
 * at the barrier in TB2)".  At t2 the whole order follows: TB2's running
 * warp, TB1's two (two waiting), TB0's three (one waiting).
 */
static void mwf_grants_fig13s_tb0_at_t0_tb1_at_t1_and_tb2_at_t2(void **state)
{
    static const unsigned t0[1] = { 0 }, t1[1] = { 1 };
    static const unsigned t2[6] = { 2, 1, 1, 0, 0, 0 };
    struct run r;
    (void)state;

    run(SCHED_MWF_GTO, FIG13_RUNNING[0], 0, &r);
    expect_fig13_state(&r, 0);
    expect_tbs(&r, t0, 1, "t0");
    run(SCHED_MWF_GTO, FIG13_RUNNING[1], 0, &r);
    expect_fig13_state(&r, 1);
    expect_tbs(&r, t1, 1, "t1");
    run(SCHED_MWF_GTO, FIG13_RUNNING[2], 0, &r);
    expect_fig13_state(&r, 2);
    expect_tbs(&r, t2, 6, "t2");
}

/*
 * BAWS 6.6, Fig. 13, under SAWS: TB0 has the highest priority at t0; at
 * t1 "for SAWS, TB0 will still be considered the most critical TB because
 * it hit its respective barrier first (namely at t0)"; at t2 "TB0 remains
 * the most critical TB under SAWS".  At t2 the whole order follows from
 * the first hits: TB0's three running warps, TB1's two (t1), TB2's (t2).
 */
static void saws_grants_fig13s_tb0_first_at_t0_t1_and_t2(void **state)
{
    static const unsigned t0[1] = { 0 }, t1[1] = { 0 };
    static const unsigned t2[6] = { 0, 0, 0, 1, 1, 2 };
    struct run r;
    (void)state;

    run(SCHED_SAWS, FIG13_RUNNING[0], 0, &r);
    expect_fig13_state(&r, 0);
    expect_tbs(&r, t0, 1, "t0");
    run(SCHED_SAWS, FIG13_RUNNING[1], 0, &r);
    expect_fig13_state(&r, 1);
    expect_tbs(&r, t1, 1, "t1");
    run(SCHED_SAWS, FIG13_RUNNING[2], 0, &r);
    expect_fig13_state(&r, 2);
    expect_tbs(&r, t2, 6, "t2");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(mwf_lrr_grants_fig7s_running_warps_w8_w4_w6_w1_w3_w0),
        cmocka_unit_test(mwf_gto_grants_fig7s_running_warps_w8_w4_w6_w0_w1_w3),
        cmocka_unit_test(mwf_grants_fig13s_tb0_at_t0_tb1_at_t1_and_tb2_at_t2),
        cmocka_unit_test(saws_grants_fig13s_tb0_first_at_t0_t1_and_t2),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
