/*
 * emit_decode.c -- the Verilog of the decode stage (simtref_decode).
 *
 * Ports and behaviour are those of the C model, golden/structures/
 * decode.h: the fields of one text word (decode_word()), the registers it
 * reads and writes, its unit and whether it goes to the load/store unit,
 * with the pre-decoded store's two flags of its PC (a word of the text,
 * a re-convergence PC) passed through.  Combinational: the store that
 * holds the decoded words is the kernel's (decode_memory_bits()).
 */
#include "rtlgen.h"
#include "decode.h"

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
    };

    emit_file_header(v, "simtref_decode.v", "decode stage",
                     "docs/isa.md; C model: golden/structures/decode.c.", cfg);
    vgen_line(v, "// The registers an instruction reads and writes and the unit that");
    vgen_line(v, "// executes it, from its word: RV32I, M, the A extension's word");
    vgen_line(v, "// atomics, Zicsr and the SIMT extension on custom-0 (docs/isa.md).  An");
    vgen_line(v, "// illegal word names no register and goes to the ALU, where execute");
    vgen_line(v, "// reports it.  Combinational; the pre-decoded store (%u-bit PCs) that",
              g->pc_bits);
    vgen_line(v, "// keeps these fields per text word is the kernel's.  Storage: %lu bits.",
              decode_state_bits(g));
    vgen_blank(v);
    vgen_module_begin(v, "simtref_decode", NULL, 0,
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

static void emit_outputs(struct vgen *v)
{
    vgen_section(v, "Outputs: the fields used, for a word of the text");
    vgen_line(v, "assign valid_o = text_i;");
    vgen_line(v, "assign rs1_o   = text_i && use_rs1 ? rs1 : 5'd0;");
    vgen_line(v, "assign rs2_o   = text_i && use_rs2 ? rs2 : 5'd0;");
    vgen_line(v, "assign rd_o    = text_i && use_rd  ? rd  : 5'd0;");
    vgen_line(v, "assign unit_o  = text_i ? unit : UNIT_ALU;");
    vgen_line(v, "assign mem_o   = text_i && unit == UNIT_MEM;");
    vgen_line(v, "assign rpc_o   = text_i && rpc_i;");
}

void emit_decode(struct vgen *v, const struct simt_config *cfg,
                 enum rtl_defect defect)
{
    struct decode_geometry g;

    decode_geometry(cfg, &g);
    emit_header(v, cfg, &g);
    emit_fields(v);
    emit_classes(v, defect);
    emit_outputs(v);
    vgen_module_end(v, "simtref_decode");
}
