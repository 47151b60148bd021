/*
 * api_ctx.c -- libsimtref's context: the owner of the SMs a host opens,
 * and the message of the last failure (simtref/simtref.h).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "api_internal.h"

const char *simtref_version(void)
{
    return PACKAGE_VERSION;
}

const char *simtref_status_name(int status)
{
    /* ORDER SIMTREF_STATUS: 0, -1, -2, ... */
    static const char *const names[] = {
        "SIMTREF_OK", "SIMTREF_EINVAL", "SIMTREF_ENOMEM", "SIMTREF_ECONFIG",
        "SIMTREF_EELF", "SIMTREF_EOVERLAP", "SIMTREF_ERANGE",
        "SIMTREF_EUNWRITTEN", "SIMTREF_ESTATE", "SIMTREF_EFREED",
        "SIMTREF_ELAUNCH", "SIMTREF_EKERNEL", "SIMTREF_ELIMIT",
        "SIMTREF_EEXIT", "SIMTREF_ECANCEL"
    };
    unsigned i = status <= 0 ? (unsigned)-status : ~0u;

    return i < sizeof names / sizeof names[0] ? names[i] : "?";
}

int simtref_ctx_create(simtref_ctx **out)
{
    if (!out)
        return SIMTREF_EINVAL;
    *out = calloc(1, sizeof **out);
    return *out ? SIMTREF_OK : SIMTREF_ENOMEM;
}

void simtref_ctx_destroy(simtref_ctx *ctx)
{
    if (!ctx)
        return;
    while (ctx->sms) {
        struct simtref_sm *sm = ctx->sms;
        ctx->sms = sm->next;
        simtref_sm_free(sm);
        free(sm);
    }
    free(ctx);
}

const char *simtref_error(const simtref_ctx *ctx)
{
    return ctx ? ctx->err : "no context (NULL)";
}

int api_fail(struct simtref_ctx *ctx, int status, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(ctx->err, sizeof ctx->err, fmt, ap);
    va_end(ap);
    return status;
}

int api_usable(struct simtref_sm *sm, const char *what)
{
    if (!sm)
        return SIMTREF_EINVAL;
    if (sm->state == API_FREED)
        return api_fail(sm->ctx, SIMTREF_EFREED, "%s: %s was freed "
                        "(simtref_sm_free)", what, sm->label);
    sm->ctx->err[0] = '\0';
    return SIMTREF_OK;
}
