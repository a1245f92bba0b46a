/*
** Happens-before thread clocks: one vector clock per thread and per lock,
** with the synchronisation rules every HB-family predictor shares
** (docs/hb-shb.md §H5):
**   acq(l):  C_t := C_t join L_l
**   rel(l):  L_l := C_t           (the release's pre clock)
**   fork(u): C_u := C_u join C_t  (the parent's pre clock)
**   join(u): C_t := C_t join C_u
** and every event ticks its own thread's entry after its rule, so an epoch
** names exactly one event.  A thread's own entry starts at 1, so its first
** event is unordered with every thread that has not synchronised with it.
*/
#ifndef RP_HB_CLOCKS_H
#define RP_HB_CLOCKS_H

#include "base/diag.h"
#include "trace/event.h"
#include "base/vc.h"

typedef struct rp_hb_clocks {
  rp_vc *thread;       /* C_t */
  size_t thread_cap;
  uint32_t threads;    /* threads initialised so far */
  rp_vc *lock;         /* L_l */
  size_t lock_cap;
} rp_hb_clocks;

void rp_hb_clocks_init(rp_hb_clocks *h);
void rp_hb_clocks_free(rp_hb_clocks *h);

/* C_t, created on first use (the lookup is inline: it runs on every event). */
rp_vc *rp_hb_thread_new(rp_hb_clocks *h, uint32_t t);
static inline rp_vc *rp_hb_thread(rp_hb_clocks *h, uint32_t t) {
  return t < h->threads ? &h->thread[t] : rp_hb_thread_new(h, t);
}

/* Apply the synchronisation rule of a non-access event (accesses and the
** operand-less markers have none). */
void rp_hb_sync(rp_hb_clocks *h, const rp_event *ev);

/* Advance thread t past the current event; t's clock exists (rp_hb_thread
** or rp_hb_sync of its event made it). */
static inline void rp_hb_tick(rp_hb_clocks *h, uint32_t t) {
  RP_ASSERT(t < h->threads, "the thread's clock exists (rp_hb_thread or rp_hb_sync made it)");
  rp_vc_tick(&h->thread[t], t);
}

#endif
