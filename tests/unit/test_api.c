/*
 * test_api.c -- libsimtref's host API (simtref/simtref.h) as a host
 * program uses it: vecadd run end to end and its result checked by the
 * test itself; the statistics the same with and without a progress
 * callback, and for a second launch of the same grid; and each kind of bad use refused with its status and a
 * message naming the object: buffers that overlap or run past global
 * memory, accesses outside a buffer, reads of memory never written, a
 * launch before a load, a run of a freed SM, a second run of one launch,
 * a bad configuration or ELF file, the cycle limit, threads' non-zero
 * exit codes.  Only the public header is included.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simtref/simtref.h"

/* Built by make before the tests (relative to the build directory). */
#define VECADD "kernels/vecadd.elf"
#define EXITCODE "tests/data/api/exitcode.elf"

enum { N = 200 };

/* An SM of tiny with vecadd loaded. */
struct rig {
    simtref_ctx *ctx;
    simtref_sm *sm;
};

static void open_rig(struct rig *r, const char *elf)
{
    assert_int_equal(simtref_ctx_create(&r->ctx), SIMTREF_OK);
    assert_int_equal(simtref_sm_open_preset(r->ctx, "tiny", NULL, 0, &r->sm),
                     SIMTREF_OK);
    if (elf)
        assert_int_equal(simtref_load(r->sm, elf), SIMTREF_OK);
}

/* The message of the last failure contains each of the texts. */
static void message_has(const struct rig *r, const char *a, const char *b)
{
    const char *m = simtref_error(r->ctx);

    if (!strstr(m, a) || (b && !strstr(m, b)))
        fail_msg("message '%s' lacks '%s'%s%s", m, a, b ? " or " : "",
                 b ? b : "");
}

/* vecadd's buffers and argument block: c left for the kernel. */
struct vecadd {
    uint32_t a, b, c, args;
    uint32_t x[N], y[N];
};

static void vecadd_inputs(struct rig *r, struct vecadd *v)
{
    uint32_t block[4];

    for (uint32_t i = 0; i < N; i++) {
        v->x[i] = 1000u * i + 7u;
        v->y[i] = (uint32_t)-(int32_t)(3u * i);
    }
    assert_int_equal(simtref_alloc(r->sm, "args", sizeof block, &v->args), 0);
    assert_int_equal(simtref_alloc(r->sm, "a", 4 * N, &v->a), 0);
    assert_int_equal(simtref_alloc(r->sm, "b", 4 * N, &v->b), 0);
    assert_int_equal(simtref_alloc(r->sm, "c", 4 * N, &v->c), 0);
    assert_int_equal(simtref_write_words(r->sm, v->a, v->x, N), 0);
    assert_int_equal(simtref_write_words(r->sm, v->b, v->y, N), 0);
    block[0] = N;
    block[1] = v->a;
    block[2] = v->b;
    block[3] = v->c;
    assert_int_equal(simtref_write_words(r->sm, v->args, block, 4), 0);
}

static void vecadd_launch(struct rig *r, const struct vecadd *v)
{
    struct simtref_launch l = { 2, 8, v->args, 0 };
    assert_int_equal(simtref_launch(r->sm, &l), SIMTREF_OK);
}

static void vecadd_runs_and_its_result_is_right(void **state)
{
    struct rig r;
    struct vecadd v;
    struct simtref_stats st;
    uint32_t c[N];
    unsigned n;

    (void)state;
    open_rig(&r, VECADD);
    assert_string_equal(simtref_sm_config_name(r.sm), "tiny");
    vecadd_inputs(&r, &v);
    vecadd_launch(&r, &v);
    assert_int_equal(simtref_run(r.sm, 0, NULL, 0, NULL), SIMTREF_OK);
    assert_int_equal(simtref_read_words(r.sm, v.c, c, N), SIMTREF_OK);
    for (uint32_t i = 0; i < N; i++)
        assert_int_equal(c[i], v.x[i] + v.y[i]);
    assert_int_equal(simtref_stats(r.sm, &st), SIMTREF_OK);
    assert_true(st.cycles > 0);
    assert_int_equal(st.tbs_done, 2);
    assert_true(st.thread_instructions >= st.warp_instructions);
    assert_int_equal(simtref_exit_codes(r.sm, NULL, 0, &n), SIMTREF_OK);
    assert_int_equal(n, 0);
    simtref_ctx_destroy(r.ctx);
}

