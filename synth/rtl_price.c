/*
 * rtl_price.c -- part (b) of the area report; see rtl_price.h.
 */
#include "rtl_price.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "array_model.h"

/* Where one row is synthesized: DIR/MODULE.v, in DIR/MODULE/. */
struct row_paths {
    char vpath[1100];           /* the module's Verilog */
    char workdir[1100];         /* its synthesis directory */
};

int rtl_synth_rows(const struct synth_flow *flow, const char *dir,
                   struct area_row *rows, size_t nrows,
                   struct synth_job *extra, size_t nextra,
                   char *err, size_t errlen)
{
    struct synth_job *job = calloc(nrows + nextra, sizeof *job);
    struct row_paths *path = calloc(nrows, sizeof *path);
    int rc = -1;

    if (job == NULL || path == NULL) {
        snprintf(err, errlen, "out of memory");
        goto done;
    }
    for (size_t i = 0; i < nrows; i++) {
        snprintf(path[i].vpath, sizeof path[i].vpath, "%s/%s.v", dir,
                 rows[i].module);
        snprintf(path[i].workdir, sizeof path[i].workdir, "%s/%s", dir,
                 rows[i].module);
        if (mkdir(path[i].workdir, 0777) != 0 && errno != EEXIST) {
            snprintf(err, errlen, "%s: cannot make directory: %s",
                     path[i].workdir, strerror(errno));
            goto done;
        }
        job[i].verilog_path = path[i].vpath;
        job[i].top = rows[i].module;
        job[i].workdir = path[i].workdir;
    }
    memcpy(job + nrows, extra, nextra * sizeof *job);
    if (synth_area_batch(flow, job, nrows + nextra, err, errlen) != 0)
        goto done;
    memcpy(extra, job + nrows, nextra * sizeof *job);
    for (size_t i = 0; i < nrows; i++) {
        struct area_row *row = &rows[i];

        row->syn = job[i].res;
        /* Without its table view a module may lose state that only the
         * view made observable; it may never gain any. */
        if (row->syn.show_table_off
                ? row->syn.flops + row->syn.mem_bits > row->bits
                : row->syn.flops + row->syn.mem_bits != row->bits) {
            snprintf(err, errlen, "%s: the model has %lu state bits but "
                     "Yosys found %u flip-flops and %lu memory bits (see %s)",
                     row->name, row->bits, row->syn.flops, row->syn.mem_bits,
                     path[i].workdir);
            goto done;
        }
    }
    rc = 0;
done:
    free(job);
    free(path);
    return rc;
}

/* The RTL's arrays priced: at the node, um^2. */
struct rtl_price {
    double mapped;          /* Yosys's cells */
    double memories;        /* Verilog memories by the SRAM model, or as
                               flip-flops where those cost less */
    unsigned long cam_bits, ram_bits;   /* marked registers */
    double marked;          /* marked registers by the CAM / SRAM model */
    double marked_flops;    /* the flip-flops they replace */
    double area;            /* mapped - marked_flops + memories + marked */
    double all_flop;        /* upper bound: every array bit a flip-flop */
};

/*
 * A memory as flip-flops: per bit a DFF and a MUX2 that holds or loads it;
 * per read port a MUX2 tree of size - 1 per output bit; per write port an
 * AND2 per word that enables it.  45 nm um^2.
 */
static double memory_as_flops_um2(const struct synth_memory *m, double dff)
{
    const struct array_constants *k = array_model_constants();
    double bits = (double)m->width * m->size;

    return bits * (dff + k->mux2_um2) +
           (double)m->rd_ports * m->width * (m->size - 1) * k->mux2_um2 +
           (double)m->wr_ports * m->size * k->and2_um2;
}

/*
 * A Verilog memory at the node: the SRAM model's area, or the flip-flop
 * array's when that is smaller (a memory of many ports, which a designer
 * would build as a register file, not as an SRAM macro).  *as_flops says
 * which; *sram and *flops give both.
 */
static double price_memory(const struct simt_config *cfg,
                           const struct area_row *r,
                           const struct synth_memory *m, int *as_flops,
                           double *sram, double *flops)
{
    struct array_spec spec;
    struct array_area a;

    array_sram_spec(m->size, m->width, 1, m->rd_ports, m->wr_ports, 0, &spec);
    *sram = array_area(&spec, cfg->tech_nm, &a) == 0 ? a.total : INFINITY;
    *flops = memory_as_flops_um2(m, r->syn.dff_um2) *
             synth_scale_to_node(cfg->tech_nm);
    *as_flops = *flops < *sram;
    return *as_flops ? *flops : *sram;
}

static void price_rtl(const struct simt_config *cfg, const struct area_row *r,
                      struct rtl_price *p)
{
    double scale = synth_scale_to_node(cfg->tech_nm), extra = 0;
    struct array_spec spec;
    struct array_area a;
    unsigned i;

