/*
 * test_sm_ics.c -- for tests/test_sm.c: set one thread's state in an
 * ics-first SM's per-warp module.  A file of its own because the ICS-First
 * model's and the program's headers both name ICS_RAISE.
 */
#include "ics_first.h"
#include "sm_reconv.h"
#include "test_sm_ics.h"

void test_sm_ics_set_state(struct sm_reconv *rc, unsigned slot,
                           unsigned lane, unsigned idle, unsigned ready,
                           unsigned barrier)
{
    rc->ics[slot].state[lane] = (idle ? ICS_IDLE : 0u)
                                | (ready ? ICS_READY : 0u)
                                | (barrier ? ICS_BARRIER : 0u);
}