static void a_second_launch_runs_as_the_first(void **state)
{
    struct rig r;
    struct vecadd v;
    struct simtref_stats s1, s2;

    (void)state;
    open_rig(&r, VECADD);
    vecadd_inputs(&r, &v);
    vecadd_launch(&r, &v);
    assert_int_equal(simtref_run(r.sm, 0, NULL, 0, NULL), SIMTREF_OK);
    assert_int_equal(simtref_stats(r.sm, &s1), SIMTREF_OK);
    vecadd_launch(&r, &v);
    assert_int_equal(simtref_run(r.sm, 0, NULL, 0, NULL), SIMTREF_OK);
    assert_int_equal(simtref_stats(r.sm, &s2), SIMTREF_OK);
    assert_int_equal(s1.cycles, s2.cycles);
    assert_int_equal(s1.warp_instructions, s2.warp_instructions);
    assert_int_equal(s1.idle_cycles, s2.idle_cycles);
    simtref_ctx_destroy(r.ctx);
}

struct progress { unsigned calls; uint64_t last; unsigned stop_at; };

static int on_progress(void *user, uint64_t cycles)
{
    struct progress *p = user;

    assert_true(cycles > p->last);
    p->last = cycles;
    return ++p->calls == p->stop_at;
}

static void a_progress_callback_changes_no_count(void **state)
{
    struct rig r1, r2;
    struct vecadd v1, v2;
    struct simtref_stats s1, s2;
    struct progress p = { 0, 0, 0 };

    (void)state;
    open_rig(&r1, VECADD);
    vecadd_inputs(&r1, &v1);
    vecadd_launch(&r1, &v1);
    assert_int_equal(simtref_run(r1.sm, 0, NULL, 0, NULL), SIMTREF_OK);
    open_rig(&r2, VECADD);
    vecadd_inputs(&r2, &v2);
    vecadd_launch(&r2, &v2);
    assert_int_equal(simtref_run(r2.sm, 0, on_progress, 100, &p), SIMTREF_OK);
    assert_int_equal(simtref_stats(r1.sm, &s1), 0);
    assert_int_equal(simtref_stats(r2.sm, &s2), 0);
    assert_int_equal(p.calls, s1.cycles / 100);
    assert_int_equal(s1.cycles, s2.cycles);
    assert_int_equal(s1.warp_instructions, s2.warp_instructions);
    assert_int_equal(s1.thread_instructions, s2.thread_instructions);
    assert_int_equal(s1.idle_cycles, s2.idle_cycles);
    /* a callback that says stop ends the run */
    vecadd_launch(&r2, &v2);
    p = (struct progress){ 0, 0, 3 };
    assert_int_equal(simtref_run(r2.sm, 0, on_progress, 100, &p),
                     SIMTREF_ECANCEL);
    message_has(&r2, "stopped the run at cycle 300", NULL);
    simtref_ctx_destroy(r1.ctx);
    simtref_ctx_destroy(r2.ctx);
}

static void overlapping_buffers_are_refused_naming_both(void **state)
{
    struct rig r;

    (void)state;
    open_rig(&r, NULL);
    assert_int_equal(simtref_buffer_at(r.sm, "in", SIMTREF_GLOBAL_BASE + 64,
                                       64), SIMTREF_OK);
    assert_int_equal(simtref_buffer_at(r.sm, "out", SIMTREF_GLOBAL_BASE + 124,
                                       8), SIMTREF_EOVERLAP);
    message_has(&r, "buffer 'out'", "overlaps buffer 'in'");
    assert_int_equal(simtref_buffer_at(r.sm, "below", SIMTREF_GLOBAL_BASE + 4,
                                       64), SIMTREF_EOVERLAP);
    message_has(&r, "buffer 'below'", "buffer 'in'");
    /* touching is not overlapping */
    assert_int_equal(simtref_buffer_at(r.sm, "after", SIMTREF_GLOBAL_BASE + 128,
                                       8), SIMTREF_OK);
    assert_int_equal(simtref_buffer_at(r.sm, "before", SIMTREF_GLOBAL_BASE,
                                       64), SIMTREF_OK);
    simtref_ctx_destroy(r.ctx);
}