    memset(p, 0, sizeof *p);
    p->mapped = r->syn.total_um2 * scale;
    for (i = 0; i < r->syn.nmemories; i++) {
        const struct synth_memory *m = &r->syn.mem[i];
        double sram, flops;
        int as_flops;

        p->memories += price_memory(cfg, r, m, &as_flops, &sram, &flops);
        extra += memory_as_flops_um2(m, r->syn.dff_um2);
    }
    for (i = 0; i < r->syn.narrays; i++) {
        const struct synth_array *m = &r->syn.array[i];
        unsigned rows = r->array_entries ? r->array_entries : 1;

        if (m->cam) {
            p->cam_bits += m->bits;
            spec.banks = 1;
            spec.rows = rows;
            spec.cols = (unsigned)(m->bits / rows);
            spec.sensed = 0;
            spec.rd_ports = r->cam_search_ports;
            spec.wr_ports = r->cam_write_ports;
            spec.rw_ports = 0;
            spec.cam = 1;
            spec.tag_ways = spec.tag_bits = spec.way_mux = 0;
            spec.cam_pitch = 0;
            spec.shared_cols = 0;
        } else {
            p->ram_bits += m->bits;
            array_sram_spec(rows, (unsigned)(m->bits / rows), 1,
                            r->ram_read_ports, r->ram_write_ports, 0, &spec);
        }
        if (array_area(&spec, cfg->tech_nm, &a) == 0)
            p->marked += a.total;
    }
    p->marked_flops = (double)(p->cam_bits + p->ram_bits) * r->syn.dff_um2 *
                      scale;
    p->area = p->mapped - p->marked_flops + p->memories + p->marked;
    p->all_flop = p->mapped + extra * scale;
}

static void print_bits(FILE *out, unsigned long bits)
{
    if (bits % 8 == 0)
        fprintf(out, "%lu (%lu byte%s)", bits, bits / 8, bits == 8 ? "" : "s");
    else
        fprintf(out, "%lu", bits);
}


/* The memories priced as flip-flops, each with both prices. */
static void print_flop_memories(const struct simt_config *cfg,
                                const struct area_row *rows, size_t nrows,
                                FILE *out)
{
    size_t i;
    unsigned k, n = 0;

    for (i = 0; i < nrows; i++)
        for (k = 0; k < rows[i].syn.nmemories; k++) {
            const struct synth_memory *m = &rows[i].syn.mem[k];
            double sram, flops;
            int as_flops;

            price_memory(cfg, &rows[i], m, &as_flops, &sram, &flops);
            if (!as_flops)
                continue;
            if (n++ == 0)
                fprintf(out, "\nMemories priced as flip-flops, which cost "
                        "less than an SRAM of their ports (%u nm):\n\n",
                        cfg->tech_nm);
            fprintf(out, "* %s: `%s`, %u words x %u bits, %u read and %u "
                    "write ports: %.1f um^2 as flip-flops, %.1f um^2 as an "
                    "SRAM by the model.\n", rows[i].name, m->name, m->size,
                    m->width, m->rd_ports, m->wr_ports, flops, sram);
        }
}

void rtl_figs(const struct simt_config *cfg, const struct area_row *rows,
              size_t nrows, struct figs *f)
{
    double sm_area = 0, sm_all = 0;
    unsigned long sm_bits = 0;
    size_t i;

    for (i = 0; i < nrows; i++) {
        const struct area_row *r = &rows[i];
        unsigned n = area_row_copies_per_sm(cfg, r);
        struct rtl_price p;

        price_rtl(cfg, r, &p);
        figs_put(f, "rtl", r->name, "copies_per_sm", n);
        figs_put(f, "rtl", r->name, "storage_bits", (double)r->bits);
        figs_put(f, "rtl", r->name, "published_bits",
                 r->published_bits >= 0 ? (double)r->published_bits : NAN);
        figs_put(f, "rtl", r->name, "cells", r->syn.cells);
        figs_put(f, "rtl", r->name, "flip_flops", r->syn.flops);
        figs_put(f, "rtl", r->name, "logic_um2_45nm", r->syn.logic_um2);
        figs_put(f, "rtl", r->name, "flip_flop_um2_45nm", r->syn.flop_um2);
        figs_put(f, "rtl", r->name, "memory_bits", (double)r->syn.mem_bits);
        figs_put(f, "rtl", r->name, "marked_cam_bits", (double)p.cam_bits);
        figs_put(f, "rtl", r->name, "marked_ram_bits", (double)p.ram_bits);
        figs_put(f, "rtl", r->name, "arrays_um2", p.memories + p.marked);
        figs_put(f, "rtl", r->name, "area_um2", p.area);
        figs_put(f, "rtl", r->name, "all_flip_flop_um2", p.all_flop);
        sm_bits += r->bits * n;
        sm_area += p.area * n;
        sm_all += p.all_flop * n;
    }
    figs_put(f, "rtl_total", "per SM", "storage_bits", (double)sm_bits);
    figs_put(f, "rtl_total", "per SM", "area_um2", sm_area);
    figs_put(f, "rtl_total", "per SM", "all_flip_flop_um2", sm_all);
    figs_put(f, "rtl_total", "chip", "area_mm2", sm_area * cfg->sms / 1e6);
    figs_put(f, "rtl_total", "chip", "all_flip_flop_mm2",
             sm_all * cfg->sms / 1e6);
}

