/*
 * yosys_runner.h -- running the Yosys area flow: the script, the Yosys
 * processes, several at a time, and the cache (synth_cache.h) in front of
 * them.  synth_area_batch() of synth_area.h is implemented here; the
 * functions below are its parts that stand on their own.
 */
#ifndef SIMTREF_YOSYS_RUNNER_H
#define SIMTREF_YOSYS_RUNNER_H

#include <stddef.h>
#include <stdio.h>

#include "yosys_stat.h"

/*
 * Write the area flow's script for module top of the file `verilog` onto
 * the library `liberty` to out, with the outputs named in f (f->script
 * and f->log are not named in it).  sub[0..nsub): the files of the
 * modules top instantiates (submodules.h), read after it; with any, the
 * design is flattened before the marked arrays are listed, so each
 * instance's arrays are.  show_table: the source declares the parameter
 * SHOW_TABLE, which the script sets to 0 (in top).  netlist: the script
 * ends by writing the mapped netlist to f->netlist.
 */
void yosys_script_write(FILE *out, const char *liberty, const char *verilog,
                        const char *const *sub, size_t nsub,
                        const char *top, int show_table, int netlist,
                        const struct yosys_files *f);

/*
 * The first line of `yosys -V` into buf (at most size bytes).  Returns 0,
 * or -1 with a message in err when Yosys cannot be run.
 */
int yosys_version(const char *yosys, char *buf, size_t size, char *err,
                  size_t errlen);

/*
 * Yosys splits script lines at white space, ends a command at ';' and
 * starts a comment at '#'; it has no way to quote them.  Returns 0 when
 * path avoids them, else -1 with a message naming what is refused.
 */
int yosys_check_script_path(const char *what, const char *path, char *err,
                            size_t errlen);

#endif /* SIMTREF_YOSYS_RUNNER_H */
