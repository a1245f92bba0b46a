/* Happens-before thread and lock clocks; see hb_clocks.h. */
#include "hb_clocks.h"

#include <stdlib.h>
#include <string.h>

#include "base/diag.h"

void rp_hb_clocks_init(rp_hb_clocks *h) { memset(h, 0, sizeof *h); }

void rp_hb_clocks_free(rp_hb_clocks *h) {
  for (size_t i = 0; i < h->threads; i++) rp_vc_free(&h->thread[i]);
  for (size_t i = 0; i < h->lock_cap; i++) rp_vc_free(&h->lock[i]);
  free(h->thread);
  free(h->lock);
}

rp_vc *rp_hb_thread_new(rp_hb_clocks *h, uint32_t t) {
  RP_GROW(h->thread, h->thread_cap, t);
  for (uint32_t u = h->threads; u <= t; u++) rp_vc_set(&h->thread[u], u, 1);
  h->threads = t + 1;
  return &h->thread[t];
}

static rp_vc *lock_clock(rp_hb_clocks *h, uint32_t l) {
  RP_GROW(h->lock, h->lock_cap, l);
  return &h->lock[l];
}

void rp_hb_sync(rp_hb_clocks *h, const rp_event *ev) {
  if (ev->op == RP_OP_FORK || ev->op == RP_OP_JOIN)
    rp_hb_thread(h, ev->operand);   /* first: it may move the clocks */
  rp_vc *c = rp_hb_thread(h, ev->thread);
  switch (ev->op) {
    case RP_OP_ACQ: rp_vc_join(c, lock_clock(h, ev->operand)); break;
    case RP_OP_REL: rp_vc_copy(lock_clock(h, ev->operand), c); break;
    case RP_OP_FORK: rp_vc_join(&h->thread[ev->operand], c); break;
    case RP_OP_JOIN: rp_vc_join(c, &h->thread[ev->operand]); break;
    default: break;
  }
}
