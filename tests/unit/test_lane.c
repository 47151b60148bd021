/*
 * test_lane.c -- one lane's integer datapath through its ports alone:
 * directed cases of each instruction class (ALU, multiply and divide with
 * the RISC-V M extension's corner cases, loads, stores, an AMO, LR/SC, a
 * CSR read, branches and jumps, the SIMT extension) and the errors the
 * lane reports.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "config.h"
#include "lane.h"
#include "test_load.h"

#define PC 0x00010040u

/* The lane under test, with the decoded instruction it is given. */
struct fixture {
    struct lane lane;
    struct rv32_insn insn;
    struct lane_in in;
};

static int setup(void **state)
{
    static struct fixture f;
    struct simt_config cfg = load("fermi-harp");
    char err[CONFIG_ERR_LEN];

    memset(&f, 0, sizeof f);
    if (lane_init(&f.lane, &cfg, err, sizeof err) != 0)
        fail_msg("%s", err);
    f.in.insn = &f.insn;
    f.in.pc = PC;
    for (unsigned k = 0; k < LANE_CSRS; k++)
        f.in.csr[k] = 100 + k;
    f.in.csr_present = (1u << LANE_CSRS) - 1;
    *state = &f;
    return 0;
}

/* The outputs of instruction op (rd, rs1, rs2 the register numbers, imm)
 * on operand values a and b, the memory answering rdata. */
static struct lane_out run(struct fixture *f, enum rv32_op op, unsigned rd,
                           unsigned rs1, unsigned rs2, int32_t imm,
                           uint32_t a, uint32_t b, uint32_t rdata)
{
    struct lane_out out;

    memset(&f->insn, 0, sizeof f->insn);
    f->insn.op = op;
    f->insn.rd = (uint8_t)rd;
    f->insn.rs1 = (uint8_t)rs1;
    f->insn.rs2 = (uint8_t)rs2;
    f->insn.imm = imm;
    f->in.rs1 = a;
    f->in.rs2 = b;
    f->in.mem_rdata = rdata;
    lane_eval(&f->lane, &f->in, &out);
    return out;
}

/* The value op writes to x3 from a and b (an R-type, no memory). */
static uint32_t r3(struct fixture *f, enum rv32_op op, uint32_t a, uint32_t b)
{
    struct lane_out o = run(f, op, 3, 1, 2, 0, a, b, 0);

    assert_int_equal(o.status, RV32_OK);
    assert_true(o.rd_write);
    assert_false(o.mem);
    assert_int_equal(o.next_pc, PC + 4);
    return o.rd_value;
}

static void the_alu_adds_subtracts_compares_and_shifts(void **state)
{
    struct fixture *f = *state;
    struct lane_out o;

    assert_int_equal(r3(f, RV32_ADD, 0xffffffffu, 2), 1);
    assert_int_equal(r3(f, RV32_SUB, 1, 2), 0xffffffffu);
    assert_int_equal(r3(f, RV32_SLT, 0xffffffffu, 1), 1);     /* -1 < 1 */
    assert_int_equal(r3(f, RV32_SLTU, 0xffffffffu, 1), 0);
    assert_int_equal(r3(f, RV32_SRA, 0x80000000u, 33), 0xc0000000u);
    assert_int_equal(r3(f, RV32_SRL, 0x80000000u, 1), 0x40000000u);
    o = run(f, RV32_SRAI, 3, 1, 0, 4, 0xfffffff0u, 0, 0);
    assert_int_equal(o.rd_value, 0xffffffffu);
    o = run(f, RV32_LUI, 3, 0, 0, (int32_t)0x12345000, 0, 0, 0);
    assert_int_equal(o.rd_value, 0x12345000u);
    o = run(f, RV32_AUIPC, 3, 0, 0, 0x1000, 0, 0, 0);
    assert_int_equal(o.rd_value, PC + 0x1000);
}

static void x0_as_destination_is_not_written(void **state)
{
    struct fixture *f = *state;
    struct lane_out o = run(f, RV32_ADDI, 0, 1, 0, 5, 7, 0, 0);

    assert_int_equal(o.status, RV32_OK);
    assert_false(o.rd_write);
}

static void multiply_gives_each_half_of_the_product(void **state)
{
    struct fixture *f = *state;

    assert_int_equal(r3(f, RV32_MUL, 0x10001u, 0x10001u), 0x00020001u);
    assert_int_equal(r3(f, RV32_MULH, 0xffffffffu, 0xffffffffu), 0);
    assert_int_equal(r3(f, RV32_MULHU, 0xffffffffu, 0xffffffffu),
                     0xfffffffeu);
    /* -1 (signed) x 0xffffffff (unsigned) = -0xffffffff */
    assert_int_equal(r3(f, RV32_MULHSU, 0xffffffffu, 0xffffffffu),
                     0xffffffffu);
    assert_int_equal(r3(f, RV32_MULH, 0x80000000u, 0x80000000u),
                     0x40000000u);
}

