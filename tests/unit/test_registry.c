/*
 * test_registry.c -- the registry (golden/registry.h) is the one list of
 * the structures: every file that belongs to a structure has its row, and
 * every row its files.
 *
 * The source tree is $SRCDIR (default "."): the golden models, the
 * generated modules of every preset, the testbenches, the property files,
 * the .cosim and .proof tests, the build's lists (mk/registry.am) and the
 * README's tables are each compared with the registry, both ways.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "config.h"
#include "registry.h"

enum { PATH_LEN = 4096 };

static const char *srcdir(void)
{
    const char *d = getenv("SRCDIR");
    return d && d[0] ? d : ".";
}

static int file_exists(const char *fmt, ...)
{
    char path[PATH_LEN];
    struct stat st;
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(path, sizeof path, fmt, ap);
    va_end(ap);
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* Whether the space-separated list `words` holds `word`. */
static int has_word(const char *words, const char *word, size_t len)
{
    const char *w = words;

    while (*w) {
        size_t n = strcspn(w, " ");
        if (n == len && strncmp(w, word, len) == 0)
            return 1;
        w += n;
        w += strspn(w, " ");
    }
    return 0;
}

/* Split "STRUCT-REST.ext" into the structure whose name is the longest
 * prefix followed by '-', and REST; STRUCTURE_COUNT when none is. */
static enum structure_id split_test_name(const char *file, const char *ext,
                                         char *rest, size_t restlen)
{
    size_t len = strlen(file), elen = strlen(ext), best = 0;
    enum structure_id found = STRUCTURE_COUNT;
    int s;

    if (len <= elen || strcmp(file + len - elen, ext) != 0)
        return STRUCTURE_COUNT;
    for (s = 0; s < STRUCTURE_COUNT; s++) {
        const char *name = registry_structure((enum structure_id)s)->name;
        size_t n = strlen(name);
        if (n > best && strncmp(file, name, n) == 0 && file[n] == '-') {
            best = n;
            found = (enum structure_id)s;
        }
    }
    if (found != STRUCTURE_COUNT)
        snprintf(rest, restlen, "%.*s", (int)(len - elen - best - 1),
                 file + best + 1);
    return found;
}

/* Whether defect test `rest` of structure s is a registry defect's. */
static int is_defect_test(enum structure_id s, const char *rest)
{
    int d;

    for (d = DEFECT_NONE + 1; d < DEFECT_COUNT; d++)
        if (registry_defect((enum rtl_defect)d)->structure == s &&
            strcmp(registry_defect((enum rtl_defect)d)->test, rest) == 0)
            return 1;
    return 0;
}

/* ------------------------------------------------------------------------
 * Files -> registry
 * ---------------------------------------------------------------------- */

static void every_test_file_belongs_to_a_registry_row(void **state)
{
    static const struct {
        const char *dir, *ext;
    } kinds[] = { { "tb", ".cosim" }, { "formal", ".proof" } };
    char path[PATH_LEN], rest[256];
    unsigned seen = 0;
    size_t k;

    (void)state;
    for (k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        struct dirent *e;
        DIR *d;

        snprintf(path, sizeof path, "%s/%s", srcdir(), kinds[k].dir);
        d = opendir(path);
        assert_non_null(d);
        while ((e = readdir(d)) != NULL) {
            const struct structure_info *si;
            enum structure_id s;
            int cosim = k == 0;
            size_t n = strlen(e->d_name);

            if (n < strlen(kinds[k].ext) ||
                strcmp(e->d_name + n - strlen(kinds[k].ext), kinds[k].ext))
                continue;
            s = split_test_name(e->d_name, kinds[k].ext, rest, sizeof rest);
            if (s == STRUCTURE_COUNT)
                fail_msg("%s/%s: no structure of the registry is called "
                         "that", kinds[k].dir, e->d_name);
            si = registry_structure(s);
            if (!has_word(cosim ? si->cosims : si->proofs, rest, strlen(rest))
                && !has_word(cosim ? si->long_cosims : si->long_proofs, rest,
                             strlen(rest))
                && !is_defect_test(s, rest))
                fail_msg("%s/%s is not in the registry's row of %s",
                         kinds[k].dir, e->d_name, si->name);
            seen++;
        }
        closedir(d);
    }
    assert_true(seen > STRUCTURE_COUNT);
}

