/* Two-thread deadlocks by SeqCheck (docs/seqcheck.md §S15); see deadlocks.c. */
#ifndef SC_DEADLOCKS_H
#define SC_DEADLOCKS_H

#include "run.h"

void sc_deadlocks(sc_run *r);

#endif
