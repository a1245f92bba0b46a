/*
** The accesses of each variable grouped by (class, thread, source location),
** in program order inside a group: a *run*.  The race candidates of an access
** e2 are, per other thread, the conflicting accesses in an eid range (after
** G′'s frontier, before e2 in the trace); looking at them run by run lets a
** run whose location pair is already known racy be passed over without
** visiting its accesses, so the work per access grows with the locations
** it meets, not with the racy pairs of one location pair (issue 25).
*/
#ifndef SC_LOC_RUNS_H
#define SC_LOC_RUNS_H

#include <stdint.h>

#include "trace_index.h"

typedef struct sc_loc_runs {
  /* Per class c (SC_R, SC_W): ev[c] holds the class's accesses sorted by
  ** (variable, thread, location, eid); run r is ev[c][start[c][r] ..
  ** start[c][r + 1]); the runs of variable x are var_run[c][x] ..
  ** var_run[c][x + 1], sorted by (thread, location). */
  uint32_t *ev[2], *start[2], *var_run[2];
} sc_loc_runs;

void sc_loc_runs_build(sc_loc_runs *lr, const sc_index *ix);
void sc_loc_runs_free(sc_loc_runs *lr);

/* The runs of class c on variable x in thread u: [*first, *end). */
void sc_loc_runs_of(const sc_loc_runs *lr, const sc_index *ix, int c, uint32_t x, uint32_t u,
                    uint32_t *first, uint32_t *end);

/* In run r of class c, the position of the first access with eid >= eid. */
uint32_t sc_loc_runs_lower(const sc_loc_runs *lr, const sc_index *ix, int c, uint32_t r,
                           uint32_t eid);

#endif
