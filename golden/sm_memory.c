/*
 * sm_memory.c -- the SM's memories, accessed at issue (the load/store
 * unit times them): the image, global memory, the
 * TBs' shared windows and the threads' stacks (docs/isa.md memory map).
 */
#include <stdlib.h>
#include <string.h>

#include "sm_memory.h"

int sm_memory_init(struct sm_memory *m, const struct program *prog,
                   uint32_t global_size, unsigned tbs, unsigned threads)
{
    memset(m, 0, sizeof *m);
    m->image_base = prog->base;
    m->image_size = prog->size;
    m->image = malloc(prog->size ? prog->size : 1);
    m->global = calloc(global_size ? global_size : 1, 1);
    m->shared = calloc((size_t)tbs * SM_SHARED_BYTES, 1);
    m->stack = calloc((size_t)threads * SM_STACK_BYTES, 1);
    if (!m->image || !m->global || !m->shared || !m->stack) {
        sm_memory_free(m);
        return -1;
    }
    if (prog->size)
        memcpy(m->image, prog->image, prog->size);
    m->global_size = global_size;
    m->tbs = tbs;
    m->threads = threads;
    return 0;
}

void sm_memory_free(struct sm_memory *m)
{
    free(m->image);
    free(m->global);
    free(m->shared);
    free(m->stack);
    memset(m, 0, sizeof *m);
}

/* The bytes [addr, addr + len) as seen by TB slot tb (tb < 0: the host,
 * which has no shared window), or NULL when outside every region. */
static uint8_t *locate(struct sm_memory *m, int tb, uint32_t addr,
                       uint32_t len)
{
    uint64_t a = addr, end = a + len;

    if (a >= m->image_base && end <= (uint64_t)m->image_base + m->image_size)
        return m->image + (a - m->image_base);
    if (a >= SM_GLOBAL_BASE && end <= (uint64_t)SM_GLOBAL_BASE + m->global_size)
        return m->global + (a - SM_GLOBAL_BASE);
    if (tb >= 0 && a >= SM_SHARED_BASE && end <= (uint64_t)SM_SHARED_BASE + SM_SHARED_BYTES)
        return m->shared + (size_t)tb * SM_SHARED_BYTES + (a - SM_SHARED_BASE);
    if (a >= SM_STACK_BASE
        && end <= (uint64_t)SM_STACK_BASE + (uint64_t)m->threads * SM_STACK_BYTES)
        return m->stack + (a - SM_STACK_BASE);
    return NULL;
}

int sm_memory_read(struct sm_memory *m, uint32_t addr, void *buf, uint32_t len)
{
    uint8_t *p = locate(m, -1, addr, len);
    if (!p)
        return -1;
    memcpy(buf, p, len);
    return 0;
}

int sm_memory_write(struct sm_memory *m, uint32_t addr, const void *buf,
                    uint32_t len)
{
    uint8_t *p = locate(m, -1, addr, len);
    if (!p)
        return -1;
    memcpy(p, buf, len);
    return 0;
}

void sm_memory_clear_shared(struct sm_memory *m, unsigned tb)
{
    memset(m->shared + (size_t)tb * SM_SHARED_BYTES, 0, SM_SHARED_BYTES);
}

static uint32_t get_le(const uint8_t *p, unsigned bytes)
{
    uint32_t v = 0;
    for (unsigned i = bytes; i-- > 0;)
        v = v << 8 | p[i];
    return v;
}

static void put_le(uint8_t *p, unsigned bytes, uint32_t v)
{
    for (unsigned i = 0; i < bytes; i++, v >>= 8)
        p[i] = (uint8_t)v;
}

static uint8_t *thread_locate(struct sm_accessor *a, uint32_t addr,
                              unsigned bytes)
{
    uint8_t *p = locate(a->m, (int)a->tb, addr, bytes);
    if (!p) {
        a->fault = true;
        a->fault_addr = addr;
    }
    return p;
}

static int env_load(void *ctx, uint32_t addr, unsigned bytes, uint32_t *val)
{
    uint8_t *p = thread_locate(ctx, addr, bytes);
    if (!p)
        return -1;
    *val = get_le(p, bytes);
    return 0;
}

static int env_store(void *ctx, uint32_t addr, unsigned bytes, uint32_t val)
{
    uint8_t *p = thread_locate(ctx, addr, bytes);
    if (!p)
        return -1;
    put_le(p, bytes, val);
    return 0;
}

static int env_amo(void *ctx, enum rv32_op op, uint32_t addr, uint32_t src,
                   uint32_t *old)
{
    uint8_t *p = thread_locate(ctx, addr, 4);
    uint32_t o, n;

    if (!p)
        return -1;
    o = get_le(p, 4);
    switch (op) {
    case RV32_AMOSWAP_W: n = src; break;
    case RV32_AMOADD_W:  n = o + src; break;
    case RV32_AMOXOR_W:  n = o ^ src; break;
    case RV32_AMOAND_W:  n = o & src; break;
    case RV32_AMOOR_W:   n = o | src; break;
    case RV32_AMOMIN_W:  n = (int32_t)o < (int32_t)src ? o : src; break;
    case RV32_AMOMAX_W:  n = (int32_t)o > (int32_t)src ? o : src; break;
    case RV32_AMOMINU_W: n = o < src ? o : src; break;
    case RV32_AMOMAXU_W: n = o > src ? o : src; break;
    default: return -1;
    }
    put_le(p, 4, n);
    *old = o;
    return 0;
}

static int env_csr(void *ctx, uint16_t csr, uint32_t *val)
{
    const struct sm_accessor *a = ctx;
    if (csr < RV32_CSR_TID || csr > RV32_CSR_LANEID)
        return -1;
    *val = a->csr[csr - RV32_CSR_TID];
    return 0;
}

void sm_memory_env(struct sm_accessor *a, struct rv32_env *env)
{
    env->ctx = a;
    env->load = env_load;
    env->store = env_store;
    env->amo = env_amo;
    env->csr = env_csr;
}
