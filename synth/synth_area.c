/*
 * synth_area.c -- synthesize one Verilog module with Yosys and measure its
 * area; see synth_area.h.  The batch runner is in yosys_runner.c.
 */
#include "synth_area.h"

#include <string.h>

int synth_area(const char *yosys, const char *liberty_path,
               const char *verilog_path, const char *top,
               const char *workdir, struct synth_result *res,
               char *err, size_t errlen)
{
    struct synth_job job;
    struct synth_flow flow = { yosys, liberty_path, NULL, 1, NULL, 1 };
    int rc;

    memset(&job, 0, sizeof job);
    job.verilog_path = verilog_path;
    job.top = top;
    job.workdir = workdir;
    rc = synth_area_batch(&flow, &job, 1, err, errlen);
    *res = job.res;
    return rc;
}

double synth_scale_to_node(unsigned tech_nm)
{
    double ratio = tech_nm / 45.0;

    return ratio * ratio;
}
