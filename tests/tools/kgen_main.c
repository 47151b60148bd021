/*
 * kgen_main.c -- print one random SIMT kernel (tests/tools/kgen.h).
 *
 *   kgen --seed S [--no-FEATURE]...
 *
 * The program goes to stdout.  Its first line names the seed, the features turned off and the launch
 * (grid, block, warp size) it is checked with.
 */
#include "kgen.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static void usage(FILE *f)
{
    fprintf(f, "usage: kgen --seed S [--no-FEATURE]...\n"
               "features: %s\n", kgen_feature_names());
}

int main(int argc, char **argv)
{
    struct kgen_features f = kgen_all_features();
    unsigned long long seed = 0;
    bool have_seed = false;

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0) {
            usage(stdout);
            return 0;
        } else if (strncmp(a, "--no-", 5) == 0) {
            if (kgen_feature_off(&f, a + 5) != 0) {
                fprintf(stderr, "kgen: unknown option '%s'\n", a);
                usage(stderr);
                return 2;
            }
        } else if (strcmp(a, "--seed") == 0 && i + 1 < argc) {
            const char *v = argv[++i];
            char *end;
            errno = 0;
            seed = strtoull(v, &end, 0);
            if (errno || end == v || *end || v[0] == '-') {
                fprintf(stderr, "kgen: --seed '%s': not a number\n", v);
                return 2;
            }
            have_seed = true;
        } else {
            fprintf(stderr, "kgen: %s '%s'\n", strcmp(a, "--seed") == 0
                    ? "a value is missing after" : "unknown option", a);
            usage(stderr);
            return 2;
        }
    }
    if (!have_seed) {
        fprintf(stderr, "kgen: give --seed S\n");
        usage(stderr);
        return 2;
    }
    if (kgen_write(stdout, seed, &f) != 0 || fflush(stdout) != 0) {
        fprintf(stderr, "kgen: cannot write the program to stdout\n");
        return 1;
    }
    return 0;
}
