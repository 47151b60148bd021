/*
 * emit_decode.c -- the Verilog of the decode stage (simtref_decode).
 *
 * Ports and behaviour are those of the C model, golden/structures/
 * decode.h: the fields of one text word (decode_word()), the registers it
 * reads and writes, its unit and whether it goes to the load/store unit,
 * with the pre-decoded store's two flags of its PC (a word of the text,
 * a re-convergence PC) passed through; and the instruction as the lanes
 * execute it (decode_exec(): rv32_decode()'s operation, register fields,
 * immediate and CSR), the operation matched against one pattern per
 * operation of enum rv32_op (decode_pattern()).  Combinational: the store
 * that holds the decoded words is the kernel's (decode_memory_bits()).
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "rtlgen.h"
#include "decode.h"
#include "emit_common.h"
#include "rv32.h"

/* The localparams of enum decode_imm, 3 bits (fmt). */
_Static_assert(DECODE_IMM_FORMATS <= 8, "a format is 3 bits");
static const char *const imm_names[DECODE_IMM_FORMATS] = {
    [DECODE_IMM_NONE] = "IMM_NONE", [DECODE_IMM_I] = "IMM_I",
    [DECODE_IMM_S] = "IMM_S", [DECODE_IMM_B] = "IMM_B",
    [DECODE_IMM_U] = "IMM_U", [DECODE_IMM_J] = "IMM_J",
    [DECODE_IMM_SHAMT] = "IMM_SHAMT", [DECODE_IMM_CSR] = "IMM_CSR",
};

static void emit_header(struct vgen *v, const struct simt_config *cfg,
                        const struct decode_geometry *g)
{
    const struct vport ports[] = {
        { NULL, NULL, NULL, "The fetched word and its PC's flags in the pre-decoded store" },
        { "input",  "[31:0]", "word_i",  "the instruction word" },
        { "input",  "",       "text_i",  "its PC is a word of the text" },
        { "input",  "",       "rpc_i",   "its PC is a re-convergence PC" },
        { NULL, NULL, NULL, "Decoded fields (all 0 when text_i is low)" },
        { "output", "",       "valid_o", "a word of the text" },
        { "output", "[4:0]",  "rs1_o",   "register read (0: none)" },
        { "output", "[4:0]",  "rs2_o",   "register read (0: none)" },
        { "output", "[4:0]",  "rd_o",    "register written (0: none)" },
        { "output", "[1:0]",  "unit_o",  "0 ALU, 1 multiplier, 2 divider, 3 load/store" },
        { "output", "",       "mem_o",   "a load, store or atomic" },
        { "output", "",       "rpc_o",   "a branch's re-convergence PC" },
        { NULL, NULL, NULL, "The instruction as the lanes execute it, rv32_decode()'s fields (all 0 when text_i is low)" },
        { "output", "[OP_W-1:0]", "op_o",       "operation, OP_* below (an illegal word: OP_ILLEGAL, 0)" },
        { "output", "[4:0]",  "insn_rd_o",  "the word's rd field, written or not (0: illegal)" },
        { "output", "[4:0]",  "insn_rs1_o", "the word's rs1 field, read or not (0: illegal)" },
        { "output", "[4:0]",  "insn_rs2_o", "the word's rs2 field, read or not (0: illegal)" },
        { "output", "[31:0]", "imm_o",      "immediate, by the format IMM_* below (0: illegal)" },
        { "output", "[11:0]", "csr_o",      "Zicsr: the CSR number" },
    };
    const struct vparam params[] = {
        { "OP_W", rtl_op_bits(), NULL, "operation code (golden/isa/rv32.h)" },
    };

    emit_file_header(v, "simtref_decode.v", "decode stage",
                     "docs/isa.md; C model: golden/structures/decode.c.", cfg);
    vgen_line(v, "// The registers an instruction reads and writes and the unit that");
    vgen_line(v, "// executes it, from its word: RV32I, M, the A extension's word");
    vgen_line(v, "// atomics, Zicsr and the SIMT extension on custom-0 (docs/isa.md).  An");
    vgen_line(v, "// illegal word names no register and goes to the ALU, where execute");
    vgen_line(v, "// reports it.  Beside them the instruction as the lanes execute it,");
    vgen_line(v, "// the fields rv32_decode() gives: its operation (one pattern per");
    vgen_line(v, "// operation; a word matching none is illegal, OP_ILLEGAL), its register");
    vgen_line(v, "// fields, immediate and CSR number.  Combinational; the pre-decoded");
    vgen_line(v, "// store (%u-bit PCs) that keeps the issue check's fields per text word",
              g->pc_bits);
    vgen_line(v, "// is the kernel's.  Storage: %lu bits.", decode_state_bits(g));
    vgen_blank(v);
    vgen_module_begin(v, "simtref_decode", params, sizeof params / sizeof params[0],
                      ports, sizeof ports / sizeof ports[0]);
}

