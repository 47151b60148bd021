/*
 * cmd_cfg.c -- `simtref cfg KERNEL.elf [--levels N] [--dot FILE]`: each
 * conditional branch and indirect jump of a kernel with its
 * re-convergence PC, its ICS-First level and action and its function;
 * then every ICS-First action.  --dot writes the blocks, their edges and
 * their immediate post-dominators as a Graphviz graph, written beside
 * FILE and renamed into place, so no partial file is left.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfg.h"
#include "atomic_file.h"
#include "cli_error.h"
#include "cli_options.h"
#include "cmd_cfg.h"
#include "elf.h"

static const struct cli_option cfg_options[] = {
    { "--levels", NULL, CLI_NUMBER, "N", 1, CFG_ICS_LEVELS_MAX, false,
      "analyse for N ICS-First levels (default the most)" },
    { "--dot", NULL, CLI_TEXT, "FILE", 0, 0, false,
      "write the blocks, edges and post-dominators as a Graphviz graph\n"
      "('-': standard output); FILE is checked before the analysis" },
    { NULL, NULL, CLI_FLAG, NULL, 0, 0, false, NULL }
};

const struct cli_command cmd_cfg_command = {
    "cfg", "KERNEL.elf [--levels N] [--dot FILE]",
    "the kernel's control-flow analysis: each branch with its\n"
    "re-convergence PC (immediate post-dominator), its ICS-First\n"
    "level and action, and its function",
    "kernel", 1, NULL, cfg_options
};

static const char *ics_name(unsigned action)
{
    /* ORDER ICS_ACTION */
    static const char *const names[] = { "-", "raise", "lower", "set-outmost" };
    return action < 4 ? names[action] : "?";
}

/* The mnemonic of a branch or jump word. */
static const char *mnemonic(uint32_t w)
{
    static const char *const br[8] = { "beq", "bne", "?", "?", "blt", "bge",
                                       "bltu", "bgeu" };
    if ((w & 0x7f) == 0x63)
        return br[(w >> 12) & 7];
    return (w & 0x7f) == 0x67 ? "jalr" : "?";
}

static void print_program(const struct program *p, const struct cfg *g,
                          unsigned levels)
{
    printf("%s: text 0x%08x..0x%08x, entry 0x%08x, kernel 0x%08x, "
           "exit 0x%08x\n", p->path, p->text_lo, p->text_hi, p->entry,
           p->kernel, p->exit_pc);
    printf("%u functions, %u branches, %u ICS-First actions; deepest "
           "ICS-First level %u (of %u levels)\n\n", g->n_funcs,
           g->n_branches, g->n_ics, g->max_level, levels);
    printf("%-10s  %-9s  %-10s  %-5s  %-11s  %s\n", "BRANCH", "INSN", "RPC",
           "LEVEL", "ICS", "FUNCTION");
    for (unsigned i = 0; i < g->n_funcs; i++) {
        const struct cfg_func *cf = &g->funcs[i];
        for (unsigned b = 0; b < cf->n_blocks; b++) {
            const struct cfg_block *B = &cf->blocks[b];
            uint32_t pc = B->hi - 4, w = 0, rpc = 0;
            const struct program_ics *a = program_ics_at(p, pc);
            char act[32];
            if (B->kind != CFG_BRANCH && B->kind != CFG_INDIRECT)
                continue;
            program_word(p, pc, &w);
            program_rpc(p, pc, &rpc);
            if (a)
                snprintf(act, sizeof act, "%s %u", ics_name(a->action),
                         a->level);
            else
                snprintf(act, sizeof act, "-");
            printf("0x%08x  %-9s  0x%08x  %-5u  %-11s  %s+0x%x%s\n", pc,
                   mnemonic(w), rpc, B->last_level, act, cf->func->name,
                   pc - cf->func->lo,
                   B->ipdom == CFG_EXIT
                   ? (cf->exit_rpc == p->exit_pc ? " (exit: simt.exit)"
                      : " (exit: its one exit)")
                   : B->ipdom == CFG_NONE ? " (no path to the exit)" : "");
        }
    }
    printf("\n%-10s  %-11s  %-5s  %s\n", "ICS PC", "ACTION", "LEVEL",
           "FUNCTION");
    for (unsigned k = 0; k < p->n_ics; k++) {
        const struct program_func *f = program_func_at(p, p->ics[k].pc);
        printf("0x%08x  %-11s  %-5u  %s+0x%x\n", p->ics[k].pc,
               ics_name(p->ics[k].action), p->ics[k].level,
               f ? f->name : "?", f ? p->ics[k].pc - f->lo : 0);
    }
    printf("\n%-24s  %-6s  %-5s  %-12s  %s\n", "FUNCTION", "BLOCKS", "EXITS",
           "CONDITIONALS", "ICS-FIRST");
    for (unsigned i = 0; i < g->n_funcs; i++) {
        const struct cfg_func *cf = &g->funcs[i];
        char conds[32];
        snprintf(conds, sizeof conds, "%u (%u placed)", cf->groups,
                 cf->groups_placed);
        printf("%-24s  %-6u  %-5u  %-12s  %s\n", cf->func->name,
               cf->n_blocks, cf->n_exits, conds,
               cf->recursive ? "none: recursive"
               : cf->indirect ? "none: indirect jump" : "levels");
    }
}

