/* WCP and HB clocks with WCP's rules; see wcp_clocks.h. */
#include "wcp_clocks.h"

#include <stdlib.h>
#include <string.h>

#include "base/diag.h"

#define NO_THREAD UINT32_MAX

void rp_wcp_clocks_init(rp_wcp_clocks *w, rp_wcp_variant variant, bool gc) {
  memset(w, 0, sizeof *w);
  rp_hb_clocks_init(&w->hb, RP_CLOCK_VECTOR);
  wcp_queues_init(&w->queues, gc, variant == RP_WCP_RAPID);
  wcp_guards_init(&w->guards, variant == RP_WCP_VINDICATOR);
}

void rp_wcp_clocks_free(rp_wcp_clocks *w) {
  for (uint32_t t = 0; t < w->threads; t++) rp_vc_free(&w->clock[t]);
  for (size_t l = 0; l < w->lock_cap; l++) rp_vc_free(&w->lock_pred[l]);
  free(w->clock);
  free(w->own_pred);
  free(w->lock_pred);
  rp_hb_clocks_free(&w->hb);
  wcp_queues_free(&w->queues);
  wcp_guards_free(&w->guards);
}

/* Make thread t known (and every lower id); parent forked it, if any. */
static void know_thread(rp_wcp_clocks *w, uint32_t t, uint32_t parent) {
  if (t < w->threads) return;
  size_t cap = w->clock_cap;   /* both arrays share clock_cap */
  RP_GROW(w->clock, cap, t);
  RP_GROW(w->own_pred, w->clock_cap, t);
  for (uint32_t u = w->threads; u <= t; u++) {
    rp_vc_init(&w->clock[u]);
    rp_vc_set(&w->clock[u], u, 1);   /* the local time, as in H_u */
    w->own_pred[u] = 0;
    w->threads = u + 1;
    wcp_queues_thread(&w->queues, u, u == t ? parent : NO_THREAD);
  }
  rp_hb_thread(&w->hb, t);
}

/* C_t ⊔= v, keeping P_t's own entry. */
typedef struct join_target {
  rp_wcp_clocks *w;
  uint32_t t;
} join_target;

static void join_into(void *ctx, const rp_vc *v) {
  join_target *j = ctx;
  rp_vc_join(&j->w->clock[j->t], v);
  rp_clock own = rp_vc_get(v, j->t);
  if (own > j->w->own_pred[j->t]) j->w->own_pred[j->t] = own;
}

static rp_vc *lock_pred(rp_wcp_clocks *w, uint32_t l) {
  RP_GROW(w->lock_pred, w->lock_cap, l);   /* new clocks are zeroed: empty */
  return &w->lock_pred[l];
}

static void acquire(rp_wcp_clocks *w, uint32_t t, uint32_t l) {
  join_target j = {w, t};
  join_into(&j, lock_pred(w, l));
  wcp_queues_acquire(&w->queues, l, t, rp_vc_get(&w->clock[t], t), w->clock);
  wcp_guards_acquire(&w->guards, t, l);
}

static void release(rp_wcp_clocks *w, uint32_t t, uint32_t l) {
  join_target j = {w, t};
  rp_vc *c = &w->clock[t];
  const rp_vc *order[2];
  uint32_t n = wcp_queues_release_order(&w->queues, l, t, c, order);
  for (uint32_t i = 0; i < n; i++) join_into(&j, order[i]);
  const rp_vc *h = rp_hb_thread(&w->hb, t);
  wcp_guards_release(&w->guards, t, l, h);
  rp_vc *p = lock_pred(w, l);
  rp_vc_copy(p, c);
  rp_vc_set(p, t, w->own_pred[t]);
  wcp_queues_released(&w->queues, l, rp_vc_get(h, t), h);
}

void rp_wcp_event(rp_wcp_clocks *w, const rp_event *ev) {
  uint32_t t = ev->thread;
  know_thread(w, t, NO_THREAD);
  join_target j = {w, t};
  switch (ev->op) {
    case RP_OP_READ:
    case RP_OP_WRITE:
      wcp_guards_access(&w->guards, t, ev->operand, ev->op == RP_OP_WRITE,
                        &w->clock[t], w->own_pred[t], join_into, &j);
      break;
    case RP_OP_ACQ: acquire(w, t, ev->operand); break;
    case RP_OP_REL: release(w, t, ev->operand); break;
    case RP_OP_FORK:
      know_thread(w, ev->operand, t);
      j.t = ev->operand;
      join_into(&j, rp_hb_thread(&w->hb, t));
      break;
    case RP_OP_JOIN:
      know_thread(w, ev->operand, NO_THREAD);
      join_into(&j, rp_hb_thread(&w->hb, ev->operand));
      break;
    default: break;
  }
  rp_hb_sync(&w->hb, ev);
}

void rp_wcp_tick(rp_wcp_clocks *w, uint32_t t) {
  RP_ASSERT(t < w->threads, "a thread that has had an event (rp_wcp_event)");
  rp_hb_tick(&w->hb, t);
  rp_vc_tick(&w->clock[t], t);
}

void rp_wcp_order_before(rp_wcp_clocks *w, uint32_t t, const rp_vc *h) {
  RP_ASSERT(t < w->threads, "a thread that has had an event (rp_wcp_event)");
  join_target j = {w, t};
  join_into(&j, h);
  rp_vc_join(&w->hb.thread[t].clk, h);   /* vector clocks: WCP edits them directly */
}
