/*
 * program.c -- lookups in a loaded kernel's tables (golden/isa/program.h).
 * Each table is sorted by pc, so a lookup is a binary search.
 */
#include <stdlib.h>
#include <string.h>

#include "program.h"

int program_rpc(const struct program *p, uint32_t pc, uint32_t *rpc)
{
    unsigned lo = 0, hi = p->n_branches;

    while (lo < hi) {
        unsigned mid = lo + (hi - lo) / 2;
        if (p->branches[mid].pc == pc) {
            *rpc = p->branches[mid].rpc;
            return 0;
        }
        if (p->branches[mid].pc < pc)
            lo = mid + 1;
        else
            hi = mid;
    }
    return -1;
}

const struct program_ics *program_ics_at(const struct program *p,
                                         uint32_t pc)
{
    unsigned lo = 0, hi = p->n_ics;

    while (lo < hi) {
        unsigned mid = lo + (hi - lo) / 2;
        if (p->ics[mid].pc == pc)
            return &p->ics[mid];
        if (p->ics[mid].pc < pc)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

const struct program_func *program_func_at(const struct program *p,
                                           uint32_t pc)
{
    unsigned lo = 0, hi = p->n_funcs;

    while (lo < hi) {
        unsigned mid = lo + (hi - lo) / 2;
        if (pc < p->funcs[mid].lo)
            hi = mid;
        else if (pc >= p->funcs[mid].hi)
            lo = mid + 1;
        else
            return &p->funcs[mid];
    }
    return NULL;
}

int program_word(const struct program *p, uint32_t pc, uint32_t *word)
{
    uint32_t off = pc - p->base;

    if (pc < p->base || pc % 4 != 0 || off > p->size || p->size - off < 4)
        return -1;
    *word = (uint32_t)p->image[off] | (uint32_t)p->image[off + 1] << 8
            | (uint32_t)p->image[off + 2] << 16
            | (uint32_t)p->image[off + 3] << 24;
    return 0;
}

void program_free(struct program *p)
{
    free(p->path);
    free(p->image);
    free(p->branches);
    free(p->ics);
    for (unsigned i = 0; i < p->n_funcs; i++)
        free(p->funcs[i].name);
    free(p->funcs);
    memset(p, 0, sizeof *p);
}