static void emit_fields(struct vgen *v)
{
    vgen_section(v, "The word's fields");
    vgen_line(v, "wire [6:0] opcode = word_i[6:0];");
    vgen_line(v, "wire [2:0] f3     = word_i[14:12];");
    vgen_line(v, "wire [6:0] f7     = word_i[31:25];");
    vgen_line(v, "wire [4:0] f5     = word_i[31:27];");
    vgen_line(v, "wire [4:0] rd     = word_i[11:7];");
    vgen_line(v, "wire [4:0] rs1    = word_i[19:15];");
    vgen_line(v, "wire [4:0] rs2    = word_i[24:20];");
    vgen_line(v, "// sc.w and the amo*.w operations (funct5); lr.w is 5'h02");
    vgen_line(v, "wire       amo_f5 = f5 == 5'h03 || f5 == 5'h01 || f5 == 5'h00 || f5 == 5'h04 ||");
    vgen_line(v, "                    f5 == 5'h0c || f5 == 5'h08 || f5 == 5'h10 || f5 == 5'h14 ||");
    vgen_line(v, "                    f5 == 5'h18 || f5 == 5'h1c;");
}

static void emit_classes(struct vgen *v, enum rtl_defect defect)
{
    vgen_section(v, "Which fields each legal instruction uses, and its unit");
    vgen_line(v, "localparam [1:0] UNIT_ALU = 2'd0, UNIT_MUL = 2'd1, UNIT_DIV = 2'd2,");
    vgen_line(v, "                 UNIT_MEM = 2'd3;");
    vgen_line(v, "reg       use_rs1, use_rs2, use_rd;   // the fields it names");
    vgen_line(v, "reg [1:0] unit;");
    vgen_blank(v);
    vgen_begin(v, "always @*");
    vgen_line(v, "use_rs1 = 1'b0;");
    vgen_line(v, "use_rs2 = 1'b0;");
    vgen_line(v, "use_rd  = 1'b0;");
    vgen_line(v, "unit    = UNIT_ALU;");
    vgen_line(v, "case (opcode)");
    vgen_indent(v);
    vgen_line(v, "7'h37, 7'h17, 7'h6f: use_rd = 1'b1;                 // lui, auipc, jal");
    vgen_line(v, "// jalr");
    vgen_begin(v, "7'h67:");
    vgen_begin(v, "if (f3 == 3'd0)");
    vgen_line(v, "{use_rs1, use_rd} = 2'b11;");
    vgen_end(v);
    vgen_end(v);
    vgen_line(v, "// branches");
    vgen_begin(v, "7'h63:");
    vgen_begin(v, "if (f3 != 3'd2 && f3 != 3'd3)");
    vgen_line(v, "{use_rs1, use_rs2} = 2'b11;");
    vgen_end(v);
    vgen_end(v);
    vgen_line(v, "// loads");
    vgen_begin(v, "7'h03:");
    vgen_begin(v, "if (f3 != 3'd3 && f3 != 3'd6 && f3 != 3'd7)");
    vgen_line(v, "{use_rs1, use_rd} = 2'b11;");
    if (defect == DEFECT_DECODE_LOAD_ON_ALU) {
        vgen_line(v, "// DELIBERATE DEFECT (%s): a load's unit is reported as",
                  rtl_defect_name(defect));
        vgen_line(v, "// the ALU.");
        vgen_line(v, "unit = UNIT_ALU;");
    } else {
        vgen_line(v, "unit = UNIT_MEM;");
    }
    vgen_end(v);
    vgen_end(v);
    vgen_line(v, "// stores");
    vgen_begin(v, "7'h23:");
    vgen_begin(v, "if (f3 == 3'd0 || f3 == 3'd1 || f3 == 3'd2)");
    vgen_line(v, "{use_rs1, use_rs2} = 2'b11;");
    vgen_line(v, "unit = UNIT_MEM;");
    vgen_end(v);
    vgen_end(v);
    vgen_line(v, "// op-imm");
    vgen_begin(v, "7'h13:");
    vgen_line(v, "// slli needs funct7 0; srli 0, srai 0x20");
    vgen_begin(v, "if ((f3 != 3'd1 && f3 != 3'd5) || f7 == 7'h00 || (f3 == 3'd5 && f7 == 7'h20))");
    vgen_line(v, "{use_rs1, use_rd} = 2'b11;");
    vgen_end(v);
    vgen_end(v);
    vgen_line(v, "// op, RV32M");
    vgen_begin(v, "7'h33:");
    vgen_begin(v, "if (f7 == 7'h00 || (f7 == 7'h20 && (f3 == 3'd0 || f3 == 3'd5)))");
    vgen_line(v, "{use_rs1, use_rs2, use_rd} = 3'b111;");
    vgen_elsif(v, "f7 == 7'h01");
    vgen_line(v, "{use_rs1, use_rs2, use_rd} = 3'b111;");
    vgen_line(v, "unit = f3[2] ? UNIT_DIV : UNIT_MUL;");
    vgen_end(v);
    vgen_end(v);
    vgen_line(v, "// Zicsr");
    vgen_begin(v, "7'h73:");
    vgen_begin(v, "if (f3 == 3'd1 || f3 == 3'd2 || f3 == 3'd3)");
    vgen_line(v, "{use_rs1, use_rd} = 2'b11;");
    vgen_elsif(v, "f3 == 3'd5 || f3 == 3'd6 || f3 == 3'd7");
    vgen_line(v, "use_rd = 1'b1;                                   // the *i forms");
    vgen_end(v);
    vgen_end(v);
    vgen_line(v, "// A: word AMOs");
    vgen_begin(v, "7'h2f:");
    vgen_begin(v, "if (f3 == 3'd2 && f5 == 5'h02 && rs2 == 5'd0)");
    vgen_line(v, "{use_rs1, use_rd} = 2'b11;                       // lr.w");
    vgen_line(v, "unit = UNIT_MEM;");
    vgen_elsif(v, "f3 == 3'd2 && amo_f5");
    vgen_line(v, "{use_rs1, use_rs2, use_rd} = 3'b111;             // sc.w, amo*.w");
    vgen_line(v, "unit = UNIT_MEM;");
    vgen_end(v);
    vgen_end(v);
    vgen_line(v, "// fence, ecall, ebreak, the SIMT extension, illegal words: nothing");
    vgen_line(v, "default: ;");
    vgen_dedent(v);
    vgen_line(v, "endcase");
    vgen_end(v);
}