/* Every file NAME-ish in dir with the prefix and suffix names a structure. */
static void check_dir(const char *dir, const char *prefix, const char *suffix,
                      unsigned *seen)
{
    char path[PATH_LEN];
    struct dirent *e;
    DIR *d;

    snprintf(path, sizeof path, "%s/%s", srcdir(), dir);
    d = opendir(path);
    assert_non_null(d);
    while ((e = readdir(d)) != NULL) {
        size_t n = strlen(e->d_name), lp = strlen(prefix), ls = strlen(suffix);
        char name[256];

        if (n <= lp + ls || strncmp(e->d_name, prefix, lp) != 0 ||
            strcmp(e->d_name + n - ls, suffix) != 0)
            continue;
        snprintf(name, sizeof name, "%.*s", (int)(n - lp - ls),
                 e->d_name + lp);
        if (registry_find_structure(name) == STRUCTURE_COUNT)
            fail_msg("%s/%s: no structure '%s' in the registry", dir,
                     e->d_name, name);
        (*seen)++;
    }
    closedir(d);
}

static void every_testbench_and_property_file_has_a_registry_row(
    void **state)
{
    unsigned seen = 0, proved = 0;
    int s;

    (void)state;
    for (s = 0; s < STRUCTURE_COUNT; s++)
        proved += registry_proved((enum structure_id)s) != 0;
    check_dir("tb", "tb_", ".cpp", &seen);
    check_dir("formal", "", "_props.v", &seen);
    check_dir("formal", "", ".params", &seen);
    assert_int_equal(seen, STRUCTURE_COUNT + 2 * proved);
}

static void every_generated_module_of_a_preset_is_the_registry_s(
    void **state)
{
    char path[PATH_LEN];
    int p;

    (void)state;
    for (p = 0; config_preset_names[p]; p++) {
        struct simt_config cfg;
        char err[CONFIG_ERR_LEN];
        struct dirent *e;
        unsigned files = 0, expected = 0;
        DIR *d;
        int s;

        if (config_load_preset(config_preset_names[p], &cfg, err,
                               sizeof err) != 0)
            fail_msg("%s", err);
        snprintf(path, sizeof path, "%s/rtl/%s", srcdir(),
                 config_preset_names[p]);
        d = opendir(path);
        assert_non_null(d);
        while ((e = readdir(d)) != NULL) {
            size_t n = strlen(e->d_name);
            char name[256];
            enum structure_id id;

            if (n < 10 || strncmp(e->d_name, "simtref_", 8) != 0 ||
                strcmp(e->d_name + n - 2, ".v") != 0)
                continue;
            snprintf(name, sizeof name, "%.*s", (int)(n - 10), e->d_name + 8);
            id = registry_find_structure(name);
            if (id == STRUCTURE_COUNT || !registry_applies(id, &cfg))
                fail_msg("rtl/%s/%s is not a structure the registry gives "
                         "that preset", config_preset_names[p], e->d_name);
            files++;
        }
        closedir(d);
        for (s = 0; s < STRUCTURE_COUNT; s++)
            if (registry_applies((enum structure_id)s, &cfg))
                expected++;
        assert_int_equal(files, expected);
    }
}

/*
 * A golden header that declares <file>_geometry(cfg, g), the first call of
 * model.h's contract, is a structure's model.  (lookup_table.h's geometry
 * also takes the table's kind: it is the implementation the two lookups'
 * models share, not a structure.)
 */
static int declares_model_geometry(const char *text, const char *base)
{
    char call[160];
    const char *p;
    unsigned commas = 0;

    snprintf(call, sizeof call, "void %s_geometry(", base);
    p = strstr(text, call);
    if (p == NULL)
        return 0;
    for (p += strlen(call); *p != '\0' && *p != ')'; p++)
        commas += *p == ',';
    return *p == ')' && commas == 1;
}