static void buffers_past_global_memory_are_refused(void **state)
{
    struct rig r;
    uint32_t a, size;

    (void)state;
    open_rig(&r, NULL);
    size = simtref_sm_global_bytes(r.sm);
    assert_int_equal(size, SIMTREF_GLOBAL_BYTES_DEFAULT);
    assert_int_equal(simtref_buffer_at(r.sm, "tail", SIMTREF_GLOBAL_BASE
                                       + size - 4, 8), SIMTREF_ERANGE);
    message_has(&r, "buffer 'tail'", "runs past global memory");
    assert_int_equal(simtref_buffer_at(r.sm, "low", 0x1000, 4),
                     SIMTREF_ERANGE);
    message_has(&r, "buffer 'low'", NULL);
    assert_int_equal(simtref_alloc(r.sm, "half", size / 2, &a), SIMTREF_OK);
    assert_int_equal(a, SIMTREF_GLOBAL_BASE);
    assert_int_equal(simtref_alloc(r.sm, "big", size / 2 + 16, &a),
                     SIMTREF_ERANGE);
    message_has(&r, "buffer 'big'", "runs past global memory");
    /* exactly what is left still fits */
    assert_int_equal(simtref_alloc(r.sm, "rest", size / 2, &a), SIMTREF_OK);
    simtref_ctx_destroy(r.ctx);
}

static void accesses_outside_a_buffer_are_refused(void **state)
{
    struct rig r;
    uint32_t a, w[4] = { 1, 2, 3, 4 };

    (void)state;
    open_rig(&r, NULL);
    assert_int_equal(simtref_alloc(r.sm, "small", 12, &a), SIMTREF_OK);
    assert_int_equal(simtref_write_words(r.sm, a, w, 4), SIMTREF_ERANGE);
    message_has(&r, "runs out of buffer 'small'", NULL);
    assert_int_equal(simtref_write_words(r.sm, a + 4096, w, 1),
                     SIMTREF_ERANGE);
    message_has(&r, "is in no buffer", NULL);
    assert_int_equal(simtref_write_words(r.sm, a, w, 3), SIMTREF_OK);
    simtref_ctx_destroy(r.ctx);
}

static void reads_of_memory_never_written_are_refused(void **state)
{
    struct rig r;
    struct vecadd v;
    uint32_t spare, w[N];

    (void)state;
    open_rig(&r, VECADD);
    vecadd_inputs(&r, &v);
    assert_int_equal(simtref_alloc(r.sm, "spare", 16, &spare), SIMTREF_OK);
    /* c before the run: never written */
    assert_int_equal(simtref_read_words(r.sm, v.c, w, 1), SIMTREF_EUNWRITTEN);
    message_has(&r, "word 0 of buffer 'c'", "never written");
    /* a write of two bytes makes their word written, not the next one */
    assert_int_equal(simtref_write(r.sm, spare + 4, "ab", 2), SIMTREF_OK);
    assert_int_equal(simtref_read(r.sm, spare + 4, w, 4), SIMTREF_OK);
    assert_int_equal(simtref_read(r.sm, spare + 4, w, 8), SIMTREF_EUNWRITTEN);
    message_has(&r, "word 2 of buffer 'spare'", NULL);
    vecadd_launch(&r, &v);
    assert_int_equal(simtref_run(r.sm, 0, NULL, 0, NULL), SIMTREF_OK);
    /* after the run: written by the threads */
    assert_int_equal(simtref_read_words(r.sm, v.c, w, N), SIMTREF_OK);
    /* what no thread wrote stays unwritten */
    assert_int_equal(simtref_read_words(r.sm, spare, w, 1),
                     SIMTREF_EUNWRITTEN);
    message_has(&r, "word 0 of buffer 'spare'", NULL);
    assert_int_equal(simtref_fill_zero(r.sm, spare, 16), SIMTREF_OK);
    assert_int_equal(simtref_read_words(r.sm, spare, w, 4), SIMTREF_OK);
    assert_int_equal(w[3], 0);
    simtref_ctx_destroy(r.ctx);
}

