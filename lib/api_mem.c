/*
 * api_mem.c -- libsimtref's global memory: the buffers the host places,
 * its reads and writes through them, and the bitmap of the words that
 * were written (docs/api.md, "Memory that was never written").
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_internal.h"

static uint64_t end_of(const struct api_buffer *b)
{
    return (uint64_t)b->addr + b->bytes;
}

/* The buffer holding [addr, addr + bytes) whole, or NULL. */
static const struct api_buffer *buffer_of(const struct simtref_sm *sm,
                                          uint32_t addr, uint32_t bytes)
{
    for (unsigned i = 0; i < sm->n_buf; i++) {
        const struct api_buffer *b = &sm->buf[i];
        if (addr >= b->addr && (uint64_t)addr + bytes <= end_of(b)
            && (bytes > 0 || addr < end_of(b)))
            return b;
    }
    return NULL;
}

/* The first buffer that [addr, addr + bytes) overlaps, or NULL. */
static const struct api_buffer *overlapping(const struct simtref_sm *sm,
                                            uint32_t addr, uint32_t bytes)
{
    for (unsigned i = 0; i < sm->n_buf && bytes > 0; i++) {
        const struct api_buffer *b = &sm->buf[i];
        if (b->bytes > 0 && addr < end_of(b)
            && b->addr < (uint64_t)addr + bytes)
            return b;
    }
    return NULL;
}

void api_mark_written(struct simtref_sm *sm, uint32_t addr, uint32_t bytes)
{
    if (bytes == 0)
        return;
    for (uint32_t w = (addr - SIMTREF_GLOBAL_BASE) / 4,
                  last = (addr + bytes - 1 - SIMTREF_GLOBAL_BASE) / 4;
         w <= last; w++)
        sm->written[w / 64] |= 1ull << (w % 64);
}

static int add_buffer(struct simtref_sm *sm, const char *name, uint32_t addr,
                      uint32_t bytes)
{
    unsigned at = 0;

    if (sm->n_buf == sm->cap_buf) {
        unsigned cap = sm->cap_buf ? 2 * sm->cap_buf : 16;
        struct api_buffer *nb = realloc(sm->buf, cap * sizeof *nb);
        if (!nb)
            return api_fail(sm->ctx, SIMTREF_ENOMEM, "%s: buffer '%s': out "
                            "of host memory", sm->label, name);
        sm->buf = nb;
        sm->cap_buf = cap;
    }
    while (at < sm->n_buf && sm->buf[at].addr <= addr)
        at++;
    memmove(&sm->buf[at + 1], &sm->buf[at],
            (sm->n_buf - at) * sizeof *sm->buf);
    snprintf(sm->buf[at].name, sizeof sm->buf[at].name, "%s", name);
    sm->buf[at].addr = addr;
    sm->buf[at].bytes = bytes;
    sm->n_buf++;
    if (end_of(&sm->buf[at]) > sm->top)
        sm->top = (uint32_t)end_of(&sm->buf[at]);
    return SIMTREF_OK;
}

/* The name of a buffer: given, or "buffer N". */
static int check_name(struct simtref_sm *sm, const char *name)
{
    if (!name || !name[0] || strlen(name) >= API_NAME_LEN)
        return api_fail(sm->ctx, SIMTREF_EINVAL, "%s: a buffer needs a "
                        "name of 1 to %d characters", sm->label,
                        API_NAME_LEN - 1);
    return SIMTREF_OK;
}

int simtref_buffer_at(simtref_sm *sm, const char *name, uint32_t addr,
                      uint32_t bytes)
{
    const struct api_buffer *o;
    uint64_t end = (uint64_t)addr + bytes;
    int rc;

    if ((rc = api_usable(sm, "simtref_buffer_at")) != 0
        || (rc = check_name(sm, name)) != 0)
        return rc;
    if (addr < SIMTREF_GLOBAL_BASE
        || end > (uint64_t)SIMTREF_GLOBAL_BASE + sm->global_bytes)
        return api_fail(sm->ctx, SIMTREF_ERANGE, "%s: buffer '%s' at "
                        "0x%08x, %u bytes, runs past global memory "
                        "(0x%08x .. 0x%08llx)", sm->label, name, addr, bytes,
                        SIMTREF_GLOBAL_BASE,
                        (unsigned long long)SIMTREF_GLOBAL_BASE
                        + sm->global_bytes - 1);
    if (addr % 4 != 0)
        return api_fail(sm->ctx, SIMTREF_EINVAL, "%s: buffer '%s' at 0x%08x "
                        "is not word-aligned", sm->label, name, addr);
    if ((o = overlapping(sm, addr, bytes)) != NULL)
        return api_fail(sm->ctx, SIMTREF_EOVERLAP, "%s: buffer '%s' "
                        "(0x%08x .. 0x%08llx) overlaps buffer '%s' "
                        "(0x%08x .. 0x%08llx)", sm->label, name, addr,
                        (unsigned long long)end - 1, o->name, o->addr,
                        (unsigned long long)end_of(o) - 1);
    return add_buffer(sm, name, addr, bytes);
}

