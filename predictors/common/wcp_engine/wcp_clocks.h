/*
** Weak causal precedence (Kini, Mathur, Viswanathan, PLDI'17), the
** linear-time vector-clock algorithm, composed with an HB that includes
** fork and join as RAPID's WCP engine does (docs/wcp.md §W4,
** §W7).  rp-wcp reports its races; rp-dc runs it
** beside DC to tell which DC races WCP reports too.
**
** Per thread t: H_t, the HB clock (hb_clocks.h; every event ticks t's own
** entry, so an epoch names one event), and C_t, the WCP clock: the WCP
** predecessors P_t of the paper with t's own entry replaced by t's local
** time.  P_t's own entry still matters (it is what t's release hands on to
** the next acquirer of the lock), so it is kept apart in own_pred[t].
**   acq(l):  C_t ⊔= P_l;  enqueue the acquire          (Alg. 1 lines 1-3)
**   rel(l):  rule (b): join the release clocks the queue gives (wcp_queue.h);
**            rule (a) state: the guards of the section get H_t (wcp_guard.h);
**            P_l := P_t;  the queue entry gets H_t      (lines 4-10)
**   access:  rule (a): join the guards' release clocks   (lines 11-12)
**   fork(u): C_u ⊔= H_t;  join(u): C_t ⊔= H_u           (hard edges)
*/
#ifndef RP_WCP_CLOCKS_H
#define RP_WCP_CLOCKS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "trace/event.h"
#include "shadow/hb_clocks.h"
#include "base/vc.h"
#include "wcp_guard.h"
#include "wcp_queue.h"

/* Whether a thread's own earlier critical sections order its later events.
** WCP's rules relate conflicting events, which are of different threads,
** so Kini et al.'s Algorithm 1 never lets them; two implementations the
** papers' numbers come from do, each in one rule. */
typedef enum rp_wcp_variant {
  RP_WCP_PAPER,       /* Algorithm 1: never */
  RP_WCP_RAPID,       /* RAPID's WCP engine: rule (b), on locks a second
                      ** thread has acquired (wcp_queue.h) */
  RP_WCP_VINDICATOR,  /* the Vindicator artifact's WCP companion of DC
                      ** (§W7): rule (a), whose lock-variable clocks
                      ** join every section's release (wcp_guard.h) */
} rp_wcp_variant;

typedef struct rp_wcp_clocks {
  rp_hb_clocks hb;
  rp_vc *clock;         /* C_t */
  rp_clock *own_pred;   /* P_t[t] */
  size_t clock_cap;
  uint32_t threads;     /* threads known */
  rp_vc *lock_pred;     /* P_l */
  size_t lock_cap;
  wcp_queues queues;
  wcp_guards guards;
} rp_wcp_clocks;

/* gc: free queue entries every thread has passed (wcp_queue.h says when
** that orders less); without it every entry is kept. */
void rp_wcp_clocks_init(rp_wcp_clocks *w, rp_wcp_variant variant, bool gc);
void rp_wcp_clocks_free(rp_wcp_clocks *w);

/* Apply ev's rules to the WCP and HB clocks (for an access, rule (a)).
** The caller checks the event against C_t, then calls rp_wcp_tick. */
void rp_wcp_event(rp_wcp_clocks *w, const rp_event *ev);

/* Advance thread t past the current event, in both clocks. */
void rp_wcp_tick(rp_wcp_clocks *w, uint32_t t);

/* C_t and H_t of thread t's current event; t has had an event. */
static inline const rp_vc *rp_wcp_clock(const rp_wcp_clocks *w, uint32_t t) {
  RP_ASSERT(t < w->threads, "a thread that has had an event (rp_wcp_event)");
  return &w->clock[t];
}
static inline const rp_vc *rp_wcp_hb(const rp_wcp_clocks *w, uint32_t t) {
  RP_ASSERT(t < w->hb.threads, "a thread that has had an event (rp_wcp_event)");
  return &w->hb.thread[t].clk;
}

/* Order the event with HB clock h before thread t's current event, in HB
** and in WCP (DC orders a race's accesses so, docs/dc.md §C4). */
void rp_wcp_order_before(rp_wcp_clocks *w, uint32_t t, const rp_vc *h);

#endif