static void division_by_zero_gives_all_ones_and_the_dividend(void **state)
{
    struct fixture *f = *state;

    /* RISC-V M: the quotient of x / 0 has all bits set, the remainder is x */
    assert_int_equal(r3(f, RV32_DIV, 7, 0), 0xffffffffu);
    assert_int_equal(r3(f, RV32_DIVU, 7, 0), 0xffffffffu);
    assert_int_equal(r3(f, RV32_REM, 0xfffffff9u, 0), 0xfffffff9u);
    assert_int_equal(r3(f, RV32_REMU, 7, 0), 7);
}

static void signed_division_overflow_gives_the_dividend_and_remainder_zero(void **state)
{
    struct fixture *f = *state;

    /* RISC-V M: -2^31 / -1 = -2^31, remainder 0 */
    assert_int_equal(r3(f, RV32_DIV, 0x80000000u, 0xffffffffu), 0x80000000u);
    assert_int_equal(r3(f, RV32_REM, 0x80000000u, 0xffffffffu), 0);
    /* and an ordinary division rounds toward zero */
    assert_int_equal(r3(f, RV32_DIV, 0xfffffff9u, 2), 0xfffffffdu);  /* -3 */
    assert_int_equal(r3(f, RV32_REM, 0xfffffff9u, 2), 0xffffffffu);  /* -1 */
}

static void a_load_requests_its_address_and_extends_the_data(void **state)
{
    struct fixture *f = *state;
    struct lane_out o = run(f, RV32_LB, 5, 1, 0, -4, 0x10000104u, 0,
                            0x12345680u);

    assert_int_equal(o.status, RV32_OK);
    assert_true(o.mem);
    assert_false(o.mem_write);
    assert_int_equal(o.mem_addr, 0x10000100u);
    assert_int_equal(o.mem_bytes, 1);
    assert_true(o.rd_write);
    assert_int_equal(o.rd_value, 0xffffff80u);
    o = run(f, RV32_LHU, 5, 1, 0, 2, 0x10000100u, 0, 0x1234f680u);
    assert_int_equal(o.mem_bytes, 2);
    assert_int_equal(o.rd_value, 0xf680u);
}

static void a_misaligned_load_is_refused_before_any_write(void **state)
{
    struct fixture *f = *state;
    struct lane_out o = run(f, RV32_LW, 5, 1, 0, 2, 0x10000100u, 0, 0);

    assert_int_equal(o.status, RV32_ERR_MISALIGNED);
    assert_false(o.rd_write);
    assert_int_equal(o.mem_addr, 0x10000102u);
    assert_int_equal(o.next_pc, PC);
}

static void a_store_requests_its_bytes_of_rs2(void **state)
{
    struct fixture *f = *state;
    struct lane_out o = run(f, RV32_SH, 0, 1, 2, 6, 0x10000000u,
                            0xabcd1234u, 0);

    assert_int_equal(o.status, RV32_OK);
    assert_true(o.mem && o.mem_write);
    assert_int_equal(o.mem_addr, 0x10000006u);
    assert_int_equal(o.mem_bytes, 2);
    assert_int_equal(o.mem_wdata, 0x1234u);
    assert_false(o.rd_write);
}

static void an_amo_requests_a_word_and_returns_the_old_value(void **state)
{
    struct fixture *f = *state;
    struct lane_out o = run(f, RV32_AMOADD_W, 6, 1, 2, 0, 0x10000010u, 5,
                            40);

    assert_int_equal(o.status, RV32_OK);
    assert_true(o.mem && o.mem_write);
    assert_int_equal(o.mem_addr, 0x10000010u);
    assert_int_equal(o.mem_bytes, 4);
    assert_int_equal(o.mem_wdata, 5);
    assert_int_equal(o.rd_value, 40);
    assert_int_equal(lane_amo_result(RV32_AMOADD_W, 40, 5), 45);
    assert_int_equal(lane_amo_result(RV32_AMOMIN_W, 0xffffffffu, 1),
                     0xffffffffu);
    assert_int_equal(lane_amo_result(RV32_AMOMINU_W, 0xffffffffu, 1), 1);
    o = run(f, RV32_AMOSWAP_W, 6, 1, 2, 0, 0x10000012u, 5, 0);
    assert_int_equal(o.status, RV32_ERR_MISALIGNED);
}

