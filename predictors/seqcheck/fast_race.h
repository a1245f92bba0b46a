/*
** A race decided without a query (rp seqcheck --fast-races, docs/seqcheck.md
** §B7).  For a candidate (e1, e2): the trace before e1's lock-free cut runs
** as in σ; then the events the pair needs (ideal.h, without lock edges) are
** scheduled greedily, always the earliest in the trace among the threads'
** next events that can run: an acquire when its lock is free (and, for a
** section left open in the set, when no other acquire of its lock is still
** to run), a pinned read when the current value is its writer's, a write
** when no pinned read still waits for the value it overwrites, anything
** else at once (free reads see anything: --free-reads init-ok); then e2 and
** e1.  When every event gets scheduled, the pair is a race with that order as
** its witness; when some cannot, the query decides.  Windows holding a fork
** or a join are left to the query.
*/
#ifndef SC_FAST_RACE_H
#define SC_FAST_RACE_H

#include "ideal.h"

typedef struct sc_fast {
  sc_ideal ideal;
  uint32_t *order;                 /* the order found, after the cut */
  uint32_t *by_thread;             /* the set's events grouped by thread */
  size_t len, order_cap, by_thread_cap;
  uint32_t *start, *head;          /* per thread: its group in by_thread, the next to run */
  uint32_t gen;                    /* stamps the per-lock and per-variable state below */
  uint32_t *holder, *acq_left, *lock_gen;      /* per lock: holding thread, acquires to run */
  uint32_t *value, *waiting, *var_gen;         /* per variable: last write, pinned reads of it */
} sc_fast;

void sc_fast_init(sc_fast *f, const sc_index *ix);
void sc_fast_free(sc_fast *f);

/* Whether (e1, e2), e1 before e2 in the trace, G′-unordered and holding no
** common lock, is shown a race by the schedule above; if so the events of
** the witness after the cut are f->order[0 .. f->len) (then e2, e1). */
bool sc_fast_race(sc_fast *f, const sc_index *ix, uint32_t e1, uint32_t e2);

#endif
