/*
 * test_regfile.c -- the SM's register file through its ports alone: a
 * write is read back from the next cycle, x0 reads 0, each lane is its own
 * bank, and under harp each bank reads at its lane's own offset (HARP
 * section 8); the storage figure.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "config.h"
#include "regfile.h"
#include "test_load.h"

/* A register file of preset `preset` under reconvergence mode `mode`. */
static void make(struct regfile *rf, const char *preset, const char *mode)
{
    struct simt_config cfg = load(preset);
    char err[CONFIG_ERR_LEN];

    if (config_set(&cfg, "reconvergence", mode, err, sizeof err) != 0)
        fail_msg("%s", err);
    if (regfile_init(rf, &cfg, err, sizeof err) != 0)
        fail_msg("%s", err);
}

static struct regfile_in idle(void)
{
    struct regfile_in in;
    memset(&in, 0, sizeof in);
    return in;
}

/* One cycle in which lane l writes value v to register rd of slot g. */
static void write(struct regfile *rf, unsigned l, unsigned g, unsigned rd,
                  uint32_t v)
{
    struct regfile_in in = idle();

    in.write = 1ull << l;
    in.wslot[l] = (uint16_t)g;
    in.rd[l] = (uint8_t)rd;
    in.wdata[l] = v;
    regfile_step(rf, &in);
}

/* What lane l's port rs1 reads of register r of the issuing slot g (and,
 * with offsets, of slot `offset`). */
static uint32_t read(const struct regfile *rf, unsigned l, unsigned g,
                     unsigned offset, unsigned r)
{
    struct regfile_in in = idle();
    struct regfile_out out;

    in.read = 1ull << l;
    in.slot = g;
    in.offset[l] = (uint16_t)offset;
    in.rs1[l] = (uint8_t)r;
    in.rs2[l] = (uint8_t)r;
    regfile_eval(rf, &in, &out);
    assert_int_equal(out.rs1[l], out.rs2[l]);
    return out.rs1[l];
}

static void a_write_is_read_back_from_the_next_cycle_not_in_its_own(void **state)
{
    struct regfile rf;
    struct regfile_in in = idle();
    struct regfile_out out;

    (void)state;
    make(&rf, "fermi-sbr", "sbr");
    /* the same cycle: lane 3 writes x5 of slot 7 and reads it */
    in.read = in.write = 1ull << 3;
    in.slot = 7;
    in.rs1[3] = 5;
    in.wslot[3] = 7;
    in.rd[3] = 5;
    in.wdata[3] = 0xdeadbeefu;
    regfile_eval(&rf, &in, &out);
    assert_int_equal(out.rs1[3], 0);        /* the old value */
    regfile_step(&rf, &in);
    assert_int_equal(read(&rf, 3, 7, 7, 5), 0xdeadbeefu);
    /* a cycle without a write keeps it */
    in = idle();
    regfile_step(&rf, &in);
    assert_int_equal(read(&rf, 3, 7, 7, 5), 0xdeadbeefu);
    regfile_free(&rf);
}

static void x0_reads_zero_whatever_is_written_to_it(void **state)
{
    struct regfile rf;

    (void)state;
    make(&rf, "fermi-sbr", "sbr");
    write(&rf, 0, 0, 0, 0x12345678u);
    assert_int_equal(read(&rf, 0, 0, 0, 0), 0);
    /* and the write went nowhere else: x1 of the same thread is 0 */
    assert_int_equal(read(&rf, 0, 0, 0, 1), 0);
    regfile_free(&rf);
}

static void each_lane_and_each_slot_is_its_own_thread_s_registers(void **state)
{
    struct regfile rf;
    unsigned lanes, slots;

    (void)state;
    make(&rf, "fermi-sbr", "sbr");
    lanes = rf.g.lanes;
    slots = rf.g.slots;
    assert_true(lanes >= 2 && slots >= 2);
    /* every thread's x9 a value of its own */
    for (unsigned g = 0; g < slots; g++)
        for (unsigned l = 0; l < lanes; l++)
            write(&rf, l, g, 9, 1000u * g + l);
    for (unsigned g = 0; g < slots; g++)
        for (unsigned l = 0; l < lanes; l++)
            assert_int_equal(read(&rf, l, g, g, 9), 1000u * g + l);
    /* one warp-instruction: every lane reads its own bank at once */
    {
        struct regfile_in in = idle();
        struct regfile_out out;

        in.read = lanes == 64 ? ~0ull : (1ull << lanes) - 1;
        in.slot = 1;
        for (unsigned l = 0; l < lanes; l++) {
            in.rs1[l] = 9;
            in.rs2[l] = 0;
        }
        regfile_eval(&rf, &in, &out);
        for (unsigned l = 0; l < lanes; l++) {
            assert_int_equal(out.rs1[l], 1000u + l);
            assert_int_equal(out.rs2[l], 0);
        }
    }
    regfile_free(&rf);
}

static void under_harp_a_lane_reads_another_warp_s_thread_at_its_offset(void **state)
{
    struct regfile rf;

    (void)state;
    make(&rf, "fermi-harp", "harp");
    assert_true(rf.g.offsets);
    write(&rf, 2, 5, 4, 0x55u);     /* lane 2's thread of slot 5 */
    write(&rf, 2, 9, 4, 0x99u);     /* lane 2's thread of slot 9 */
    /* a First-Level slot issued as slot 9, lane 2 holding slot 5's
     * thread: its bank reads slot 5's row */
    assert_int_equal(read(&rf, 2, 9, 5, 4), 0x55u);
    assert_int_equal(read(&rf, 2, 5, 9, 4), 0x99u);
    regfile_free(&rf);
}

static void without_harp_every_bank_reads_the_issuing_warp_s_row(void **state)
{
    struct regfile rf;

    (void)state;
    make(&rf, "fermi-harp", "sbr");
    assert_false(rf.g.offsets);
    write(&rf, 2, 5, 4, 0x55u);
    write(&rf, 2, 9, 4, 0x99u);
    assert_int_equal(read(&rf, 2, 9, 5, 4), 0x99u);
    regfile_free(&rf);
}

static void the_storage_is_31_registers_of_32_bits_per_thread_slot(void **state)
{
    struct regfile rf;
    struct simt_config cfg = load("fermi-harp");
    unsigned threads = cfg.threads_per_scheduler * cfg.schedulers;

    (void)state;
    make(&rf, "fermi-harp", "harp");
    assert_int_equal(rf.g.lanes * rf.g.slots, threads);
    assert_int_equal(regfile_state_bits(&rf.g), (unsigned long)threads * 31 * 32);
    regfile_free(&rf);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_write_is_read_back_from_the_next_cycle_not_in_its_own),
        cmocka_unit_test(x0_reads_zero_whatever_is_written_to_it),
        cmocka_unit_test(each_lane_and_each_slot_is_its_own_thread_s_registers),
        cmocka_unit_test(under_harp_a_lane_reads_another_warp_s_thread_at_its_offset),
        cmocka_unit_test(without_harp_every_bank_reads_the_issuing_warp_s_row),
        cmocka_unit_test(the_storage_is_31_registers_of_32_bits_per_thread_slot),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