static void a_launch_before_a_load_is_refused(void **state)
{
    struct rig r;
    struct simtref_launch l = { 1, 1, 0, 0 };

    (void)state;
    open_rig(&r, NULL);
    assert_int_equal(simtref_launch(r.sm, &l), SIMTREF_ESTATE);
    message_has(&r, "SM 1 (tiny)", "before a kernel was loaded");
    assert_int_equal(simtref_run(r.sm, 0, NULL, 0, NULL), SIMTREF_ESTATE);
    message_has(&r, "SM 1 (tiny)", "before a kernel was loaded");
    simtref_ctx_destroy(r.ctx);
}

static void a_run_of_a_freed_sm_is_refused(void **state)
{
    struct rig r;
    struct vecadd v;
    simtref_sm *other;
    uint32_t w;

    (void)state;
    open_rig(&r, VECADD);
    vecadd_inputs(&r, &v);
    vecadd_launch(&r, &v);
    assert_int_equal(simtref_run(r.sm, 0, NULL, 0, NULL), SIMTREF_OK);
    /* one launch runs once */
    assert_int_equal(simtref_run(r.sm, 0, NULL, 0, NULL), SIMTREF_ESTATE);
    message_has(&r, "SM 1 (tiny)", "the launch ran");
    assert_int_equal(simtref_sm_open_preset(r.ctx, "fermi-harp", NULL, 0,
                                            &other), SIMTREF_OK);
    simtref_sm_free(r.sm);
    simtref_sm_free(r.sm);            /* twice: nothing */
    assert_int_equal(simtref_run(r.sm, 0, NULL, 0, NULL), SIMTREF_EFREED);
    message_has(&r, "simtref_run: SM 1 (tiny) was freed", NULL);
    assert_int_equal(simtref_read_words(r.sm, v.c, &w, 1), SIMTREF_EFREED);
    assert_int_equal(simtref_load(r.sm, VECADD), SIMTREF_EFREED);
    assert_int_equal(simtref_alloc(r.sm, "x", 4, &w), SIMTREF_EFREED);
    /* the other SM of the context is untouched */
    assert_int_equal(simtref_alloc(other, "x", 4, &w), SIMTREF_OK);
    assert_string_equal(simtref_error(r.ctx), "");
    simtref_ctx_destroy(r.ctx);
}

static void bad_configurations_and_files_are_refused(void **state)
{
    simtref_ctx *ctx;
    simtref_sm *sm = NULL;
    const char *bad_set[] = { "warp_size=3" };
    const char *good_set[] = { "scheduler=gto" };

    (void)state;
    assert_int_equal(simtref_ctx_create(&ctx), SIMTREF_OK);
    assert_int_equal(simtref_sm_open_preset(ctx, "no-such-preset", NULL, 0,
                                            &sm), SIMTREF_ECONFIG);
    assert_null(sm);
    assert_non_null(strstr(simtref_error(ctx), "no-such-preset"));
    assert_int_equal(simtref_sm_open_preset(ctx, "tiny", bad_set, 1, &sm),
                     SIMTREF_ECONFIG);
    assert_non_null(strstr(simtref_error(ctx), "warp_size"));
    assert_int_equal(simtref_sm_open_file(ctx, "no/such.conf", NULL, 0, &sm),
                     SIMTREF_ECONFIG);
    assert_int_equal(simtref_sm_open_preset(ctx, "tiny", good_set, 1, &sm),
                     SIMTREF_OK);
    assert_int_equal(simtref_load(sm, "no/such.elf"), SIMTREF_EELF);
    assert_non_null(strstr(simtref_error(ctx), "no/such.elf"));
    assert_int_equal(simtref_load(sm, NULL), SIMTREF_EINVAL);
    assert_string_equal(simtref_status_name(SIMTREF_EUNWRITTEN),
                        "SIMTREF_EUNWRITTEN");
    assert_string_equal(simtref_status_name(7), "?");
    simtref_ctx_destroy(ctx);
}

static void a_launch_that_does_not_fit_is_refused(void **state)
{
    struct rig r;
    struct vecadd v;
    struct simtref_launch l = { 1, 1024, 0, 0 };

    (void)state;
    open_rig(&r, VECADD);
    vecadd_inputs(&r, &v);
    l.args = v.args;
    assert_int_equal(simtref_launch(r.sm, &l), SIMTREF_ELAUNCH);
    l.block = 8;
    l.args = v.c;                       /* never written */
    assert_int_equal(simtref_launch(r.sm, &l), SIMTREF_EUNWRITTEN);
    message_has(&r, "the argument block at", "buffer 'c'");
    simtref_ctx_destroy(r.ctx);
}