static void every_structure_model_is_some_row_s_model(void **state)
{
    static char text[1 << 16];
    char path[PATH_LEN], base[128];
    struct dirent *e;
    DIR *d;
    unsigned models = 0, stages = 0;

    (void)state;
    snprintf(path, sizeof path, "%s/golden/structures", srcdir());
    d = opendir(path);
    assert_non_null(d);
    while ((e = readdir(d)) != NULL) {
        size_t n = strlen(e->d_name), got;
        int is_model, listed = 0, s;
        FILE *f;

        if (n < 3 || n - 2 >= sizeof base ||
            strcmp(e->d_name + n - 2, ".h") != 0)
            continue;
        memcpy(base, e->d_name, n - 2);
        base[n - 2] = '\0';
        snprintf(path, sizeof path, "%s/golden/structures/%s", srcdir(), e->d_name);
        f = fopen(path, "r");
        assert_non_null(f);
        got = fread(text, 1, sizeof text - 1, f);
        text[got] = '\0';
        fclose(f);
        is_model = declares_model_geometry(text, base);
        for (s = 0; s < STRUCTURE_COUNT; s++)
            if (strcmp(registry_structure((enum structure_id)s)->model,
                       e->d_name) == 0)
                listed = 1;
        if (is_model && !listed)
            fail_msg("golden/structures/%s models a structure that has no registry row",
                     e->d_name);
        if (listed && !is_model)
            fail_msg("golden/structures/%s is a registry row's model but does not "
                     "declare %s_geometry(cfg, g)", e->d_name, base);
        models += is_model;
    }
    closedir(d);
    for (int k = 0; k < STRUCTURE_COUNT; k++)  /* the SM's stages: golden/sm/ */
        stages += strchr(registry_structure((enum structure_id)k)->model,
                         '/') != NULL;
    assert_int_equal(models + stages, STRUCTURE_COUNT);
}

/* ------------------------------------------------------------------------
 * Registry -> files
 * ---------------------------------------------------------------------- */

/* Each space-separated word W of words has the file PREFIX W SUFFIX. */
static void check_words(const char *words, const char *prefix,
                        const char *suffix)
{
    const char *w = words;

    while (*w) {
        size_t n = strcspn(w, " ");
        if (!file_exists("%s/%s%.*s%s", srcdir(), prefix, (int)n, w, suffix))
            fail_msg("the registry names %s%.*s%s, which does not exist",
                     prefix, (int)n, w, suffix);
        w += n;
        w += strspn(w, " ");
    }
}

static void every_registry_row_has_its_files(void **state)
{
    char prefix[128];
    int s, d;

    (void)state;
    for (s = 0; s < STRUCTURE_COUNT; s++) {
        const struct structure_info *si =
            registry_structure((enum structure_id)s);

        /* a stage of the SM names its header under golden/ */
        assert_true(file_exists(strchr(si->model, '/') ? "%s/golden/%s"
                                : "%s/golden/structures/%s", srcdir(),
                                si->model));
        assert_true(file_exists("%s/tb/tb_%s.cpp", srcdir(), si->name));
        assert_int_equal(file_exists("%s/formal/%s_props.v", srcdir(),
                                     si->name), registry_proved((enum structure_id)s));
        assert_int_equal(file_exists("%s/formal/%s.params", srcdir(),
                                     si->name), registry_proved((enum structure_id)s));
        assert_int_equal(strncmp(si->module, "simtref_", 8), 0);
        assert_string_equal(si->module + 8, si->name);
        assert_int_equal(strlen(si->file), strlen(si->module) + 2);
        assert_int_equal(strncmp(si->file, si->module, strlen(si->module)), 0);
        check_words(si->scenarios, "tests/data/scenarios/", ".conf");
        check_words(si->tb_deps, "", "");
        snprintf(prefix, sizeof prefix, "tb/%s-", si->name);
        check_words(si->cosims, prefix, ".cosim");
        check_words(si->long_cosims, prefix, ".cosim");
        snprintf(prefix, sizeof prefix, "formal/%s-", si->name);
        check_words(si->proofs, prefix, ".proof");
        check_words(si->long_proofs, prefix, ".proof");
    }
    for (d = DEFECT_NONE + 1; d < DEFECT_COUNT; d++) {
        const struct defect_info *di = registry_defect((enum rtl_defect)d);
        const char *name = registry_structure(di->structure)->name;

        assert_true(file_exists("%s/tb/%s-%s.cosim", srcdir(), name,
                                di->test));
        assert_int_equal(file_exists("%s/formal/%s-%s.proof", srcdir(),
                                     name, di->test),
                         registry_proved(di->structure));
        if (strchr(di->config, '/'))
            assert_true(file_exists("%s/%s", srcdir(), di->config));
    }
}

