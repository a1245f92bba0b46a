/* Happens-before thread and lock clocks; see hb_clocks.h. */
#include "hb_clocks.h"

#include <stdlib.h>
#include <string.h>

#include "base/diag.h"

const char *const rp_clock_kind_names[] = {"vector", "tree", NULL};

void rp_hb_clocks_init(rp_hb_clocks *h, rp_clock_kind kind) {
  memset(h, 0, sizeof *h);
  h->tree = kind == RP_CLOCK_TREE;
  rp_tc_work_init(&h->work);
}

void rp_hb_clocks_free(rp_hb_clocks *h) {
  for (size_t i = 0; i < h->threads; i++) rp_tc_free(&h->thread[i]);
  for (size_t i = 0; i < h->lock_cap; i++) rp_tc_free(&h->lock[i]);
  free(h->thread);
  free(h->lock);
  rp_tc_work_free(&h->work);
}

const rp_vc *rp_hb_thread_new(rp_hb_clocks *h, uint32_t t) {
  RP_GROW(h->thread, h->thread_cap, t);
  for (uint32_t u = h->threads; u <= t; u++) {
    if (h->tree) {
      rp_tc_start(&h->thread[u], u, 1);
      continue;
    }
    rp_vc_set(&h->thread[u].clk, u, 1);
    h->thread[u].root = u + 1;
  }
  h->threads = t + 1;
  return &h->thread[t].clk;
}

static rp_tc *lock_clock(rp_hb_clocks *h, uint32_t l) {
  RP_GROW(h->lock, h->lock_cap, l);
  return &h->lock[l];
}


/* dst := C_t, a monotone copy when dst <= C_t (always, for a lock in a
** well-formed trace), else a full one. */
static void publish(rp_hb_clocks *h, uint32_t t, rp_tc *dst) {
  if (h->tree) {
    rp_tc_copy(dst, &h->thread[t], &h->work);
    return;
  }
  rp_vc_copy(&dst->clk, &h->thread[t].clk);
  dst->root = t + 1;   /* for the test by the root in receive */
}

/* C_t := C_t join src.  Vector clocks have the tree clocks' O(1) test by
** the root too: every clock here is a snapshot of its root. */
static void receive(rp_hb_clocks *h, uint32_t t, const rp_tc *src) {
  if (h->tree) rp_tc_join(&h->thread[t], src, &h->work);
  else if (!rp_tc_leq_by_root(src, &h->thread[t])) rp_vc_join(&h->thread[t].clk, &src->clk);
}

void rp_hb_sync(rp_hb_clocks *h, const rp_event *ev) {
  uint32_t t = ev->thread, u = ev->operand;
  /* Both clocks exist before a pointer into the array is taken: creating
  ** one may move them all. */
  if (ev->op == RP_OP_FORK || ev->op == RP_OP_JOIN) rp_hb_thread(h, u);
  rp_hb_thread(h, t);
  switch (ev->op) {
    case RP_OP_ACQ: receive(h, t, lock_clock(h, u)); break;
    case RP_OP_REL: publish(h, t, lock_clock(h, u)); break;
    case RP_OP_FORK: receive(h, u, &h->thread[t]); break;
    case RP_OP_JOIN: receive(h, t, &h->thread[u]); break;
    default: break;
  }
}
