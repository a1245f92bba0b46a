/* The pre-graph G′ by vector clocks; see gprime.h. */
#include "gprime.h"

#include <stdlib.h>
#include <string.h>

#include "base/diag.h"

static void join(uint32_t *into, const uint32_t *from, uint32_t k) {
  for (uint32_t u = 0; u < k; u++)
    if (from[u] > into[u]) into[u] = from[u];
}

void gprime_init(gprime *g, const sc_index *ix, bool with_locks) {
  g->k = ix->k;
  size_t k = ix->k ? ix->k : 1;
  g->clock = rp_calloc(k * k, sizeof *g->clock);
  g->pending = rp_calloc(k * k, sizeof *g->pending);
  g->at_fork = rp_calloc(k * k, sizeof *g->at_fork);
  g->last_write = rp_calloc(((size_t)ix->vars + 1) * k, sizeof *g->last_write);
  g->last_release = with_locks ? rp_calloc(((size_t)ix->locks + 1) * k, sizeof *g->last_release) : NULL;
}

void gprime_free(gprime *g) {
  free(g->clock), free(g->pending), free(g->at_fork), free(g->last_write), free(g->last_release);
}

/* Advance the clocks over event e; afterwards clock[t] is e's G′ clock. */
uint32_t *gprime_step(gprime *g, const sc_index *ix, uint32_t e) {
  uint32_t t = sc_tid(ix, e), k = g->k, o = sc_opnd(ix, e);
  uint32_t *c = g->clock + (size_t)t * k;
  if (sc_rank(ix, e) == 0 && ix->by_thread.fork_of[t] != SC_NONE) join(c, g->at_fork + (size_t)t * k, k);
  if (sc_branch_before(ix, e)) {   /* the writers of the reads it pins */
    join(c, g->pending + (size_t)t * k, k);
    memset(g->pending + (size_t)t * k, 0, k * sizeof *c);
  }
  if (sc_op(ix, e) == RP_OP_JOIN) {   /* a joined thread with no events ends at its fork */
    join(c, g->clock + (size_t)o * k, k);
    join(c, g->at_fork + (size_t)o * k, k);
  }
  if (sc_op(ix, e) == RP_OP_ACQ && g->last_release) join(c, g->last_release + (size_t)o * k, k);
  c[t] = sc_rank(ix, e) + 1;
  switch (sc_op(ix, e)) {
  case RP_OP_REL:
    if (g->last_release) memcpy(g->last_release + (size_t)o * k, c, k * sizeof *c);
    break;
  case RP_OP_WRITE: memcpy(g->last_write + (size_t)o * k, c, k * sizeof *c); break;
  case RP_OP_READ:
    if (sc_writer(ix, e) != SC_NONE && sc_tid(ix, sc_writer(ix, e)) != t)
      join(g->pending + (size_t)t * k, g->last_write + (size_t)o * k, k);
    break;
  case RP_OP_FORK: memcpy(g->at_fork + (size_t)o * k, c, k * sizeof *c); break;
  default: break;
  }
  return c;
}

