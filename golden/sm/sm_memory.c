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
    size_t n = threads ? threads : 1;

    memset(m, 0, sizeof *m);
    m->image_base = prog->base;
    m->image_size = prog->size;
    m->image = malloc(prog->size ? prog->size : 1);
    m->global = calloc(global_size ? global_size : 1, 1);
    m->shared = calloc((size_t)tbs * SM_SHARED_BYTES, 1);
    m->stack = calloc((size_t)threads * SM_STACK_BYTES, 1);
    m->resv.word = calloc(n, sizeof *m->resv.word);
    m->resv.held = calloc(n, sizeof *m->resv.held);
    m->resv.at = calloc(n, sizeof *m->resv.at);
    if (!m->image || !m->global || !m->shared || !m->stack || !m->resv.word
        || !m->resv.held || !m->resv.at) {
        sm_memory_free(m);
        return -1;
    }
    if (prog->size)
        memcpy(m->image, prog->image, prog->size);
    /* The executable bytes, up to the end of the last function: data
     * linked into the same segment after the code stays writable. */
    m->code_lo = prog->text_lo;
    m->code_hi = prog->text_hi;
    if (prog->n_funcs > 0 && prog->funcs[prog->n_funcs - 1].hi > m->code_lo
        && prog->funcs[prog->n_funcs - 1].hi < m->code_hi)
        m->code_hi = prog->funcs[prog->n_funcs - 1].hi;
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
    free(m->resv.word);
    free(m->resv.held);
    free(m->resv.at);
    memset(m, 0, sizeof *m);
}

const char *sm_fault_what(enum sm_fault f)
{
    /* ORDER SM_FAULT */
    static const char *const what[] = {
        "no fault", "outside memory", "outside its own stack",
        "a write to the code (read-only)"
    };
    return (unsigned)f < sizeof what / sizeof what[0] ? what[f] : "?";
}

uint32_t sm_memory_physical(uint32_t addr, unsigned threads, unsigned group)
{
    uint32_t a = addr - SM_STACK_BASE, i, o;

    if (addr < SM_STACK_BASE || a / SM_STACK_BYTES >= threads)
        return addr;
    i = a / SM_STACK_BYTES;     /* the thread slot */
    o = a % SM_STACK_BYTES;     /* the byte of its stack */
    return SM_STACK_BASE + (i / group) * (group * SM_STACK_BYTES)
           + (o / 4) * (group * 4) + (i % group) * 4 + o % 4;
}

void sm_memory_clear_reservations(struct sm_memory *m)
{
    for (unsigned k = 0; k < m->resv.n_held; k++)
        m->resv.word[m->resv.held[k]] = NULL;
    m->resv.n_held = 0;
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

/* The reservations (struct sm_reservations). */
static void resv_drop(struct sm_reservations *r, unsigned i)
{
    unsigned k = r->at[i], last = r->held[--r->n_held];

    r->word[i] = NULL;
    r->held[k] = last;
    r->at[last] = k;
}

static void resv_set(struct sm_reservations *r, unsigned i,
                     const uint8_t *word)
{
    if (!r->word[i]) {
        r->at[i] = r->n_held;
        r->held[r->n_held++] = i;
    }
    r->word[i] = word;
}

/* Thread slot `writer` wrote the word at p: every other thread's
 * reservation of it breaks. */
static void resv_break(struct sm_reservations *r, const uint8_t *word,
                       unsigned writer)
{
    for (unsigned k = 0; k < r->n_held;) {
        unsigned i = r->held[k];
        if (i != writer && r->word[i] == word)
            resv_drop(r, i);   /* held[k] is now another slot */
        else
            k++;
    }
}

/* The bytes of a thread's access, or NULL with the fault recorded: the
 * regions as locate() finds them, the stack the thread's own, the code
 * not written. */
static uint8_t *thread_locate(struct sm_accessor *a, uint32_t addr,
                              unsigned bytes, bool write)
{
    const struct sm_memory *m = a->m;
    uint8_t *p = locate(a->m, (int)a->tb, addr, bytes);
    uint32_t own = sm_memory_stack_top(a->thread) - SM_STACK_BYTES;
    enum sm_fault f = SM_FAULT_NONE;

    if (!p)
        f = SM_FAULT_UNMAPPED;
    else if (addr >= SM_STACK_BASE
             && (addr < own || addr - own >= SM_STACK_BYTES))
        f = SM_FAULT_STACK;
    else if (write && addr < m->code_hi && addr + bytes > m->code_lo)
        f = SM_FAULT_TEXT;
    if (f != SM_FAULT_NONE) {
        a->fault = f;
        a->fault_addr = addr;
        return NULL;
    }
    return p;
}

/* The first byte of the aligned word that holds p's byte of addr. */
static const uint8_t *word_of(const uint8_t *p, uint32_t addr)
{
    return p - (addr & 3);
}

/* A thread wrote [addr, addr + bytes) at p. */
static void wrote(struct sm_accessor *a, const uint8_t *p, uint32_t addr)
{
    struct sm_memory *m = a->m;

    if (m->resv.n_held)
        resv_break(&m->resv, word_of(p, addr), a->thread);
    if (m->global_written && p >= m->global
        && p < m->global + m->global_size) {
        size_t w = (size_t)(p - m->global) / 4;
        m->global_written[w / 64] |= 1ull << (w % 64);
    }
}

static int env_load(void *ctx, uint32_t addr, unsigned bytes, uint32_t *val)
{
    uint8_t *p = thread_locate(ctx, addr, bytes, false);
    if (!p)
        return -1;
    *val = get_le(p, bytes);
    return 0;
}

static int env_store(void *ctx, uint32_t addr, unsigned bytes, uint32_t val)
{
    uint8_t *p = thread_locate(ctx, addr, bytes, true);
    if (!p)
        return -1;
    put_le(p, bytes, val);
    wrote(ctx, p, addr);
    return 0;
}

static int env_amo(void *ctx, enum rv32_op op, uint32_t addr, uint32_t src,
                   uint32_t *old)
{
    uint8_t *p = thread_locate(ctx, addr, 4, true);
    uint32_t o;

    if (!p)
        return -1;
    o = get_le(p, 4);
    put_le(p, 4, rv32_amo_apply(op, o, src));
    wrote(ctx, p, addr);
    *old = o;
    return 0;
}

static int env_lr(void *ctx, uint32_t addr, uint32_t *val)
{
    struct sm_accessor *a = ctx;
    uint8_t *p = thread_locate(a, addr, 4, false);

    if (!p)
        return -1;
    *val = get_le(p, 4);
    resv_set(&a->m->resv, a->thread, p);
    return 0;
}

/* sc.w: the address is checked as a write whether or not the
 * reservation holds, so that an sc.w to the code is refused however the
 * threads interleave. */
static int env_sc(void *ctx, uint32_t addr, uint32_t val, bool *ok)
{
    struct sm_accessor *a = ctx;
    struct sm_reservations *r = &a->m->resv;
    uint8_t *p = thread_locate(a, addr, 4, true);

    if (!p)
        return -1;
    *ok = *ok && r->word[a->thread] == p;
    if (r->word[a->thread])
        resv_drop(r, a->thread);
    if (*ok) {
        put_le(p, 4, val);
        wrote(a, p, addr);
    }
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
    env->lr = env_lr;
    env->sc = env_sc;
}
