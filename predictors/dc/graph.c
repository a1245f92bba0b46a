/* The constraint graph; see graph.h. */
#include "graph.h"

#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "base/watch.h"

void dc_graph_init(dc_graph *g) {
  memset(g, 0, sizeof *g);
  RP_GROW(g->pred_off, g->off_cap, 0);
}

void dc_graph_free(dc_graph *g) {
  free(g->ev);
  free(g->po_prev);
  free(g->po_next);
  free(g->match);
  free(g->encl);
  free(g->pred_off);
  free(g->pred);
  free(g->succ_off);
  free(g->succ);
  free(g->ov_src);
  free(g->ov_dst);
  free(g->ov_next_in);
  free(g->ov_next_out);
  free(g->ov_in);
  free(g->ov_out);
  memset(g, 0, sizeof *g);
}

/* All per-node arrays share one capacity: each grows from the same old one. */
static void grow_nodes(dc_graph *g, size_t need) {
  size_t c;
  c = g->cap; RP_GROW(g->po_prev, c, need);
  c = g->cap; RP_GROW(g->po_next, c, need);
  c = g->cap; RP_GROW(g->match, c, need);
  c = g->cap; RP_GROW(g->encl, c, need);
  RP_GROW(g->ev, g->cap, need);
}

uint32_t dc_graph_add_node(dc_graph *g, const rp_event *ev) {
  if (g->n == DC_NONE - 1) rp_die(RP_EXIT_RESOURCE, "too many events for the constraint graph");
  uint32_t v = g->n++;
  if (v >= g->cap) grow_nodes(g, v);
  RP_GROW(g->pred_off, g->off_cap, (size_t)v + 1);
  g->ev[v] = *ev;
  g->po_prev[v] = g->po_next[v] = g->match[v] = g->encl[v] = DC_NONE;
  g->pred_off[v + 1] = (uint32_t)g->edges;
  return v;
}

void dc_graph_add_edge(dc_graph *g, uint32_t src) {
  if (g->edges == UINT32_MAX) rp_die(RP_EXIT_RESOURCE, "too many edges in the constraint graph");
  RP_GROW(g->pred, g->edge_cap, g->edges);
  g->pred[g->edges++] = src;
  g->pred_off[g->n] = (uint32_t)g->edges;
}

void dc_graph_seal(dc_graph *g) {
  uint32_t n = g->n;
  g->succ_off = rp_calloc((size_t)n + 1, sizeof *g->succ_off);
  g->succ = rp_malloc((g->edges ? g->edges : 1) * sizeof *g->succ);
  for (size_t e = 0; e < g->edges && !rp_watch_poll_within(); e++) g->succ_off[g->pred[e] + 1]++;
  for (uint32_t v = 0; v < n; v++) g->succ_off[v + 1] += g->succ_off[v];
  uint32_t *fill = rp_malloc(((size_t)n + 1) * sizeof *fill);
  memcpy(fill, g->succ_off, ((size_t)n + 1) * sizeof *fill);
  /* fills nothing if the count above was cut */
  for (uint32_t v = 0; v < n && !rp_watch_poll_within(); v++)
    for (uint32_t e = g->pred_off[v]; e < g->pred_off[v + 1]; e++)
      g->succ[fill[g->pred[e]]++] = v;
  free(fill);
  g->ov_in = rp_malloc(((size_t)n + 1) * sizeof *g->ov_in);
  g->ov_out = rp_malloc(((size_t)n + 1) * sizeof *g->ov_out);
  memset(g->ov_in, 0xff, ((size_t)n + 1) * sizeof *g->ov_in);
  memset(g->ov_out, 0xff, ((size_t)n + 1) * sizeof *g->ov_out);
}

void dc_graph_overlay_add(dc_graph *g, uint32_t src, uint32_t dst) {
  size_t i = g->ov_count, c = g->ov_cap;   /* four arrays, one capacity */
  RP_GROW(g->ov_src, c, i);
  c = g->ov_cap; RP_GROW(g->ov_dst, c, i);
  c = g->ov_cap; RP_GROW(g->ov_next_in, c, i);
  RP_GROW(g->ov_next_out, g->ov_cap, i);
  g->ov_src[i] = src;
  g->ov_dst[i] = dst;
  g->ov_next_out[i] = g->ov_out[src];
  g->ov_next_in[i] = g->ov_in[dst];
  g->ov_out[src] = g->ov_in[dst] = (uint32_t)i;
  g->ov_count++;
}

void dc_graph_overlay_reset(dc_graph *g) {
  for (size_t i = 0; i < g->ov_count; i++)
    g->ov_out[g->ov_src[i]] = g->ov_in[g->ov_dst[i]] = DC_NONE;
  g->ov_count = 0;
}

void dc_adj_start(dc_adj *a, const dc_graph *g, uint32_t v, bool out) {
  a->g = g;
  a->out = out;
  a->po = out ? g->po_next[v] : g->po_prev[v];
  const uint32_t *off = out ? g->succ_off : g->pred_off;
  const uint32_t *list = out ? g->succ : g->pred;
  a->p = list + off[v];
  a->end = list + off[v + 1];
  a->ov = out ? g->ov_out[v] : g->ov_in[v];
}

bool dc_graph_has_edge(const dc_graph *g, uint32_t src, uint32_t dst) {
  dc_adj a;
  uint32_t w;
  for (dc_adj_start(&a, g, dst, false); dc_adj_next(&a, &w);)
    if (w == src) return true;
  return false;
}
