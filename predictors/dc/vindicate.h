/*
** VindicateRace (docs/dc.md §V1): decide one DC race (e1, e2) on
** the sealed constraint graph: a cycle among the events that must precede
** the pair means no predictable race (false); a correctly reordered trace
** ending e1, e2 verifies it; otherwise the answer is unknown.
*/
#ifndef DC_VINDICATE_H
#define DC_VINDICATE_H

#include <stdint.h>
#include <time.h>

#include "graph.h"
#include "base/key_table.h"
#include "reorder/reorder.h"

typedef enum vr_verdict { VR_VERIFIED, VR_FALSE, VR_UNKNOWN } vr_verdict;

/* What one call did, for the stats and for diagnostics (Table 3). */
typedef struct vr_stats {
  uint32_t ls_edges;     /* LS constraints added to G */
  uint32_t passes;       /* ADDCONSTRAINTS outer-loop iterations */
  uint32_t tries;        /* construction attempts */
  size_t required;       /* |R| of the last attempt */
  bool timed_out;
  bool bad_witness;      /* CHECKWITNESS refused a constructed trace: a bug */
} vr_stats;

typedef struct vindicator {
  dc_graph *g;
  const rp_symbols *sym;
  uint32_t threads, locks;
  const uint32_t *first_node, *last_node, *fork_node;   /* per thread */
  double timeout_ms;                                    /* 0: none */
  bool eager_missing;       /* ask for a missing release at the first rejection */

  /* Scratch, one entry per node: stamps say "member of the current set". */
  uint32_t *seen, *in_r, *in_d, *placed, *count;
  uint32_t seen_stamp, r_stamp, d_stamp, placed_stamp;
  uint32_t *stack, *list;           /* DFS stack; the set R as a list */
  size_t stack_cap, nlist, list_cap;
  uint32_t bound;                   /* no node after it can reach a candidate */
  /* Per lock and per thread scratch for the construction. */
  uint32_t *holder, *acqs_in_s, *frontier;
  /* CHECKWITNESS: the graph's events as a trace, and its reordering model
  ** under adjacent-ca, built at the first check. */
  rp_trace view;
  rp_rmodel model;
  bool model_built;
  /* The witness, valid after VR_VERIFIED: witness[0 .. witness_len). */
  uint32_t *witness;
  size_t witness_len, witness_cap;
  /* ADDCONSTRAINTS scratch. */
  uint32_t *c_src, *c_dst;
  size_t nc, c_cap;
  uint32_t *acqs, *rels;
  uint32_t *latest;          /* per thread: latest node reached backward */
  rp_key_table acq_map;      /* (lock, thread) -> slot of its acquire list */
  uint32_t *acq_off, *acq_nodes;
  size_t nacqs, acqs_cap, nrels, rels_cap;
  struct timespec started;
  uint32_t steps;
  bool aborted;
} vindicator;

void vr_init(vindicator *v, dc_graph *g, const rp_symbols *sym, const uint32_t *first_node,
             const uint32_t *last_node, const uint32_t *fork_node, double timeout_ms,
             bool eager_missing);
void vr_free(vindicator *v);

vr_verdict vr_vindicate(vindicator *v, uint32_t e1, uint32_t e2, vr_stats *st);

#endif
