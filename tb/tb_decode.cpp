// tb_decode.cpp -- lockstep testbench of the decode stage: the generated
// simtref_decode against the C model golden/structures/decode.c.
//
// The model's state is the pre-decoded store of a kernel's text; here a
// kernel is a text of random words, loaded (decode_load_word(),
// decode_load_rpc()) at start and at every kernel launch (reset), each
// word drawn from
// a class: every RV32I and RV32M opcode with legal and illegal funct
// fields, the word AMOs, lr.w and sc.w, Zicsr, fence, ecall and ebreak,
// the SIMT extension's five words and custom-0 words beside them, and
// random words (mostly illegal); an eighth of the PCs are re-convergence
// PCs; and a word of each operation of enum rv32_op, its free bits at
// random (the pattern the module matches, decode_pattern()), so that
// every operation is reached.  Each cycle a PC: mostly a word of the
// text, sometimes one outside it or misaligned.  The module gets the PC's
// word and the store's two flags (a text word, a re-convergence PC);
// every output is compared every cycle: the issue check's fields with the
// stage's table, the executed instruction's (op_o, insn_rd_o, insn_rs1_o,
// insn_rs2_o, imm_o, csr_o) with rv32_decode()'s of the word
// (decode_exec()).  The run fails when an operation was never decoded.
#include <string>

#include "Vsimtref_decode.h"
#include "tb_common.h"

#include "config.h"
#include "decode.h"

namespace {

enum { TEXT_LO = 0x10000, TEXT_WORDS = 4096 };

// The model's state: the decode stage with a kernel's text loaded, and
// the words of that text (the module decodes the word itself).
struct Kernel {
    decode d;                       // the stage and its pre-decoded store
    uint32_t word[TEXT_WORDS];      // the text
    uint64_t launches;              // kernels loaded: the next text's seed
};

// A random word of the classes above.
uint32_t random_word(tb::Rng &rng)
{
    static const uint32_t opcodes[] = {0x37, 0x17, 0x6f, 0x67, 0x63, 0x03,
                                       0x23, 0x13, 0x33, 0x0f, 0x73, 0x2f,
                                       0x0b};
    static const uint32_t amo_f5[] = {0x02, 0x03, 0x01, 0x00, 0x04, 0x0c,
                                      0x08, 0x10, 0x14, 0x18, 0x1c, 0x05};
    uint32_t w = (uint32_t)rng.next();

    switch (rng.below(9)) {
    case 0:                             // anything, mostly illegal
        return w;
    case 8: {                           // an operation's word, free bits random
        auto op = (rv32_op)(1 + rng.below(RV32_N_OPS - 1));
        const struct decode_pattern *p = decode_pattern(op);
        return (w & ~p->mask) | p->match;
    }
    case 1:                             // the SIMT extension's words
        return 0x0000000bu | rng.below(8) << 12;
    case 2:                             // ecall, ebreak, csrr of a SIMT CSR
        return rng.chance(1, 2) ? (rng.chance(1, 2) ? 0x00000073u : 0x00100073u)
                                : (0xcc0u + rng.below(6)) << 20 | 2u << 12
                                      | (w & 0xf80u) | 0x73u;
    case 3: {                           // RV32M and the base ops' funct7s
        static const uint32_t f7[] = {0x00, 0x20, 0x01, 0x40};
        return (w & 0x01fff07fu & ~0x7fu) | f7[rng.below(4)] << 25 | 0x33u;
    }
    case 4: {                           // AMOs (funct3 2, or another)
        uint32_t f3 = rng.chance(7, 8) ? 2 : rng.below(8);
        uint32_t rs2 = rng.chance(1, 2) ? 0 : w >> 20 & 31;
        return amo_f5[rng.below(12)] << 27 | (w & 0x06000000u) | rs2 << 20
               | (w & 0x000f8f80u & ~(7u << 12)) | f3 << 12 | 0x2fu;
    }
    case 5: {                           // shifts with funct7 0, 0x20, other
        static const uint32_t f7[] = {0x00, 0x20, 0x01};
        uint32_t f3 = rng.chance(1, 2) ? 1 : 5;
        return f7[rng.below(3)] << 25 | (w & 0x01ff8f80u & ~(7u << 12))
               | f3 << 12 | 0x13u;
    }
    default:                            // a legal opcode, random fields
        return (w & ~0x7fu) | opcodes[rng.below(13)];
    }
}

void kernel_reset(Kernel *k);

int kernel_init(Kernel *k, const simt_config *cfg, char *msg, size_t len)
{
    k->launches = 0;
    if (decode_init(&k->d, cfg, msg, len) != 0)
        return -1;
    if (decode_load(&k->d, TEXT_LO, TEXT_WORDS) != 0) {
        snprintf(msg, len, "%s: decode: out of memory", cfg->name);
        return -1;
    }
    kernel_reset(k);
    return 0;
}

// A kernel launch: a new text into the store.
void kernel_reset(Kernel *k)
{
    tb::Rng rng(0x5eedull + k->launches++);

    decode_reset(&k->d);
    if (decode_load(&k->d, TEXT_LO, TEXT_WORDS) != 0) {
        std::fprintf(stderr, "tb_decode: out of memory\n");
        std::exit(1);
    }
    for (unsigned i = 0; i < TEXT_WORDS; i++) {
        k->word[i] = random_word(rng);
        decode_load_word(&k->d, TEXT_LO + 4 * i, k->word[i]);
        if (rng.chance(1, 8))
            decode_load_rpc(&k->d, TEXT_LO + 4 * i);
    }
}

// The stage's outputs: the table's fields of the PC's word and the
// executed instruction's, rv32_decode()'s of that word.
struct Out {
    decode_out d;                   // the issue check's fields
    struct decode_exec x;           // the executed instruction's
};

void kernel_eval(const Kernel *k, const decode_in *in, Out *out)
{
    uint32_t i = (in->pc - TEXT_LO) / 4;

    decode_eval(&k->d, in, &out->d);
    out->x = {};
    if (out->d.valid)
        out->x = decode_exec(k->word[i]);
}

void kernel_step(Kernel *k, const decode_in *in)
{
    decode_step(&k->d, in);
}

void kernel_free(Kernel *k)
{
    decode_free(&k->d);
}

// What the run saw.
struct Coverage {
    long units[4] = {0, 0, 0, 0};     // valid words per unit
    long illegal = 0;                 // valid words naming no register
    long outside = 0;                 // PCs outside the text
    long rpc = 0;                     // re-convergence PCs
    long waw_rd_only = 0;             // rd alone (lui, auipc, jal, csr*i)
    long three = 0;                   // rs1, rs2 and rd
    long ops[RV32_N_OPS] = {};        // text words per operation (0: illegal)
    long imm_negative = 0;            // text words with a negative immediate
};

// "op_o (srai decoded as srli)": the operation port's name, with the
// operations compared, for a mismatch's report.
std::string op_signal(unsigned expected, unsigned actual)
{
    return std::string("op_o (") + rv32_op_name((rv32_op)expected)
           + " decoded as " + rv32_op_name((rv32_op)actual) + ")";
}

class Bench {
  public:
    using Top = Vsimtref_decode;
    using Model = tb::CModel<Kernel, decode_in, Out, kernel_init,
                             kernel_reset, kernel_eval, kernel_step,
                             kernel_free>;

