/*
** The per-trace precomputation of SeqCheck (docs/seqcheck.md §S1): thread
** projections, reads-from, lock matching and nesting, next branches, and per
** (operation, operand) the events sorted by thread and program order, which
** answer last^op_x(e) / next^op_x(e) by binary search.  Built once; every
** query (query.h) reads it.
*/
#ifndef SC_TRACE_INDEX_H
#define SC_TRACE_INDEX_H

#include <stdbool.h>
#include <stdint.h>

#include "trace/branch_model.h"
#include "trace/trace.h"
#include "trace/trace_threads.h"

#define SC_NONE UINT32_MAX

/* Bucket classes: the events of one operand with one kind of operation. */
enum { SC_R, SC_W, SC_A, SC_Q, SC_CLASSES };

typedef struct sc_index {
  const rp_trace *trace;
  rp_branch_model branches;     /* resolved: where the branches are */
  uint32_t n, k, vars, locks;
  rp_trace_threads by_thread;   /* thread projections: eid(e) is its rank, obs(r) its writer */
  uint32_t *rd_off;    /* readers of write w: rd_list[rd_off[w] .. rd_off[w + 1]) */
  uint32_t *rd_list;
  uint32_t *match;     /* acquire <-> release of one critical section, or SC_NONE */
  /* The locks a thread holds form a chain of nodes, innermost first: node a
  ** below n is the acquire a (its outer nodes: the locks held when it was
  ** taken); a release of a lock other than the innermost one held copies
  ** the nodes inside it, as nodes n, n + 1, ... (copy_acq: their acquires). */
  uint32_t *held;      /* the innermost node held right after the event, or SC_NONE */
  uint32_t *outer;     /* per node: the next node outwards, or SC_NONE */
  uint32_t *copy_acq;  /* per node n + i: its acquire */
  size_t nodes, outer_cap, copy_cap;
  uint32_t *free_cut;  /* [i], i <= n: the latest c <= i after whose first c events no
                       ** lock is held (a query may run them first, as in σ) */
  uint32_t *next_br;   /* eid of the first branch of the thread after the event, or len;
                       ** a virtual branch after a read r has eid(r) + 1, its successor's */
  uint32_t *boff[SC_CLASSES];  /* per operand: bucket bev[c][boff[c][x] .. boff[c][x + 1]) */
  uint32_t *bev[SC_CLASSES];   /* sorted by (thread, eid) */
  /* Operands two threads share: shared[c][i * k + j] lists (CSR) the
  ** variables written by i and accessed by j (c = 0) or the locks acquired by
  ** i and released by j (c = 1), for the closure rules. */
  uint32_t *sh_off[2], *sh_list[2];
  /* Operands with a conflict at all: variables written by one thread and
  ** accessed by another, locks used by two threads (vars, then locks). */
  uint8_t *contended;
} sc_index;

/* Build the index under a resolved branch model.  A stop (base/watch.h)
** ends every pass at once: the index is then fit to be freed, not asked. */
void sc_index_build(sc_index *ix, const rp_trace *trace, rp_branch_model branches);
void sc_index_free(sc_index *ix);

static inline uint32_t sc_tid(const sc_index *ix, uint32_t e) {
  return ix->trace->events[e].thread;
}
static inline unsigned sc_op(const sc_index *ix, uint32_t e) { return ix->trace->events[e].op; }
static inline uint32_t sc_opnd(const sc_index *ix, uint32_t e) {
  return ix->trace->events[e].operand;
}

/* The acquire of a held-lock node. */
static inline uint32_t sc_node_acq(const sc_index *ix, uint32_t node) {
  return node < ix->n ? node : ix->copy_acq[node - ix->n];
}

/* Whether a branch of the model sits right before event e; it pins the
** reads whose next_br is eid(e). */
static inline bool sc_branch_before(const sc_index *ix, uint32_t e) {
  uint32_t t = sc_tid(ix, e), k = ix->by_thread.rank[e];
  return rp_branch_before(ix->branches, sc_op(ix, e), k,
                          k ? sc_op(ix, ix->by_thread.ev[t][k - 1]) : RP_OP_COUNT);
}

/* The bucket class of an event, or -1 for events outside every bucket. */
int sc_class_of(unsigned op);

/* The first event of class c on operand x in thread t with eid >= from, or
** SC_NONE; and the last with eid <= upto (upto may be -1: none). */
uint32_t sc_first_from(const sc_index *ix, int c, uint32_t x, uint32_t t, uint32_t from);
uint32_t sc_last_upto(const sc_index *ix, int c, uint32_t x, uint32_t t, int64_t upto);

#endif