static void sc_writes_rd_with_the_memory_s_answer(void **state)
{
    struct fixture *f = *state;

    assert_int_equal(run(f, RV32_SC_W, 7, 1, 2, 0, 0x10000000u, 9, 0)
                     .rd_value, 0);
    assert_int_equal(run(f, RV32_SC_W, 7, 1, 2, 0, 0x10000000u, 9, 1)
                     .rd_value, 1);
    assert_false(run(f, RV32_LR_W, 7, 1, 0, 0, 0x10000000u, 0, 3).mem_write);
}

static void a_csr_read_gives_the_lane_s_input_and_a_write_is_illegal(void **state)
{
    struct fixture *f = *state;
    struct lane_out o;

    o = run(f, RV32_CSRRS, 8, 0, 0, 0, 0, 0, 0);   /* csr 0: no such */
    assert_int_equal(o.status, RV32_ERR_ILLEGAL);
    f->insn.csr = RV32_CSR_LANEID;
    f->in.rs1 = f->in.rs2 = 0;
    lane_eval(&f->lane, &f->in, &o);
    assert_int_equal(o.status, RV32_OK);
    assert_true(o.rd_write);
    assert_int_equal(o.rd_value, 105);
    f->insn.csr = RV32_CSR_CTAID;
    lane_eval(&f->lane, &f->in, &o);
    assert_int_equal(o.rd_value, 102);
    /* a CSR the lane is not given does not exist */
    f->in.csr_present = (uint8_t)~(1u << 2);
    lane_eval(&f->lane, &f->in, &o);
    assert_int_equal(o.status, RV32_ERR_ILLEGAL);
    f->in.csr_present = (1u << LANE_CSRS) - 1;
    /* csrrs with rs1 != x0 writes: illegal, as csrrw is */
    f->insn.rs1 = 1;
    lane_eval(&f->lane, &f->in, &o);
    assert_int_equal(o.status, RV32_ERR_ILLEGAL);
    f->insn.rs1 = 0;
    f->insn.op = RV32_CSRRW;
    lane_eval(&f->lane, &f->in, &o);
    assert_int_equal(o.status, RV32_ERR_ILLEGAL);
    assert_false(o.rd_write);
}

static void a_branch_compares_as_its_kind_says_and_jumps_when_taken(void **state)
{
    struct fixture *f = *state;
    struct lane_out o;

    o = run(f, RV32_BLT, 0, 1, 2, -16, 0xffffffffu, 1, 0);    /* -1 < 1 */
    assert_int_equal(o.status, RV32_OK);
    assert_true(o.branch && o.taken);
    assert_int_equal(o.next_pc, PC - 16);
    o = run(f, RV32_BLTU, 0, 1, 2, -16, 0xffffffffu, 1, 0);
    assert_true(o.branch);
    assert_false(o.taken);
    assert_int_equal(o.next_pc, PC + 4);
    o = run(f, RV32_BEQ, 0, 1, 2, 6, 3, 3, 0);                /* to PC+6 */
    assert_int_equal(o.status, RV32_ERR_MISALIGNED);
    assert_int_equal(o.mem_addr, PC + 6);
    assert_int_equal(o.next_pc, PC);
}

static void a_jump_links_the_next_pc(void **state)
{
    struct fixture *f = *state;
    struct lane_out o;

    o = run(f, RV32_JAL, 1, 0, 0, 0x100, 0, 0, 0);
    assert_int_equal(o.next_pc, PC + 0x100);
    assert_int_equal(o.rd_value, PC + 4);
    o = run(f, RV32_JALR, 0, 5, 0, 3, 0x20001u, 0, 0);       /* bit 0 cleared */
    assert_int_equal(o.next_pc, 0x20004u);
    assert_false(o.rd_write);
}

static void the_simt_extension_reports_barrier_exit_and_priority(void **state)
{
    struct fixture *f = *state;

    assert_int_equal(run(f, RV32_SIMT_BAR, 0, 0, 0, 0, 0, 0, 0).status,
                     RV32_BARRIER);
    assert_int_equal(run(f, RV32_SIMT_EXIT, 0, 0, 0, 0, 0, 0, 0).status,
                     RV32_EXIT);
    assert_int_equal(run(f, RV32_SIMT_PRIO_LOWER, 0, 0, 0, 0, 0, 0, 0).status,
                     RV32_PRIO);
    assert_int_equal(run(f, RV32_ECALL, 0, 0, 0, 0, 0, 0, 0).status,
                     RV32_ERR_ECALL);
    assert_int_equal(run(f, RV32_ILLEGAL, 0, 0, 0, 0, 0, 0, 0).status,
                     RV32_ERR_ILLEGAL);
}

/* The model holds no state; the module's storage is its divider: on
 * fermi-harp (div_latency 145) 32 iterating stages of 99 bits (the last
 * without the 32-bit divisor), then 113 stages carrying the 32-bit value
 * and its valid bit; on tiny (div_latency 8) 8 stages of 4 quotient bits
 * each and no delay. */
