/*
 * synth_area.h -- synthesize Verilog modules with Yosys and measure their
 * area.
 *
 * A module is mapped onto the project's cell library (simtref45.lib, or
 * any Liberty file in the same style) and the instances of each cell type
 * are counted.  Areas are computed from the cell areas in the Liberty file
 * and are the library's own figures, i.e. at 45 nm for simtref45.lib;
 * synth_scale_to_node() gives the factor that carries them to another node.
 *
 * The work is split by job: liberty.h reads the library, yosys_runner.h
 * writes the script and runs Yosys (several runs at a time, behind the
 * cache of synth_cache.h), yosys_stat.h reads what Yosys wrote.
 */
#ifndef SIMTREF_SYNTH_AREA_H
#define SIMTREF_SYNTH_AREA_H

#include <stddef.h>
#include <stdio.h>

/* The instances of one cell type in the mapped netlist. */
struct synth_cell {
    char     name[16];
    unsigned count;
    double   area_um2;          /* count * unit area */
};

/* One array Yosys inferred as a memory and left unmapped. */
struct synth_memory {
    char     name[64];          /* the Verilog array */
    unsigned width, size;       /* bits per word, words */
    unsigned rd_ports, wr_ports;
};

/*
 * One array the RTL keeps in flip-flops but marks, with the Verilog
 * attribute (* simtref_array = "cam" *) or "ram" on its register, as an
 * array that a real design would build as a CAM or an SRAM.
 */
struct synth_array {
    char          name[64];     /* the Verilog register */
    int           cam;          /* 1: "cam", 0: "ram" */
    unsigned long bits;         /* its width */
};

/* The outcome of one synthesis run. */
struct synth_result {
    unsigned cells;             /* all mapped cells (memories not included) */
    unsigned flops;             /* DFF + DFFR instances outside memories */
    double   logic_um2;         /* combinational cells, at 45 nm */
    double   flop_um2;          /* flip-flops, at 45 nm */
    double   total_um2;         /* logic + flops; equals the chip area that
                                   yosys `stat -liberty` reports */
    unsigned ncell_types;
    struct synth_cell cell[32]; /* the first ncell_types entries are valid */
    unsigned nmemories;
    struct synth_memory mem[64];/* the first nmemories entries are valid */
    unsigned long mem_bits;     /* sum of width x size over the memories */
    double   dff_um2;           /* area of the library's DFF cell, 45 nm */
    unsigned narrays;
    struct synth_array array[16];/* the first narrays entries are valid */
    int      show_table_off;    /* SHOW_TABLE was set to 0 */
};

/*
 * Synthesize module `top` of the Verilog-2005 file `verilog_path` with the
 * Yosys binary `yosys` (a path, or a name looked up in PATH) onto the
 * Liberty library `liberty_path`, working in the existing directory
 * `workdir`.  The script (area.ys), the log (yosys.log), the statistics
 * (stat.txt) and the mapped netlist (netlist.v) are left in workdir for the
 * user to inspect.  No cache: synth_area_batch() with one job, one at a
 * time and no cache directory.
 *
 * The flow is: read_verilog -noautowire of the file and of every module it
 * instantiates, directly or not, found beside it as NAME.v (submodules.h;
 * the design is then flattened before the marked arrays are listed, so
 * each instance's are); chparam -set SHOW_TABLE 0 when the
 * source declares that parameter (the module then ties its whole-table
 * view outputs to zero, which synthesis removes); hierarchy -check; a dump
 * of the registers marked (* simtref_array *) into res->array; the coarse part
 * of synth -flatten, which infers the arrays written as Verilog memories;
 * the fine part without memory_map, so that memories stay whole and are
 * listed (res->mem) rather than turned into flip-flops and multiplexers;
 * dfflibmap and abc -fast onto the library; opt_clean; stat -liberty.  Every
 * other cell of the result must be a cell of the library: an unmapped cell
 * (a latch, a leftover internal gate) is an error naming it.  The areas in
 * res cover the mapped cells only; pricing the memories is the caller's.
 *
 * Paths may not contain white space or the characters  " ; #  , which the
 * Yosys script language cannot carry; `top` must be a plain identifier.
 *
 * Returns 0 with *res filled in, or -1 with a message in err (at most
 * errlen bytes, always terminated when errlen > 0).
 */
int synth_area(const char *yosys, const char *liberty_path,
               const char *verilog_path, const char *top,
               const char *workdir, struct synth_result *res,
               char *err, size_t errlen);

/* One module of a batch, and what came of it. */
struct synth_job {
    const char *verilog_path;   /* in: the Verilog-2005 file */
    const char *top;            /* in: the module, a plain identifier */
    const char *workdir;        /* in: an existing directory of its own */
    const char *label;          /* in: its name on the progress lines, or
                                   NULL: top */
    struct synth_result res;    /* out: the figures */
    int         cached;         /* out: 1 when Yosys's outputs came from
                                   the cache (workdir then has no netlist) */
    double      seconds;        /* out: wall time of its Yosys run */
    char        err[512];       /* out: why it failed, or empty */
};

/* How a batch runs. */
struct synth_flow {
    const char *yosys;          /* the Yosys binary, a path or a name */
    const char *liberty_path;   /* the cell library */
    const char *cache_dir;      /* the cache (synth_cache.h), or NULL */
    unsigned    jobs;           /* Yosys runs at a time, at least 1 */
    FILE       *progress;       /* a line per module started and done, or
                                   NULL (the caller decides: a terminal) */
    int         netlist;        /* write each fresh run's mapped netlist
                                   (netlist.v) into its workdir; 0 when
                                   no one reads it (a temporary workdir):
                                   the figures, the script's other lines
                                   and the cache key are the same */
};

/*
 * Synthesize every job as synth_area() does (the mapped netlist written
 * when flow->netlist says so), flow->jobs at a time (the
 * largest Verilog file first), taking Yosys's outputs from the cache when
 * an entry has the job's key and storing those of every fresh run in it.
 * A cache that cannot be written is reported on stderr once and the batch
 * goes on without it.  On the first failure the runs still going are
 * stopped.  Returns 0 when every job succeeded; else -1 with the first
 * failed job's message (in job order) in err, each job's own in job->err.
 */
int synth_area_batch(const struct synth_flow *flow, struct synth_job *job,
                     size_t njobs, char *err, size_t errlen);

/* (tech_nm / 45)^2: the factor that scales a 45 nm area to tech_nm. */
double synth_scale_to_node(unsigned tech_nm);

#endif /* SIMTREF_SYNTH_AREA_H */
