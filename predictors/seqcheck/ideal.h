/*
** The events a race (e1, e2) needs before it, for rp seqcheck --fast-races
** (docs/seqcheck.md §B7): from a cut on, the smallest set holding e1's and
** e2's thread predecessors and closed under program order, fork/join, the
** writer of every read whose next branch runs (is in the set, or sits right
** before e1 or e2), and, with_locks, HB's release -> later acquire edges.
** Every such edge points back in the trace, so one backward sweep from e2
** to the cut finds the set (one more for each round of closed sections).
*/
#ifndef SC_IDEAL_H
#define SC_IDEAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "trace_index.h"

typedef struct sc_ideal {
  uint32_t *upto;     /* per thread: its events in the set are those of rank < upto */
  bool *need_rel;     /* per lock: an acquire in the set waits for its release */
  uint32_t *ev;       /* the set's events at or after the cut, in trace order */
  size_t len, cap;
} sc_ideal;

void sc_ideal_init(sc_ideal *id, const sc_index *ix);
void sc_ideal_free(sc_ideal *id);

/* Build the set for (e1, e2), e1 before e2 in the trace, from event cut on;
** closed: also every critical section of a thread other than e1's and e2's
** that the set enters (with what it needs, which may lie after e2).
** Whether it leaves out e1, e2 and what follows them in their threads. */
bool sc_ideal_build(sc_ideal *id, const sc_index *ix, uint32_t e1, uint32_t e2, uint32_t cut,
                    bool with_locks, bool closed);

/* Whether read i (in the set) keeps its writer: its next branch runs. */
bool sc_ideal_pinned(const sc_ideal *id, const sc_index *ix, uint32_t i, uint32_t e1, uint32_t e2);

#endif
