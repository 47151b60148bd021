/*
 * model.c -- what the structure models share of their contract (model.h).
 */
#include "model.h"

#include <stdio.h>
#include <string.h>

int model_refuse(const struct simt_config *cfg, char *msg, size_t msglen)
{
    char check[CONFIG_ERR_LEN];

    if (msglen == 0)
        return -1;
    snprintf(check, sizeof check, "%s", msg);
    snprintf(msg, msglen, "%s: %s", cfg->name, check);
    return -1;
}
