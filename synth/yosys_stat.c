/*
 * yosys_stat.c -- the reader of a Yosys area run's statistics; see
 * yosys_stat.h.
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
 */
#include "yosys_stat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Largest difference tolerated between our area sum and Yosys's. */
static const double AREA_TOLERANCE_UM2 = 0.01;

int yosys_files_in(const char *workdir, struct yosys_files *f, char *err,
                   size_t errlen)
{
    static const struct {
        size_t offset;          /* of the path in struct yosys_files */
        const char *name;
    } names[] = {
        { offsetof(struct yosys_files, script), "area.ys" },
        { offsetof(struct yosys_files, log), "yosys.log" },
        { offsetof(struct yosys_files, stat), "stat.txt" },
        { offsetof(struct yosys_files, netlist), "netlist.v" },
        { offsetof(struct yosys_files, mems), "mems.txt" },
        { offsetof(struct yosys_files, arrays), "arrays.txt" },
        { offsetof(struct yosys_files, shiftx_map), "shiftx_map.v" },
        { offsetof(struct yosys_files, shift_map), "shift_map.v" },
    };

    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char *buf = (char *)f + names[i].offset;
        int n = snprintf(buf, SYNTH_PATH_SIZE, "%s/%s", workdir,
                         names[i].name);
        if (n < 0 || n >= SYNTH_PATH_SIZE)
            return synth_fail(err, errlen, "path too long: %s/%s", workdir,
                              names[i].name);
    }
    return 0;
}

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
        return synth_fail(err, errlen, "the mapped netlist has %u cell%s of type "
                    "%s, which is not in the library %s (see %s)",
                    count, count == 1 ? "" : "s", name, lib->path, netlist);
    if (res->ncell_types == sizeof res->cell / sizeof res->cell[0])
        return synth_fail(err, errlen, "more than %u cell types in the netlist",
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
        if (end != colon + 1 && *synth_skip_space(end) == '\0')
            return 0;
    }
    return synth_fail(err, errlen, "cannot read the chip area in '%s'", line);
}

