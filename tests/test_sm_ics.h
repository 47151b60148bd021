/* test_sm_ics.h -- see tests/test_sm_ics.c. */
#ifndef SIMTREF_TEST_SM_ICS_H
#define SIMTREF_TEST_SM_ICS_H

struct sm_reconv;

/* Thread `lane` of warp slot `slot` gets the states whose flags are set
 * (one-hot when sound; two flags make a thread in two places). */
void test_sm_ics_set_state(struct sm_reconv *rc, unsigned slot,
                           unsigned lane, unsigned idle, unsigned ready,
                           unsigned barrier);

#endif
