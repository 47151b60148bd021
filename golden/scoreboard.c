/*
 * scoreboard.c -- the register scoreboard (golden/scoreboard.h).
 */
#include <stdlib.h>
#include <string.h>

#include "scoreboard.h"

enum { SB_REGS = 32 };

struct sb_use sb_operands(const struct rv32_insn *insn)
{
    struct sb_use u;
    enum rv32_op op = insn->op;

    memset(&u, 0, sizeof u);
    u.unit = SB_ALU;
    if (op == RV32_LUI || op == RV32_AUIPC || op == RV32_JAL) {
        u.rd = insn->rd;
    } else if (op == RV32_JALR) {
        u.rs1 = insn->rs1;
        u.rd = insn->rd;
    } else if (op >= RV32_BEQ && op <= RV32_BGEU) {
        u.rs1 = insn->rs1;
        u.rs2 = insn->rs2;
    } else if (op >= RV32_LB && op <= RV32_LHU) {
        u.rs1 = insn->rs1;
        u.rd = insn->rd;
        u.unit = SB_MEM;
        u.mem = 1;
    } else if (op >= RV32_SB && op <= RV32_SW) {
        u.rs1 = insn->rs1;
        u.rs2 = insn->rs2;
        u.unit = SB_MEM;
        u.mem = 1;
    } else if (op >= RV32_ADDI && op <= RV32_SRAI) {
        u.rs1 = insn->rs1;
        u.rd = insn->rd;
    } else if (op >= RV32_ADD && op <= RV32_AND) {
        u.rs1 = insn->rs1;
        u.rs2 = insn->rs2;
        u.rd = insn->rd;
    } else if (op >= RV32_CSRRW && op <= RV32_CSRRC) {
        u.rs1 = insn->rs1;
        u.rd = insn->rd;
    } else if (op >= RV32_CSRRWI && op <= RV32_CSRRCI) {
        u.rd = insn->rd;
    } else if (op >= RV32_MUL && op <= RV32_REMU) {
        u.rs1 = insn->rs1;
        u.rs2 = insn->rs2;
        u.rd = insn->rd;
        u.unit = op >= RV32_DIV ? SB_DIV : SB_MUL;
    } else if (op == RV32_LR_W) {
        u.rs1 = insn->rs1;
        u.rd = insn->rd;
        u.unit = SB_MEM;
        u.mem = 1;
    } else if (op >= RV32_SC_W && op <= RV32_AMOMAXU_W) {
        u.rs1 = insn->rs1;
        u.rs2 = insn->rs2;
        u.rd = insn->rd;
        u.unit = SB_MEM;
        u.mem = 1;
    }
    /* fence, ecall, ebreak, the SIMT extension: no register */
    return u;
}

int sb_init(struct scoreboard *sb, unsigned warp_slots, unsigned warp_size)
{
    memset(sb, 0, sizeof *sb);
    sb->warp_slots = warp_slots;
    sb->warp_size = warp_size;
    sb->ready = calloc((size_t)warp_slots * warp_size * SB_REGS,
                       sizeof *sb->ready);
    sb->memo.warp_max = calloc((size_t)warp_slots * SB_REGS,
                               sizeof *sb->memo.warp_max);
    if (!sb->ready || !sb->memo.warp_max) {
        sb_free(sb);
        return -1;
    }
    return 0;
}

void sb_free(struct scoreboard *sb)
{
    free(sb->ready);
    free(sb->memo.warp_max);
    sb->ready = sb->memo.warp_max = NULL;
}

void sb_reset(struct scoreboard *sb)
{
    memset(sb->ready, 0, (size_t)sb->warp_slots * sb->warp_size * SB_REGS
                         * sizeof *sb->ready);
    memset(sb->memo.warp_max, 0, (size_t)sb->warp_slots * SB_REGS
                                 * sizeof *sb->memo.warp_max);
}

static const uint64_t *lane_regs(const struct scoreboard *sb, unsigned g,
                                 unsigned l)
{
    return sb->ready + ((size_t)g * sb->warp_size + l) * SB_REGS;
}

