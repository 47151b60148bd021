/*
 * test_load.h -- how the cmocka tests load a configuration: a shipped
 * preset by name, or a file of the source tree ($SRCDIR, else the current
 * directory) such as tests/data/scenarios/sbr-fig2.conf.  A configuration that
 * does not load fails the test with the loader's message.  Include after
 * cmocka.h and config.h.
 */
#ifndef SIMTREF_TEST_LOAD_H
#define SIMTREF_TEST_LOAD_H

#include <stdio.h>
#include <stdlib.h>

static inline struct simt_config load(const char *preset)
{
    struct simt_config cfg;
    char err[CONFIG_ERR_LEN];

    if (config_load_preset(preset, &cfg, err, sizeof err) != 0)
        fail_msg("%s", err);
    return cfg;
}

static inline struct simt_config load_file(const char *name)
{
    struct simt_config cfg;
    char err[CONFIG_ERR_LEN], path[1024];
    const char *dir = getenv("SRCDIR");

    snprintf(path, sizeof path, "%s/%s", dir ? dir : ".", name);
    if (config_load(path, &cfg, err, sizeof err) != 0)
        fail_msg("%s", err);
    return cfg;
}

#endif /* SIMTREF_TEST_LOAD_H */
