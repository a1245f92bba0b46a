/*
** Witnesses of predictable races, as written by rp-oracle (and by any
** predictor that vindicates its races) and validated by rp-check-witness.
**
** Format: an STD trace whose event lines are copied verbatim from the
** original trace (same thread, operation, operand and location), in the
** order of a correct reordering, followed by the two racing events in the
** order that exhibits the race.  Lines starting with '#' are comments.
** No positions are needed: a correct reordering holds a prefix of every
** thread, so the k-th line of thread T is the k-th event of T in the
** original; the checker verifies that the line matches that event exactly.
** The race itself is named on the checker's command line by the two events'
** positions in the original.
*/
#ifndef RP_WITNESS_H
#define RP_WITNESS_H

#include <stdio.h>

#include "reorder.h"

/* Write the events path[0..len) of t in STD.  Returns 0, or -1 with err
** naming a name STD cannot hold. */
int rp_witness_write_events(FILE *f, const rp_trace *t, const uint32_t *path, size_t len,
                            char *err, size_t size);

/* The same for path[0..len) then first and then. */
int rp_witness_write(FILE *f, const rp_trace *t, const uint32_t *path, size_t len,
                     uint32_t first, uint32_t then, char *err, size_t size);

/* Map every event of the witness w to its event index in m's trace, into
** index[0..w->count).  Returns 0, or -1 with a message in err. */
int rp_witness_map(const rp_rmodel *m, const rp_trace *w, uint32_t *index, char *err,
                   size_t size);

#endif
