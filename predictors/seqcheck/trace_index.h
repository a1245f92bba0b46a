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

/* Rank checkpoints: events are cut into blocks of 2^SC_BLOCK_BITS trace
** positions; an event's rank is its thread's count before its block plus
** the low 16 bits of the rank, stored per event (rank_low). */
#define SC_BLOCK_BITS 16
/* next_br is stored as the distance from the event's rank, 1 ..
** SC_BR_FAR - 1; SC_BR_FAR says "farther", the answer is then that of the
** event SC_BR_FAR - 1 later in the thread. */
#define SC_BR_FAR 255

/* The layout keeps per event only what most events need (docs/seqcheck.md
** §B8): a word whose meaning depends on the operation, a held-lock word, the
** low bits of the rank and a one-byte branch distance; the rest is per
** thread, per read, per lock section or per operand. */
typedef struct sc_index {
  const rp_trace *trace;
  rp_branch_model branches;     /* resolved: where the branches are */
  uint32_t n, k, vars, locks;
  rp_trace_threads by_thread;   /* the split only (ev, len, fork_of): no rank, no writer */
  uint16_t *rank_low;  /* per event: its rank's low 16 bits */
  uint32_t *cp, *cp_base, *cp_first;   /* thread t's count before block b:
                                       ** cp[cp_base[t] + b - cp_first[t]] */
  /* link[e] by operation: a read's writer (or SC_NONE); an acquire's or a
  ** release's partner in its critical section (or SC_NONE); a write's first
  ** reader in rd_list, whose readers follow while their writer is it. */
  uint32_t *link;
  uint32_t *rd_list;   /* the reads with a writer, grouped by writer in trace order */
  uint32_t reads;      /* entries of rd_list */
  /* The locks a thread holds form a chain of nodes, innermost first: node a
  ** below n is the acquire a (its outer nodes: the locks held when it was
  ** taken); a release of a lock other than the innermost one held copies
  ** the nodes inside it, as nodes n, n + 1, ... (copy[i]: node n + i). */
  uint32_t *held;      /* at an acquire: its outer node; elsewhere: the innermost
                       ** node held right after the event; SC_NONE for none */
  struct sc_copy { uint32_t acq, outer; } *copy;
  size_t copies, copy_cap;
  /* The stretches of σ where some lock is held, ascending: event `from`
  ** takes the first lock, event to - 1 releases the last (to = n + 1 when
  ** one is held at the end). */
  struct sc_stretch { uint32_t from, to; } *stretch;
  size_t stretches, stretch_cap;
  uint8_t *br_dist;    /* per event: next_br minus its rank, or SC_BR_FAR */
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

/* eid(e): the event's rank in its thread. */
static inline uint32_t sc_rank(const sc_index *ix, uint32_t e) {
  uint32_t t = sc_tid(ix, e);
  uint32_t before = ix->cp[ix->cp_base[t] + (e >> SC_BLOCK_BITS) - ix->cp_first[t]];
  return before + (uint16_t)(ix->rank_low[e] - (uint16_t)before);
}

/* obs(r): the write a read saw, or SC_NONE (also for other events). */
static inline uint32_t sc_writer(const sc_index *ix, uint32_t e) {
  return sc_op(ix, e) == RP_OP_READ ? ix->link[e] : SC_NONE;
}

/* The other end of a lock event's critical section, or SC_NONE. */
static inline uint32_t sc_match(const sc_index *ix, uint32_t e) {
  unsigned op = sc_op(ix, e);
  return op == RP_OP_ACQ || op == RP_OP_REL ? ix->link[e] : SC_NONE;
}

/* The readers of write w: for (j = sc_readers_from(ix, w); (r = sc_reader(ix, w, j)) !=
** SC_NONE; j++). */
static inline uint32_t sc_readers_from(const sc_index *ix, uint32_t w) { return ix->link[w]; }
static inline uint32_t sc_reader(const sc_index *ix, uint32_t w, uint32_t j) {
  return j < ix->reads && ix->link[ix->rd_list[j]] == w ? ix->rd_list[j] : SC_NONE;
}

/* The innermost held-lock node right after event e, or SC_NONE. */
static inline uint32_t sc_held(const sc_index *ix, uint32_t e) {
  return sc_op(ix, e) == RP_OP_ACQ ? e : ix->held[e];
}

/* The next node outwards of a held-lock node, or SC_NONE. */
static inline uint32_t sc_outer(const sc_index *ix, uint32_t node) {
  return node < ix->n ? ix->held[node] : ix->copy[node - ix->n].outer;
}

/* The acquire of a held-lock node. */
static inline uint32_t sc_node_acq(const sc_index *ix, uint32_t node) {
  return node < ix->n ? node : ix->copy[node - ix->n].acq;
}

/* next_br(e): eid of the first branch of e's thread after it, or its length;
** a virtual branch after a read r has eid(r) + 1, its successor's. */
static inline uint32_t sc_next_br(const sc_index *ix, uint32_t e) {
  uint32_t t = sc_tid(ix, e), k = sc_rank(ix, e);
  while (ix->br_dist[e] == SC_BR_FAR) k += SC_BR_FAR - 1, e = ix->by_thread.ev[t][k];
  return k + ix->br_dist[e];
}

/* The latest c <= i (i <= n) after whose first c events no lock is held:
** a query may run them first, as they ran in σ. */
uint32_t sc_free_cut(const sc_index *ix, uint32_t i);

/* Whether a branch of the model sits right before event e; it pins the
** reads whose next_br is eid(e). */
static inline bool sc_branch_before(const sc_index *ix, uint32_t e) {
  uint32_t t = sc_tid(ix, e), k = sc_rank(ix, e);
  return rp_branch_before(ix->branches, sc_op(ix, e), k, k ? sc_op(ix, ix->by_thread.ev[t][k - 1]) : RP_OP_COUNT);
}

/* The bucket class of an event, or -1 for events outside every bucket. */
int sc_class_of(unsigned op);

/* The first event of class c on operand x in thread t with eid >= from, or
** SC_NONE; and the last with eid <= upto (upto may be -1: none). */
uint32_t sc_first_from(const sc_index *ix, int c, uint32_t x, uint32_t t, uint32_t from);
uint32_t sc_last_upto(const sc_index *ix, int c, uint32_t x, uint32_t t, int64_t upto);

#endif
