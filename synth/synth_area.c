/*
 * synth_area.c -- synthesize a Verilog module with Yosys and measure its
 * area; see synth_area.h for the contract.
 *
 * The work is done in five steps, in the order of this file:
 *
 *   1. read the Liberty file and take from it each cell's name, its area
 *      and whether it is a flip-flop (it has an `ff` group);
 *   2. write the Yosys script into the working directory;
 *   3. run Yosys on it, its output going to yosys.log;
 *   4. read the per-cell-type counts that `stat -liberty` wrote, price
 *      them with the Liberty areas, and split them into logic and flops;
 *   5. check the sum against the chip area Yosys computed itself.
 *
 * The areas are thus taken from one place only, the Liberty file; Yosys's
 * own total serves as a cross-check of the parsing on both sides.
 */
#include "synth_area.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

enum {
    PATH_SIZE = 4096,           /* longest path built here, with its NUL */
    LINE_SIZE = 1024,           /* longest line kept from Yosys output */
    LIB_MAX_CELLS = 64          /* cells read from one Liberty file */
};

/* Largest difference tolerated between our area sum and Yosys's. */
static const double AREA_TOLERANCE_UM2 = 0.01;


/* ---------------------------------------------------------------------
 * Errors and files
 * ------------------------------------------------------------------- */

