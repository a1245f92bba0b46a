/*
** VindicateRace (docs/dc.md §V1): decide one DC race (e1, e2) on
** the sealed constraint graph: a cycle among the events that must precede
** the pair means no predictable race (false); a correctly reordered trace
** ending e1, e2 verifies it; otherwise the answer is unknown.
*/
#ifndef DC_VINDICATE_H
#define DC_VINDICATE_H

#include <stdint.h>

#include "graph.h"
#include "base/key_table.h"
#include "reorder/reorder.h"

typedef enum vr_verdict { VR_VERIFIED, VR_FALSE, VR_UNKNOWN } vr_verdict;

/* What one call did, for the stats columns of rp-dc (Table 3). */
typedef struct vr_stats {
  uint32_t ls_edges;     /* LS constraints added to G */
  bool timed_out;
  bool interrupted;      /* cut by a stop of the run (base/watch.h) */
  bool bad_witness;      /* CHECKWITNESS refused a constructed trace: a bug */
} vr_stats;

typedef struct vindicator {
  dc_graph *g;              /* the sealed constraint graph G, with its overlay */
  const rp_symbols *sym;    /* the trace's names, for the witness model */
  uint32_t threads, locks;
  double timeout_ms;        /* per race; 0: none */
  bool eager_missing;       /* ask for a missing release at the first rejection */

  /* Scratch, one entry per node: a node is in a set when its entry equals
  ** the set's stamp, so emptying a set is one increment.  seen: visited by
  ** the current traversal; in_r: must precede the race (R); in_d: still to
  ** be placed by the construction (D); placed: placed in the witness;
  ** count: in-degrees inside R (the cycle check). */
  uint32_t *seen, *in_r, *in_d, *placed, *count;
  uint32_t seen_stamp, r_stamp, d_stamp, placed_stamp;
  uint32_t *stack, *list;           /* DFS stack; the set R as a list */
  size_t stack_cap, nlist, list_cap;
  uint32_t bound;                   /* no node after it can reach a candidate */

  /* CONSTRUCTREORDEREDTRACE scratch, for LSOK (§V4): per lock its holder
  ** (thread + 1, or 0) and how many of its acquires are placed so far, and
  ** per thread the latest event not yet placed (the construction runs
  ** backwards). */
  uint32_t *holder, *acqs_in_s, *frontier;

  /* CHECKWITNESS: the graph's events as a trace, and its reordering model
  ** under adjacent-ca, built at the first check. */
  rp_trace view;
  rp_rmodel model;
  bool model_built;

  /* The witness, valid after VR_VERIFIED: witness[0 .. witness_len). */
  uint32_t *witness;
  size_t witness_len, witness_cap;

  /* ADDCONSTRAINTS scratch: the consecutive-event constraints c_src -> c_dst
  ** of this race (nc of them); the releases reached backward from R and the
  ** latest acquire of each (lock, thread) before them, as candidates for LS
  ** edges. */
  uint32_t *c_src, *c_dst;
  size_t nc, c_cap;
  uint32_t *acqs, *rels;
  size_t nacqs, acqs_cap, nrels, rels_cap;
  uint32_t *latest;          /* per thread: latest node reached backward */
  rp_key_table acq_map;      /* (lock, thread) -> slot of its acquire list */
  uint32_t *acq_off, *acq_nodes;   /* every acquire, grouped by slot, in trace order */

  /* The per-race time budget: checked every 4096 steps. */
  double started;           /* rp_now_s() when the race began */
  uint32_t steps;
  bool aborted;             /* the budget ran out: the verdict is unknown */
  bool interrupted;         /* aborted because the run is stopping */
} vindicator;

void vr_init(vindicator *v, dc_graph *g, const rp_symbols *sym, double timeout_ms,
             bool eager_missing);
void vr_free(vindicator *v);

vr_verdict vr_vindicate(vindicator *v, uint32_t e1, uint32_t e2, vr_stats *st);

#endif