    Bench(const simt_config &, uint64_t seed, const std::string &)
        : rng_(seed)
    {
    }

    static bool has_scenario(const simt_config &, const std::string &)
    {
        return false;
    }

    // The PC, and the word the fetch read there (the text's, or anything
    // outside it).
    bool next(long cycle, const Kernel &k, decode_in &in, bool &reset)
    {
        reset = cycle == 0 || rng_.chance(1, 20000);
        // A launch loads the next text into the model after drive() has
        // read the word: the launch's own PC lies outside any text.
        unsigned r = rng_.below(16);
        if (reset)
            in.pc = TEXT_LO - 4;
        else if (r == 0)
            in.pc = (uint32_t)rng_.next();
        else if (r == 1)
            in.pc = TEXT_LO + 4 * TEXT_WORDS + 4 * rng_.below(16);
        else if (r == 2)
            in.pc = TEXT_LO + 4 * rng_.below(TEXT_WORDS) + 1 + rng_.below(3);
        else
            in.pc = TEXT_LO + 4 * rng_.below(TEXT_WORDS);
        kernel_ = &k;
        stray_ = (uint32_t)rng_.next();
        return true;
    }

    void drive(Vsimtref_decode &top, const decode_in &in) const
    {
        uint32_t i = (in.pc - TEXT_LO) / 4;
        bool text = in.pc >= TEXT_LO && (in.pc & 3) == 0 && i < TEXT_WORDS;

        top.word_i = text ? kernel_->word[i] : stray_;
        top.text_i = text;
        top.rpc_i = text ? decode_rpc_flags(&kernel_->d)[i] : (stray_ & 1);
    }

