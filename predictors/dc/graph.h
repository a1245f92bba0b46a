/*
** The constraint graph G of the Vindicator paper (docs/dc.md §C6):
** one node per analysed event, numbered 0, 1, 2, ... in trace order.
**
** Program-order edges are implicit (po_prev/po_next).  Every other permanent
** edge (rule (a), rule (b), fork, join, race) is added while its target is
** the newest node, so the predecessor lists are built online in CSR form;
** the successor lists are derived once, by dc_graph_seal, after the trace.
** VindicateRace adds temporary edges in an overlay that dc_graph_overlay_reset
** removes again (§V6).
*/
#ifndef DC_GRAPH_H
#define DC_GRAPH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "trace/event.h"

#define DC_NONE UINT32_MAX

typedef struct dc_graph {
  uint32_t n;             /* nodes */
  size_t cap;
  rp_event *ev;           /* the node's event */
  uint32_t *po_prev, *po_next;
  uint32_t *match;        /* acq: its release (DC_NONE if open); rel: its acquire */
  uint32_t *encl;         /* the innermost acquire held by the thread at the event
                             (a rel: before it releases); following encl from
                             there passes every section held at the event, and,
                             when releases are not LIFO, some closed before it */
  /* Permanent non-PO edges: preds of node v are pred[pred_off[v] .. pred_off[v+1]). */
  uint32_t *pred_off, *pred;
  size_t off_cap, edges, edge_cap;
  uint32_t *succ_off, *succ;   /* after dc_graph_seal */
  /* Overlay of temporary edges, with per-node list heads. */
  uint32_t *ov_src, *ov_dst, *ov_next_in, *ov_next_out;
  size_t ov_count, ov_cap;
  uint32_t *ov_in, *ov_out;    /* per node: first overlay edge, DC_NONE */
} dc_graph;

void dc_graph_init(dc_graph *g);
void dc_graph_free(dc_graph *g);

/* Append a node for ev (its program-order and lock links filled by the caller). */
uint32_t dc_graph_add_node(dc_graph *g, const rp_event *ev);
/* Add the permanent edge src -> newest node. */
void dc_graph_add_edge(dc_graph *g, uint32_t src);
/* Build successor lists and the overlay; no more nodes may be added.  Cut
** short once the run is stopping (base/watch.h): the successor lists are
** then incomplete, and VindicateRace must not run on them. */
void dc_graph_seal(dc_graph *g);

void dc_graph_overlay_add(dc_graph *g, uint32_t src, uint32_t dst);
void dc_graph_overlay_reset(dc_graph *g);
bool dc_graph_has_edge(const dc_graph *g, uint32_t src, uint32_t dst);

/* Iterate the predecessors (or successors) of v: program order, permanent,
** overlay, in that order.  for (dc_adj_start(&a, g, v, out); dc_adj_next(&a, &w);) */
typedef struct dc_adj {
  const dc_graph *g;
  uint32_t po;                   /* DC_NONE once used */
  const uint32_t *p, *end;
  uint32_t ov;
  bool out;
} dc_adj;

void dc_adj_start(dc_adj *a, const dc_graph *g, uint32_t v, bool out);

static inline bool dc_adj_next(dc_adj *a, uint32_t *w) {
  if (a->po != DC_NONE) {
    *w = a->po;
    a->po = DC_NONE;
    return true;
  }
  if (a->p < a->end) {
    *w = *a->p++;
    return true;
  }
  if (a->ov != DC_NONE) {
    const dc_graph *g = a->g;
    *w = a->out ? g->ov_dst[a->ov] : g->ov_src[a->ov];
    a->ov = a->out ? g->ov_next_out[a->ov] : g->ov_next_in[a->ov];
    return true;
  }
  return false;
}

#endif