/* Format a message into err (when there is room for one) and return -1. */
static int fail(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;

    if (err != NULL && errlen > 0) {
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return -1;
}

/* Write "dir/name" into buf; returns 0, or -1 when it does not fit. */
static int join_path(char *buf, size_t size, const char *dir,
                     const char *name, char *err, size_t errlen)
{
    int n = snprintf(buf, size, "%s/%s", dir, name);

    if (n < 0 || (size_t)n >= size)
        return fail(err, errlen, "path too long: %s/%s", dir, name);
    return 0;
}

/*
 * Read the whole of the file at path into a NUL-terminated buffer that the
 * caller frees.  Returns the buffer, or NULL with a message in err.
 */
static char *read_text_file(const char *path, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    char *text = NULL;
    size_t len = 0, cap = 0;

    if (f == NULL) {
        fail(err, errlen, "cannot open %s: %s", path, strerror(errno));
        return NULL;
    }
    for (;;) {
        size_t got;
        if (cap - len < 4096) {
            char *bigger;
            cap = cap ? 2 * cap : 8192;
            bigger = realloc(text, cap);
            if (bigger == NULL) {
                free(text);
                fclose(f);
                fail(err, errlen, "out of memory reading %s", path);
                return NULL;
            }
            text = bigger;
        }
        got = fread(text + len, 1, cap - len - 1, f);
        len += got;
        if (got == 0)
            break;
    }
    if (ferror(f)) {
        free(text);
        fclose(f);
        fail(err, errlen, "error reading %s", path);
        return NULL;
    }
    fclose(f);
    text[len] = '\0';
    return text;
}

/*
 * Copy the line that starts at *pos into buf (without its newline,
 * truncated to fit) and advance *pos past it.  Returns 0 at the end of
 * the text, 1 otherwise.
 */
static int next_line(const char **pos, char *buf, size_t size)
{
    const char *p = *pos, *end;
    size_t n;

    if (*p == '\0')
        return 0;
    end = strchr(p, '\n');
    if (end == NULL)
        end = p + strlen(p);
    n = (size_t)(end - p);
    if (n >= size)
        n = size - 1;
    memcpy(buf, p, n);
    buf[n] = '\0';
    if (n > 0 && buf[n - 1] == '\r')
        buf[n - 1] = '\0';
    *pos = *end ? end + 1 : end;
    return 1;
}

/* The text of s after its leading white space. */
static const char *skip_space(const char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    return s;
}

/* True when s begins with prefix. */
static int starts_with(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}


/* ---------------------------------------------------------------------
 * Step 1: the Liberty file
 *
 * Only a small part of the Liberty grammar matters here: groups
 * `name (args) { ... }`, simple attributes `name : value ;`, comments and
 * quoted strings.  The reader splits the text into tokens and follows the
 * nesting of braces; a cell's area is the `area` attribute directly inside
 * its group, and a cell is a flip-flop when it contains an `ff` group.
 * ------------------------------------------------------------------- */

struct lib_cell {
    char   name[16];
    double area_um2;
    int    has_area;
    int    is_flop;
};

struct liberty {
    const char     *path;       /* for messages */
    unsigned        ncells;
    struct lib_cell cell[LIB_MAX_CELLS];
};

enum token_kind { TOK_END, TOK_WORD, TOK_STRING, TOK_PUNCT };

struct token {
    enum token_kind kind;
    char text[128];             /* truncated when longer */
};

struct lexer {
    const char *p;              /* next character to read */
};

/* True for the characters that make up Liberty names and numbers. */
static int is_word_char(int c)
{
    return isalnum(c) || c == '_' || c == '.' || c == '-' || c == '+';
}

/* Skip white space, line continuations and both kinds of comment. */
static void skip_blanks(struct lexer *lx)
{
    for (;;) {
        const char *p = lx->p;
        if (isspace((unsigned char)*p) || *p == '\\') {
            lx->p++;
        } else if (p[0] == '/' && p[1] == '*') {
            const char *close = strstr(p + 2, "*/");
            lx->p = close ? close + 2 : p + strlen(p);
        } else if (p[0] == '/' && p[1] == '/') {
            const char *eol = strchr(p, '\n');
            lx->p = eol ? eol : p + strlen(p);
        } else {
            return;
        }
    }
}

/* Copy n characters from src into the token's text, truncating. */
static void set_token_text(struct token *t, const char *src, size_t n)
{
    if (n >= sizeof t->text)
        n = sizeof t->text - 1;
    memcpy(t->text, src, n);
    t->text[n] = '\0';
}

/* Read the next token into *t and return its kind. */
static enum token_kind next_token(struct lexer *lx, struct token *t)
{
    const char *start;

    skip_blanks(lx);
    start = lx->p;
    if (*start == '\0') {
        t->kind = TOK_END;
        t->text[0] = '\0';
    } else if (*start == '"') {
        const char *close = strchr(start + 1, '"');
        const char *end = close ? close : start + strlen(start);
        t->kind = TOK_STRING;
        set_token_text(t, start + 1, (size_t)(end - start - 1));
        lx->p = close ? close + 1 : end;
    } else if (is_word_char((unsigned char)*start)) {
        while (is_word_char((unsigned char)*lx->p))
            lx->p++;
        t->kind = TOK_WORD;
        set_token_text(t, start, (size_t)(lx->p - start));
    } else {
        t->kind = TOK_PUNCT;
        set_token_text(t, start, 1);
        lx->p++;
    }
    return t->kind;
}

/* True when t is the punctuation character c. */
static int is_punct(const struct token *t, char c)
{
    return t->kind == TOK_PUNCT && t->text[0] == c;
}

/* True when t is the word w. */
static int is_word(const struct token *t, const char *w)
{
    return t->kind == TOK_WORD && strcmp(t->text, w) == 0;
}

/* Read a token that must be the punctuation c; -1 with a message if not. */
static int expect_punct(struct lexer *lx, char c, const struct liberty *lib,
                        char *err, size_t errlen)
{
    struct token t;

    next_token(lx, &t);
    if (!is_punct(&t, c))
        return fail(err, errlen, "%s: expected '%c', found '%s'",
                    lib->path, c, t.text);
    return 0;
}

/* Having read the word `cell`, read `(NAME)` and add an empty cell. */
static int read_cell_header(struct lexer *lx, struct liberty *lib,
                            char *err, size_t errlen)
{
    struct token name;
    struct lib_cell *c;

    if (expect_punct(lx, '(', lib, err, errlen) != 0)
        return -1;
    next_token(lx, &name);
    if (name.kind != TOK_WORD && name.kind != TOK_STRING)
        return fail(err, errlen, "%s: expected a cell name, found '%s'",
                    lib->path, name.text);
    if (strlen(name.text) >= sizeof c->name)
        return fail(err, errlen, "%s: cell name '%s' is longer than %u "
                    "characters", lib->path, name.text,
                    (unsigned)sizeof c->name - 1);
    if (lib->ncells == LIB_MAX_CELLS)
        return fail(err, errlen, "%s: more than %d cells", lib->path,
                    LIB_MAX_CELLS);
    if (expect_punct(lx, ')', lib, err, errlen) != 0)
        return -1;
    c = &lib->cell[lib->ncells++];
    memset(c, 0, sizeof *c);
    strcpy(c->name, name.text);
    return 0;
}

/* Having read the word `area`, read `: NUMBER` into cell c. */
static int read_cell_area(struct lexer *lx, struct lib_cell *c,
                          const struct liberty *lib, char *err, size_t errlen)
{
    struct token num;
    char *end;

    if (expect_punct(lx, ':', lib, err, errlen) != 0)
        return -1;
    next_token(lx, &num);
    errno = 0;
    c->area_um2 = strtod(num.text, &end);
    if (num.kind != TOK_WORD || *end != '\0' || errno != 0 ||
        c->area_um2 < 0)
        return fail(err, errlen, "%s: cell %s: bad area '%s'",
                    lib->path, c->name, num.text);
    c->has_area = 1;
    return 0;
}

/*
 * Read the cells of the Liberty file at path into *lib.  Every cell must
 * have an area.  Returns 0, or -1 with a message in err.
 */
static int liberty_read(const char *path, struct liberty *lib,
                        char *err, size_t errlen)
{
    struct lexer lx;
    struct token t;
    struct lib_cell *cur = NULL;    /* the cell being read, if any */
    int depth = 0, cell_depth = 0;  /* brace depth; outside the cell's group */
    int rc = 0;
    char *text = read_text_file(path, err, errlen);

    if (text == NULL)
        return -1;
    memset(lib, 0, sizeof *lib);
    lib->path = path;
    lx.p = text;
    while (rc == 0 && next_token(&lx, &t) != TOK_END) {
        if (is_punct(&t, '{')) {
            depth++;
        } else if (is_punct(&t, '}')) {
            depth--;
            if (cur != NULL && depth == cell_depth) {
                if (!cur->has_area)
                    rc = fail(err, errlen, "%s: cell %s has no area",
                              path, cur->name);
                cur = NULL;
            }
        } else if (cur == NULL && is_word(&t, "cell")) {
            rc = read_cell_header(&lx, lib, err, errlen);
            if (rc == 0) {
                cur = &lib->cell[lib->ncells - 1];
                cell_depth = depth;
            }
        } else if (cur != NULL && depth == cell_depth + 1 &&
                   is_word(&t, "area")) {
            rc = read_cell_area(&lx, cur, lib, err, errlen);
        } else if (cur != NULL && is_word(&t, "ff")) {
            cur->is_flop = 1;
        }
    }
    free(text);
    if (rc == 0 && (depth != 0 || cur != NULL))
        rc = fail(err, errlen, "%s: unbalanced braces", path);
    if (rc == 0 && lib->ncells == 0)
        rc = fail(err, errlen, "%s: no cells found", path);
    return rc;
}

/* The library cell called name, or NULL. */
static const struct lib_cell *liberty_find(const struct liberty *lib,
                                           const char *name)
{
    unsigned i;

    for (i = 0; i < lib->ncells; i++)
        if (strcmp(lib->cell[i].name, name) == 0)
            return &lib->cell[i];
    return NULL;
}


/* ---------------------------------------------------------------------
 * Step 2: the Yosys script
 * ------------------------------------------------------------------- */

/*
 * Yosys splits script lines at white space, ends a command at ';' and
 * starts a comment at '#'; it has no way to quote them.  Returns 0 when
 * path avoids them, else -1 with a message naming what is refused.
 */
static int check_script_path(const char *what, const char *path,
                             char *err, size_t errlen)
{
    const char *p;

    if (*path == '\0')
        return fail(err, errlen, "the %s path is empty", what);
    for (p = path; *p; p++)
        if (isspace((unsigned char)*p) || *p == ';' || *p == '#' ||
            *p == '"')
            return fail(err, errlen, "the %s path '%s' contains a space or "
                        "one of  \" ; #  which a Yosys script cannot carry",
                        what, path);
    return 0;
}

/* Returns 0 when top is a plain Verilog identifier, else -1. */
static int check_top_name(const char *top, char *err, size_t errlen)
{
    const char *p = top;

    if (!isalpha((unsigned char)*p) && *p != '_')
        return fail(err, errlen, "bad top module name '%s'", top);
    for (p++; *p; p++)
        if (!isalnum((unsigned char)*p) && *p != '_' && *p != '$')
            return fail(err, errlen, "bad top module name '%s'", top);
    return 0;
}

/* The files of one run, all in the working directory. */
struct run_paths {
    char script[PATH_SIZE];     /* area.ys */
    char log[PATH_SIZE];        /* yosys.log: all of Yosys's output */
    char stat[PATH_SIZE];       /* stat.txt: the `stat -liberty` report */
    char netlist[PATH_SIZE];    /* netlist.v: the mapped netlist */
    char mems[PATH_SIZE];       /* mems.txt: the memories, as RTLIL */
    char arrays[PATH_SIZE];     /* arrays.txt: the marked arrays, as RTLIL */
};

static int make_run_paths(const char *workdir, struct run_paths *rp,
                          char *err, size_t errlen)
{
    if (join_path(rp->script, PATH_SIZE, workdir, "area.ys", err, errlen) ||
        join_path(rp->log, PATH_SIZE, workdir, "yosys.log", err, errlen) ||
        join_path(rp->stat, PATH_SIZE, workdir, "stat.txt", err, errlen) ||
        join_path(rp->netlist, PATH_SIZE, workdir, "netlist.v", err, errlen) ||
        join_path(rp->mems, PATH_SIZE, workdir, "mems.txt", err, errlen) ||
        join_path(rp->arrays, PATH_SIZE, workdir, "arrays.txt", err, errlen))
        return -1;
    return 0;
}

/* Write the synthesis script to rp->script. */
static int write_script(const struct run_paths *rp, const char *liberty_path,
                        const char *verilog_path, const char *top,
                        int show_table, char *err, size_t errlen)
{
    FILE *f = fopen(rp->script, "w");
    int bad;

    if (f == NULL)
        return fail(err, errlen, "cannot create %s: %s", rp->script,
                    strerror(errno));
    fprintf(f, "# Area synthesis of module %s, written by synth_area().\n"
            "# Relative paths are relative to where yosys is started.\n",
            top);
    fprintf(f, "read_verilog -noautowire %s\n", verilog_path);
    if (show_table)
        fprintf(f, "chparam -set SHOW_TABLE 0 %s\n", top);
    fprintf(f, "hierarchy -check -top %s\n", top);
    fprintf(f, "tee -q -o %s dump a:simtref_array\n", rp->arrays);
    fprintf(f, "synth -flatten -top %s -run :fine\n", top);
    fprintf(f, "tee -q -o %s dump t:$mem_v2\n", rp->mems);
    fprintf(f, "opt -fast -full\n");
    fprintf(f, "techmap\n");
    fprintf(f, "opt -fast\n");
    fprintf(f, "dfflibmap -liberty %s\n", liberty_path);
    /* ABC's fast script: the full one takes over ten minutes on the
     * fermi-harp RBT (160 000 gates) and saves a few per cent of area. */
    fprintf(f, "abc -fast -liberty %s\n", liberty_path);
    fprintf(f, "opt_clean\n");
    fprintf(f, "tee -o %s stat -liberty %s\n", rp->stat, liberty_path);
    fprintf(f, "write_verilog -noattr %s\n", rp->netlist);
    bad = ferror(f);
    if (fclose(f) != 0 || bad)
        return fail(err, errlen, "error writing %s", rp->script);
    return 0;
}


/* ---------------------------------------------------------------------
 * Step 3: running Yosys
 * ------------------------------------------------------------------- */

/*
 * Copy into buf the last line of the log that contains "ERROR", with
 * leading white space removed; an empty string when there is none.
 */
static void last_error_line(const char *log_path, char *buf, size_t size)
{
    char line[LINE_SIZE], ignored[8];
    const char *pos;
    char *text = read_text_file(log_path, ignored, sizeof ignored);

    buf[0] = '\0';
    if (text == NULL)
        return;
    pos = text;
    while (next_line(&pos, line, sizeof line))
        if (strstr(line, "ERROR") != NULL)
            snprintf(buf, size, "%s", skip_space(line));
    free(text);
}

/*
 * Start yosys -s script with stdin from /dev/null and stdout and stderr to
 * the log, and wait for it.  Returns its wait status in *status, and 0; or
 * -1 with a message when it could not be started.
 */
static int spawn_and_wait(const char *yosys, const struct run_paths *rp,
                          int *status, char *err, size_t errlen)
{
    char prog[PATH_SIZE], opt_s[] = "-s", script[PATH_SIZE];
    char *argv[4];
    posix_spawn_file_actions_t fa;
    pid_t pid;
    int rc;

    if (snprintf(prog, sizeof prog, "%s", yosys) >= (int)sizeof prog)
        return fail(err, errlen, "yosys path too long");
    strcpy(script, rp->script);
    argv[0] = prog;
    argv[1] = opt_s;
    argv[2] = script;
    argv[3] = NULL;

    if (posix_spawn_file_actions_init(&fa) != 0)
        return fail(err, errlen, "cannot prepare to run yosys");
    rc = posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    if (rc == 0)
        rc = posix_spawn_file_actions_addopen(&fa, 1, rp->log,
                                              O_WRONLY | O_CREAT | O_TRUNC,
                                              0644);
    if (rc == 0)
        rc = posix_spawn_file_actions_adddup2(&fa, 1, 2);
    if (rc == 0)
        rc = posix_spawnp(&pid, prog, &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    if (rc != 0)
        return fail(err, errlen, "cannot run yosys '%s': %s", yosys,
                    strerror(rc));

    while (waitpid(pid, status, 0) < 0)
        if (errno != EINTR)
            return fail(err, errlen, "waiting for yosys: %s",
                        strerror(errno));
    return 0;
}

/* Run Yosys on the script; returns 0 when it succeeds, else -1. */
static int run_yosys(const char *yosys, const struct run_paths *rp,
                     char *err, size_t errlen)
{
    char why[LINE_SIZE], last[LINE_SIZE];
    int status;

    if (spawn_and_wait(yosys, rp, &status, err, errlen) != 0)
        return -1;
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
        return 0;

    if (WIFEXITED(status))
        snprintf(why, sizeof why, "exit %d", WEXITSTATUS(status));
    else if (WIFSIGNALED(status))
        snprintf(why, sizeof why, "signal %d", WTERMSIG(status));
    else
        snprintf(why, sizeof why, "status %d", status);
    last_error_line(rp->log, last, sizeof last);
    if (last[0] != '\0')
        return fail(err, errlen, "yosys failed (%s), see %s: %s",
                    why, rp->log, last);
    return fail(err, errlen, "yosys failed (%s), see %s", why, rp->log);
}


/* ---------------------------------------------------------------------
 * Steps 4 and 5: the statistics
 *
 * `stat -liberty` prints, for each module,
 *
 *     === top ===
 *        Number of wires:  ...
 *        ...
 *        Number of cells:                 19
 *          AND2                            1
 *          INV                             7
 *
 *        Chip area for module '\top': 16.758000
 *
 * The lines between "Number of cells" and "Chip area" are the cell types.
 * ------------------------------------------------------------------- */

/* Where the reader of the statistics is. */
enum stat_state { BEFORE_MODULE, IN_MODULE, IN_CELLS, DONE };

/* Add count instances of the cell type name to res, priced from lib. */
static int add_cells(struct synth_result *res, const struct liberty *lib,
                     const char *name, unsigned count, const char *netlist,
                     char *err, size_t errlen)
{
    const struct lib_cell *lc = liberty_find(lib, name);
    struct synth_cell *sc;

    if (lc == NULL)
        return fail(err, errlen, "the mapped netlist has %u cell%s of type "
                    "%s, which is not in the library %s (see %s)",
                    count, count == 1 ? "" : "s", name, lib->path, netlist);
    if (res->ncell_types == sizeof res->cell / sizeof res->cell[0])
        return fail(err, errlen, "more than %u cell types in the netlist",
                    (unsigned)(sizeof res->cell / sizeof res->cell[0]));
    sc = &res->cell[res->ncell_types++];
    strcpy(sc->name, lc->name);
    sc->count = count;
    sc->area_um2 = count * lc->area_um2;
    res->cells += count;
    if (lc->is_flop) {
        res->flops += count;
        res->flop_um2 += sc->area_um2;
    } else {
        res->logic_um2 += sc->area_um2;
    }
    return 0;
}

/* Read the number after the last ':' of a "Chip area" line. */
static int parse_chip_area(const char *line, double *area,
                           char *err, size_t errlen)
{
    const char *colon = strrchr(line, ':');
    char *end;

    if (colon != NULL) {
        *area = strtod(colon + 1, &end);
        if (end != colon + 1 && *skip_space(end) == '\0')
            return 0;
    }
    return fail(err, errlen, "cannot read the chip area in '%s'", line);
}

/* Handle one line of the cell list (a blank line is allowed). */
static int parse_cell_line(const char *line, struct synth_result *res,
                           unsigned *memories, const struct liberty *lib,
                           const char *netlist, char *err, size_t errlen)
{
    char name[LINE_SIZE], extra[2];
    unsigned count;

    if (*skip_space(line) == '\0')
        return 0;
    if (starts_with(line, "Area for cell type $mem_v2 is unknown"))
        return 0;
    if (sscanf(line, "%1023s %u %1s", name, &count, extra) != 2)
        return fail(err, errlen, "unexpected line in the yosys statistics: "
                    "'%s'", line);
    if (strcmp(name, "$mem_v2") == 0) {
        *memories += count;
        return 0;
    }
    return add_cells(res, lib, name, count, netlist, err, errlen);
}

/*
 * Read the statistics text for module top into res, and Yosys's chip area
 * into *chip_area.  Returns 0, or -1 with a message in err.
 */
static int parse_stat(const char *text, const char *top,
                      const struct liberty *lib, const struct run_paths *rp,
                      struct synth_result *res, unsigned *memories,
                      double *chip_area, char *err, size_t errlen)
{
    char line[LINE_SIZE], header[LINE_SIZE];
    const char *pos = text;
    enum stat_state state = BEFORE_MODULE;

    snprintf(header, sizeof header, "=== %s ===", top);
    while (state != DONE && next_line(&pos, line, sizeof line)) {
        const char *s = skip_space(line);

        if (state == BEFORE_MODULE) {
            if (strcmp(s, header) == 0)
                state = IN_MODULE;
        } else if (starts_with(s, "Chip area for module")) {
            if (parse_chip_area(s, chip_area, err, errlen) != 0)
                return -1;
            state = DONE;
        } else if (starts_with(s, "===")) {
            break;
        } else if (state == IN_MODULE) {
            if (starts_with(s, "Number of cells:"))
                state = IN_CELLS;
        } else if (parse_cell_line(s, res, memories, lib, rp->netlist,
                                   err, errlen) != 0) {
            return -1;
        }
    }
    if (state == IN_CELLS && res->cells == 0) {
        *chip_area = 0;         /* only memories: Yosys prints no area */
        state = DONE;
    }
    if (state != DONE)
        return fail(err, errlen, "no chip area for module %s in %s",
                    top, rp->stat);
    return 0;
}

/*
 * The memories of the design, from the RTLIL dump of its $mem_v2 cells:
 *
 *     cell $mem_v2 \sl_mem
 *       parameter \RD_PORTS 1
 *       parameter \SIZE 512
 *       parameter \WIDTH 144
 *       parameter \WR_PORTS 4
 *       ...
 */
static int parse_memories(const char *text, struct synth_result *res,
                          const char *path, char *err, size_t errlen)
{
    char line[LINE_SIZE], word[LINE_SIZE];
    const char *pos = text;
    struct synth_memory *m = NULL;
    unsigned value;

    while (next_line(&pos, line, sizeof line)) {
        const char *s = skip_space(line);

        if (starts_with(s, "cell $mem_v2 ")) {
            if (res->nmemories == sizeof res->mem / sizeof res->mem[0])
                return fail(err, errlen, "more than %u memories (see %s)",
                            (unsigned)(sizeof res->mem / sizeof res->mem[0]),
                            path);
            m = &res->mem[res->nmemories++];
            s = skip_space(s + strlen("cell $mem_v2 "));
            snprintf(m->name, sizeof m->name, "%s", *s == '\\' ? s + 1 : s);
        } else if (m && sscanf(s, "parameter \\%1023s %u", word, &value) == 2) {
            if (strcmp(word, "WIDTH") == 0)
                m->width = value;
            else if (strcmp(word, "SIZE") == 0)
                m->size = value;
            else if (strcmp(word, "RD_PORTS") == 0)
                m->rd_ports = value;
            else if (strcmp(word, "WR_PORTS") == 0)
                m->wr_ports = value;
        }
    }
    for (unsigned i = 0; i < res->nmemories; i++) {
        if (res->mem[i].width == 0 || res->mem[i].size == 0)
            return fail(err, errlen, "memory %s without a width or size "
                        "(see %s)", res->mem[i].name, path);
        res->mem_bits += (unsigned long)res->mem[i].width * res->mem[i].size;
    }
    return 0;
}

/*
 * The arrays the RTL marks with the attribute simtref_array ("cam" or
 * "ram"), from the RTLIL dump of the marked wires:
 *
 *     attribute \simtref_array "cam"
 *     attribute \src "..."
 *     wire width 256 \pc_q
 */
static int parse_arrays(const char *text, struct synth_result *res,
                        const char *path, char *err, size_t errlen)
{
    char line[LINE_SIZE], name[LINE_SIZE], kind[16] = "";
    const char *pos = text;
    unsigned width;

    while (next_line(&pos, line, sizeof line)) {
        const char *s = skip_space(line);
        struct synth_array *a;

        if (starts_with(s, "attribute \\simtref_array ")) {
            if (sscanf(s, "attribute \\simtref_array \"%15[a-z]\"", kind) != 1 ||
                (strcmp(kind, "cam") != 0 && strcmp(kind, "ram") != 0))
                return fail(err, errlen, "simtref_array must be \"cam\" or "
                            "\"ram\" (see %s)", path);
            continue;
        }
        if (!starts_with(s, "wire ") || kind[0] == '\0')
            continue;
        width = 1;
        if (sscanf(s, "wire width %u \\%1023s", &width, name) != 2 &&
            sscanf(s, "wire \\%1023s", name) != 1)
            return fail(err, errlen, "cannot read the marked wire '%s' "
                        "(see %s)", s, path);
        if (res->narrays == sizeof res->array / sizeof res->array[0])
            return fail(err, errlen, "more than %u marked arrays (see %s)",
                        (unsigned)(sizeof res->array /
                                   sizeof res->array[0]), path);
        a = &res->array[res->narrays++];
        name[sizeof a->name - 1] = '\0';
        memcpy(a->name, name, sizeof a->name);
        a->cam = strcmp(kind, "cam") == 0;
        a->bits = width;
        kind[0] = '\0';
    }
    return 0;
}

/* Whether the Verilog source declares the parameter SHOW_TABLE. */
static int has_show_table(const char *verilog_path, int *yes,
                          char *err, size_t errlen)
{
    char *text = read_text_file(verilog_path, err, errlen);

    if (text == NULL)
        return -1;
    *yes = strstr(text, "parameter integer SHOW_TABLE") != NULL;
    free(text);
    return 0;
}

/* Parse the statistics file and check its total against our sum. */
static int measure(const char *top, const struct liberty *lib,
                   const struct run_paths *rp, struct synth_result *res,
                   char *err, size_t errlen)
{
    double chip_area = 0, diff;
    unsigned memories = 0;
    const struct lib_cell *dff = liberty_find(lib, "DFF");
    char *text = read_text_file(rp->stat, err, errlen);
    int rc;

    if (text == NULL)
        return -1;
    rc = parse_stat(text, top, lib, rp, res, &memories, &chip_area,
                    err, errlen);
    free(text);
    if (rc != 0)
        return -1;
    if ((text = read_text_file(rp->mems, err, errlen)) == NULL)
        return -1;
    rc = parse_memories(text, res, rp->mems, err, errlen);
    free(text);
    if (rc != 0)
        return -1;
    if ((text = read_text_file(rp->arrays, err, errlen)) == NULL)
        return -1;
    rc = parse_arrays(text, res, rp->arrays, err, errlen);
    free(text);
    if (rc != 0)
        return -1;
    if (memories != res->nmemories)
        return fail(err, errlen, "the statistics count %u memories but %s "
                    "lists %u", memories, rp->mems, res->nmemories);
    if (dff == NULL)
        return fail(err, errlen, "the library %s has no DFF cell", lib->path);
    res->dff_um2 = dff->area_um2;

    res->total_um2 = res->logic_um2 + res->flop_um2;
    diff = res->total_um2 - chip_area;
    if (diff < 0)
        diff = -diff;
    if (diff > AREA_TOLERANCE_UM2)
        return fail(err, errlen, "the cell areas of %s sum to %.6f um^2 but "
                    "yosys reports %.6f um^2 (see %s)", lib->path,
                    res->total_um2, chip_area, rp->stat);
    return 0;
}


/* ---------------------------------------------------------------------
 * Public functions
 * ------------------------------------------------------------------- */

int synth_area(const char *yosys, const char *liberty_path,
               const char *verilog_path, const char *top,
               const char *workdir, struct synth_result *res,
               char *err, size_t errlen)
{
    struct liberty lib;
    struct run_paths rp;
    int show_table;

    memset(res, 0, sizeof *res);
    if (check_top_name(top, err, errlen) != 0 ||
        check_script_path("liberty", liberty_path, err, errlen) != 0 ||
        check_script_path("verilog", verilog_path, err, errlen) != 0 ||
        check_script_path("work directory", workdir, err, errlen) != 0)
        return -1;
    if (liberty_read(liberty_path, &lib, err, errlen) != 0)
        return -1;
    if (make_run_paths(workdir, &rp, err, errlen) != 0)
        return -1;

    remove(rp.stat);            /* never read a previous run's figures */
    remove(rp.mems);
    remove(rp.arrays);
    if (has_show_table(verilog_path, &show_table, err, errlen) != 0)
        return -1;
    if (write_script(&rp, liberty_path, verilog_path, top, show_table,
                     err, errlen) != 0)
        return -1;
    if (run_yosys(yosys, &rp, err, errlen) != 0)
        return -1;
    if (measure(top, &lib, &rp, res, err, errlen) != 0) {
        memset(res, 0, sizeof *res);
        return -1;
    }
    res->show_table_off = show_table;
    return 0;
}

double synth_scale_to_node(unsigned tech_nm)
{
    double ratio = tech_nm / 45.0;

    return ratio * ratio;
}
