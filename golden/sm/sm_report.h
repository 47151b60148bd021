/*
 * sm_report.h -- what the SM says of a run that cannot finish: for each
 * live warp, the PCs of its threads and what each waits on (the cycle
 * limit's report), and harp's check that no thread can move any more.
 * Both ask the mode's structures where the threads are (sm_reconv.h).
 */
#ifndef SIMTREF_SM_REPORT_H
#define SIMTREF_SM_REPORT_H

#include <stddef.h>

#include "sm.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The live warps grouped by TB, PC and what they wait on, into buf. */
void sm_report_limit(struct sm *sm, char *buf, size_t len);

/* harp, every 4096 cycles: stop the run (sm_fail) when it can never
 * finish; sets sm->stuck_check_at to the next check. */
void sm_report_stuck(struct sm *sm);

#ifdef __cplusplus
}
#endif

#endif /* SIMTREF_SM_REPORT_H */