/* The operation codes of enum rv32_op and the immediate's formats. */
static void emit_codes(struct vgen *v, enum rtl_defect defect)
{
    unsigned w = rtl_op_bits();
    char name[40];

    vgen_section(v, "Operation codes (enum rv32_op, golden/isa/rv32.h) and the immediate's formats");
    for (unsigned op = 0; op < RV32_N_OPS; op++) {
        /* the defect names no srai */
        bool unused = op == RV32_SRAI && defect == DEFECT_DECODE_SRAI_AS_SRLI;

        if (unused)
            vgen_line(v, "/* verilator lint_off UNUSEDPARAM */");
        vgen_line(v, "localparam [OP_W-1:0] %-22s = %u'd%u;%s",
                  rtl_op_param(name, sizeof name, (enum rv32_op)op), w, op,
                  unused ? "   // (the defect decodes none)" : "");
        if (unused)
            vgen_line(v, "/* verilator lint_on UNUSEDPARAM */");
    }
    vgen_blank(v);
    vgen_line(v, "// where the immediate comes from (enum decode_imm, golden/structures/decode.h)");
    for (unsigned f = 0; f < DECODE_IMM_FORMATS; f++)
        vgen_line(v, "localparam [2:0]      %-22s = 3'd%u;", imm_names[f], f);
}

/* "32'b0000000_?????_?????_000_?????_0110011": the pattern's bits, '?'
 * where it leaves them free, grouped as funct7, rs2, rs1, funct3, rd and
 * opcode. */
static const char *pattern_bits(char *buf, const struct decode_pattern *p)
{
    size_t i = (size_t)sprintf(buf, "32'b");

    for (int b = 31; b >= 0; b--) {
        buf[i++] = !(p->mask >> b & 1) ? '?' : (p->match >> b & 1) ? '1' : '0';
        if (b == 25 || b == 20 || b == 15 || b == 12 || b == 7)
            buf[i++] = '_';
    }
    buf[i] = '\0';
    return buf;
}

