/*
 * fuzz_config.c -- libFuzzer target for the configuration parser.
 *
 * Every input is read by config_load_buffer(), the parser config_load()
 * uses, as the file "fuzz.conf".  What must hold for any input:
 *
 *   - no crash, no memory error, no undefined behaviour (the target is
 *     built with AddressSanitizer and UndefinedBehaviorSanitizer);
 *   - a rejected input leaves a message "fuzz.conf:LINE: ..." and the
 *     configuration all zero;
 *   - an accepted input prints (config_print) to text that loads back to
 *     the same configuration, and every key config_print names is readable
 *     with config_get.
 *
 * A broken property aborts, which libFuzzer reports as a crash with the
 * input that caused it.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check(int ok, const char *what, const char *detail)
{
    if (!ok) {
        fprintf(stderr, "fuzz_config: %s: %s\n", what, detail);
        abort();
    }
}

static int all_zero(const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++)
        if (b[i])
            return 0;
    return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct simt_config cfg, again;
    char err[CONFIG_ERR_LEN], err2[CONFIG_ERR_LEN], value[128];
    char *text = NULL, *line, *save = NULL;
    size_t len = 0;
    FILE *out;

    if (config_load_buffer("fuzz.conf", (const char *)data, size, &cfg, err,
                           sizeof err) != 0) {
        check(strncmp(err, "fuzz.conf:", 10) == 0, "message without file", err);
        check(err[10] >= '0' && err[10] <= '9', "message without line", err);
        check(all_zero(&cfg, sizeof cfg), "rejected input leaves values", err);
        return 0;
    }

    out = open_memstream(&text, &len);
    check(out != NULL, "open_memstream", "failed");
    config_print(&cfg, out);
    fclose(out);
    check(config_load_buffer("fuzz.conf", text, len, &again, err2,
                             sizeof err2) == 0, "printed text does not load", err2);
    check(memcmp(&cfg, &again, sizeof cfg) == 0, "round trip differs", text);

    for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        char *eq = strstr(line, " = ");
        if (!eq)
            continue;
        *eq = '\0';
        check(config_get(&cfg, line, value, sizeof value) == 0,
              "printed key not readable", line);
        /* a key of another mode is printed with "  # unused: ..." */
        if (strstr(eq + 3, "  # "))
            *strstr(eq + 3, "  # ") = '\0';
        check(strcmp(value, eq + 3) == 0, "config_get differs from print", line);
    }
    free(text);
    return 0;
}