int simtref_alloc(simtref_sm *sm, const char *name, uint32_t bytes,
                  uint32_t *addr)
{
    uint64_t a;
    int rc;

    if ((rc = api_usable(sm, "simtref_alloc")) != 0
        || (rc = check_name(sm, name)) != 0)
        return rc;
    if (!addr)
        return api_fail(sm->ctx, SIMTREF_EINVAL, "%s: buffer '%s': no "
                        "place for its address (NULL)", sm->label, name);
    a = ((uint64_t)(sm->top ? sm->top : SIMTREF_GLOBAL_BASE) + 15) & ~15ull;
    if (a + bytes > (uint64_t)SIMTREF_GLOBAL_BASE + sm->global_bytes)
        return api_fail(sm->ctx, SIMTREF_ERANGE, "%s: buffer '%s' of %u "
                        "bytes runs past global memory (%u bytes from "
                        "0x%08x, %llu of them free above the last buffer)",
                        sm->label, name, bytes, sm->global_bytes,
                        SIMTREF_GLOBAL_BASE,
                        (unsigned long long)((uint64_t)SIMTREF_GLOBAL_BASE
                        + sm->global_bytes - a));
    if ((rc = add_buffer(sm, name, (uint32_t)a, bytes)) != 0)
        return rc;
    *addr = (uint32_t)a;
    return SIMTREF_OK;
}

/* The buffer an access of `what` at [addr, addr + bytes) uses, or NULL
 * after the message. */
static const struct api_buffer *access_check(struct simtref_sm *sm,
                                             const char *what, uint32_t addr,
                                             uint32_t bytes, const void *p,
                                             int *rc)
{
    const struct api_buffer *b;

    if ((*rc = api_usable(sm, what)) != 0)
        return NULL;
    if (!p && bytes) {
        *rc = api_fail(sm->ctx, SIMTREF_EINVAL, "%s: %s at 0x%08x: no host "
                       "memory (NULL)", sm->label, what, addr);
        return NULL;
    }
    b = buffer_of(sm, addr, bytes);
    if (!b) {
        const struct api_buffer *o = overlapping(sm, addr, bytes ? bytes : 1);
        if (o)
            *rc = api_fail(sm->ctx, SIMTREF_ERANGE, "%s: %s of %u bytes at "
                           "0x%08x runs out of buffer '%s' (0x%08x .. "
                           "0x%08llx)", sm->label, what, bytes, addr,
                           o->name, o->addr,
                           (unsigned long long)end_of(o) - 1);
        else
            *rc = api_fail(sm->ctx, SIMTREF_ERANGE, "%s: %s of %u bytes at "
                           "0x%08x is in no buffer (simtref_alloc or "
                           "simtref_buffer_at places them)", sm->label, what,
                           bytes, addr);
        return NULL;
    }
    return b;
}

int simtref_write(simtref_sm *sm, uint32_t addr, const void *src,
                  uint32_t bytes)
{
    int rc;

    if (!access_check(sm, "simtref_write", addr, bytes, src, &rc))
        return rc;
    memcpy(sm->global + (addr - SIMTREF_GLOBAL_BASE), src, bytes);
    api_mark_written(sm, addr, bytes);
    return SIMTREF_OK;
}

int simtref_fill_zero(simtref_sm *sm, uint32_t addr, uint32_t bytes)
{
    int rc;

    if (!access_check(sm, "simtref_fill_zero", addr, bytes, "", &rc))
        return rc;
    memset(sm->global + (addr - SIMTREF_GLOBAL_BASE), 0, bytes);
    api_mark_written(sm, addr, bytes);
    return SIMTREF_OK;
}

int simtref_read(simtref_sm *sm, uint32_t addr, void *dst, uint32_t bytes)
{
    const struct api_buffer *b;
    int rc;

    if (!(b = access_check(sm, "simtref_read", addr, bytes, dst, &rc)))
        return rc;
    for (uint32_t off = 0; off < bytes; ) {
        uint32_t w = (addr + off - SIMTREF_GLOBAL_BASE) / 4;
        if (!(sm->written[w / 64] >> (w % 64) & 1)) {
            uint32_t wa = SIMTREF_GLOBAL_BASE + 4 * w;
            return api_fail(sm->ctx, SIMTREF_EUNWRITTEN, "%s: simtref_read "
                            "of %u bytes at 0x%08x: word %u of buffer '%s' "
                            "(0x%08x) was never written, by the host or by a "
                            "thread", sm->label, bytes, addr,
                            (wa - (b->addr & ~3u)) / 4, b->name, wa);
        }
        off += 4 - (addr + off) % 4;
    }
    memcpy(dst, sm->global + (addr - SIMTREF_GLOBAL_BASE), bytes);
    return SIMTREF_OK;
}

int simtref_write_words(simtref_sm *sm, uint32_t addr,
                        const uint32_t *words, uint32_t count)
{
    int rc;

    if (count > UINT32_MAX / 4)
        return api_fail(sm->ctx, SIMTREF_ERANGE, "%s: simtref_write_words: "
                        "%u words is more than global memory", sm->label,
                        count);
    if (!access_check(sm, "simtref_write_words", addr, 4 * count, words, &rc))
        return rc;
    for (uint32_t i = 0; i < count; i++) {
        uint8_t *p = sm->global + (addr - SIMTREF_GLOBAL_BASE) + 4 * (size_t)i;
        p[0] = (uint8_t)words[i];
        p[1] = (uint8_t)(words[i] >> 8);
        p[2] = (uint8_t)(words[i] >> 16);
        p[3] = (uint8_t)(words[i] >> 24);
    }
    api_mark_written(sm, addr, 4 * count);
    return SIMTREF_OK;
}

int simtref_read_words(simtref_sm *sm, uint32_t addr, uint32_t *words,
                       uint32_t count)
{
    int rc;

    if (count > UINT32_MAX / 4)
        return api_fail(sm->ctx, SIMTREF_ERANGE, "%s: simtref_read_words: "
                        "%u words is more than global memory", sm->label,
                        count);
    if ((rc = simtref_read(sm, addr, words, 4 * count)) != 0)
        return rc;
    for (uint32_t i = 0; i < count; i++) {
        const uint8_t *p = (const uint8_t *)&words[i];
        words[i] = (uint32_t)p[0] | (uint32_t)p[1] << 8
                   | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
    }
    return SIMTREF_OK;
}