/* Handle one line of the cell list (a blank line is allowed). */
static int parse_cell_line(const char *line, struct synth_result *res,
                           unsigned *memories, const struct liberty *lib,
                           const char *netlist, char *err, size_t errlen)
{
    char name[SYNTH_LINE_SIZE], extra[2];
    unsigned count;

    if (*synth_skip_space(line) == '\0')
        return 0;
    if (synth_starts_with(line, "Area for cell type $mem_v2 is unknown"))
        return 0;
    if (sscanf(line, "%1023s %u %1s", name, &count, extra) != 2)
        return synth_fail(err, errlen, "unexpected line in the yosys statistics: "
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
                      const struct liberty *lib, const struct yosys_files *f,
                      struct synth_result *res, unsigned *memories,
                      double *chip_area, char *err, size_t errlen)
{
    char line[SYNTH_LINE_SIZE], header[SYNTH_LINE_SIZE];
    const char *pos = text;
    enum stat_state state = BEFORE_MODULE;

    snprintf(header, sizeof header, "=== %s ===", top);
    while (state != DONE && synth_next_line(&pos, line, sizeof line)) {
        const char *s = synth_skip_space(line);

        if (state == BEFORE_MODULE) {
            if (strcmp(s, header) == 0)
                state = IN_MODULE;
        } else if (synth_starts_with(s, "Chip area for module")) {
            if (parse_chip_area(s, chip_area, err, errlen) != 0)
                return -1;
            state = DONE;
        } else if (synth_starts_with(s, "===")) {
            break;
        } else if (state == IN_MODULE) {
            if (synth_starts_with(s, "Number of cells:"))
                state = IN_CELLS;
        } else if (parse_cell_line(s, res, memories, lib,
                                   /* the file to see: the netlist when it
                                    * was written, else the statistics */
                                   access(f->netlist, F_OK) == 0
                                       ? f->netlist : f->stat,
                                   err, errlen) != 0) {
            return -1;
        }
    }
    if (state == IN_CELLS && res->cells == 0) {
        *chip_area = 0;         /* only memories: Yosys prints no area */
        state = DONE;
    }
    if (state != DONE)
        return synth_fail(err, errlen, "no chip area for module %s in %s",
                    top, f->stat);
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
    char line[SYNTH_LINE_SIZE], word[SYNTH_LINE_SIZE];
    const char *pos = text;
    struct synth_memory *m = NULL;
    unsigned value;

    while (synth_next_line(&pos, line, sizeof line)) {
        const char *s = synth_skip_space(line);

        if (synth_starts_with(s, "cell $mem_v2 ")) {
            if (res->nmemories == sizeof res->mem / sizeof res->mem[0])
                return synth_fail(err, errlen, "more than %u memories (see %s)",
                            (unsigned)(sizeof res->mem / sizeof res->mem[0]),
                            path);
            m = &res->mem[res->nmemories++];
            s = synth_skip_space(s + strlen("cell $mem_v2 "));
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
            return synth_fail(err, errlen, "memory %s without a width or size "
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
    char line[SYNTH_LINE_SIZE], name[SYNTH_LINE_SIZE], kind[16] = "";
    const char *pos = text;
    unsigned width;

    while (synth_next_line(&pos, line, sizeof line)) {
        const char *s = synth_skip_space(line);
        struct synth_array *a;

        if (synth_starts_with(s, "attribute \\simtref_array ")) {
            if (sscanf(s, "attribute \\simtref_array \"%15[a-z]\"", kind) != 1 ||
                (strcmp(kind, "cam") != 0 && strcmp(kind, "ram") != 0))
                return synth_fail(err, errlen, "simtref_array must be \"cam\" or "
                            "\"ram\" (see %s)", path);
            continue;
        }
        if (!synth_starts_with(s, "wire ") || kind[0] == '\0')
            continue;
        width = 1;
        if (sscanf(s, "wire width %u \\%1023s", &width, name) != 2 &&
            sscanf(s, "wire \\%1023s", name) != 1)
            return synth_fail(err, errlen, "cannot read the marked wire '%s' "
                        "(see %s)", s, path);
        if (res->narrays == sizeof res->array / sizeof res->array[0])
            return synth_fail(err, errlen, "more than %u marked arrays (see %s)",
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

int yosys_stat_read(const char *top, const struct liberty *lib,
                    const struct yosys_files *f, struct synth_result *res,
                    char *err, size_t errlen)
{
    double chip_area = 0, diff;
    unsigned memories = 0;
    const struct lib_cell *dff = liberty_find(lib, "DFF");
    char *text = synth_read_file(f->stat, NULL, err, errlen);
    int rc;

    if (text == NULL)
        return -1;
    rc = parse_stat(text, top, lib, f, res, &memories, &chip_area,
                    err, errlen);
    free(text);
    if (rc != 0)
        return -1;
    if ((text = synth_read_file(f->mems, NULL, err, errlen)) == NULL)
        return -1;
    rc = parse_memories(text, res, f->mems, err, errlen);
    free(text);
    if (rc != 0)
        return -1;
    if ((text = synth_read_file(f->arrays, NULL, err, errlen)) == NULL)
        return -1;
    rc = parse_arrays(text, res, f->arrays, err, errlen);
    free(text);
    if (rc != 0)
        return -1;
    if (memories != res->nmemories)
        return synth_fail(err, errlen, "the statistics count %u memories but %s "
                    "lists %u", memories, f->mems, res->nmemories);
    if (dff == NULL)
        return synth_fail(err, errlen, "the library %s has no DFF cell", lib->path);
    res->dff_um2 = dff->area_um2;

    res->total_um2 = res->logic_um2 + res->flop_um2;
    diff = res->total_um2 - chip_area;
    if (diff < 0)
        diff = -diff;
    if (diff > AREA_TOLERANCE_UM2)
        return synth_fail(err, errlen, "the cell areas of %s sum to %.6f um^2 but "
                    "yosys reports %.6f um^2 (see %s)", lib->path,
                    res->total_um2, chip_area, f->stat);
    return 0;
}