void rtl_markdown(const struct simt_config *cfg, const struct area_row *rows,
                  size_t nrows, const struct figs *f, FILE *out)
{
    double scale = synth_scale_to_node(cfg->tech_nm);
    double sm_area = figs_get(f, "rtl_total", "per SM", "area_um2");
    double sm_all = figs_get(f, "rtl_total", "per SM", "all_flip_flop_um2");
    size_t i;

    fprintf(out, "## (b) The generated RTL, synthesized\n\n");
    fprintf(out, "Logic synthesized by Yosys (ABC's fast mapping) onto the "
            "simtref45 cell library (NanGate FreePDK45 X1 cell areas, "
            "45 nm); areas at %u nm are the 45 nm figures times "
            "(%u/45)^2 = %.4f. Modules with a SHOW_TABLE parameter are "
            "synthesized with SHOW_TABLE = 0 (the whole-table view outputs, "
            "kept for verification, tied to zero). Arrays: Verilog memories "
            "(kept whole by the flow) are priced by the SRAM model from "
            "their width, depth and ports, or as flip-flops where that "
            "costs less (listed below the table); registers the RTL marks "
            "(* simtref_array = \"cam\" | \"ram\" *) are priced by the CAM "
            "or SRAM model in place of their flip-flops, their search and "
            "merge logic kept as synthesized. The all-flip-flop upper bound "
            "prices every memory bit as a DFF with a load MUX2, plus a MUX2 "
            "read tree per read port and a word-enable AND2 per word and "
            "write port.\n\n", cfg->tech_nm, cfg->tech_nm, scale);
    fprintf(out, "| structure | per | organisation | storage bits | "
            "published bits | cells | flip-flops | logic um^2 (45 nm) | "
            "flip-flop um^2 (45 nm) | memory bits | marked CAM + RAM bits | "
            "arrays by the model um^2 (%u nm) | area um^2 (%u nm) | "
            "all-flip-flop upper bound um^2 (%u nm) |\n",
            cfg->tech_nm, cfg->tech_nm, cfg->tech_nm);
    fprintf(out, "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
            "---:|---:|\n");
    for (i = 0; i < nrows; i++) {
        const struct area_row *r = &rows[i];
        const char *n = r->name;
        double bits = figs_get(f, "rtl", n, "storage_bits");
        double published = figs_get(f, "rtl", n, "published_bits");
        double flops = figs_get(f, "rtl", n, "flip_flops");

        fprintf(out, "| %s (%s) | %s | %s | ", n, r->source,
                area_row_per_name(r), r->organisation);
        print_bits(out, (unsigned long)bits);
        fprintf(out, " | ");
        if (!isnan(published)) {
            print_bits(out, (unsigned long)published);
            fprintf(out, " published, %s; ratio %.2f", r->source,
                    bits / published);
        } else if (r->in_table7) {
            fprintf(out, "HARP Table 7: see (a)");
        } else {
            fprintf(out, "none for this configuration");
        }
        fprintf(out, " | %.0f | %.0f%s | %.1f | %.1f | %.0f | %.0f + %.0f | "
                "%.1f | %.1f | %.1f |\n", figs_get(f, "rtl", n, "cells"),
                flops,
                flops + figs_get(f, "rtl", n, "memory_bits") < bits
                    ? " (fewer: state seen only by the table view)" : "",
                figs_get(f, "rtl", n, "logic_um2_45nm"),
                figs_get(f, "rtl", n, "flip_flop_um2_45nm"),
                figs_get(f, "rtl", n, "memory_bits"),
                figs_get(f, "rtl", n, "marked_cam_bits"),
                figs_get(f, "rtl", n, "marked_ram_bits"),
                figs_get(f, "rtl", n, "arrays_um2"),
                figs_get(f, "rtl", n, "area_um2"),
                figs_get(f, "rtl", n, "all_flip_flop_um2"));
    }
    print_flop_memories(cfg, rows, nrows, out);
    fprintf(out, "\nPer SM (%u warp schedulers): %.0f bits, %.1f um^2 with "
            "the arrays priced by the model, %.1f um^2 all flip-flops "
            "(%u nm).\n", cfg->schedulers,
            figs_get(f, "rtl_total", "per SM", "storage_bits"), sm_area,
            sm_all, cfg->tech_nm);
    fprintf(out, "Per chip (%u SMs): %.4f mm^2 (%.4f%% of the %.0f mm^2 "
            "die, published die area), all flip-flops %.4f mm^2 "
            "(%.4f%%).\n\n", cfg->sms,
            figs_get(f, "rtl_total", "chip", "area_mm2"),
            100.0 * sm_area * cfg->sms / 1e6 / cfg->die_mm2, cfg->die_mm2,
            figs_get(f, "rtl_total", "chip", "all_flip_flop_mm2"),
            100.0 * sm_all * cfg->sms / 1e6 / cfg->die_mm2);
}