uint64_t sb_waiting(const struct scoreboard *sb, unsigned g, uint64_t mask,
                    unsigned r, uint64_t now)
{
    uint64_t w = 0;

    if (r == 0 || (!sb->reference
                   && sb->memo.warp_max[(size_t)g * SB_REGS + r] <= now))
        return 0;
    for (uint64_t m = mask; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        if (lane_regs(sb, g, l)[r] > now)
            w |= 1ull << l;
    }
    return w;
}

bool sb_clear(const struct scoreboard *sb, unsigned g, uint64_t mask,
              const struct sb_use *u, uint64_t now)
{
    const uint64_t *wm = sb->memo.warp_max + (size_t)g * SB_REGS;

    /* x0 is never written, so warp_max[0] stays 0 */
    if (!sb->reference
        && wm[u->rs1] <= now && wm[u->rs2] <= now && wm[u->rd] <= now)
        return true;
    for (uint64_t m = mask; m; m &= m - 1) {
        const uint64_t *r = lane_regs(sb, g, (unsigned)__builtin_ctzll(m));
        if (r[u->rs1] > now || r[u->rs2] > now || r[u->rd] > now)
            return false;
    }
    return true;
}

uint64_t sb_next_ready(const struct scoreboard *sb, unsigned g, uint64_t now)
{
    const uint64_t *wm = sb->memo.warp_max + (size_t)g * SB_REGS;
    uint64_t next = UINT64_MAX;

    for (unsigned r = 1; r < SB_REGS; r++) {
        if (wm[r] <= now && !sb->reference)
            continue;           /* every lane's register r is ready */
        for (unsigned l = 0; l < sb->warp_size; l++) {
            uint64_t at = lane_regs(sb, g, l)[r];
            if (at > now && at != SB_PENDING && at < next)
                next = at;
        }
    }
    return next;
}

void sb_write(struct scoreboard *sb, unsigned g, uint64_t mask, unsigned rd,
              uint64_t at)
{
    uint64_t *wm = &sb->memo.warp_max[(size_t)g * SB_REGS + rd];

    if (rd == 0)
        return;
    for (uint64_t m = mask; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        sb->ready[((size_t)g * sb->warp_size + l) * SB_REGS + rd] = at;
    }
    if (at > *wm)
        *wm = at;
}

void sb_release(struct scoreboard *sb, unsigned g, uint64_t mask,
                unsigned rd, uint64_t at)
{
    uint64_t max = 0;

    if (rd == 0)
        return;
    for (unsigned l = 0; l < sb->warp_size; l++) {
        uint64_t *r = &sb->ready[((size_t)g * sb->warp_size + l) * SB_REGS
                                 + rd];
        if (mask >> l & 1)
            *r = at;
        if (*r > max)
            max = *r;
    }
    sb->memo.warp_max[(size_t)g * SB_REGS + rd] = max;
}

/* The lanes of left whose thread is in slot g. */
static uint64_t same_slot(const unsigned slot[], uint64_t left, unsigned g)
{
    uint64_t same = 0;

    for (uint64_t m = left; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        if (slot[l] == g)
            same |= 1ull << l;
    }
    return same;
}

/* The lanes of mask are taken slot by slot: those of the lowest lane's
 * slot, then the next, so that each slot's fast check applies. */
bool sb_clear_threads(const struct scoreboard *sb, const unsigned slot[],
                      uint64_t mask, const struct sb_use *u, uint64_t now)
{
    uint64_t left = mask;

    while (left) {
        unsigned g = slot[__builtin_ctzll(left)];
        uint64_t same = same_slot(slot, left, g);

        if (!sb_clear(sb, g, same, u, now))
            return false;
        left &= ~same;
    }
    return true;
}

void sb_write_threads(struct scoreboard *sb, const unsigned slot[],
                      uint64_t mask, unsigned rd, uint64_t at)
{
    uint64_t left = mask;

    while (left) {
        unsigned g = slot[__builtin_ctzll(left)];
        uint64_t same = same_slot(slot, left, g);

        sb_write(sb, g, same, rd, at);
        left &= ~same;
    }
}