static void the_cycle_limit_ends_a_run(void **state)
{
    struct rig r;
    struct vecadd v;
    struct simtref_stats st;

    (void)state;
    open_rig(&r, VECADD);
    vecadd_inputs(&r, &v);
    vecadd_launch(&r, &v);
    assert_int_equal(simtref_run(r.sm, 50, NULL, 0, NULL), SIMTREF_ELIMIT);
    message_has(&r, "not done after the limit of 50 cycles", NULL);
    assert_int_equal(simtref_stats(r.sm, &st), SIMTREF_OK);
    assert_int_equal(st.cycles, 50);
    simtref_ctx_destroy(r.ctx);
}

static void non_zero_exit_codes_end_the_run_with_their_threads(void **state)
{
    struct rig r;
    struct simtref_exit e[4];
    struct simtref_launch l = { 1, 4, 0, 0 };
    uint32_t out, w[4];
    unsigned n;

    (void)state;
    open_rig(&r, EXITCODE);
    assert_int_equal(simtref_alloc(r.sm, "out", 16, &out), SIMTREF_OK);
    l.args = out;
    assert_int_equal(simtref_fill_zero(r.sm, out, 16), SIMTREF_OK);
    assert_int_equal(simtref_launch(r.sm, &l), SIMTREF_OK);
    assert_int_equal(simtref_run(r.sm, 0, NULL, 0, NULL), SIMTREF_EEXIT);
    message_has(&r, "2 threads exited with a non-zero code", NULL);
    assert_int_equal(simtref_exit_codes(r.sm, e, 4, &n), SIMTREF_OK);
    assert_int_equal(n, 2);
    assert_int_equal(e[0].tid, 1);
    assert_int_equal(e[0].code, 7);
    assert_int_equal(e[1].tid, 3);
    assert_int_equal(e[1].code, 7);
    /* the grid ran to its end: every thread stored tid + 1 */
    assert_int_equal(simtref_read_words(r.sm, out, w, 4), SIMTREF_OK);
    for (unsigned t = 0; t < 4; t++)
        assert_int_equal(w[t], t + 1);
    simtref_ctx_destroy(r.ctx);
}

static void the_statistics_json_is_one_object(void **state)
{
    struct rig r;
    struct vecadd v;
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);

    (void)state;
    assert_non_null(f);
    open_rig(&r, VECADD);
    vecadd_inputs(&r, &v);
    assert_int_equal(simtref_stats_json(r.sm, f), SIMTREF_ESTATE);
    vecadd_launch(&r, &v);
    assert_int_equal(simtref_run(r.sm, 0, NULL, 0, NULL), SIMTREF_OK);
    assert_int_equal(simtref_stats_json(r.sm, f), SIMTREF_OK);
    assert_int_equal(fclose(f), 0);
    assert_true(text[0] == '{' && strstr(text, "\"cycles\": ")
                && strstr(text, "\"lsu\": {") && text[len - 2] == '}');
    free(text);
    simtref_ctx_destroy(r.ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(vecadd_runs_and_its_result_is_right),
        cmocka_unit_test(a_second_launch_runs_as_the_first),
        cmocka_unit_test(a_progress_callback_changes_no_count),
        cmocka_unit_test(overlapping_buffers_are_refused_naming_both),
        cmocka_unit_test(buffers_past_global_memory_are_refused),
        cmocka_unit_test(accesses_outside_a_buffer_are_refused),
        cmocka_unit_test(reads_of_memory_never_written_are_refused),
        cmocka_unit_test(a_launch_before_a_load_is_refused),
        cmocka_unit_test(a_run_of_a_freed_sm_is_refused),
        cmocka_unit_test(bad_configurations_and_files_are_refused),
        cmocka_unit_test(a_launch_that_does_not_fit_is_refused),
        cmocka_unit_test(the_cycle_limit_ends_a_run),
        cmocka_unit_test(non_zero_exit_codes_end_the_run_with_their_threads),
        cmocka_unit_test(the_statistics_json_is_one_object),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
