/*
 * registry_make.c -- the registry's lists for the build: mk/registry.am,
 * written by `simtref registry --make` (registry_write_make() of
 * registry.h) from the structures and defects of registry.c.
 */
#include "registry.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "config.h"

/* The name of a defect's configuration: "tiny", or "sbr-fig2" for
 * tests/data/scenarios/sbr-fig2.conf, into buf. */
static const char *config_name(const char *config, char *buf, size_t len)
{
    const char *base = strrchr(config, '/');
    size_t n;

    base = base ? base + 1 : config;
    n = strcspn(base, ".");
    snprintf(buf, len, "%.*s", (int)n, base);
    return buf;
}

/* Whether w is one of the space-separated words of words. */
static int has_word(const char *words, const char *w)
{
    size_t len = strlen(w);

    while (*words) {
        size_t n = strcspn(words, " ");
        if (n == len && strncmp(words, w, n) == 0)
            return 1;
        words += n;
        words += strspn(words, " ");
    }
    return 0;
}

/* "PREFIX-W.SUFFIX" for each space-separated word W of words. */
static void print_words(FILE *out, const char *prefix, const char *words,
                        const char *suffix)
{
    const char *w = words;

    while (*w) {
        size_t n = strcspn(w, " ");
        if (n > 0)
            fprintf(out, " \\\n\t%s%.*s%s", prefix, (int)n, w, suffix);
        w += n;
        w += strspn(w, " ");
    }
}

/* The make variable LIST: DIR/NAME-X.EXT for every structure NAME and
 * every X of the word list at `field` of its row (cosims, proofs, ...). */
static void print_tests(FILE *out, const char *list, const char *dir,
                        const char *ext, size_t field)
{
    fprintf(out, "\n%s =", list);
    for (int s = 0; s < STRUCTURE_COUNT; s++) {
        const char *words =
            *(const char *const *)((const char *)registry_structure(s) + field);
        char prefix[64];

        snprintf(prefix, sizeof prefix, "%s/%s-", dir, registry_structure(s)->name);
        print_words(out, prefix, words, ext);
    }
}

int registry_write_make(FILE *out, char *err, size_t errlen)
{
    struct simt_config cfg[16];
    char name[CONFIG_NAME_LEN];
    size_t np, p;
    int s, d;

    for (np = 0; config_preset_names[np] && np < 16; np++)
        if (config_load_preset(config_preset_names[np], &cfg[np],
                               err, errlen) != 0)
            return -1;

    fprintf(out, "# mk/registry.am -- the build's lists, from the structure "
                 "registry\n# (golden/registry.c).  Written by `simtref "
                 "registry --make`; do not\n# edit: tests/unit/test_registry "
                 "fails when it differs from the registry.\n\n");
    fprintf(out, "PRESETS =");
    for (p = 0; p < np; p++)
        fprintf(out, " %s", config_preset_names[p]);
    fprintf(out, "\nHARP_PRESETS =");
    for (p = 0; p < np; p++)
        if (cfg[p].reconvergence == RECONV_HARP)
            fprintf(out, " %s", config_preset_names[p]);
    fprintf(out, "\nCOMPOSED =");
    for (p = 0; registry_composed[p]; p++)
        fprintf(out, " %s", registry_composed[p]);
    fprintf(out, "\nSTRUCTURES =");
    for (s = 0; s < STRUCTURE_COUNT; s++)
        fprintf(out, " %s", registry_structure(s)->name);
    fprintf(out, "\n\n# Each structure's testbench configurations (the "
                 "presets that have it,\n# then its scenarios) and the "
                 "headers its testbench includes.\n");
    for (s = 0; s < STRUCTURE_COUNT; s++) {
        const struct structure_info *si = registry_structure(s);
        fprintf(out, "TB_CONFIGS_%s =", si->name);
        for (p = 0; p < np; p++)
            if (registry_applies((enum structure_id)s, &cfg[p]))
                fprintf(out, " %s", config_preset_names[p]);
        if (si->scenarios[0])
            fprintf(out, " %s", si->scenarios);
        /* the configurations (presets or scenarios) of its long rows
         * that none of its make check rows has: testbenches built only
         * for make cosim-long (a long row of another name, as kgen's,
         * runs a testbench of make check's) */
        fprintf(out, "\nTB_LONG_CONFIGS_%s =", si->name);
        for (p = 0; p < np; p++)
            if (has_word(si->long_cosims, config_preset_names[p])
                && !has_word(si->cosims, config_preset_names[p]))
                fprintf(out, " %s", config_preset_names[p]);
        for (const char *w = si->scenarios; *w; ) {
            char word[64];
            size_t n = strcspn(w, " ");

            if (n < sizeof word) {
                memcpy(word, w, n);
                word[n] = '\0';
                if (has_word(si->long_cosims, word) && !has_word(si->cosims, word))
                    fprintf(out, " %s", word);
            }
            w += n;
            w += strspn(w, " ");
        }
        fprintf(out, "\nTB_HEADERS_%s =", si->name);
        if (si->tb_deps[0])
            fprintf(out, " %s", si->tb_deps);
        fprintf(out, "\n");
    }
    fprintf(out, "\n# Each defect as DEFECT:STRUCTURE:CONFIGURATION, the "
                 "configuration a preset\n# or a tests/data/scenarios/ name.\n"
                 "DEFECTS =");
    for (d = DEFECT_NONE + 1; d < DEFECT_COUNT; d++)
        fprintf(out, " \\\n\t%s:%s:%s", registry_defect(d)->name,
                registry_structure(registry_defect(d)->structure)->name,
                config_name(registry_defect(d)->config, name, sizeof name));
    fprintf(out, "\n");
    print_tests(out, "COSIM_TESTS", "tb", ".cosim",
                offsetof(struct structure_info, cosims));
    print_tests(out, "LONG_COSIM_TESTS", "tb", ".cosim",
                offsetof(struct structure_info, long_cosims));
    print_tests(out, "PROOF_TESTS", "formal", ".proof",
                offsetof(struct structure_info, proofs));
    print_tests(out, "LONG_PROOF_TESTS", "formal", ".proof",
                offsetof(struct structure_info, long_proofs));
    /* the proofs of the broken modules too slow for make check, which
     * make defects runs with the rest */
    fprintf(out, " \\\n\t$(LONG_DEFECT_PROOF_TESTS)");
    fprintf(out, "\nLONG_DEFECT_PROOF_TESTS =");
    for (d = DEFECT_NONE + 1; d < DEFECT_COUNT; d++)
        if (registry_defect(d)->proof_long && registry_proved(registry_defect(d)->structure))
            fprintf(out, " \\\n\tformal/%s-%s.proof",
                    registry_structure(registry_defect(d)->structure)->name, registry_defect(d)->test);
    fprintf(out, "\nDEFECT_TESTS =");
    for (d = DEFECT_NONE + 1; d < DEFECT_COUNT; d++) {
        const struct defect_info *di = registry_defect(d);
        fprintf(out, " \\\n\ttb/%s-%s.cosim",
                registry_structure(di->structure)->name, di->test);
        if (registry_proved(di->structure) && !di->proof_long)
            fprintf(out, " formal/%s-%s.proof",
                    registry_structure(di->structure)->name, di->test);
    }
    fprintf(out, "\n");
    if (ferror(out)) {
        snprintf(err, errlen, "error writing the build's lists");
        return -1;
    }
    return 0;
}
