/*
** Happens-before thread clocks: one clock per thread and per lock, with the
** synchronisation rules every HB-family predictor shares (docs/hb-shb.md
** §H5):
**   acq(l):  C_t := C_t join L_l
**   rel(l):  L_l := C_t           (the release's pre clock)
**   fork(u): C_u := C_u join C_t  (the parent's pre clock)
**   join(u): C_t := C_t join C_u
** and every event ticks its own thread's entry after its rule, so an epoch
** names exactly one event.  A thread's own entry starts at 1, so its first
** event is unordered with every thread that has not synchronised with it.
**
** The clocks are vector clocks or tree clocks (docs/hb-shb.md §H12), chosen
** at init; either way their entries are read as an rp_vc, and every clock
** has a root, the thread it is a snapshot of.  With tree clocks
** a release's copy is monotone (rp_tc_copy): in a well-formed trace the
** lock's clock is at most the releasing thread's, which acquired it.
*/
#ifndef RP_HB_CLOCKS_H
#define RP_HB_CLOCKS_H

#include <stdbool.h>

#include "base/diag.h"
#include "base/tree_clock.h"
#include "base/vc.h"
#include "cli/cli.h"
#include "trace/event.h"

typedef enum rp_clock_kind { RP_CLOCK_VECTOR, RP_CLOCK_TREE } rp_clock_kind;

/* The names of rp_clock_kind, in its order, for an RP_OPT_CHOICE. */
extern const char *const rp_clock_kind_names[];

/* The --clock row of an option table; target is an unsigned (rp_clock_kind). */
#define RP_HB_CLOCK_OPTION(target_)                                                         \
  {.name = "--clock", .arg = "tree|vector", .kind = RP_OPT_CHOICE, .target = (target_),    \
   .choices = rp_clock_kind_names,                                                          \
   .help = "the clocks' data structure, same races and stats either way: vector "         \
           "(default), one entry per thread in every join and copy; tree, tree clocks, "    \
           "whose join and copy cost the entries that change (faster only with many "       \
           "threads that each talk to a few, measured: docs/hb-shb.md §H12)"}

typedef struct rp_hb_clocks {
  bool tree;           /* tree clocks, else vector clocks (only .clk used) */
  rp_tc *thread;       /* C_t */
  size_t thread_cap;
  uint32_t threads;    /* threads initialised so far */
  rp_tc *lock;         /* L_l */
  size_t lock_cap;
  rp_tc_work work;
} rp_hb_clocks;

void rp_hb_clocks_init(rp_hb_clocks *h, rp_clock_kind kind);
void rp_hb_clocks_free(rp_hb_clocks *h);

/* C_t, created on first use (the lookup is inline: it runs on every event). */
const rp_vc *rp_hb_thread_new(rp_hb_clocks *h, uint32_t t);
static inline const rp_vc *rp_hb_thread(rp_hb_clocks *h, uint32_t t) {
  return t < h->threads ? &h->thread[t].clk : rp_hb_thread_new(h, t);
}

/* Apply the synchronisation rule of a non-access event (accesses and the
** operand-less markers have none). */
void rp_hb_sync(rp_hb_clocks *h, const rp_event *ev);

/* For clocks kept beside the thread and lock clocks (SHB's last writes),
** as vector clocks with their thread as root whatever the kind, freed with
** rp_tc_free:
**   dst := C_t, a copy of the entries;
**   C_t := C_t join src, O(1) when src's root says C_t knows it all (every
**          clock here is a snapshot of its root), else a pass over the
**          entries (rp_tc_join_vc into a tree clock).
** Inline: SHB runs one of them on every access. */
static inline void rp_hb_publish_vc(rp_hb_clocks *h, uint32_t t, rp_tc *dst) {
  rp_vc_copy(&dst->clk, rp_hb_thread(h, t));
  dst->root = t + 1;
}
static inline void rp_hb_receive_vc(rp_hb_clocks *h, uint32_t t, const rp_tc *src) {
  rp_hb_thread(h, t);
  if (rp_tc_leq_by_root(src, &h->thread[t])) return;
  if (h->tree) rp_tc_join_vc(&h->thread[t], &src->clk, src->root - 1);
  else rp_vc_join(&h->thread[t].clk, &src->clk);
}

/* Advance thread t past the current event; t's clock exists (rp_hb_thread
** or rp_hb_sync of its event made it).  A tree clock's root is its thread,
** so both kinds tick the same entry. */
static inline void rp_hb_tick(rp_hb_clocks *h, uint32_t t) {
  RP_ASSERT(t < h->threads, "the thread's clock exists (rp_hb_thread or rp_hb_sync made it)");
  rp_vc_tick(&h->thread[t].clk, t);
}

#endif
