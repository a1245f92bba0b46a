/* Atomicity violations w-w-r by SeqCheck (docs/seqcheck.md §S16); see atomicity.c. */
#ifndef SC_ATOMICITY_H
#define SC_ATOMICITY_H

#include "run.h"

#define SC_ATOMICITY_COLUMNS \
  "w1,w2,r,variable,w1_thread,w2_thread,r_thread,w1_loc,w2_loc,r_loc,distance"

void sc_atomicity(sc_run *r);

#endif