    bool compare(const Vsimtref_decode &top, const Out &exp, long cycle,
                 tb::Mismatch &mm) const
    {
        const decode_out &d = exp.d;
        const struct decode_exec &x = exp.x;
        bool ok = true;
        ok &= tb::expect(mm, cycle, "valid_o", d.valid, top.valid_o);
        ok &= tb::expect(mm, cycle, "rs1_o", d.rs1, top.rs1_o);
        ok &= tb::expect(mm, cycle, "rs2_o", d.rs2, top.rs2_o);
        ok &= tb::expect(mm, cycle, "rd_o", d.rd, top.rd_o);
        ok &= tb::expect(mm, cycle, "unit_o", d.unit, top.unit_o);
        ok &= tb::expect(mm, cycle, "mem_o", d.mem, top.mem_o);
        ok &= tb::expect(mm, cycle, "rpc_o", d.rpc, top.rpc_o);
        ok &= tb::check(mm, cycle, x.op, top.op_o,
                        [&] { return op_signal(x.op, top.op_o); });
        ok &= tb::expect(mm, cycle, "insn_rd_o", x.rd, top.insn_rd_o);
        ok &= tb::expect(mm, cycle, "insn_rs1_o", x.rs1, top.insn_rs1_o);
        ok &= tb::expect(mm, cycle, "insn_rs2_o", x.rs2, top.insn_rs2_o);
        ok &= tb::expect(mm, cycle, "imm_o", x.imm, top.imm_o);
        ok &= tb::expect(mm, cycle, "csr_o", x.csr, top.csr_o);
        return ok;
    }

    void cover(const Kernel &, const decode_in &, const Out &out, bool)
    {
        if (!out.d.valid) {
            cov_.outside++;
            return;
        }
        cov_.units[out.d.unit & 3]++;
        cov_.rpc += out.d.rpc;
        cov_.illegal += !out.d.rs1 && !out.d.rs2 && !out.d.rd;
        cov_.waw_rd_only += out.d.rd && !out.d.rs1 && !out.d.rs2;
        cov_.three += out.d.rd && out.d.rs1 && out.d.rs2;
        cov_.ops[out.x.op < RV32_N_OPS ? out.x.op : 0]++;
        cov_.imm_negative += (int32_t)out.x.imm < 0;
    }

    bool scenario_check(const Vsimtref_decode &, long) const { return true; }

    void after(const Kernel &, const decode_in &, const Out &, bool, long)
    {
    }

    void report() const
    {
        std::string missed;
        long fewest = -1;

        std::printf("coverage: text words on the ALU %ld, multiplier %ld, "
                    "divider %ld, load/store %ld; %ld naming no register, "
                    "%ld only rd, %ld all three; %ld re-convergence PCs, "
                    "%ld PCs outside the text\n",
                    cov_.units[0], cov_.units[1], cov_.units[2],
                    cov_.units[3], cov_.illegal, cov_.waw_rd_only,
                    cov_.three, cov_.rpc, cov_.outside);
        for (unsigned op = 0; op < RV32_N_OPS; op++) {
            if (!cov_.ops[op])
                missed += std::string(missed.empty() ? "" : ", ")
                          + rv32_op_name((rv32_op)op);
            if (op != RV32_ILLEGAL && (fewest < 0 || cov_.ops[op] < fewest))
                fewest = cov_.ops[op];
        }
        std::printf("coverage: text words per operation: %ld illegal, at "
                    "least %ld of each of the %d others; %ld with a "
                    "negative immediate\n", cov_.ops[RV32_ILLEGAL], fewest,
                    RV32_N_OPS - 1, cov_.imm_negative);
        if (!missed.empty())
            std::printf("coverage: operations never decoded: %s\n",
                        missed.c_str());
    }

    bool covered() const
    {
        for (unsigned op = 0; op < RV32_N_OPS; op++)
            if (!cov_.ops[op])
                return false;
        return cov_.units[0] && cov_.units[1] && cov_.units[2]
               && cov_.units[3] && cov_.illegal && cov_.waw_rd_only
               && cov_.three && cov_.rpc && cov_.outside
               && cov_.imm_negative;
    }

    bool scenario_done() const { return false; }

  private:
    tb::Rng rng_;
    const Kernel *kernel_ = nullptr;    // the model's text, for drive()
    uint32_t stray_ = 0;                // the word read outside the text
    Coverage cov_;
};

}  // namespace

int main(int argc, char **argv)
{
    return tb::main_of<Bench>(argc, argv, "tb_decode");
}
