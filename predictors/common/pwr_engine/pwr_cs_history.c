/* Critical-section history per (lock, owner); see pwr_cs_history.h. */
#include "pwr_cs_history.h"

#include <stdlib.h>

#include "base/diag.h"

static cs_rec *at(const cs_ring *r, uint32_t i) { return &r->rec[(r->first + i) % r->cap]; }

cs_rec *cs_ring_push(cs_ring *r, uint32_t limit) {
  if (limit && r->n == limit) {
    cs_rec *oldest = at(r, 0);
    r->first = (r->first + 1) % r->cap;
    return oldest;
  }
  if (r->n == r->cap) {   /* first is 0 here: a ring only wraps once full */
    uint32_t cap = r->cap ? r->cap * 2 : 4;
    if (limit && cap > limit) cap = limit;
    r->rec = rp_realloc(r->rec, cap * sizeof *r->rec);
    for (uint32_t i = r->cap; i < cap; i++) rp_vc_init(&r->rec[i].rel_vc);
    r->cap = cap;
  }
  return at(r, r->n++);
}

const cs_rec *cs_ring_containing(const cs_ring *r, rp_clock k) {
  uint32_t lo = 0, hi = r->n;   /* first section released after k */
  while (lo < hi) {
    uint32_t mid = lo + (hi - lo) / 2;
    if (at(r, mid)->rel_clk > k) hi = mid;
    else lo = mid + 1;
  }
  if (lo == r->n) return NULL;
  const cs_rec *c = at(r, lo);
  return c->acq_clk < k ? c : NULL;
}

void cs_ring_free(cs_ring *r) {
  for (uint32_t i = 0; i < r->cap; i++) rp_vc_free(&r->rec[i].rel_vc);
  free(r->rec);
}
