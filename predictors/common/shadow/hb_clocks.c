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
    if (h->tree) rp_tc_start(&h->thread[u], u, 1);
    else rp_vc_set(&h->thread[u].clk, u, 1);
  }
  h->threads = t + 1;
  return &h->thread[t].clk;
}

static rp_tc *lock_clock(rp_hb_clocks *h, uint32_t l) {
  RP_GROW(h->lock, h->lock_cap, l);
  return &h->lock[l];
}

static void join_clock(rp_hb_clocks *h, rp_tc *dst, const rp_tc *src) {
  if (h->tree) rp_tc_join(dst, src, &h->work);
  else rp_vc_join(&dst->clk, &src->clk);
}

void rp_hb_publish(rp_hb_clocks *h, uint32_t t, rp_tc *dst) {
  rp_hb_thread(h, t);
  if (h->tree) rp_tc_copy(dst, &h->thread[t], &h->work);
  else rp_vc_copy(&dst->clk, &h->thread[t].clk);
}

void rp_hb_receive(rp_hb_clocks *h, uint32_t t, const rp_tc *src) {
  rp_hb_thread(h, t);
  join_clock(h, &h->thread[t], src);
}

void rp_hb_sync(rp_hb_clocks *h, const rp_event *ev) {
  if (ev->op == RP_OP_FORK || ev->op == RP_OP_JOIN)
    rp_hb_thread(h, ev->operand);   /* first: it may move the clocks */
  rp_hb_thread(h, ev->thread);
  rp_tc *c = &h->thread[ev->thread];
  switch (ev->op) {
    case RP_OP_ACQ: join_clock(h, c, lock_clock(h, ev->operand)); break;
    case RP_OP_REL: rp_hb_publish(h, ev->thread, lock_clock(h, ev->operand)); break;
    case RP_OP_FORK: join_clock(h, &h->thread[ev->operand], c); break;
    case RP_OP_JOIN: join_clock(h, c, &h->thread[ev->operand]); break;
    default: break;
  }
}
