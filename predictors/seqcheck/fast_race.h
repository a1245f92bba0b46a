/*
** A race decided without a query (rp seqcheck --fast-races, docs/seqcheck.md
** §B7).  For a candidate (e1, e2): the trace before e1's lock-free cut runs
** as in σ; then the events the pair needs (ideal.h, without lock edges) in
** trace order, except that each thread's events from its first critical
** section left open in the set on are moved to the end; then e2 and e1.  The
** order is replayed (locks free when acquired, pinned reads seeing their
** writers, free reads anything: --free-reads init-ok); when it runs, the pair
** is a race with that order as its witness, and when it does not, the query
** decides.  Traces whose window holds a fork or a join are left to it.
*/
#ifndef SC_FAST_RACE_H
#define SC_FAST_RACE_H

#include "ideal.h"

typedef struct sc_fast {
  sc_ideal ideal;
  uint32_t *order;                 /* the order tried, after the cut */
  size_t len, cap;
  uint32_t *open_from;             /* per thread: rank of its first open acquire in the set */
  uint32_t *holder, *holder_gen;   /* per lock: the holding thread in the replay */
  uint32_t *writer, *writer_gen;   /* per variable: its last write in the replay */
  uint32_t gen;
} sc_fast;

void sc_fast_init(sc_fast *f, const sc_index *ix);
void sc_fast_free(sc_fast *f);

/* Whether (e1, e2), e1 before e2 in the trace, G′-unordered and holding no
** common lock, is shown a race by the order above; if so the events of the
** witness after the cut are f->order[0 .. f->len) (then e2, e1). */
bool sc_fast_race(sc_fast *f, const sc_index *ix, uint32_t e1, uint32_t e2);

#endif