static void emit_operation(struct vgen *v, enum rtl_defect defect)
{
    /* A comment line before the first operation of each extension. */
    static const struct { enum rv32_op first; const char *title; } groups[] = {
        { RV32_LUI,      "RV32I" },
        { RV32_CSRRW,    "Zicsr: the CSR number in word[31:20] (the lanes reject a write)" },
        { RV32_MUL,      "M" },
        { RV32_LR_W,     "A: lr.w (rs2 0), sc.w and the word AMOs; aq and rl free" },
        { RV32_SIMT_BAR, "The SIMT extension on custom-0: funct7 0, no register" },
    };
    char name[40], imm[16], bits[48];
    size_t gi = 0;

    vgen_section(v, "The operation: the pattern it matches (decode_pattern()), one per operation");
    vgen_line(v, "reg [OP_W-1:0] op;");
    vgen_line(v, "reg [2:0]      fmt;   // where its immediate comes from, IMM_*");
    vgen_blank(v);
    vgen_begin(v, "always @*");
    vgen_line(v, "op  = OP_ILLEGAL;");
    vgen_line(v, "fmt = IMM_NONE;");
    vgen_line(v, "casez (word_i)");
    vgen_indent(v);
    vgen_line(v, "//  funct7  rs2   rs1   f3  rd    opcode        ('?': free)");
    for (unsigned op = RV32_ILLEGAL + 1; op < RV32_N_OPS; op++) {
        const struct decode_pattern *p = decode_pattern((enum rv32_op)op);
        enum rv32_op code = (enum rv32_op)op;

        if (gi < sizeof groups / sizeof groups[0] && groups[gi].first == code)
            vgen_line(v, "// %s", groups[gi++].title);
        if (code == RV32_SRAI && defect == DEFECT_DECODE_SRAI_AS_SRLI) {
            vgen_line(v, "// DELIBERATE DEFECT (%s): srai is decoded as srli.",
                      rtl_defect_name(defect));
            code = RV32_SRLI;
        }
        rtl_op_param(name, sizeof name, code);
        snprintf(imm, sizeof imm, "%s;", imm_names[p->imm]);
        vgen_line(v, "%s: begin op = %-20s fmt = %-10s end", pattern_bits(bits, p),
                  strcat(name, ";"), imm);
    }
    vgen_line(v, "default: ;");
    vgen_dedent(v);
    vgen_line(v, "endcase");
    vgen_end(v);
}

static void emit_immediate(struct vgen *v)
{
    vgen_section(v, "The immediate, by the operation's format (rv32_decode()'s imm)");
    vgen_line(v, "reg [31:0] imm;");
    vgen_blank(v);
    vgen_begin(v, "always @*");
    vgen_case(v, "fmt");
    vgen_line(v, "IMM_I:     imm = {{20{word_i[31]}}, word_i[31:20]};");
    vgen_line(v, "IMM_S:     imm = {{20{word_i[31]}}, word_i[31:25], word_i[11:7]};");
    vgen_line(v, "IMM_B:     imm = {{20{word_i[31]}}, word_i[7], word_i[30:25], word_i[11:8], 1'b0};");
    vgen_line(v, "IMM_U:     imm = {word_i[31:12], 12'd0};");
    vgen_line(v, "IMM_J:     imm = {{12{word_i[31]}}, word_i[19:12], word_i[20], word_i[30:21], 1'b0};");
    vgen_line(v, "IMM_SHAMT: imm = {27'd0, rs2};             // the shift amount");
    vgen_line(v, "IMM_CSR:   imm = {27'd0, rs1};             // the uimm of the csr*i forms");
    vgen_line(v, "default:   imm = 32'd0;");
    vgen_endcase(v);
    vgen_end(v);
}

static void emit_outputs(struct vgen *v)
{
    vgen_section(v, "Outputs, for a word of the text");
    vgen_line(v, "assign valid_o = text_i;");
    vgen_line(v, "assign rs1_o   = text_i && use_rs1 ? rs1 : 5'd0;");
    vgen_line(v, "assign rs2_o   = text_i && use_rs2 ? rs2 : 5'd0;");
    vgen_line(v, "assign rd_o    = text_i && use_rd  ? rd  : 5'd0;");
    vgen_line(v, "assign unit_o  = text_i ? unit : UNIT_ALU;");
    vgen_line(v, "assign mem_o   = text_i && unit == UNIT_MEM;");
    vgen_line(v, "assign rpc_o   = text_i && rpc_i;");
    vgen_blank(v);
    vgen_line(v, "// the executed instruction: the word's register fields when it is legal");
    vgen_line(v, "wire legal = op != OP_ILLEGAL;");
    vgen_line(v, "assign op_o       = text_i ? op : OP_ILLEGAL;");
    vgen_line(v, "assign insn_rd_o  = text_i && legal ? rd  : 5'd0;");
    vgen_line(v, "assign insn_rs1_o = text_i && legal ? rs1 : 5'd0;");
    vgen_line(v, "assign insn_rs2_o = text_i && legal ? rs2 : 5'd0;");
    vgen_line(v, "assign imm_o      = text_i ? imm : 32'd0;   // an illegal word's is 0 (IMM_NONE)");
    vgen_line(v, "assign csr_o      = text_i && fmt == IMM_CSR ? word_i[31:20] : 12'd0;");
}

void emit_decode(struct vgen *v, const struct simt_config *cfg,
                 enum rtl_defect defect)
{
    struct decode_geometry g;

    decode_geometry(cfg, &g);
    emit_header(v, cfg, &g);
    emit_codes(v, defect);
    emit_fields(v);
    emit_classes(v, defect);
    emit_operation(v, defect);
    emit_immediate(v);
    emit_outputs(v);
    vgen_module_end(v, "simtref_decode");
}
