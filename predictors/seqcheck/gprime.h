/*
** The pre-graph G′ of docs/seqcheck.md §S13, as vector clocks in one pass: program order,
** fork/join, and for each read whose writer is in another thread the edge
** writer -> the read's next branch.  All its edges point forward in the
** trace, so the clock of an event is the join of its thread's clock and the
** clocks of its edges' sources.  A pair ordered in G′ is ordered in every
** feasible trace holding the later event, so it is no candidate.
*/
#ifndef SC_GPRIME_H
#define SC_GPRIME_H

#include "trace_index.h"

/* clock, pending, at_fork: k x k (per thread); last_write: per variable,
** the clock of its last write so far; last_release: per lock, the clock of
** its last release, when the clocks also order each release before the
** later acquires of its lock (else NULL). */
typedef struct gprime {
  uint32_t k;
  uint32_t *clock, *pending, *at_fork, *last_write, *last_release;
} gprime;

/* with_locks: G′ plus HB's release -> later acquire edges (docs/seqcheck.md
** §B7): a pair it leaves unordered is a race under every branch model. */
void gprime_init(gprime *g, const sc_index *ix, bool with_locks);
void gprime_free(gprime *g);
/* Advance over event e (in trace order); returns e's clock: entry u is the
** number of u's events that reach e in G′ (e's own thread: e included). */
uint32_t *gprime_step(gprime *g, const sc_index *ix, uint32_t e);

/* The clock of the last write to x so far. */
static inline const uint32_t *gprime_last_write(const gprime *g, uint32_t x) {
  return g->last_write + (size_t)x * g->k;
}

#endif