static void dot_node(FILE *f, const struct cfg_func *cf, int b)
{
    if (b == CFG_EXIT)
        fprintf(f, "x%08x", cf->func->lo);
    else
        fprintf(f, "b%08x", cf->blocks[b].lo);
}

/* The graph into out (opened before the analysis), then commit it. */
static int write_dot(const struct program *p, const struct cfg *g,
                     struct atomic_file *out)
{
    char err[ATOMIC_PATH_LEN + 128];
    FILE *f;

    f = out->f;
    fprintf(f, "digraph cfg {\n  node [shape=box, fontname=monospace];\n"
            "  label=\"%s: solid edges are control flow (T: taken), dashed "
            "ones go to the immediate post-dominator\";\n", p->path);
    for (unsigned i = 0; i < g->n_funcs; i++) {
        const struct cfg_func *cf = &g->funcs[i];
        fprintf(f, "  subgraph cluster_%u {\n    label=\"%s\";\n", i,
                cf->func->name);
        fprintf(f, "    ");
        dot_node(f, cf, CFG_EXIT);
        fprintf(f, " [label=\"exit\", shape=oval];\n");
        for (unsigned b = 0; b < cf->n_blocks; b++) {
            const struct cfg_block *B = &cf->blocks[b];
            fprintf(f, "    ");
            dot_node(f, cf, (int)b);
            fprintf(f, " [label=\"0x%08x..0x%08x\\n%s, level %u\"];\n",
                    B->lo, B->hi - 4, cfg_kind_name(B->kind), B->level);
            for (unsigned k = 0; k < B->n_succ; k++) {
                fprintf(f, "    ");
                dot_node(f, cf, (int)b);
                fprintf(f, " -> ");
                dot_node(f, cf, B->succ[k]);
                fprintf(f, "%s;\n", B->kind == CFG_BRANCH && k == 0
                        ? " [label=\"T\"]" : "");
            }
            if (B->ipdom != CFG_NONE) {
                fprintf(f, "    ");
                dot_node(f, cf, (int)b);
                fprintf(f, " -> ");
                dot_node(f, cf, B->ipdom);
                fprintf(f, " [style=dashed, color=gray, constraint=false];\n");
            }
        }
        fprintf(f, "  }\n");
    }
    fprintf(f, "}\n");
    if (atomic_commit(out, err, sizeof err) != 0) {
        fprintf(stderr, "simtref cfg: %s\n", err);
        return -1;
    }
    return 0;
}

int cmd_cfg(const struct cli_args *a)
{
    const char *file = cli_operand(a), *dot = cli_text(a, "--dot");
    unsigned levels = (unsigned)cli_number(a, "--levels", CFG_ICS_LEVELS_MAX);
    struct atomic_file out = { 0 };
    struct program p;
    struct cfg g;
    char err[ATOMIC_PATH_LEN + 1024];
    int rc = CLI_EXIT_BAD;

    if (!file)
        return cli_usage_error(a->cmd, "%s", "no kernel: give KERNEL.elf");
    /* The graph's file is opened first: a path it cannot be written to
     * fails before the analysis and its report. */
    if (dot && atomic_open(&out, dot, err, sizeof err) != 0) {
        fprintf(stderr, "simtref cfg: %s\n", err);
        return CLI_EXIT_BAD;
    }
    if (elf_load(file, &p, err, sizeof err) != 0) {
        fprintf(stderr, "simtref cfg: %s\n", err);
        atomic_discard(&out);
        return CLI_EXIT_BAD;
    }
    if (cfg_analyse(&p, levels, err, sizeof err) != 0
        || cfg_build(&p, levels, &g, err, sizeof err) != 0) {
        fprintf(stderr, "simtref cfg: %s\n", err);
        program_free(&p);
        atomic_discard(&out);
        return CLI_EXIT_BAD;
    }
    print_program(&p, &g, levels);
    if (!dot || write_dot(&p, &g, &out) == 0)
        rc = 0;
    atomic_discard(&out);
    cfg_free(&g);
    program_free(&p);
    return rc;
}
