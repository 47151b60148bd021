/* emit_rbt.c -- see below */
#include "rtlgen.h"