static void the_lane_module_holds_only_its_divider_pipeline(void **state)
{
    struct fixture *f = *state;
    struct simt_config tiny = load("tiny");
    struct lane t;
    char err[CONFIG_ERR_LEN];

    assert_int_equal(f->lane.g.div_stages, 32);
    assert_int_equal(f->lane.g.div_delay, 145 - 32);
    assert_int_equal(lane_state_bits(&f->lane.g),
                     32 * (1 + 32 + 32 + 32 + 1 + 1) - 32 + 113 * (1 + 32));
    assert_int_equal(lane_init(&t, &tiny, err, sizeof err), 0);
    assert_int_equal(t.g.div_stages, 8);
    assert_int_equal(t.g.div_delay, 0);
    assert_int_equal(lane_state_bits(&t.g), 8 * 99 - 32);
}

/* Every instruction lane_eval_lanes() takes gives each lane of the mask
 * what lane_eval() gives that lane alone (status OK, next pc + 4, rd's
 * value), on operands that include the division and shift corner cases;
 * every instruction it refuses is one lane_eval() must see lane by lane
 * (a memory access, a branch or jump, a CSR, the SIMT extension). */
static void the_lanes_of_a_warp_compute_what_each_lane_computes_alone(
    void **state)
{
    static const uint32_t corner[] = {
        0, 1, 2, 31, 32, 0x7fffffffu, 0x80000000u, 0xffffffffu,
        0xfffffffeu, 0x12345678u, 0x9abcdef0u
    };
    enum { N = sizeof corner / sizeof corner[0], LANES = 64 };
    struct fixture *f = *state;
    uint32_t a[LANES], b[LANES], rd[LANES];
    uint64_t mask = 0;
    unsigned taken = 0;

    for (unsigned l = 0; l < LANES; l++) {
        a[l] = corner[l % N];
        b[l] = corner[(l / N + 3 * l) % N];
        if (l % 5 != 3)
            mask |= 1ull << l;      /* some lanes inactive */
    }
    for (int op = 0; op <= RV32_SIMT_PRIO_SETOUT; op++) {
        struct lane_out one;

        memset(&f->insn, 0, sizeof f->insn);
        f->insn.op = (enum rv32_op)op;
        f->insn.rd = 3;
        f->insn.rs1 = 1;
        f->insn.rs2 = 2;
        f->insn.imm = -5;
        memset(rd, 0xa5, sizeof rd);
        if (!lane_eval_lanes(&f->lane, &f->insn, PC, mask, a, b, rd)) {
            f->in.rs1 = a[0];
            f->in.rs2 = b[0];
            lane_eval(&f->lane, &f->in, &one);
            assert_true(one.status != RV32_OK || one.mem || one.branch
                        || one.next_pc != PC + 4
                        || op == RV32_ILLEGAL);
            continue;
        }
        taken++;
        for (unsigned l = 0; l < LANES; l++) {
            if (!(mask >> l & 1)) {
                assert_int_equal(rd[l], 0xa5a5a5a5u);   /* untouched */
                continue;
            }
            f->in.rs1 = a[l];
            f->in.rs2 = b[l];
            lane_eval(&f->lane, &f->in, &one);
            assert_int_equal(one.status, RV32_OK);
            assert_false(one.mem);
            assert_int_equal(one.next_pc, PC + 4);
            if (one.rd_write && rd[l] != one.rd_value)
                fail_msg("%s, lane %u: %08x alone, %08x across the warp",
                         rv32_op_name((enum rv32_op)op), l, one.rd_value,
                         rd[l]);
        }
    }
    assert_true(taken >= 30);       /* the ALU, RV32M, LUI, AUIPC, FENCE */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
#define T(name) cmocka_unit_test_setup(name, setup)
        T(the_alu_adds_subtracts_compares_and_shifts),
        T(x0_as_destination_is_not_written),
        T(multiply_gives_each_half_of_the_product),
        T(division_by_zero_gives_all_ones_and_the_dividend),
        T(signed_division_overflow_gives_the_dividend_and_remainder_zero),
        T(a_load_requests_its_address_and_extends_the_data),
        T(a_misaligned_load_is_refused_before_any_write),
        T(a_store_requests_its_bytes_of_rs2),
        T(an_amo_requests_a_word_and_returns_the_old_value),
        T(sc_writes_rd_with_the_memory_s_answer),
        T(a_csr_read_gives_the_lane_s_input_and_a_write_is_illegal),
        T(a_branch_compares_as_its_kind_says_and_jumps_when_taken),
        T(a_jump_links_the_next_pc),
        T(the_simt_extension_reports_barrier_exit_and_priority),
        T(the_lane_module_holds_only_its_divider_pipeline),
        T(the_lanes_of_a_warp_compute_what_each_lane_computes_alone),
#undef T
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
