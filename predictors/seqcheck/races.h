/* Races by SeqCheck (docs/seqcheck.md §S14); see races.c. */
#ifndef SC_RACES_H
#define SC_RACES_H

#include "run.h"

void sc_races(sc_run *r);

#endif
