#!/bin/sh
# mutants_sample.sh -- a short sample of the mutant campaign for make
# check: three mutants each of the WPT and of the ICS-First scheduler on
# tiny (sample seed 8; 1e5 cycles): of the WPT an operator, a constant
# and an index, all of which build; of ICS-First a constant and an index
# that build, and an operator that does not.  Every one that builds must
# be rejected by the co-simulation or the proof, or be a mutant argued
# equivalent in mutants/equivalent.txt.  `make mutants` runs the full
# campaign.
RTLMUTATE=${RTLMUTATE:-./tools/rtlmutate}
LIBSIMTREF=${LIBSIMTREF:-$(pwd)/libsimtref.a}
MUTANT_WORK=${MUTANT_WORK:-mutants-work/check}
MUTANTS_PER_STRUCT=3 MUTANT_SEED=8 MUTANT_CYCLES=100000
export RTLMUTATE LIBSIMTREF MUTANT_WORK MUTANTS_PER_STRUCT MUTANT_SEED MUTANT_CYCLES
exec sh "${SRCDIR:-.}/tools/mutants.sh" --check wpt ics_first