static void defect_names_parse_back_to_their_defects(void **state)
{
    enum rtl_defect back = DEFECT_NONE;
    int d;

    (void)state;
    for (d = 0; d < DEFECT_COUNT; d++) {
        assert_int_equal(rtl_defect_parse(rtl_defect_name((enum rtl_defect)d),
                                          &back), 0);
        assert_int_equal(back, d);
    }
    assert_int_equal(rtl_defect_parse("no-such-defect", &back), -1);
}

/* ------------------------------------------------------------------------
 * The build's lists and the README follow the registry
 * ---------------------------------------------------------------------- */

static char *read_all(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *buf;
    long n;

    if (!f)
        fail_msg("cannot open %s", path);
    assert_int_equal(fseek(f, 0, SEEK_END), 0);
    n = ftell(f);
    assert_true(n >= 0);
    rewind(f);
    buf = malloc((size_t)n + 1);
    assert_non_null(buf);
    assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
    buf[n] = '\0';
    fclose(f);
    *len = (size_t)n;
    return buf;
}

static void the_build_s_lists_are_the_registry_s(void **state)
{
    char path[PATH_LEN], err[CONFIG_ERR_LEN];
    char *want = NULL, *have;
    size_t wlen = 0, hlen;
    FILE *out;

    (void)state;
    out = open_memstream(&want, &wlen);
    assert_non_null(out);
    if (registry_write_make(out, err, sizeof err) != 0)
        fail_msg("%s", err);
    assert_int_equal(fclose(out), 0);
    snprintf(path, sizeof path, "%s/mk/registry.am", srcdir());
    have = read_all(path, &hlen);
    if (hlen != wlen || memcmp(have, want, wlen) != 0)
        fail_msg("mk/registry.am differs from the registry: run `simtref "
                 "registry --make > mk/registry.am`");
    free(have);
    free(want);
}

static void the_readme_tables_name_every_structure_and_defect(void **state)
{
    char path[PATH_LEN], row[128];
    const char *p;
    size_t len;
    char *readme;
    int s, d;

    (void)state;
    snprintf(path, sizeof path, "%s/README.md", srcdir());
    readme = read_all(path, &len);
    for (s = 0; s < STRUCTURE_COUNT; s++) {
        snprintf(row, sizeof row, "| `%s` |",
                 registry_structure((enum structure_id)s)->module);
        if (!strstr(readme, row))
            fail_msg("README.md has no structure row for %s", row);
    }
    for (d = DEFECT_NONE + 1; d < DEFECT_COUNT; d++) {
        snprintf(row, sizeof row, "\n| `%s` |",
                 rtl_defect_name((enum rtl_defect)d));
        if (!strstr(readme, row))
            fail_msg("README.md has no defect row for %s", row + 1);
    }
    /* ... and no defect row the registry does not have. */
    for (p = strstr(readme, "| defect | the bug |"); p && *p;) {
        enum rtl_defect back = DEFECT_NONE;
        char name[64];

        p = strchr(p, '\n');
        if (!p || strncmp(p, "\n| `", 4) != 0)
            break;
        p += 4;
        snprintf(name, sizeof name, "%.*s", (int)strcspn(p, "`"), p);
        if (rtl_defect_parse(name, &back) != 0)
            fail_msg("README.md lists a defect '%s' the registry does not "
                     "have", name);
    }
    free(readme);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_test_file_belongs_to_a_registry_row),
        cmocka_unit_test(every_testbench_and_property_file_has_a_registry_row),
        cmocka_unit_test(every_generated_module_of_a_preset_is_the_registry_s),
        cmocka_unit_test(every_structure_model_is_some_row_s_model),
        cmocka_unit_test(every_registry_row_has_its_files),
        cmocka_unit_test(defect_names_parse_back_to_their_defects),
        cmocka_unit_test(the_build_s_lists_are_the_registry_s),
        cmocka_unit_test(the_readme_tables_name_every_structure_and_defect),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
