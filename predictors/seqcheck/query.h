/*
** SeqCheck(σ, ρ, A) (docs/seqcheck.md §S11): can the events of ρ occur in that
** order, each pair of A adjacent, in a feasible trace of σ?  A query builds
** the candidate set F (Algorithm 1), seeds orders (program order implicit,
** reads-from of pinned reads, fork/join, the sequence, Algorithm 2's lock
** orders, step S), closes them in the graph G (Algorithm 3, on
** common/base/chain_reach.h), orders the free reads' writers (PAPER modes) and
** every remaining conflicting pair (Algorithm 4), linearises G and replays
** the result (Validate, §S12).  Only a validated answer counts as feasible.
**
** Vertices of G are the events of F and the phantoms of ρ (§S4), numbered
** by slot on their thread's chain: event e at 2·eid(e) + 1, before(e) at
** 2·eid(e), after(e) at 2·eid(e) + 2.
*/
#ifndef SC_QUERY_H
#define SC_QUERY_H

#include <stdbool.h>
#include <stdint.h>

#include "base/chain_reach.h"
#include "trace_index.h"

/* What a free read may observe (§A4). */
typedef enum sc_free_mode {
  SC_INIT_OK,     /* any write ordered before it, or the initial value */
  SC_RHO_EXEMPT,  /* some write, except for reads of ρ */
  SC_PAPER        /* some write, as the paper's listing */
} sc_free_mode;

typedef struct sc_vx {
  uint32_t t, s;  /* thread, slot */
} sc_vx;

static inline sc_vx sc_at(const sc_index *ix, uint32_t e) {
  return (sc_vx){sc_tid(ix, e), 2 * sc_rank(ix, e) + 1};
}
static inline sc_vx sc_before(const sc_index *ix, uint32_t e) {
  return (sc_vx){sc_tid(ix, e), 2 * sc_rank(ix, e)};
}
static inline sc_vx sc_after(const sc_index *ix, uint32_t e) {
  return (sc_vx){sc_tid(ix, e), 2 * sc_rank(ix, e) + 2};
}
static inline bool sc_is_phantom(sc_vx v) { return (v.s & 1) == 0; }
#define SC_MAX_RHO 4

typedef struct sc_order { sc_vx a, b; } sc_order;

typedef struct sc_query {
  const sc_index *ix;
  sc_free_mode mode;
  /* The question of the current call. */
  sc_vx rho[SC_MAX_RHO];
  uint32_t m;
  sc_vx adj[2];
  bool has_adj;
  /* Optional, for the atomicity query: while linearising, between emitting
  ** delay_from and delay_until, emit writes to delay_var only when nothing
  ** else is ready (so that delay_until, a read, sees delay_from).  SC_NONE:
  ** off.  Set by the caller before sc_query_run. */
  uint32_t delay_var;
  sc_vx delay_from, delay_until;
  /* The cut, set by the caller before sc_query_run (0: none): the events
  ** before trace index cut run first, as in σ, and only the rest is
  ** reordered, so a query costs what its window holds.  It must be a point
  ** where no lock is held (sc_index.free_cut); sc_query_run leaves the cut
  ** it used (0 in the modes where a free read needs a write). */
  uint32_t cut;
  /* Whether the phantoms of ρ stand before requests (the deadlock query),
  ** set by the caller before sc_query_run: a thread stopped at its request
  ** has passed the branch right before it, so the reads that branch pins
  ** keep their writers (docs/seqcheck.md §A20). */
  bool rho_requests;
  /* Whether this query runs on a pool's worker, which asks whether the run
  ** is stopping (base/watch.h) where the main thread polls; set by the
  ** caller. */
  bool on_worker;
  /* Whether the last call was cut short by a stop: its false is no answer. */
  bool stopped;
  /* The answer: a linearisation of G, phantoms included (past the cut). */
  sc_vx *lin;
  size_t lin_len, lin_cap;
  /* Counters over all calls. */
  uint64_t calls, feasible, closure_edges, validation_failures;
  /* Working memory, reused by every call. */
  uint32_t *flen;           /* F: included prefix length per thread */
  uint32_t *passed;         /* per thread: its branches before event passed[t] are passed */
  uint32_t *base;           /* per thread: its events before the cut */
  uint32_t *chain_len;
  int32_t *rho_last;        /* per thread: index in ρ of its latest ρ vertex, or -1 */
  sc_vx *fq;                /* Algorithm 1's queue */
  size_t fq_len, fq_cap;
  sc_order *oq;             /* Algorithm 3's queue of orders */
  size_t oq_head, oq_len, oq_cap;
  uint32_t *lock_a, *lock_b;  /* lock -> acquire maps (open acquires; Algorithm 2's L) */
  uint32_t *lastw, *holder, *cursor, *done, *need;
  uint32_t *touched;        /* locks and variables to clear after a call */
  size_t touched_len, touched_cap;
  uint8_t *mark;            /* operands seen, by collect_operands and obs_closure */
  uint32_t *vseen;          /* variables obs_closure marked, to unmark */
  size_t vseen_len, vseen_cap;
  uint32_t *operands;
  size_t operands_len, operands_cap;
  bool contradiction;
  rp_chain_reach g;
} sc_query;

void sc_query_init(sc_query *q, const sc_index *ix, sc_free_mode mode);
void sc_query_free(sc_query *q);

/* SeqCheck(σ, ρ, A) with A empty (adj NULL) or the one pair adj[0], adj[1]:
** true when feasible, with the validated witness in q->lin. */
bool sc_query_run(sc_query *q, const sc_vx *rho, uint32_t m, const sc_vx *adj);

#endif
